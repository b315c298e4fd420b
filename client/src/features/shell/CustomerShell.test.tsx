import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../session/tokenStore.ts';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { Component as CustomerShell } from './CustomerShell.tsx';
import { loadCustomerShellQuery } from './CustomerShellQuery.ts';
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

/** The shell's route as the router has it: its loader starts the frame's query (left unanswered where a test needs no count). */
function shellRoute(options: Omit<NonNullable<Parameters<typeof renderRoute>[1]>, 'environment' | 'loader'> = {}) {
  const environment = createMockEnvironment();
  return { ...options, environment, loader: () => loadCustomerShellQuery(environment) };
}

function signIn(plan: string) {
  const user = { id: 'u1', email: 'ann@example.com', full_name: 'Ann', role: 'customer', plan, is_verified: true };
  localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  stubFetch({ 'GET /users/me': { body: user }, 'POST /users/logout': { body: {} } });
}

describe('CustomerShell', () => {
  it('shows the menu, the plan badge and card, and the user in the footer', async () => {
    signIn('starter');
    renderRoute(<CustomerShell />, shellRoute());
    expect(await screen.findByRole('link', { name: /Dashboard/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chatbots/ })).toBeTruthy();
    expect(screen.getByLabelText('Plan: starter')).toBeTruthy();
    expect(screen.getByText('Your plan')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
  });

  it('shows no plan card nor badge without a plan', async () => {
    signIn('free');
    renderRoute(<CustomerShell />, shellRoute());
    await screen.findByText('ann@example.com');
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(screen.queryByLabelText(/Plan:/)).toBeNull();
  });

  it('collapses to the 3rem rail with Ctrl+B and keeps the choice in a cookie', async () => {
    signIn('pro');
    renderRoute(<CustomerShell />, shellRoute());
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
    renderRoute(<CustomerShell />, shellRoute());
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
    const { router } = renderRoute(<CustomerShell />, shellRoute({ path: '/dashboard', routes: [{ path: '/', element: <p>home</p> }] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
  });

  it('sends a signed-out visitor home', async () => {
    renderRoute(<CustomerShell />, shellRoute({ path: '/dashboard', routes: [{ path: '/', element: <p>home</p> }] }));
    expect(await screen.findByText('home')).toBeTruthy();
  });
});

describe('the inbox entry of the menu', () => {
  const VIEWER = { __typename: 'User', id: 'viewer-1' };
  const operationNamed = (environment: ReturnType<typeof createMockEnvironment>, name: string) =>
    waitFor(() => {
      const operation = environment.mock
        .getAllOperations()
        .find((candidate: OperationDescriptor) => candidate.request.node.params.name === name);
      if (!operation) throw new Error(`no ${name}`);
      return operation;
    });

  async function renderShell(waiting: number) {
    signIn('pro');
    const route = shellRoute();
    const { environment } = renderRoute(<CustomerShell />, route);
    const query = await operationNamed(environment, 'CustomerShellQuery');
    await act(async () => {
      environment.mock.resolve(query, { data: { viewer: { ...VIEWER, waitingConversationsCount: waiting } } });
    });
    return environment;
  }

  async function pushChange(environment: ReturnType<typeof createMockEnvironment>, waiting: number, status: string) {
    const live = await operationNamed(environment, 'CustomerShellInboxSubscription');
    await act(async () => {
      environment.mock.nextValue(live, {
        data: {
          inboxChanged: {
            conversation: {
              id: btoa('Conversation:c1'),
              status,
              lastMessage: 'Can I talk to a person?',
              bot: { id: btoa('Bot:b1'), name: 'Support bot' },
            },
            viewer: { ...VIEWER, waitingConversationsCount: waiting },
          },
        },
      });
    });
  }

  it('counts the visitors waiting for a person, and follows the inbox as it changes', async () => {
    const environment = await renderShell(2);
    expect(await screen.findByRole('link', { name: 'Inbox 2 waiting' })).toBeTruthy();
    await pushChange(environment, 3, 'WAITING');
    expect(await screen.findByRole('link', { name: 'Inbox 3 waiting' })).toBeTruthy();
    await pushChange(environment, 0, 'HUMAN');
    expect(await screen.findByRole('link', { name: 'Inbox' })).toBeTruthy();
    expect(screen.queryByText(/waiting/)).toBeNull();
  });

  it('shows the count in the phone drawer too', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMediaStub(query), matches: query === MOBILE_QUERY }));
    await renderShell(1);
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('link', { name: 'Inbox 1 waiting' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('keeps the count on the collapsed rail', async () => {
    await renderShell(4);
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(await screen.findByRole('link', { name: 'Inbox 4 waiting' })).toBeTruthy();
  });
});
