import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHIQL_INTROSPECTION_QUERY } from '../../test/introspection.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { jsonNesting, operationCost, operationLimitErrors } from './operationLimits.ts';
import { schema } from './schema.ts';

function cost(source: string, variables: Record<string, unknown> = {}): number {
  const document = parse(source);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no single operation');
  return operationCost(schema, document, operation, variables);
}

/** A bots page as a connection: each bot counts edges, node and id, that is 3 fields. */
const botsPage = (first: string) => `bots${first ? `(first: ${first})` : ''} { edges { node { id } } }`;

describe('operationCost', () => {
  it.each([
    ['a field and a subfield', '{ viewer { id } }', {}, 2],
    ['a list without a page size, counted as the default list size', '{ paymentPlans { id } }', {}, 10 * 2],
    ['a connection with a literal page size', `{ viewer { ${botsPage('5')} } }`, {}, 1 + 5 * 4],
    ['a connection without a page size, counted as the default page', `{ viewer { ${botsPage('')} } }`, {}, 1 + 20 * 4],
    ['a page size from the variables', `query ($n: Int) { viewer { ${botsPage('$n')} } }`, { n: 7 }, 1 + 7 * 4],
    ["a page size from the variable's default", `query ($n: Int = 3) { viewer { ${botsPage('$n')} } }`, {}, 1 + 3 * 4],
    ['a variable given over its default', `query ($n: Int = 3) { viewer { ${botsPage('$n')} } }`, { n: 9 }, 1 + 9 * 4],
    ['`last` like `first`', '{ viewer { bots(last: 6) { edges { node { id } } } } }', {}, 1 + 6 * 4],
    ['a page size over the maximum, which the server never returns', `{ viewer { ${botsPage('1000')} } }`, {}, 1 + 100 * 4],
    [
      'nested connections, which multiply',
      '{ viewer { bots(first: 10) { edges { node { owner { bots(first: 10) { edges { node { id } } } } } } } } }',
      {},
      1 + 10 * (3 + (1 + 10 * 4)),
    ],
    ['a fragment spread twice, counted twice', '{ viewer { ...Me ...Me } } fragment Me on User { id email }', {}, 1 + 2 + 2],
    ['an inline fragment', '{ viewer { ... on User { id } } }', {}, 2],
    [
      'a fragment cycle, counted without hanging',
      '{ viewer { ...A } } fragment A on User { id ...B } fragment B on User { email ...A }',
      {},
      3,
    ],
    ["GraphiQL's introspection query, quoted in limits.ts", GRAPHIQL_INTROSPECTION_QUERY, {}, 53_411],
  ])('counts %s', (_name, source, variables, expected) => {
    expect(cost(source, variables)).toBe(expected);
  });

  it('counts a fragment spread 2^40 times in linear time', () => {
    const fragments = Array.from({ length: 40 }, (_, index) => `fragment F${index} on User { ...F${index + 1} ...F${index + 1} }`).join(
      '\n',
    );
    expect(cost(`{ viewer { ...F0 } } ${fragments} fragment F40 on User { id }`)).toBe(1 + 2 ** 40);
  });
});

describe('jsonNesting', () => {
  it.each([
    ['a number', 1, 0],
    ['null', null, 0],
    ['an empty object', {}, 1],
    ['arrays in an object', { a: [[1], 2] }, 3],
    ['the deepest branch', { a: 1, b: { c: { d: {} } }, e: [] }, 4],
  ])('measures %s', (_name, value, expected) => {
    expect(jsonNesting(value)).toBe(expected);
  });

  it('measures 100,000 levels without recursion', () => {
    let value: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) value = [value];
    expect(jsonNesting(value)).toBe(100_000);
  });
});

describe('operationLimitErrors', () => {
  const codes = (source: string, variableValues: Record<string, unknown> = {}, operationName?: string) =>
    operationLimitErrors({ schema, document: parse(source), operationName, variableValues }).map((error) => error.extensions.code);
  const botsThroughOwner = (inner: string) => `bots(first: $n) { edges { node { ${inner} } } }`;
  const threeDeep = `query Bots($n: Int) { viewer { ${botsThroughOwner(`owner { ${botsThroughOwner(`owner { ${botsThroughOwner('id')} }`)} }`)} } }`;
  const nestedArrays = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
  const { max } = GRAPHQL_LIMITS.variablesNesting;

  it.each([
    ['three nested connections of 20', threeDeep, { n: 20 }, []],
    ['three nested connections of 100', threeDeep, { n: 100 }, ['QUERY_TOO_COSTLY']],
    ['variables at the nesting limit', threeDeep, { n: 1, deep: nestedArrays(max - 1) }, []],
    ['variables past the nesting limit', threeDeep, { n: 1, deep: nestedArrays(max) }, ['VARIABLES_TOO_DEEP']],
  ])('%s', (_name, source, variables, expected) => {
    expect(codes(source, variables)).toEqual(expected);
  });

  it('leaves an unknown operation name to execution', () => {
    expect(codes(threeDeep, { n: 100 }, 'Missing')).toEqual([]);
  });

  it('says the limit and the value found', () => {
    const [error] = operationLimitErrors({ schema, document: parse(threeDeep), variableValues: { n: 100 } });
    expect(error?.message).toMatch(
      new RegExp(`^The operation may return \\d+ fields, over the cost limit of ${GRAPHQL_LIMITS.cost.max}\\.$`),
    );
  });
});
