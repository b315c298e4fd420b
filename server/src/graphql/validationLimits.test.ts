import { parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHIQL_INTROSPECTION_QUERY } from '../../test/introspection.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { schema } from './schema.ts';
import { VALIDATION_LIMIT_RULES } from './validationLimits.ts';

/** The codes of every validation error (graphql-js's own rules have none: their message then). */
function refusals(source: string): unknown[] {
  const errors = validate(schema, parse(source), [...specifiedRules, ...VALIDATION_LIMIT_RULES]);
  return errors.map((error) => error.extensions.code ?? error.message);
}

/** `__schema { types { ofType { … name } } }`: exactly `depth` fields deep. */
function introspectionDepth(depth: number): string {
  return `{ __schema { types { ${'ofType { '.repeat(depth - 3)}name${' }'.repeat(depth - 3)} } } }`;
}

const { depth, aliases, fields, directives } = GRAPHQL_LIMITS;
const repeated = (count: number, item: (index: number) => string) => Array.from({ length: count }, (_, index) => item(index)).join(' ');

describe('validation limits', () => {
  it.each([
    ['a query with a connection', '{ viewer { id bots(first: 2) { totalCount edges { node { id name } } } } }', []],
    ['depth at the limit', introspectionDepth(depth.max), []],
    ['depth past the limit', introspectionDepth(depth.max + 1), ['QUERY_TOO_DEEP']],
    [
      'depth past the limit through fragments',
      `{ __schema { ...Types } } fragment Types on __Schema { types { ...Wrapped } }
       fragment Wrapped on __Type { ${'ofType { '.repeat(depth.max - 2)}name${' }'.repeat(depth.max - 2)} }`,
      ['QUERY_TOO_DEEP'],
    ],
    [
      'inline fragments adding no level',
      `{ __schema { types { ... on __Type { ${'ofType { '.repeat(depth.max - 3)}name${' }'.repeat(depth.max - 3)} } } } }`,
      [],
    ],
    [
      'a fragment cycle, reported by graphql-js alone',
      '{ viewer { ...A } } fragment A on User { id ...B } fragment B on User { id ...A }',
      ['Cannot spread fragment "A" within itself via "B".'],
    ],
    ['aliases at the limit', `{ ${repeated(aliases.max, (index) => `a${index}: __typename`)} }`, []],
    ['aliases past the limit', `{ ${repeated(aliases.max + 1, (index) => `a${index}: __typename`)} }`, ['TOO_MANY_ALIASES']],
    ['fields at the limit', `{ ${repeated(fields.max, () => '__typename')} }`, []],
    ['fields past the limit', `{ ${repeated(fields.max + 1, () => '__typename')} }`, ['TOO_MANY_FIELDS']],
    ['directives at the limit', `{ ${repeated(directives.max, () => '__typename @include(if: true)')} }`, []],
    ['directives past the limit', `{ ${repeated(directives.max + 1, () => '__typename @include(if: true)')} }`, ['TOO_MANY_DIRECTIVES']],
  ])('%s', (_name, source, expected) => {
    expect(refusals(source)).toEqual(expected);
  });

  it("passes GraphiQL's introspection query", () => {
    expect(refusals(GRAPHIQL_INTROSPECTION_QUERY)).toEqual([]);
  });

  it('says the limit and the value found', () => {
    const [error] = validate(schema, parse(introspectionDepth(50)), VALIDATION_LIMIT_RULES);
    expect(error?.message).toBe(`Fields nest 50 deep, over the limit of ${depth.max}.`);
    expect(error?.extensions).toMatchObject({ code: 'QUERY_TOO_DEEP', limit: depth.max, found: 50 });
  });
});
