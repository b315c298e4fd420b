import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { conversationPathOf } from '../inbox/inboxPath.ts';

/**
 * The owner's wish for browser notifications of waiting visitors. Kept in this browser (a phone and
 * a desktop may want differently), and the browser's own permission is asked when it is turned on.
 */
const STORAGE_KEY = 'waitingVisitorNotifications';

export const browserNotificationsSupported = () => typeof globalThis.Notification === 'function';

export const browserNotificationsWanted = () => localStorage.getItem(STORAGE_KEY) === 'on';

export function setBrowserNotificationsWanted(wanted: boolean) {
  if (wanted) localStorage.setItem(STORAGE_KEY, 'on');
  else localStorage.removeItem(STORAGE_KEY);
}

/** A conversation as an inbox change shows it. */
export interface ChangedConversation {
  id: string;
  status: string;
  botName: string;
  lastMessage: string | null;
}

export interface WaitingNotifierOptions {
  /** Whether the owner is looking at this conversation now (the page shown, and on it). */
  isShowing: (conversationId: string) => boolean;
  /** Opens the conversation, for a click on its notification. */
  open: (conversationId: string) => void;
  title: () => string;
}

/**
 * What to do with each inbox change: a conversation that has just started waiting for a person
 * (it was not waiting in the last change seen of it) is notified, when the owner wants it, the
 * browser allows it, and the owner is not already looking at it. A conversation first seen already
 * waiting counts as just started: the shell only hears of changes, so that is the visitor asking.
 * The tag replaces an earlier notification of the same conversation rather than adding one.
 */
export function createWaitingNotifier({ isShowing, open, title }: WaitingNotifierOptions) {
  const lastStatus = new Map<string, string>();
  return (conversation: ChangedConversation) => {
    const before = lastStatus.get(conversation.id);
    lastStatus.set(conversation.id, conversation.status);
    if (conversation.status !== 'WAITING' || before === 'WAITING') return;
    if (!browserNotificationsWanted() || !browserNotificationsSupported() || Notification.permission !== 'granted') return;
    if (isShowing(conversation.id)) return;
    const body = conversation.lastMessage ? `${conversation.botName}: ${conversation.lastMessage}` : conversation.botName;
    const notification = new Notification(title(), { body, tag: conversation.id });
    notification.onclick = () => {
      window.focus();
      open(conversation.id);
      notification.close();
    };
  };
}

/** The shell's notifier of waiting visitors, reading where the owner is when a change arrives. */
export function useWaitingNotifications() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The notifier lives as long as the shell (its memory of statuses with it); it reads the latest of these.
  const latest = useRef({ t, navigate, pathname });
  useLayoutEffect(() => {
    latest.current = { t, navigate, pathname };
  });
  const [notify] = useState(() =>
    createWaitingNotifier({
      isShowing: (id) => document.visibilityState === 'visible' && latest.current.pathname === conversationPathOf(id),
      open: (id) => void latest.current.navigate(conversationPathOf(id)),
      title: () => latest.current.t('shell.waitingNotification'),
    }),
  );
  return notify;
}
