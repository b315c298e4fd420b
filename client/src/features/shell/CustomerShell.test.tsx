import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../session/tokenStore.ts';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { Component as CustomerShell } from './CustomerShell.tsx';
import { MOBILE_QUERY, SIDEBAR_COOKIE } from './sidebarState.ts';

const matchMediaStub = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
});

function signIn(plan: string) {
  const user = { id: 'u1', email: 'ann@example.com', full_name: 'Ann', role: 'customer', plan, is_verified: true };
  localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  stubFetch({ 'GET /users/me': { body: user }, 'POST /users/logout': { body: {} } });
}

describe('CustomerShell', () => {
  it('shows the menu, the plan badge and card, and the user in the footer', async () => {
    signIn('starter');
    renderRoute(<CustomerShell />);
    expect(await screen.findByRole('link', { name: /Dashboard/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chatbots/ })).toBeTruthy();
    expect(screen.getByLabelText('Plan: starter')).toBeTruthy();
    expect(screen.getByText('Your plan')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
  });

  it('shows no plan card nor badge without a plan', async () => {
    signIn('free');
    renderRoute(<CustomerShell />);
    await screen.findByText('ann@example.com');
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(screen.queryByLabelText(/Plan:/)).toBeNull();
  });

  it('collapses to the 3rem rail with Ctrl+B and keeps the choice in a cookie', async () => {
    signIn('pro');
    renderRoute(<CustomerShell />);
    const sidebar = await screen.findByTestId('sidebar');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(screen.queryByText('ann@example.com')).toBeNull();
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    expect(getComputedStyle(sidebar).width).toBe('3rem');
    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('becomes an 18rem drawer under 768 px, opened with Ctrl+B', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMediaStub(query), matches: query === MOBILE_QUERY }));
    signIn('pro');
    renderRoute(<CustomerShell />);
    await screen.findByRole('button', { name: /Toggle sidebar/ });
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByText('ann@example.com')).toBeNull();
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('ann@example.com')).toBeTruthy();
    expect(getComputedStyle(drawer).width).toBe('18rem');
    vi.restoreAllMocks();
  });

  it('signs out: clears the stored session and goes home', async () => {
    signIn('pro');
    const { router } = renderRoute(<CustomerShell />, { path: '/dashboard', routes: [{ path: '/', element: <p>home</p> }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
  });

  it('sends a signed-out visitor home', async () => {
    renderRoute(<CustomerShell />, { path: '/dashboard', routes: [{ path: '/', element: <p>home</p> }] });
    expect(await screen.findByText('home')).toBeTruthy();
  });
});
