import { describe, expect, it, vi } from 'vitest';
import { openGooglePopup, watchGooglePopup, type Popup, type PopupOutcome } from './googlePopup.ts';

function fakeHost(popup: Popup | null) {
  const listeners = new Set<(event: MessageEvent) => void>();
  let tick: (() => void) | null = null;
  const host = {
    open: vi.fn(() => popup),
    addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => listeners.delete(listener),
    location: { origin: 'http://app.test' },
    setInterval: vi.fn((handler: () => void, ms: number) => {
      expect(ms).toBe(500);
      tick = handler;
      return 7;
    }),
    clearInterval: vi.fn(),
  };
  return {
    host,
    post: (origin: string, data: unknown) => listeners.forEach((listener) => listener({ origin, data } as MessageEvent)),
    tick: () => tick?.(),
    listeners,
  };
}

describe('watchGooglePopup', () => {
  it('opens a 500x600 popup and reports the same-origin success message once', () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    const { host, post, tick, listeners } = fakeHost(popup);
    const outcomes: PopupOutcome[] = [];
    expect(openGooglePopup(host)).toBe(popup);
    expect(host.open).toHaveBeenCalledWith('', 'google-auth', 'width=500,height=600');
    watchGooglePopup(host, popup, (outcome) => outcomes.push(outcome));
    post('http://evil.test', { type: 'google-auth-success', source: 'sheets' });
    post('http://app.test', { type: 'something-else' });
    expect(outcomes).toEqual([]);
    post('http://app.test', { type: 'google-auth-success', source: 'sheets' });
    popup.closed = true;
    tick();
    expect(outcomes).toEqual([{ kind: 'connected', source: 'sheets' }]);
    expect(listeners.size).toBe(0);
    expect(host.clearInterval).toHaveBeenCalledWith(7);
  });

  it('reports a popup closed without success', () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    const { host, tick } = fakeHost(popup);
    const outcomes: PopupOutcome[] = [];
    watchGooglePopup(host, popup, (outcome) => outcomes.push(outcome));
    tick();
    expect(outcomes).toEqual([]);
    popup.closed = true;
    tick();
    expect(outcomes).toEqual([{ kind: 'closed' }]);
  });

  it('says when the browser blocked the popup', () => {
    const { host } = fakeHost(null);
    expect(openGooglePopup(host)).toBeNull();
  });
});
