import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function tokenFor(email: string, password: string): Promise<string> {
  const login = await api(server, 'POST', '/users/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return login.body.access_token;
}

describe('systemEventAdded over graphql-ws', () => {
  it('delivers the event of a new registration to a subscribed admin', async () => {
    const admin = server.subscriptions(await tokenFor('admin@example.com', 'admin-demo-2026'));
    const subscription = admin.iterate<{ systemEventAdded: { event: string; category: string; level: string } }>({
      query: 'subscription { systemEventAdded { event category level timestamp } }',
    });
    const first = subscription.next();
    // The server subscribes asynchronously: keep registering people until the first event arrives.
    const registeredEmails: string[] = [];
    let received: Awaited<typeof first> | undefined;
    void first.then((value) => {
      received = value;
    });
    for (let attempt = 0; attempt < 100 && !received; attempt++) {
      const email = `subscriber-${attempt}-${Date.now()}@example.org`;
      const registered = await api(server, 'POST', '/users/register', { body: { email, password: 'long enough', full_name: 'Sub' } });
      expect(registered.status).toBe(201);
      registeredEmails.push(email);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const event = (await first).value?.data?.systemEventAdded;
    expect(event).toMatchObject({ category: 'auth', level: 'success' });
    expect(registeredEmails.map((email) => `User created: ${email}`)).toContain(event?.event);
    await subscription.return?.();
  });

  it('refuses the subscription to a customer and to an anonymous client', async () => {
    for (const token of [await tokenFor('customer@example.com', 'customer-demo-2026'), undefined]) {
      const subscription = server.subscriptions(token).iterate({ query: 'subscription { systemEventAdded { event } }' });
      const result = await subscription.next().catch((error: unknown) => ({ error }));
      const errors = 'error' in result ? result.error : result.value?.errors;
      expect(JSON.stringify(errors)).toMatch(/Authentication required|do not have access/);
    }
  });
});
