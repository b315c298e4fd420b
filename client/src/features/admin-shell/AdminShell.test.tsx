import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../session/tokenStore.ts';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { SIDEBAR_COOKIE } from '../shell/sidebarState.ts';
import { Component as AdminShell } from './AdminShell.tsx';

function signIn(role: 'ADMIN' | 'customer', plan = 'pro') {
  const user = { id: 'a1', email: 'admin@example.com', full_name: 'Ada Admin', role, plan, is_verified: true };
  localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  stubFetch({ 'GET /users/me': { body: user }, 'POST /users/logout': { body: {} } });
}

describe('AdminShell', () => {
  it('shows the seven admin pages in the menu, and the admin in the footer, with no plan card nor badge', async () => {
    signIn('ADMIN', 'pro');
    renderRoute(<AdminShell />, { path: '/admin/plans' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/admin/overview'],
      ['Customers', '/admin/customers'],
      ['Plans', '/admin/plans'],
      ['System logs', '/admin/system-logs'],
      ['Settings', '/admin/settings'],
      ['WhatsApp analytics', '/admin/whatsapp-analytics'],
      ['Demo bots', '/admin/demo-bots'],
    ]);
    expect(within(nav).getByText('admin@example.com')).toBeTruthy();
    expect(within(nav).getByText('Admin')).toBeTruthy();
    expect(within(nav).getByLabelText('Language')).toBeTruthy();
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(screen.queryByLabelText(/Plan:/)).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('shares the customer shell: Ctrl+B collapses the sidebar and keeps the choice in a cookie', async () => {
    signIn('ADMIN');
    renderRoute(<AdminShell />, { path: '/admin/plans' });
    await screen.findByText('admin@example.com');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(screen.queryByText('admin@example.com')).toBeNull();
    expect(screen.getByRole('link', { name: 'Plans' })).toBeTruthy();
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
  });

  it('signs out to the home page', async () => {
    signIn('ADMIN');
    const { router } = renderRoute(<AdminShell />, { path: '/admin/plans', routes: [{ path: '/', element: <p>home</p> }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('sends a customer to the dashboard and a signed-out visitor home', async () => {
    signIn('customer');
    const customer = renderRoute(<AdminShell />, { path: '/admin/plans', routes: [{ path: '/dashboard', element: <p>dashboard</p> }] });
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(customer.router.state.location.pathname).toBe('/dashboard');
    customer.unmount();
    localStorage.clear();

    const visitor = renderRoute(<AdminShell />, { path: '/admin/plans', routes: [{ path: '/', element: <p>home</p> }] });
    expect(await screen.findByText('home')).toBeTruthy();
    expect(visitor.router.state.location.pathname).toBe('/');
  });
});
