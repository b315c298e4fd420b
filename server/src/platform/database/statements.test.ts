import { describe, expect, it } from 'vitest';
import { statementNamer } from './statements.ts';

describe('statementNamer', () => {
  it('names a text from its third run on, always with the same name', () => {
    const name = statementNamer();
    const query = { sql: 'SELECT 1' };
    expect([name(query), name(query)]).toEqual([undefined, undefined]);
    const named = name(query);
    expect(named).toMatch(/^prisma_[0-9a-f]{24}$/);
    expect(name({ sql: 'SELECT 1' })).toBe(named);
  });

  it('never gives two texts one name', () => {
    const name = statementNamer({ namedAfter: 1 });
    const names = ['SELECT 1', 'SELECT 2', 'SELECT 3'].map((sql) => name({ sql }));
    expect(new Set(names).size).toBe(3);
  });

  it('names no more than maxNamed texts, and keeps the names it gave', () => {
    const name = statementNamer({ namedAfter: 1, maxNamed: 2 });
    const first = name({ sql: 'a' });
    name({ sql: 'b' });
    expect(name({ sql: 'c' })).toBeUndefined();
    expect(name({ sql: 'a' })).toBe(first);
  });

  it('forgets the counts of texts seen once when too many pile up', () => {
    const name = statementNamer({ namedAfter: 2, maxCounted: 2 });
    name({ sql: 'a' });
    name({ sql: 'b' });
    name({ sql: 'c' }); // the counts start over: a was seen once, and is forgotten
    expect(name({ sql: 'a' })).toBeUndefined();
    expect(name({ sql: 'a' })).toBeDefined();
  });
});
