import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../scripts/serverProcess.ts';

// `npm start` runs the compiled server (`node dist/main.js`), which the server's build produces; the
// test task depends on that build, so a broken build or a runtime path that only works from src/ fails here.
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chatbot-compiled-'));
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function json(response: Response): Promise<any> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${response.status} ${text.slice(0, 300)}`);
  }
}

describe('the compiled server (node dist/main.js)', () => {
  it('boots on plain Node, answers REST and GraphQL, indexes an uploaded text file in its parse worker, and stops on SIGTERM', async () => {
    server = await startServerProcess('compiled', { dataDir });
    const url = `${server.url}/api/v1`;
    expect(await json(await fetch(`${server.url}/healthz`))).toEqual({ status: 'ok' });

    const login = await fetch(`${url}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com', password: 'customer-demo-2026' }),
    });
    expect(login.status).toBe(200);
    const authorization = `Bearer ${(await json(login)).access_token as string}`;

    const graphql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query: '{ viewer { email } }' }),
    });
    expect(await json(graphql)).toEqual({ data: { viewer: { email: 'customer@example.com' } } });

    const created = await fetch(`${url}/bots/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({
        name: 'Compiled check',
        displayName: 'Ava',
        useCase: 'customer-support',
        description: 'Answers shop questions',
      }),
    });
    const bot = await json(created);
    expect(created.status, JSON.stringify(bot)).toBe(201);

    const form = new FormData();
    form.append('file', new Blob(['Orders ship from our Lyon warehouse within two business days.']), 'policies.txt');
    const uploaded = await fetch(`${url}/bots/${bot.id}/documents`, { method: 'POST', body: form, headers: { authorization } });
    expect(uploaded.status).toBe(201);

    // The in-process queue parses it in a worker thread started from dist/ (parseWorkerBoot.mjs).
    let documents: { status: string; error_message: string | null }[] = [];
    for (let attempt = 0; attempt < 600; attempt++) {
      documents = (await json(await fetch(`${url}/bots/${bot.id}`, { headers: { authorization } }))).documents;
      if (documents.every((document) => document.status !== 'pending' && document.status !== 'processing')) break;
      await sleep(100);
    }
    expect(documents).toMatchObject([{ status: 'completed', error_message: null }]);

    const code = await server.stop();
    expect(code, server.output()).toBe(0);
    server = undefined;
  }, 180_000);
});
