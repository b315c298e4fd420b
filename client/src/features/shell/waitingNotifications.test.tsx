import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationPathOf } from '../inbox/inboxPath.ts';
import { setBrowserNotificationsWanted, useWaitingNotifications, type ChangedConversation } from './waitingNotifications.ts';

const ID = btoa('Conversation:c1');
const change = (status: string, extra: Partial<ChangedConversation> = {}): ChangedConversation => ({
  id: ID,
  status,
  botName: 'Support bot',
  lastMessage: 'Can I talk to a person?',
  ...extra,
});

interface ShownNotification {
  title: string;
  options: NotificationOptions;
  onclick: (() => void) | null;
  close: () => void;
}

let shown: ShownNotification[];

/** The browser's Notification: records what is shown, with the permission `permission`. */
function stubNotification(permission: NotificationPermission) {
  shown = [];
  const Stub = vi.fn(function (this: ShownNotification, title: string, options: NotificationOptions) {
    Object.assign(this, { title, options, onclick: null, close: vi.fn() });
    shown.push(this);
  });
  vi.stubGlobal('Notification', Object.assign(Stub, { permission }));
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

/** The hook inside a router at `at`; `location()` reads where the app is. */
function renderNotifier(at = '/dashboard') {
  let pathname = at;
  function Where() {
    pathname = useLocation().pathname;
    return null;
  }
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Where />
              {children}
            </>
          ),
        },
      ],
      { initialEntries: [at] },
    );
    return <RouterProvider router={router} />;
  };
  const { result } = renderHook(() => useWaitingNotifications(), { wrapper });
  return { notify: (conversation: ChangedConversation) => act(() => result.current(conversation)), location: () => pathname };
}

beforeEach(() => {
  setBrowserNotificationsWanted(true);
  stubNotification('granted');
  setVisibility('visible');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('browser notifications of waiting visitors', () => {
  it('shows one when a conversation starts waiting, with the bot and the last message, tagged by the conversation', () => {
    const { notify } = renderNotifier();
    notify(change('BOT'));
    expect(shown).toHaveLength(0);
    notify(change('WAITING'));
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('A visitor is waiting for a person');
    expect(shown[0]!.options).toEqual({ body: 'Support bot: Can I talk to a person?', tag: ID });
  });

  it('does not show it again while the conversation keeps waiting, but does when it waits anew', () => {
    const { notify } = renderNotifier();
    notify(change('WAITING'));
    notify(change('WAITING', { lastMessage: 'Hello?' }));
    expect(shown).toHaveLength(1);
    notify(change('HUMAN'));
    notify(change('WAITING'));
    expect(shown).toHaveLength(2);
  });

  it('opens the conversation, in a focused window, when clicked', () => {
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const { notify, location } = renderNotifier();
    notify(change('WAITING'));
    act(() => shown[0]!.onclick!());
    expect(focus).toHaveBeenCalled();
    expect(location()).toBe(conversationPathOf(ID));
    expect(shown[0]!.close).toHaveBeenCalled();
  });

  it('stays quiet while the owner is looking at that conversation, but not once the page is hidden', () => {
    const { notify } = renderNotifier(conversationPathOf(ID));
    notify(change('WAITING'));
    expect(shown).toHaveLength(0);
    notify(change('BOT'));
    setVisibility('hidden');
    notify(change('WAITING'));
    expect(shown).toHaveLength(1);
  });

  it('shows one on another conversation of the inbox', () => {
    const { notify } = renderNotifier(conversationPathOf(btoa('Conversation:c2')));
    notify(change('WAITING'));
    expect(shown).toHaveLength(1);
  });

  it.each([
    ['the owner did not turn them on', () => setBrowserNotificationsWanted(false)],
    ['the browser did not allow them', () => stubNotification('default')],
    ['the browser blocks them', () => stubNotification('denied')],
    ['the browser has none', () => vi.stubGlobal('Notification', undefined)],
  ])('shows none when %s', (_case, arrange) => {
    arrange();
    const { notify } = renderNotifier();
    notify(change('WAITING'));
    expect(shown.length).toBe(0);
  });
});
