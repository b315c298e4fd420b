import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../session/tokenStore.ts';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { Component as CustomerShell } from '../shell/CustomerShell.tsx';

function signIn(plan: string) {
  const user = { id: 'u1', email: 'ann@example.com', full_name: 'Ann', role: 'customer', plan, is_verified: true };
  localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  stubFetch({ 'GET /users/me': { body: user } });
}

describe("the sidebar's way to billing", () => {
  it('lists the Inbox, Needs attention, Billing and Settings after Logs in the customer menu', async () => {
    signIn('free');
    renderRoute(<CustomerShell />, { path: '/dashboard' });
    await screen.findByText('ann@example.com');
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/dashboard', '/chatbots', '/logs', '/inbox', '/needs-attention', '/billing', '/settings']);
  });

  it("leads from the plan card's Upgrade to /billing", async () => {
    signIn('starter');
    const { router } = renderRoute(<CustomerShell />, { path: '/dashboard', routes: [{ path: '/billing', element: <p>billing page</p> }] });
    fireEvent.click(await screen.findByRole('link', { name: 'Upgrade' }));
    expect(await screen.findByText('billing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('offers no upgrade on the pro plan', async () => {
    signIn('pro');
    renderRoute(<CustomerShell />, { path: '/dashboard' });
    await screen.findByText('Your plan');
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });
});
