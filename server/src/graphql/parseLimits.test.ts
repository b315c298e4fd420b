import { describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from './limits.ts';
import { assertSourceWithinLimits, measureSource } from './parseLimits.ts';

describe('measureSource', () => {
  it.each([
    ['a selection', '{ a }', { tokens: 3, nesting: 1 }],
    ['arguments and list literals', '{ a(b: [[1]]) { c } }', { tokens: 15, nesting: 4 }],
    ['an input object literal', '{ a(b: {c: {d: 1}}) }', { tokens: 16, nesting: 4 }],
    ['brackets inside a string', '{ a(b: "[[[{{{(((") }', { tokens: 8, nesting: 2 }],
    ['an escaped quote inside a string', String.raw`{ a(b: "\"[[[{{{") }`, { tokens: 8, nesting: 2 }],
    ['brackets inside a block string', '{ a(b: """ [[[ {{{ \\""" ]]] """) }', { tokens: 8, nesting: 2 }],
    ['brackets inside a comment', '# {{{ [[[ (((\n{ a } # ]]]', { tokens: 3, nesting: 1 }],
    ['closings before openings', '} ] { { a } }', { tokens: 7, nesting: 2 }],
    ['a list 2,000 levels deep', `{ a(b: ${'['.repeat(2000)}1${']'.repeat(2000)}) }`, { tokens: 4008, nesting: 2002 }],
  ])('measures %s', (_name, source, shape) => {
    expect(measureSource(source, GRAPHQL_LIMITS.tokens.max)).toEqual(shape);
  });

  it('stops counting at the first token past the limit', () => {
    expect(measureSource(`{ ${'a '.repeat(100_000)}}`, 10)).toEqual({ tokens: 11, nesting: 1 });
  });

  it('reports a syntax error as graphql-js does', () => {
    expect(() => measureSource('{ a(b: "unterminated) }', 10)).toThrow(/Syntax Error: Unterminated string/);
  });
});

describe('assertSourceWithinLimits', () => {
  const { tokens, sourceNesting } = GRAPHQL_LIMITS;
  it.each([
    ['nesting at the limit', `{ a(b: ${'['.repeat(sourceNesting.max - 2)}1${']'.repeat(sourceNesting.max - 2)}) }`, undefined],
    [
      'nesting past the limit',
      `{ a(b: ${'['.repeat(sourceNesting.max - 1)}1${']'.repeat(sourceNesting.max - 1)}) }`,
      'PARSE_NESTING_TOO_DEEP',
    ],
    ['3,000 nested input objects', `{ a(b: ${'{c: '.repeat(3000)}1${'}'.repeat(3000)}) }`, 'QUERY_TOO_LARGE'],
    ['tokens at the limit', `{ ${'a '.repeat(tokens.max - 2)}}`, undefined],
    ['tokens past the limit', `{ ${'a '.repeat(tokens.max - 1)}}`, 'QUERY_TOO_LARGE'],
  ])('%s', (_name, source, code) => {
    let refusal: unknown;
    try {
      assertSourceWithinLimits(source);
    } catch (error) {
      refusal = error;
    }
    expect((refusal as { extensions?: { code?: string } } | undefined)?.extensions?.code).toBe(code);
  });

  it('says the limit and the value found', () => {
    expect(() => assertSourceWithinLimits(`{ a(b: ${'['.repeat(100)}1${']'.repeat(100)}) }`)).toThrow(
      'Brackets, braces and parentheses nest 102 deep, over the limit of 64.',
    );
  });
});
