import type { Subscription } from './types.ts';

export interface Listener {
  /** Settles once the listener receives everything published from now on. */
  ready: Promise<void>;
  detach(): void;
}

interface Waiter {
  resolve(result: IteratorResult<unknown>): void;
  reject(error: unknown): void;
}

const DONE: IteratorResult<unknown> = { value: undefined, done: true };

/**
 * Turns push delivery into a pull iterator: messages wait in a buffer until `next()` asks, and
 * the listener is detached as soon as the consumer calls `return()` or any of `signals` aborts
 * (the caller's, and the PubSub's own on close).
 */
export function createSubscription(
  listen: (deliver: (payload: unknown) => void) => Listener,
  signals: readonly (AbortSignal | undefined)[],
): Subscription {
  const buffered: unknown[] = [];
  const waiters: Waiter[] = [];
  let finished = false;
  let failure: { error: unknown } | undefined;
  let listener: Listener | undefined;

  const stop = (): Waiter[] => {
    finished = true;
    listener?.detach();
    for (const signal of signals) signal?.removeEventListener('abort', end);
    buffered.length = 0;
    return waiters.splice(0);
  };

  function end(): void {
    if (finished) return;
    for (const waiter of stop()) waiter.resolve(DONE);
  }

  let ready: Promise<void>;
  if (signals.some((signal) => signal?.aborted)) {
    finished = true;
    ready = Promise.resolve();
  } else {
    listener = listen((payload) => {
      if (finished) return;
      const waiter = waiters.shift();
      if (waiter) waiter.resolve({ value: payload, done: false });
      else buffered.push(payload);
    });
    for (const signal of signals) signal?.addEventListener('abort', end, { once: true });
    // A failed subscribe (e.g. Redis unreachable) surfaces as a rejected `next()`.
    ready = listener.ready.catch((error: unknown) => {
      if (!finished) {
        const pending = stop();
        if (pending.length > 0) for (const waiter of pending) waiter.reject(error);
        else failure = { error };
      }
      throw error;
    });
    ready.catch(() => {});
  }

  const subscription: Subscription = {
    ready,
    next() {
      if (buffered.length > 0) return Promise.resolve({ value: buffered.shift(), done: false });
      if (failure) {
        const { error } = failure;
        failure = undefined;
        return Promise.reject(error);
      }
      if (finished) return Promise.resolve(DONE);
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
    return() {
      end();
      return Promise.resolve(DONE);
    },
    [Symbol.asyncIterator]() {
      return subscription;
    },
  };
  return subscription;
}

/** Payloads travel as JSON in every implementation, so what works embedded works on Redis. */
export function encodePayload(payload: unknown): string {
  const json = JSON.stringify(payload);
  if (json === undefined) throw new TypeError('PubSub payloads must be JSON-serialisable');
  return json;
}
