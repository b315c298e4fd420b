import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.ts';

describe('uuidv7', () => {
  it('writes the time first, then the version and variant, in the UUID layout', () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('orders ids by time, and never repeats one, across many draws of random bytes', () => {
    const ids = Array.from({ length: 2_000 }, (_, index) => uuidv7(1_700_000_000_000 + index));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // Ids of the same millisecond differ by their random part.
    const sameTime = Array.from({ length: 600 }, () => uuidv7(1_700_000_000_000).slice(14));
    expect(new Set(sameTime).size).toBe(sameTime.length);
  });
});
