import { describe, expect, it } from 'vitest';
import { weeklyRate } from './service.ts';

describe('weeklyRate', () => {
  it.each([
    [
      { part: 3, whole: 4 },
      { part: 1, whole: 2 },
      { thisWeek: 0.75, lastWeek: 0.5, change: 25 },
    ],
    [
      { part: 1, whole: 3 },
      { part: 2, whole: 3 },
      { thisWeek: 1 / 3, lastWeek: 2 / 3, change: -33.3 },
    ],
    [
      { part: 0, whole: 0 },
      { part: 1, whole: 2 },
      { thisWeek: null, lastWeek: 0.5, change: null },
    ],
    [
      { part: 2, whole: 2 },
      { part: 0, whole: 0 },
      { thisWeek: 1, lastWeek: null, change: null },
    ],
  ])('%j against %j', (thisWeek, lastWeek, expected) => {
    expect(weeklyRate(thisWeek, lastWeek)).toEqual(expected);
  });
});
