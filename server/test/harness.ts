import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logging.ts';
import { ManualClock } from '../src/platform/clock/index.ts';
import type { Database } from '../src/platform/database/index.ts';
import { createPlatform, type Platform } from '../src/platform/index.ts';
import { seedDatabase } from '../src/seed/seed.ts';
import { createServices, type Services } from '../src/services.ts';
import { createTestDatabase } from './database.ts';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export interface TestServer {
  url: string;
  wsUrl: string;
  /** A graphql-ws client signed in with `token` (anonymous without), closed with the server. */
  subscriptions(token?: string): Client;
  app: FastifyInstance;
  platform: Platform;
  services: Services;
  clock: ManualClock;
  outbox(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

/**
 * The real server on a random port over a fresh database (PGlite, or PostgreSQL when DATABASE_URL is
 * set), seeded like a boot, with mail in a temporary outbox and a clock the test can move.
 */
export async function startTestServer(
  environment: Record<string, string> = {},
  options: {
    shareDatabaseWith?: TestServer;
    database?: Database;
    logTo?: DestinationStream;
    /** The clock keeps time as well as moving when told (see ManualClock). */
    clockRuns?: boolean;
    /** Built client and widget to serve instead of the workspaces' dist folders. */
    frontends?: AppOptions;
  } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatbot-test-'));
  // A second replica shares the first one's database, which the first one drops; a given database is its giver's.
  const given = options.shareDatabaseWith?.platform.database ?? options.database;
  const testDatabase = given ? { database: given, drop: async () => {} } : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-that-is-long-enough-for-keys',
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Each test call comes from its own address (see `api`) so per-IP limits only bite where a test means them to.
    TRUST_PROXY: 'true',
    ...environment,
  });
  const clock = new ManualClock(new Date(), { running: options.clockRuns });
  const platform = await createPlatform(config, {
    logger: createLogger(config.logLevel, options.logTo),
    database: testDatabase.database,
    clock,
  });
  if (!options.shareDatabaseWith) await seedDatabase(platform.prisma, config, clock);
  const services = createServices(platform);
  const app = await buildApp(platform, services, options.frontends);
  await app.listen({ port: 0, host: '127.0.0.1' });
  await platform.queue.start();
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  const wsUrl = `ws://127.0.0.1:${address.port}/graphql`;
  const subscriptionClients: Client[] = [];

  return {
    url,
    wsUrl,
    subscriptions(token) {
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
      });
      subscriptionClients.push(client);
      return client;
    },
    app,
    platform,
    services,
    clock,
    async outbox() {
      const directory = path.join(dataDir, 'outbox');
      const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
      return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(directory, file), 'utf8')) as OutboxMessage));
    },
    async close() {
      await Promise.all(subscriptionClients.map(async (client) => client.dispose()));
      const closed = app.close();
      // Every test is over: no answer is cut short. Without this, a keep-alive socket that served a
      // file stream (/widget.js) was at times not seen as idle and held the close for Node's 72 s.
      app.server.closeAllConnections();
      await closed;
      await platform.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the REST shim the way the client does: JSON in, JSON out, optional bearer token. */
export async function api<T = any>(
  server: { url: string },
  method: string,
  route: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': randomClientIp(), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}/api/v1${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.51.${octet()}.${octet()}`;
}

/** Posts a GraphQL operation over HTTP. */
export async function graphql<T = any>(
  server: { url: string },
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': randomClientIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T; errors?: { message: string }[] };
}
