import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { STORAGE_KEYS } from '../session/tokenStore.ts';
import { stubFetch } from '../test/render.tsx';
import { system } from '../ui/theme.ts';
import { routes } from './router.tsx';

function renderApp(at: string) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <ChakraProvider value={system}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ChakraProvider>,
  );
  return router;
}

describe('the router', () => {
  it('shows the 404 page with a link home for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404: page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it.each(['/dashboard', '/chatbots'])('sends a signed-out visitor of %s to /', async (path) => {
    stubFetch({});
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: /Build an AI chatbot/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an admin away from the customer pages', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ id: 'a1', email: 'admin@x.co', role: 'ADMIN', plan: 'free' }));
    stubFetch({ 'GET /users/me': { body: { id: 'a1', email: 'admin@x.co', role: 'ADMIN', plan: 'free' } } });
    const router = renderApp('/dashboard');
    await screen.findByRole('heading', { name: '404: page not found' });
    expect(router.state.location.pathname).toBe('/admin/overview');
  });

  it.each(['/privacy-policy', '/terms-of-service'])(
    '%s says what is collected, that it is never shared or sold, and how billing works',
    async (path) => {
      renderApp(path);
      const page = (await screen.findByRole('main')).textContent!;
      expect(page).toMatch(/name, your email address and your phone number/);
      expect(page).toMatch(/not shared|do not share/);
      expect(page).toMatch(/never sold|never sell/);
      expect(page).toMatch(/subscription plan or by AI credits|by subscription plan.*or by AI credits/);
    },
  );

  it.each([
    ['/privacy-policy', 'Privacy policy'],
    ['/terms-of-service', 'Terms of service'],
    ['/payment-success?session_id=cs_1', 'Payment Successful'],
    ['/payment-cancelled', 'Payment Cancelled'],
    ['/verify-email', 'Email verification'],
  ])('serves %s', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });
});
