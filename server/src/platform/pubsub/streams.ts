/**
 * Turns a producer that pushes values (e.g. an answer's tokens) into an async iterator for a GraphQL
 * subscription. The iterator ends when the producer resolves and rethrows when it fails.
 */
export function streamOf<T>(produce: (push: (value: T) => void) => Promise<void>): AsyncIterableIterator<T> {
  const buffered: T[] = [];
  let finished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  produce((value) => {
    buffered.push(value);
    notify();
  }).then(
    () => {
      finished = true;
      notify();
    },
    (error: unknown) => {
      failure = error ?? new Error('stream failed');
      finished = true;
      notify();
    },
  );
  const iterator: AsyncIterableIterator<T> = {
    async next() {
      while (buffered.length === 0 && !finished) await new Promise<void>((resolve) => (wake = resolve));
      if (buffered.length > 0) return { value: buffered.shift()!, done: false };
      if (failure) throw failure;
      return { value: undefined, done: true };
    },
    async return() {
      finished = true;
      buffered.length = 0;
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * Yields a snapshot first, then live events. The snapshot is read after the live subscription is
 * ready (the producer awaits it), so no change falls between the two.
 */
export function prepend<T>(first: () => Promise<T[]>, rest: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  let pending: Promise<T[]> | null = null;
  let buffered: T[] | null = null;
  let done = false;
  const iterator: AsyncIterableIterator<T> = {
    async next() {
      if (done) return { value: undefined, done: true };
      if (buffered === null) {
        pending ??= first();
        try {
          buffered = await pending;
        } catch (error) {
          await iterator.return!();
          throw error;
        }
      }
      const value = buffered.shift();
      if (value !== undefined) return { value, done: false };
      return rest.next();
    },
    async return() {
      done = true;
      await rest.return?.();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
