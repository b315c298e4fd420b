import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../scripts/cluster.ts';
import { freePort } from '../scripts/serverProcess.ts';

// `npm run cluster` as a test: the machine's PostgreSQL and Redis (CI starts both), the compiled
// server (the test task builds it first), every process on a free port.
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = `chatbot_cluster_test_${process.pid}`;
let dataDir: string;
let cluster: Cluster | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chatbot-cluster-'));
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = `/${database}`;
  cluster = await startCluster({
    databaseUrl: databaseUrl.href,
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `cluster-test-${process.pid}`,
    apiPorts: [await freePort(), await freePort()],
    chromaPort: await freePort(),
    dataDir,
    echo: false,
  });
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await client.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run cluster', () => {
  it('serves one installation from two replicas: a session opened on one is valid on the other', async () => {
    const [first, second] = cluster!.apiUrls;
    const login = await fetch(`${first}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com', password: 'customer-demo-2026' }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const me = await fetch(`${second}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('customer@example.com');
    for (const url of cluster!.apiUrls) {
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready', checks: { database: 'ok', vectors: 'ok' } });
    }
  });
});
