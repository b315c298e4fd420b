import { describe, expect, it } from 'vitest';
import { monthBounds, percentChange } from './periods.ts';

describe('percentChange', () => {
  it.each([
    [15, 10, 50],
    [10, 15, -33.3],
    [10, 10, 0],
    [0, 0, 0],
    [5, 0, null],
    [0, 4, -100],
    [1, 3, -66.7],
  ])('%i against %i is %s%%', (current, previous, change) => {
    expect(percentChange(current, previous)).toBe(change);
  });
});

describe('monthBounds', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2026-11-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'],
    ['2026-01-05T00:00:00Z', '2026-01-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z'],
    ['2026-03-31T23:59:59Z', '2026-03-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
  ])('on %s this month starts %s and last month %s', (now, thisMonth, lastMonth) => {
    const bounds = monthBounds(new Date(now));
    expect(bounds.thisMonth.toISOString()).toBe(thisMonth);
    expect(bounds.lastMonth.toISOString()).toBe(lastMonth);
  });
});
