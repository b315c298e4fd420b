import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomer, type TestAccount } from '../../../test/accounts.ts';
import { graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createDatabase } from '../../platform/database/index.ts';
import { applyMigrations } from '../../platform/database/migrate.ts';

// Counts SQL statements, so it runs on its own embedded database (the pglite project only).
let server: TestServer;
let customer: TestAccount;
const statements: string[] = [];
let counting = false;

beforeAll(async () => {
  const database = await createDatabase({ onQuery: (sql) => void (counting && statements.push(sql)) });
  await applyMigrations(database);
  server = await startTestServer({}, { database });
  customer = await demoCustomer(server);
  // The first token checked in a process rebuilds the revocation list from the rows, once.
  await graphql(server, '{ __typename }', {}, customer.accessToken);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function statementsOf(query: string) {
  statements.length = 0;
  counting = true;
  const result = await graphql(server, query, {}, customer.accessToken);
  counting = false;
  expect(result.errors).toBeUndefined();
  return { data: result.data, statements: [...statements] };
}

describe('checking a bearer token', () => {
  it('costs no SQL statement: `{ viewer { id } }` is answered from the token alone', async () => {
    const { data, statements: sql } = await statementsOf('{ viewer { id } }');
    expect(data.viewer.id).toBe(Buffer.from(`User:${customer.userId}`).toString('base64'));
    expect(sql).toEqual([]);
  });

  it("reads the viewer's row once, and only the columns asked for, when a field needs it", async () => {
    const { data, statements: sql } = await statementsOf('{ viewer { email fullName emailVerified } }');
    expect(data.viewer).toEqual({ email: 'customer@example.com', fullName: 'Demo Customer', emailVerified: true });
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(/FROM "public"\."users"/);
    expect(sql[0]).not.toMatch(/passwordHash/);
  });
});
