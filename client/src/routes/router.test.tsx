import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
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

function signIn(role: 'ADMIN' | 'customer', answers: Parameters<typeof stubFetch>[0] = {}) {
  const user = { id: 'u1', email: 'someone@x.co', full_name: 'Some One', role, plan: 'free', is_verified: true };
  localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  stubFetch({ 'GET /users/me': { body: user }, ...answers });
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

  it.each(['/dashboard', '/chatbots', '/'])('sends a signed-in admin from %s to /admin/overview', async (path) => {
    signIn('ADMIN');
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/overview'));
  });

  it('opens an admin page inside the admin shell', async () => {
    signIn('ADMIN', {
      'POST /graphql': {
        body: {
          data: {
            admin: { __typename: 'Admin', id: 'admin-1', planStats: { totalPlans: 0, activePlans: 0, subscribers: 0, monthlyRevenue: 0 } },
            paymentPlans: [],
          },
        },
      },
    });
    const router = renderApp('/admin/plans');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Demo bots' }).getAttribute('href')).toBe('/admin/demo-bots');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/plans');
  });

  it.each(['/admin/plans', '/admin/settings', '/admin/demo-bots'])('refuses %s to a customer: off to /dashboard', async (path) => {
    signIn('customer');
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each(['/admin/plans', '/admin/settings'])('sends a signed-out visitor of %s to /', async (path) => {
    stubFetch({});
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: /Build an AI chatbot/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['customer', '/no/such/page'],
    ['customer', '/dashboard/extra'],
    ['ADMIN', '/no/such/page'],
    ['ADMIN', '/admin/unknown'],
  ] as const)('shows a signed-in %s the 404 page on the unknown path %s, and stays there', async (role, path) => {
    signIn(role);
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { name: '404: page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(router.state.location.pathname).toBe(path);
  });

  it('keeps the public pages public for an admin', async () => {
    signIn('ADMIN');
    const router = renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/privacy-policy');
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
