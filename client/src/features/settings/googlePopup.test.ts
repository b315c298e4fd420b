import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openGooglePopup, useGooglePopup, watchGooglePopup, type Popup, type PopupOutcome } from './googlePopup.ts';

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

describe('useGooglePopup', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('opens the 500x600 window, sends it to the link, and checks every 500 ms whether it closed', () => {
    vi.useFakeTimers();
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const onDone = vi.fn();
    const { result } = renderHook(() => useGooglePopup());
    act(() => {
      const opened = result.current.open();
      expect(opened).toBe(popup);
      result.current.follow(opened!, 'http://app.test/api/v1/auth/google/sheets?state=s', onDone);
    });
    expect(open).toHaveBeenCalledWith('', 'google-auth', 'width=500,height=600');
    expect(popup.location.href).toBe('http://app.test/api/v1/auth/google/sheets?state=s');
    expect(result.current).toMatchObject({ blocked: false, waiting: true });
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(onDone).not.toHaveBeenCalled();
    popup.closed = true;
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onDone).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ kind: 'closed' });
    expect(result.current.waiting).toBe(false);
  });

  it('ends the wait on the same-origin success message, and ignores other origins', () => {
    vi.useFakeTimers();
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const onDone = vi.fn();
    const { result } = renderHook(() => useGooglePopup());
    act(() => result.current.follow(result.current.open()!, 'http://app.test/auth', onDone));
    const post = (origin: string) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { origin, data: { type: 'google-auth-success', source: 'sheets' } }));
      });
    post('http://evil.test');
    expect(onDone).not.toHaveBeenCalled();
    post(window.location.origin);
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ kind: 'connected', source: 'sheets' });
    popup.closed = true;
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('says the popup was blocked when window.open returns null', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { result } = renderHook(() => useGooglePopup());
    act(() => {
      expect(result.current.open()).toBeNull();
    });
    expect(result.current.blocked).toBe(true);
  });

  it('stops watching when the component goes away', () => {
    vi.useFakeTimers();
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const onDone = vi.fn();
    const { result, unmount } = renderHook(() => useGooglePopup());
    act(() => result.current.follow(result.current.open()!, 'http://app.test/auth', onDone));
    unmount();
    popup.closed = true;
    vi.advanceTimersByTime(2_000);
    expect(onDone).not.toHaveBeenCalled();
  });
});
