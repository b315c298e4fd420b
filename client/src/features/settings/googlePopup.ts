// The Google connect popup (spec 001 §2, §9): 500x600, checked for closure every 500 ms; a
// same-origin `google-auth-success` message from it also ends the wait.

export const POPUP_FEATURES = 'width=500,height=600';
export const CLOSED_CHECK_MS = 500;

export type PopupOutcome = { kind: 'connected'; source: string } | { kind: 'closed' };

export interface Popup {
  closed: boolean;
  location: { href: string };
  close(): void;
}

interface PopupWindow {
  open(url: string, target: string, features: string): Popup | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  location: { origin: string };
  setInterval(handler: () => void, ms: number): number;
  clearInterval(id: number): void;
}

/**
 * Opens the popup at once, while the click still counts as the user's (browsers block popups opened
 * later); the caller sends it to Google's page when the link is ready. Null when it was blocked.
 */
export function openGooglePopup(host: PopupWindow): Popup | null {
  return host.open('', 'google-auth', POPUP_FEATURES);
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
