import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTrial, grantSubscription, logIn, signUp, type TestAccount } from '../../../test/accounts.ts';
import { graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createDatabase } from '../../platform/database/index.ts';
import { applyMigrations } from '../../platform/database/migrate.ts';

// Counts SQL statements, so it runs on its own embedded database (the pglite project only).
let server: TestServer;
let admin: TestAccount;
const customers: TestAccount[] = [];
const statements: string[] = [];
let counting = false;

beforeAll(async () => {
  const database = await createDatabase({ onQuery: (sql) => void (counting && statements.push(sql)) });
  await applyMigrations(database);
  server = await startTestServer({}, { database });
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  for (const plan of ['Starter', 'Pro', null] as const) {
    const customer = await signUp(server, `Customer on ${plan ?? 'no plan'}`);
    if (plan) await grantSubscription(server, customer.userId, plan);
    else await endTrial(server, customer.userId);
    customers.push(customer);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const globalId = (id: string) => Buffer.from(`User:${id}`).toString('base64');
const USERS = 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on User { email plan } } }';

describe('User.plan', () => {
  it('loads the plans of a page of users in one query', async () => {
    const ids = customers.map((customer) => globalId(customer.userId));
    await graphql(server, '{ viewer { id } }', {}, admin.accessToken);
    counting = true;
    const result = await graphql(server, USERS, { ids }, admin.accessToken);
    counting = false;
    expect(result.errors).toBeUndefined();
    expect(result.data.nodes.map((user: { plan: string }) => user.plan)).toEqual(['starter', 'pro', 'free']);
    expect(statements.filter((sql) => /FROM "public"\."subscriptions"/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /FROM "public"\."users"/.test(sql)).length).toBeLessThanOrEqual(2);
  });

  it('shows a customer only themself: other users are null, with no error', async () => {
    const [self, other] = customers;
    const result = await graphql(server, USERS, { ids: [globalId(self!.userId), globalId(other!.userId)] }, self!.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.nodes).toEqual([{ email: self!.email, plan: 'starter' }, null]);
  });
});
