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
