// What the cluster tests share: `npm run cluster`'s topology (two API replicas, a worker, Chroma, the
// machine's PostgreSQL and Redis) with the outside services faked at HTTP level, and small clients
// that reach it only the way customers and widgets do (REST, GraphQL over HTTP, graphql-ws), plus a
// PostgreSQL connection to check outcomes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type Client } from 'graphql-ws';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { startCluster, type Cluster } from '../../scripts/cluster.ts';
import { freePort } from '../../scripts/serverProcess.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fakeOpenAI.ts';
import { FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fakeStripe.ts';

/** How long a test waits for something the cluster does in the background (never a timed assertion). */
export const PATIENCE_MS = 60_000;

export interface Replica {
  name: string;
  url: string;
  wsUrl: string;
}

export interface TestCluster {
  replicas: [Replica, Replica];
  /** The cluster's database, for checking outcomes. */
  db: pg.Pool;
  /** Its name, and the Redis server the processes share. */
  databaseName: string;
  redisUrl: string;
  /** The cluster's Chroma server, for checking the vectors written. */
  chromaUrl: string;
  /** The cluster's own Redis server, when started with `ownRedis` (a test may stop and start it). */
  redis?: LocalRedis;
  openAi: FakeOpenAI;
  stripe: FakeStripe;
  logsDir: string;
  /** Mail the replicas wrote (the shared data folder's outbox), oldest first. */
  outbox(): Promise<{ to: string; subject: string; text: string }[]>;
  /** The last lines each process logged, to show beside a failure (the logs go with the cluster). */
  logTails(lines?: number): Promise<string>;
  /** One process's whole log (`api-1`, `api-2`, `worker`). */
  log(process: 'api-1' | 'api-2' | 'worker'): Promise<string>;
  /** Stops one process with `signal` and starts it again (see Cluster.restart); the replicas keep their URLs. */
  restart: Cluster['restart'];
  /** Stops the cluster's Chroma server and starts it again (see Cluster.chroma). */
  chroma: Cluster['chroma'];
  /** A graphql-ws client on one replica, signed in with `token`; closed with the cluster. */
  subscriptions(replica: Replica, token?: string): Client;
  stop(): Promise<void>;
}

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestClusterOptions {
  /** More variables for every process (e.g. JOB_LOCK_MS); the fakes' and the cluster's own stay. */
  env?: Record<string, string>;
  /** Run a Redis server of the cluster's own on a free port (see TestCluster.redis) instead of the machine's. */
  ownRedis?: boolean;
}

/** One cluster on free ports, its own database, Redis prefix and data folder; `stop` removes all three. */
export async function startTestCluster(options: TestClusterOptions = {}): Promise<TestCluster> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatbot-cluster-'));
  const redis = options.ownRedis ? await startLocalRedis(path.join(dataDir, 'redis')) : undefined;
  const clusterRedisUrl = redis?.url ?? redisUrl();
  const database = `chatbot_cluster_test_${process.pid}_${randomUUID().slice(0, 8)}`;
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = `/${database}`;
  const redisPrefix = `cluster-test-${randomUUID()}`;
  const openAi = await startFakeOpenAI();
  const stripe = await startFakeStripe();
  let cluster: Cluster | undefined;
  let db: pg.Pool | undefined;
  const clients: Client[] = [];

  const stop = async () => {
    await Promise.all(clients.map(async (client) => client.dispose()));
    await db?.end();
    // The processes stop cleanly only with their Redis there (a test may have left it stopped).
    await redis?.start();
    await cluster?.stop();
    await openAi.close();
    await stripe.close();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    if (redis) await redis.stop();
    else await deleteRedisKeys(redisPrefix);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    cluster = await startCluster({
      databaseUrl: databaseUrl.href,
      redisUrl: clusterRedisUrl,
      redisPrefix,
      apiPorts: [await freePort(), await freePort()],
      chromaPort: await freePort(),
      dataDir,
      echo: process.env.CLUSTER_TEST_ECHO === '1',
      env: {
        OPENAI_API_KEY: 'sk-platform-key-0000000000000000',
        OPENAI_BASE_URL: openAi.baseUrl,
        LLM_MODEL: 'test-model',
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
        ...options.env,
      },
    });
    db = new pg.Pool({ connectionString: databaseUrl.href, max: 2 });
  } catch (error) {
    // Its logs go with it: keep their ends in the error.
    const logs = await logTails(path.join(dataDir, 'logs'), 40);
    await stop();
    throw new Error(`the cluster did not start: ${error instanceof Error ? error.message : String(error)}\n${logs}`, { cause: error });
  }
  const [first, second] = cluster.apiUrls;
  const { logsDir, chromaUrl } = cluster;
  const replica = (name: string, url: string): Replica => ({ name, url, wsUrl: `${url.replace(/^http/, 'ws')}/graphql` });
  return {
    replicas: [replica('A', first!), replica('B', second!)],
    db,
    databaseName: database,
    redisUrl: clusterRedisUrl,
    chromaUrl,
    redis,
    openAi,
    stripe,
    logsDir,
    async outbox() {
      const directory = path.join(dataDir, 'outbox');
      const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
      return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(directory, file), 'utf8'))));
    },
    logTails: (lines = 40) => logTails(logsDir, lines),
    log: (process) => readFile(path.join(logsDir, `${process}.log`), 'utf8'),
    restart: (name, signal) => cluster!.restart(name, signal),
    chroma: cluster.chroma,
    subscriptions(on, token) {
      const client = createClient({
        url: on.wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
      });
      clients.push(client);
      return client;
    },
    stop,
  };
}

