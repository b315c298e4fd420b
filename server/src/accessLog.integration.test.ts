import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUp } from '../test/accounts.ts';
import { api, startTestServer, type TestServer } from '../test/harness.ts';
import { botWithKnowledge } from '../test/knowledge.ts';
import { readEvents } from '../test/serverSentEvents.ts';

/** The server's log lines, parsed, as an info-level `npm start` writes them. */
const lines: Record<string, any>[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});

let server: TestServer;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logTo: captured });
  const owner = await signUp(server, 'Access Log');
  await grantSubscription(server, owner.userId, 'Pro');
  bot = await botWithKnowledge(server, owner.accessToken, 'Orders ship from our Lyon warehouse.');
});

afterAll(async () => {
  await server?.close();
});

describe('the access log', () => {
  it('writes one line per request once it is answered: method, address without secrets, status and duration', async () => {
    const session = (await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
    lines.length = 0;
    const streamed = await fetch(`${server.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'Where do orders ship from?', session_token: session }),
    });
    expect((await readEvents(streamed)).at(-1)?.event).toBe('done');
    const refused = await fetch(`${server.url}/api/v1/public/bots/${bot.id}/chat?token=wrong`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello', session_token: session }),
    });
    expect(refused.status).toBe(401);
    await fetch(`${server.url}/healthz`);

    const requests = lines.filter((line) => line.req || line.res);
    expect(requests.map((line) => [line.msg, line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['request completed', 'POST', `/api/v1/public/bots/${bot.id}/chat?token=%5Bredacted%5D`, 200],
      ['request completed', 'POST', `/api/v1/public/bots/${bot.id}/chat?token=%5Bredacted%5D`, 401],
      ['request completed', 'GET', '/healthz', 200],
    ]);
    expect(requests.every((line) => typeof line.responseTime === 'number' && line.req.ip)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(bot.widgetToken);
  });

  it("keeps WhatsApp's webhook verify token out of the line of Meta's verification call", async () => {
    const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
    const verifyToken = 'meta-verify-token-0f3a9c';
    const saved = await api(server, 'PUT', '/admin/config/', {
      token: admin.accessToken,
      body: { key: 'whatsapp_verify_token', value: verifyToken },
    });
    expect(saved.status).toBe(200);
    lines.length = 0;
    const verified = await fetch(
      `${server.url}/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=8812`,
    );
    expect(await verified.text()).toBe('8812');

    const requests = lines.filter((line) => line.req || line.res);
    expect(requests.map((line) => [line.req?.url, line.res?.statusCode])).toEqual([
      ['/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=%5Bredacted%5D&hub.challenge=8812', 200],
    ]);
    expect(JSON.stringify(lines)).not.toContain(verifyToken);
  });
});
