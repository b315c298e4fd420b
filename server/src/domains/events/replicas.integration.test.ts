import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';

// Two API replicas over one database and one Redis: what one records, the other's subscribers see.
let replicaA: TestServer;
let replicaB: TestServer;

beforeAll(async () => {
  const environment = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `test-${randomUUID()}` };
  replicaA = await startTestServer(environment);
  replicaB = await startTestServer(environment, { shareDatabaseWith: replicaA });
});

afterAll(async () => {
  await replicaB?.close();
  await replicaA?.close();
});

describe('subscriptions across replicas through Redis', () => {
  it('delivers an event recorded on replica B to an admin subscribed on replica A', async () => {
    const login = await api(replicaA, 'POST', '/users/login', { body: { email: 'admin@example.com', password: 'admin-demo-2026' } });
    const client = replicaA.subscriptions(login.body.access_token);
    try {
      const subscription = client.iterate<{ systemEventAdded: { event: string } }>({
        query: 'subscription { systemEventAdded { event } }',
      });
      const first = subscription.next();
      let arrived = false;
      void first.then(() => {
        arrived = true;
      });
      const registeredOnB: string[] = [];
      for (let attempt = 0; attempt < 100 && !arrived; attempt++) {
        const email = `replica-${attempt}-${Date.now()}@example.org`;
        const registered = await api(replicaB, 'POST', '/users/register', {
          body: { email, password: 'long enough', full_name: 'Replica' },
        });
        expect(registered.status).toBe(201);
        registeredOnB.push(`User created: ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(registeredOnB).toContain((await first).value?.data?.systemEventAdded.event);
      await subscription.return?.();
    } finally {
      await client.dispose();
    }
  });
});
