import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomer } from '../../test/accounts.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { GRAPHIQL_INTROSPECTION_QUERY } from '../../test/introspection.ts';
import { GRAPHQL_LIMITS } from './limits.ts';

let server: TestServer;
let customerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  customerToken = (await demoCustomer(server)).accessToken;
});

afterAll(async () => {
  await server?.close();
});

interface GraphQLResponse {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** Posts a raw JSON body, so a test can send variables nested deeper than JSON.stringify can write. */
async function postGraphQL(body: string, token?: string, headers: Record<string, string> = {}): Promise<GraphQLResponse> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as GraphQLResponse['body'] };
}

const LIMIT_CODES = new Set<unknown>(Object.values(GRAPHQL_LIMITS).map((limit) => limit.code));

const request = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
const repeated = (count: number, item: (index: number) => string) => Array.from({ length: count }, (_, index) => item(index)).join(' ');

/** `viewer { bots(first: …) { edges { node { owner { bots(first: …) … leaf } } } } }`, `levels` bots deep. */
function botsThroughOwner(levels: number, first: string, leaf = 'id'): string {
  const opening = repeated(levels, () => `owner { bots(first: ${first}) { edges { node {`).replace(/^owner \{ /, '');
  return `viewer { ${opening} ${leaf} ${'} } } }'.repeat(levels - 1)} } } } }`;
}

/** 50 fields deep: viewer, 12 times bots > edges > node (> owner), then owner > id. */
const fiftyDeep = `{ ${botsThroughOwner(12, '1', 'owner { id }')} }`;

/** Variables `{ "type": [[[...]]] }` or `{ "type": {"a":{"a":...}} }` as raw JSON, `levels` deep. */
const deepArrays = (levels: number) => `{"type": ${'['.repeat(levels)}"credit"${']'.repeat(levels)}}`;
const deepObjects = (levels: number) => `{"type": ${'{"a":'.repeat(levels)}"credit"${'}'.repeat(levels)}}`;
const plansByType = 'query Plans($type: PlanType) { paymentPlans(type: $type) { id } }';
const requestWithRawVariables = (query: string, variables: string) => `{"query": ${JSON.stringify(query)}, "variables": ${variables}}`;

const plansOfType = (literal: string) => `{ paymentPlans(type: ${literal}) { id } }`;
const deepListLiteral = plansOfType(`${'['.repeat(2000)}credit${']'.repeat(2000)}`);

const abuses: { name: string; body: string; code: string }[] = [
  { name: 'a list literal 2,000 levels deep', body: request(deepListLiteral), code: 'PARSE_NESTING_TOO_DEEP' },
  { name: '3,000 nested input objects', body: request(plansOfType(`${'{a: '.repeat(3000)}1${'}'.repeat(3000)}`)), code: 'QUERY_TOO_LARGE' },
  {
    name: 'input objects nested 1,000 deep within the token limit',
    body: request(plansOfType(`${'{a: '.repeat(1000)}1${'}'.repeat(1000)}`)),
    code: 'PARSE_NESTING_TOO_DEEP',
  },
  {
    name: 'variables nested 100,000 arrays deep',
    body: requestWithRawVariables(plansByType, deepArrays(100_000)),
    code: 'VARIABLES_TOO_DEEP',
  },
  {
    name: 'variables nested 100,000 objects deep',
    body: requestWithRawVariables(plansByType, deepObjects(100_000)),
    code: 'VARIABLES_TOO_DEEP',
  },
  { name: 'a query 50 fields deep', body: request(fiftyDeep), code: 'QUERY_TOO_DEEP' },
  { name: '1,000 aliases', body: request(`{ ${repeated(1000, (index) => `a${index}: __typename`)} }`), code: 'TOO_MANY_ALIASES' },
  {
    name: '5,000 aliased fields',
    body: request(`{ ${repeated(5000, (index) => `p${index}: paymentPlans { id }`)} }`),
    code: 'QUERY_TOO_LARGE',
  },
  { name: 'bots(first: 100) nested five times through owner', body: request(`{ ${botsThroughOwner(5, '100')} }`), code: 'QUERY_TOO_DEEP' },
  {
    name: 'bots(first: 100) nested three times through owner',
    body: request(`{ ${botsThroughOwner(3, '100')} }`),
    code: 'QUERY_TOO_COSTLY',
  },
  {
    name: 'bots(first: $size) nested three times with size 100 in the variables',
    body: request(`query Bots($size: Int) { ${botsThroughOwner(3, '$size')} }`, { size: 100 }),
    code: 'QUERY_TOO_COSTLY',
  },
];

describe.each([
  ['anonymously', () => undefined],
  ['as the seeded customer', () => customerToken],
])('GraphQL limits over HTTP, %s', (_who, token) => {
  it.each(abuses)('refuses $name with 400 and $code, and no data', async ({ body, code }) => {
    const response = await postGraphQL(body, token());
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(400);
    expect(response.body.data).toBeUndefined();
    const codes = response.body.errors?.map((error) => error.extensions?.code);
    expect(codes).toContain(code);
    expect(codes?.every((each) => LIMIT_CODES.has(each))).toBe(true);
    const refusal = response.body.errors?.find((error) => error.extensions?.code === code);
    expect(refusal?.message).toMatch(new RegExp(`\\d+.*limit of ${refusal?.extensions?.limit}`));
  });
});

describe('GraphQL limits under Accept: application/json', () => {
  // graphql-over-http answers a legacy JSON client's parse and validation errors with 200; a refused limit stays a 400.
  it.each(abuses.filter(({ code }) => ['PARSE_NESTING_TOO_DEEP', 'QUERY_TOO_DEEP', 'QUERY_TOO_COSTLY'].includes(code)))(
    'refuses $name with 400 and $code',
    async ({ body, code }) => {
      const response = await postGraphQL(body, customerToken, { accept: 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body.errors?.map((error) => error.extensions?.code)).toEqual([code]);
    },
  );
});

describe('GraphQL limits leave ordinary operations alone', () => {
  it('answers a customer query with a connection inside the cost limit', async () => {
    const response = await postGraphQL(request(`query Bots($size: Int) { ${botsThroughOwner(2, '$size')} }`, { size: 5 }), customerToken);
    expect(response.body.errors).toBeUndefined();
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ viewer: { bots: { edges: expect.any(Array) } } });
  });

  it("answers GraphiQL's introspection query, every option on", async () => {
    const response = await postGraphQL(request(GRAPHIQL_INTROSPECTION_QUERY));
    expect(response.body.errors).toBeUndefined();
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ __schema: { queryType: { name: 'Query' } } });
  });

  it('still serves GraphiQL on GET', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('GraphiQL');
  });
});

