import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './validation.ts';

describe('findUnsafeText', () => {
  it.each([
    ['plain text', { name: 'Ava', tags: ['a', 'b'] }, null],
    ['emoji (a surrogate pair)', { name: 'Ava 🤖' }, null],
    ['numbers, booleans and nulls', { a: 1, b: true, c: null }, null],
    ['a NUL in a value', { name: 'A\u0000B' }, 'body.name'],
    ['a NUL in a nested array', { a: [{ b: ['ok', 'x\u0000'] }] }, 'body.a.0.b.1'],
    ['a lone high surrogate', { name: 'A\ud800B' }, 'body.name'],
    ['a lone low surrogate', { name: 'A\udc00' }, 'body.name'],
    ['a reversed pair', { name: '\udc00\ud800' }, 'body.name'],
    ['a NUL in a key', { 'na\u0000me': 'x' }, 'body.na\u0000me'],
    ['a bare string', 'x\u0000', 'body'],
  ])('%s', (_label, value, expected) => {
    expect(findUnsafeText(value)).toBe(expected);
  });

  it('walks nesting deeper than the call stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^body(\.0)+$/);
  });
});