async function logTails(logsDir: string, lines: number): Promise<string> {
  const files = (await readdir(logsDir).catch(() => [] as string[])).sort();
  const tails = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(logsDir, file), 'utf8');
      return `--- ${file} (last ${lines} lines)\n${text.trimEnd().split('\n').slice(-lines).join('\n')}`;
    }),
  );
  return tails.join('\n');
}

function redisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

export interface LocalRedis {
  url: string;
  /** Stops the server (SIGTERM: it writes its data first) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the data it wrote; resolves once it answers (at once when it runs). */
  start(): Promise<void>;
}

/**
 * A `redis-server` of the cluster's own on a free port, keeping its data in `dir` (append-only file,
 * written at every command) so that stopping and starting it loses no job.
 */
export async function startLocalRedis(dir: string): Promise<LocalRedis> {
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited = Promise.resolve();
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
      { stdio: 'ignore' },
    );
    child = server;
    exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    const deadline = Date.now() + PATIENCE_MS;
    for (;;) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      // Refused while the server starts: the failed connect answers below, not as an unhandled error event.
      probe.on('error', () => {});
      const answered = await probe
        .connect()
        .then(() => probe.ping())
        .then(
          () => true,
          () => false,
        );
      probe.disconnect();
      if (answered) return;
      if (server.exitCode !== null) throw new Error(`redis-server on port ${port} exited at start`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within ${PATIENCE_MS / 1000} s`);
      await sleep(50);
    }
  };
  await start();
  return {
    url,
    async stop() {
      if (!child || child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
    start,
  };
}

/** The cluster's keys (jobs, rate limits, revocations) go with it. */
async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl());
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A REST call as the client and the widget make it: JSON in and out, optional bearer token, its own client address. */
export async function api<T = any>(
  on: Replica,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? randomClientIp() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${on.url}/api/v1${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, body: (await jsonOrText(response)) as T };
}

/** A GraphQL operation over HTTP. */
export async function graphql<T = any>(
  on: Replica,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ status: number; data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  const response = await fetch(`${on.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': randomClientIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

/** Uploads a file through the editor's REST route, as the browser does. */
export async function uploadDocument(on: Replica, token: string, botId: string, fileName: string, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = await fetch(`${on.url}/api/v1/bots/${botId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientIp() },
    body: form,
  });
  return { status: response.status, body: (await jsonOrText(response)) as any };
}

async function jsonOrText(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.51.${octet()}.${octet()}`;
}

export const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

export interface SignedIn {
  userId: string;
  email: string;
  accessToken: string;
  refreshToken: string;
}

export async function logIn(on: Replica, email: string, password: string): Promise<SignedIn> {
  const login = await api(on, 'POST', '/users/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login on ${on.name} failed: ${JSON.stringify(login.body)}`);
  return { userId: login.body.user.id, email, accessToken: login.body.access_token, refreshToken: login.body.refresh_token };
}

/** The seeded demo customer (Pro plan), signed in on `on`. */
export const demoCustomer = (on: Replica) => logIn(on, 'customer@example.com', 'customer-demo-2026');

/** Registers a customer on `on`, follows the verification link from the shared outbox and signs in. */
export async function signUp(cluster: TestCluster, on: Replica): Promise<SignedIn> {
  const email = `customer-${randomUUID()}@example.org`;
  const password = 'a long enough password';
  const registered = await api(on, 'POST', '/users/register', { body: { email, password, full_name: 'Cluster Customer' } });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const token = await eventually(`the verification mail to ${email}`, async () => {
    const mail = (await cluster.outbox()).filter((message) => message.to === email).at(-1);
    return (mail && /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]) || undefined;
  });
  const confirmed = await api(on, 'POST', `/users/verify-email/confirm/${token}`);
  if (confirmed.status !== 200) throw new Error(`verification failed: ${JSON.stringify(confirmed.body)}`);
  return logIn(on, email, password);
}

/** A bot of the signed-in customer, created on `on`. */
export async function createBot(
  on: Replica,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; widgetToken: string }> {
  const created = await api(on, 'POST', '/bots/save', {
    token,
    body: { name: 'Cluster bot', displayName: 'Ava', useCase: 'customer-support', description: 'Answers shop questions', ...fields },
  });
  if (created.status !== 201) throw new Error(`bot creation failed: ${JSON.stringify(created.body)}`);
  return { id: created.body.id, widgetToken: created.body.widgetToken };
}

/** Starts a crawl of `url` at depth 1 on `on` over GraphQL; its global id and the id of its row. */
export async function startCrawl(on: Replica, token: string, botId: string, url: string): Promise<{ id: string; rowId: string }> {
  const started = await graphql(
    on,
    'mutation ($botId: ID!, $url: String!) { startCrawl(botId: $botId, url: $url, maxDepth: 1) { __typename ... on WebSource { id } ... on Error { message } } }',
    { botId: globalId('Bot', botId), url },
    token,
  );
  if (started.data?.startCrawl?.__typename !== 'WebSource') throw new Error(`the crawl did not start: ${JSON.stringify(started)}`);
  const id: string = started.data.startCrawl.id;
  return { id, rowId: Buffer.from(id, 'base64').toString().split(':')[1]! };
}

/** Polls `probe` until it returns something other than undefined/false, for at most PATIENCE_MS. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${PATIENCE_MS / 1000} s`);
    await sleep(50);
  }
}

export interface Watcher<T> {
  events: T[];
  /** The first event, received or to come, for which `predicate` holds; rejects after PATIENCE_MS. */
  next(what: string, predicate: (event: T) => boolean): Promise<T>;
  close(): Promise<void>;
}

/** Subscribes over graphql-ws and keeps every event, so a test can wait for the ones it expects. */
export function watch<T>(client: Client, query: string, variables: Record<string, unknown>, pick: (data: any) => T): Watcher<T> {
  const events: T[] = [];
  const waiters = new Set<{ predicate: (event: T) => boolean; resolve: (event: T) => void; reject: (error: unknown) => void }>();
  let failure: unknown;
  const iterator = client.iterate({ query, variables });
  const pump = (async () => {
    for await (const result of iterator) {
      if (result.errors) throw new Error(`subscription error: ${JSON.stringify(result.errors)}`);
      const event = pick(result.data);
      events.push(event);
      for (const waiter of [...waiters].filter((candidate) => candidate.predicate(event))) {
        waiters.delete(waiter);
        waiter.resolve(event);
      }
    }
  })().catch((error: unknown) => {
    failure = error;
    for (const waiter of waiters) waiter.reject(error);
    waiters.clear();
  });
  return {
    events,
    next(what, predicate) {
      if (failure) return Promise.reject(failure instanceof Error ? failure : new Error(JSON.stringify(failure)));
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise<T>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (event: T) => {
            clearTimeout(timer);
            resolve(event);
          },
          reject: (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`gave up waiting for ${what} after ${PATIENCE_MS / 1000} s; received ${JSON.stringify(events)}`));
        }, PATIENCE_MS);
        waiters.add(waiter);
      });
    },
    async close() {
      await iterator.return?.();
      await pump;
    },
  };
}
