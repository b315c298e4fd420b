import { useCallback, useState } from 'react';

/**
 * State a demo keeps across reloads of its tab (sessionStorage), per demo session: the step it is
 * at, the knowledge added and the conversation. A new demo session starts from nothing.
 */
export function useDemoMemory<Value>(token: string, name: string, initial: Value): [Value, (update: (current: Value) => Value) => void] {
  const key = `demo:${token}:${name}`;
  const [value, setValue] = useState<Value>(() => {
    try {
      const stored = sessionStorage.getItem(key);
      return stored === null ? initial : (JSON.parse(stored) as Value);
    } catch {
      return initial;
    }
  });
  const update = useCallback(
    (change: (current: Value) => Value) =>
      setValue((current) => {
        const next = change(current);
        try {
          sessionStorage.setItem(key, JSON.stringify(next));
        } catch {
          // A full or blocked storage only costs the memory across reloads.
        }
        return next;
      }),
    [key],
  );
  return [value, update];
}
