import { describe, expect, it } from 'vitest';
import { createSubscription } from './subscription.ts';

describe('createSubscription', () => {
  it('rejects a waiting next() when the listener fails to attach, then reports done', async () => {
    let fail: (error: Error) => void = () => {};
    const subscription = createSubscription(() => ({ ready: new Promise<void>((_, reject) => (fail = reject)), detach: () => {} }), []);
    const pending = subscription.next();
    fail(new Error('subscribe failed'));
    await expect(pending).rejects.toThrow('subscribe failed');
    await expect(subscription.ready).rejects.toThrow('subscribe failed');
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
  });

  it('keeps a failure for the next call to next() when nobody was waiting', async () => {
    const subscription = createSubscription(() => ({ ready: Promise.reject(new Error('subscribe failed')), detach: () => {} }), []);
    await expect(subscription.ready).rejects.toThrow();
    await expect(subscription.next()).rejects.toThrow('subscribe failed');
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
  });

  it('detaches exactly once and never attaches when a signal has already aborted', async () => {
    let attached = 0;
    let detached = 0;
    const listen = () => {
      attached += 1;
      return { ready: Promise.resolve(), detach: () => (detached += 1) };
    };
    const live = createSubscription(listen, []);
    await live.return?.();
    await live.return?.();
    createSubscription(listen, [AbortSignal.abort()]);
    expect({ attached, detached }).toEqual({ attached: 1, detached: 1 });
  });
});
