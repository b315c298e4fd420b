import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomer, logIn } from '../../test/accounts.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
const tokens: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = await startTestServer();
  tokens.anonymous = undefined;
  // A customer's queries go through the response cache; an admin's do not.
  tokens.customer = (await demoCustomer(server)).accessToken;
  tokens.admin = (await logIn(server, 'admin@example.com', 'admin-demo-2026')).accessToken;
});

afterAll(async () => {
  await server?.close();
});

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const INVALID_DOCUMENTS = [
  ['an unknown field', '{ nothing }'],
  ['an unknown field of the viewer', '{ viewer { nope } }'],
  ['an unused variable', 'query Unused($a: Int) { viewer { id } }'],
];

async function ask(method: 'GET' | 'POST', query: string, accept: string, token: string | undefined) {
  const headers: Record<string, string> = { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response =
    method === 'POST'
      ? await fetch(`${server.url}/graphql`, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        })
      : await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { headers });
  const body = (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
  return { status: response.status, type: response.headers.get('content-type'), body };
}

describe('GraphQL over HTTP: a document that fails validation', () => {
  describe.each(['anonymous', 'customer', 'admin'])('asked by %s', (who) => {
    it.each(INVALID_DOCUMENTS)(
      `answers 400 to ${GRAPHQL_RESPONSE} for %s, each time it is asked, by GET and POST`,
      async (_name, query) => {
        for (const method of ['POST', 'POST', 'GET'] as const) {
          const response = await ask(method, query, GRAPHQL_RESPONSE, tokens[who]);
          expect(response.status, method).toBe(400);
          expect(response.type).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`);
          expect(response.body.data).toBeUndefined();
          expect(response.body.errors?.map((error) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
        }
      },
    );

    it.each(INVALID_DOCUMENTS)('still answers 200 to a legacy application/json client for %s', async (_name, query) => {
      for (const method of ['POST', 'GET'] as const) {
        const response = await ask(method, query, 'application/json', tokens[who]);
        expect(response.status, method).toBe(200);
        expect(response.body.errors?.map((error) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      }
    });
  });

  it(`answers 400 to ${GRAPHQL_RESPONSE} after the same customer's valid query was answered from the cache`, async () => {
    const valid = await ask('POST', '{ viewer { fullName } }', GRAPHQL_RESPONSE, tokens.customer);
    const cached = await ask('POST', '{ viewer { fullName } }', GRAPHQL_RESPONSE, tokens.customer);
    expect([valid.status, cached.status]).toEqual([200, 200]);
    expect((await ask('POST', '{ viewer { fullName nope } }', GRAPHQL_RESPONSE, tokens.customer)).status).toBe(400);
  });
});