describe('GraphQL limits over graphql-ws', () => {
  const refusalCode = (error: unknown) => (Array.isArray(error) ? error.map((item) => item?.extensions?.code) : error);

  it.each([
    { name: 'a list literal 2,000 levels deep', query: deepListLiteral, code: 'PARSE_NESTING_TOO_DEEP' },
    { name: 'bots(first: 100) nested three times', query: `{ ${botsThroughOwner(3, '100')} }`, code: 'QUERY_TOO_COSTLY' },
    { name: 'a query 50 fields deep', query: fiftyDeep, code: 'QUERY_TOO_DEEP' },
  ])('refuses $name with $code and keeps the socket open', async ({ query, code }) => {
    const client = server.subscriptions(customerToken);
    const refused = client.iterate({ query });
    await expect(refused.next().catch(refusalCode)).resolves.toEqual([code]);
    const answered = client.iterate<{ viewer: { id: string } }>({ query: '{ viewer { id } }' });
    expect((await answered.next()).value?.data?.viewer.id).toEqual(expect.any(String));
    await answered.return?.();
  });

  it('refuses variables nested deeper than the limit', async () => {
    const variables = { type: JSON.parse(deepArrays(GRAPHQL_LIMITS.variablesNesting.max + 1)).type };
    const refused = server.subscriptions().iterate({ query: plansByType, variables });
    await expect(refused.next().catch(refusalCode)).resolves.toEqual(['VARIABLES_TOO_DEEP']);
  });
});
