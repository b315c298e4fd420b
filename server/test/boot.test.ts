import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/serverProcess.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chatbot-boot-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `src/main.ts` as `npm run dev` does (npm start runs the same code compiled), on the embedded default, and waits for its banner. */
async function boot(): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before starting:\n${output}`)));
  });
  return { url: `http://localhost:${port}`, child, output: () => output };
}

async function stop(server: RunningServer): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return exited;
}

// Each test boots the server from source, once or twice: seconds each, many more on a loaded
// 2-core machine, where vitest's 30 s would cut a healthy boot short.
const BOOTS_TIMEOUT_MS = 120_000;

describe('npm start on the embedded default', () => {
  it(
    'boots on a fresh data folder, serves health, readiness, metrics and the app, and stops cleanly on SIGTERM',
    async () => {
      const server = await boot();
      try {
        expect(server.output()).toContain('admin@example.com / admin-demo-2026');
        expect(server.output()).toContain('customer@example.com / customer-demo-2026');

        expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', vectors: 'ok' } });

        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        expect(metrics).toContain('http_request_duration_seconds_bucket');
        expect(metrics).toContain('process_cpu_user_seconds_total');

        const graphiql = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
        expect(graphiql.status).toBe(200);
        expect(await graphiql.text()).toContain('GraphiQL');

        const spaRoute = await fetch(`${server.url}/chatbots`);
        const apiMiss = await fetch(`${server.url}/api/v1/nothing-here`);
        expect(apiMiss.status).toBe(404);
        expect(await apiMiss.json()).toEqual({ detail: 'Not Found' });
        if (existsSync(path.join(serverDir, '../client/dist/index.html'))) {
          expect(spaRoute.status).toBe(200);
          expect(spaRoute.headers.get('content-type')).toContain('text/html');
        }
      } finally {
        expect(await stop(server), server.output()).toBe(0);
      }
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'app-secret'))).toBe(true);
    },
    BOOTS_TIMEOUT_MS,
  );

  it(
    'boots again on the same data folder: migrations and seed are idempotent and sessions survive',
    async () => {
      const first = await boot();
      let accessToken: string;
      try {
        const login = await fetch(`${first.url}/api/v1/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'customer@example.com', password: 'customer-demo-2026' }),
        });
        expect(login.status).toBe(200);
        accessToken = ((await login.json()) as { access_token: string }).access_token;
      } finally {
        expect(await stop(first), first.output()).toBe(0);
      }
      const second = await boot();
      try {
        const me = await fetch(`${second.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
        expect(me.status).toBe(200);
        expect(await me.json()).toMatchObject({ email: 'customer@example.com', plan: 'pro' });
      } finally {
        expect(await stop(second), second.output()).toBe(0);
      }
    },
    BOOTS_TIMEOUT_MS,
  );
});
