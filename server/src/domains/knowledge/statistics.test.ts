import { describe, expect, it } from 'vitest';
import { statisticsStale, type StatisticsState } from './store.ts';

const fresh: StatisticsState = { analyzed: true, hasStatistics: true, modifiedSinceAnalyze: 0, liveRows: 10_000 };

describe('statisticsStale', () => {
  it.each<[string, Partial<StatisticsState>, boolean]>([
    ['analyzed, nothing changed since', {}, false],
    ['never analyzed', { analyzed: false }, true],
    ['no statistics on the search column (cleared, or the table was empty)', { hasStatistics: false }, true],
    ['a tenth of the table plus 50 changed: not yet', { modifiedSinceAnalyze: 1_050 }, false],
    ['one row more than that', { modifiedSinceAnalyze: 1_051 }, true],
    ['a small table: 50 rows are not enough', { liveRows: 0, modifiedSinceAnalyze: 50 }, false],
    ['a small table: 51 are', { liveRows: 0, modifiedSinceAnalyze: 51 }, true],
  ])('%s', (_, change, stale) => {
    expect(statisticsStale({ ...fresh, ...change })).toBe(stale);
  });
});
