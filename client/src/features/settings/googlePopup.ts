// The Google connect popup (spec 001 §2, §9): 500x600, checked for closure every 500 ms; a
// same-origin `google-auth-success` message from it also ends the wait.
import { useCallback, useEffect, useRef, useState } from 'react';

export const POPUP_FEATURES = 'width=500,height=600';
export const POPUP_NAME = 'google-auth';
export const CLOSED_CHECK_MS = 500;

export type PopupOutcome = { kind: 'connected'; source: string } | { kind: 'closed' };

export interface Popup {
  closed: boolean;
  location: { href: string };
  close(): void;
}

export interface PopupWindow {
  open(url: string, target: string, features: string): Popup | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  location: { origin: string };
  setInterval(handler: () => void, ms: number): number;
  clearInterval(id: number): void;
}

/**
 * Opens the popup at once, while the click still counts as the user's (browsers block popups opened
 * after an await); the caller sends it to Google's page when the signed link is ready. Null when
 * the browser blocked it.
 */
export function openGooglePopup(host: PopupWindow): Popup | null {
  return host.open('', POPUP_NAME, POPUP_FEATURES);
}

/** Calls `onDone` once, when the popup reports success or is closed. Returns a stop function. */
export function watchGooglePopup(host: PopupWindow, popup: Popup, onDone: (outcome: PopupOutcome) => void): () => void {
  let finished = false;
  const stop = () => {
    finished = true;
    host.clearInterval(timer);
    host.removeEventListener('message', onMessage);
  };
  const finish = (outcome: PopupOutcome) => {
    if (finished) return;
    stop();
    onDone(outcome);
  };
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; source?: unknown } | null;
    if (event.origin !== host.location.origin || data?.type !== 'google-auth-success') return;
    finish({ kind: 'connected', source: typeof data.source === 'string' ? data.source : '' });
  };
  const timer = host.setInterval(() => {
    if (popup.closed) finish({ kind: 'closed' });
  }, CLOSED_CHECK_MS);
  host.addEventListener('message', onMessage);
  return stop;
}

export interface GooglePopup {
  /** The browser refused the last popup. */
  blocked: boolean;
  /** A popup is open and being watched. */
  waiting: boolean;
  /** Opens the blank popup (call it in the click handler); null when it was blocked. */
  open(): Popup | null;
  /** Sends the open popup to `url` and calls `onDone` once it reports success or closes. */
  follow(popup: Popup, url: string, onDone: (outcome: PopupOutcome) => void): void;
}

/** The popup's life in a component: blocked and waiting states, and no watcher left after unmount. */
export function useGooglePopup(host: PopupWindow = window): GooglePopup {
  const [blocked, setBlocked] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);

  const open = useCallback(() => {
    const popup = openGooglePopup(host);
    setBlocked(popup === null);
    return popup;
  }, [host]);

  const follow = useCallback(
    (popup: Popup, url: string, onDone: (outcome: PopupOutcome) => void) => {
      stopWatching.current?.();
      popup.location.href = url;
      setWaiting(true);
      stopWatching.current = watchGooglePopup(host, popup, (outcome) => {
        stopWatching.current = null;
        setWaiting(false);
        onDone(outcome);
      });
    },
    [host],
  );

  return { blocked, waiting, open, follow };
}
