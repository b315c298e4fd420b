import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp } from '../test/accounts.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { botWithKnowledge } from '../test/knowledge.ts';
import { readEvents } from '../test/serverSentEvents.ts';

let server: TestServer;
let frontends: string;
let bot: { id: string; widgetToken: string };
let session: string;

/** A built client and widget as their builds lay them out. */
async function writeFrontends(root: string) {
  const clientDist = path.join(root, 'client');
  const widgetDist = path.join(root, 'widget');
  await mkdir(path.join(clientDist, 'assets'), { recursive: true });
  await mkdir(path.join(widgetDist, 'embed-widget/assets'), { recursive: true });
  await writeFile(path.join(clientDist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  await writeFile(path.join(clientDist, 'assets/app.js'), 'console.log("app");');
  await writeFile(path.join(widgetDist, 'widget.js'), 'console.log("loader");');
  await writeFile(
    path.join(widgetDist, 'embed-widget/index.html'),
    '<!doctype html><script type="module" src="./assets/chat.js"></script>',
  );
  await writeFile(path.join(widgetDist, 'embed-widget/assets/chat.js'), 'console.log("chat");');
  return { clientDist, widgetDist };
}

beforeAll(async () => {
  frontends = await mkdtemp(path.join(tmpdir(), 'frontends-'));
  server = await startTestServer({}, { frontends: await writeFrontends(frontends) });
  const owner = await signUp(server, 'Headers');
  await grantSubscription(server, owner.userId, 'Pro');
  bot = await botWithKnowledge(server, owner.accessToken, 'Orders ship from our Lyon warehouse.');
  const created = await fetch(`${server.url}/api/v1/public/bots/sessions/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bot_id: bot.id }),
  });
  session = ((await created.json()) as { session_token: string }).session_token;
});

afterAll(async () => {
  await server?.close();
  if (frontends) await rm(frontends, { recursive: true, force: true });
});

const get = (route: string, init: RequestInit = {}) => fetch(`${server.url}${route}`, init);
const graphqlPost = (query: string) =>
  get('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

describe('security headers', () => {
  it('sends nosniff and a referrer policy on every kind of response, errors and 404s included', async () => {
    const responses: [string, () => Promise<Response>, number][] = [
      ['health', () => get('/healthz'), 200],
      ['REST answer', () => get(`/api/v1/public/bots/settings/${bot.id}`), 200],
      ['REST refusal', () => get('/api/v1/bots'), 401],
      ['REST unknown route', () => get('/api/v1/nothing-here'), 404],
      [
        'REST malformed JSON',
        () => get('/api/v1/users/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
        400,
      ],
      ['address too long', () => get(`/api/v1/bots/${'x'.repeat(101)}`), 414],
      ['unknown API path', () => get('/api/other'), 404],
      ['GraphQL answer', () => graphqlPost('{ __typename }'), 200],
      ['GraphQL error', () => graphqlPost('{ nothing }'), 200],
      ['static file', () => get('/assets/app.js'), 200],
      ['missing static file', () => get('/assets/missing.js', { method: 'HEAD' }), 404],
      ['widget loader', () => get('/widget.js?v=1'), 200],
      ['widget asset', () => get('/embed-widget/assets/chat.js'), 200],
      ['app page', () => get('/'), 200],
      [
        'streamed answer',
        () =>
          get(`/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify({ message: 'Where do orders ship from?', session_token: session }),
          }),
        200,
      ],
    ];
    for (const [name, ask, status] of responses) {
      const response = await ask();
      if (response.headers.get('content-type')?.startsWith('text/event-stream'))
        expect((await readEvents(response)).at(-1)?.event).toBe('done');
      else await response.arrayBuffer();
      expect(response.status, name).toBe(status);
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), name).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    }
  });

  it('serves the app pages, for every path, with a policy allowing scripts from this server only, and no framing', async () => {
    for (const route of ['/', '/dashboard', '/no/such/page?x=1', '/index.html']) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain('/assets/app.js');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, route).toContain("script-src 'self';");
      expect(policy, route).toContain("connect-src 'self';");
      expect(policy, route).toContain("frame-ancestors 'none'");
      expect(policy, route).toContain("object-src 'none'");
      expect(policy, route).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(response.headers.get('referrer-policy'), route).toBe('no-referrer');
    }
  });

  it('serves the widget chat page framable by any site, with scripts from this server only', async () => {
    const response = await get(`/embed-widget?bot_id=${bot.id}&token=${bot.widgetToken}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('./assets/chat.js');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain('frame-ancestors *');
    expect(policy).not.toMatch(/'unsafe-(inline|eval)'/);
  });

  it('leaves the widget loader, which customer sites run, without a page policy', async () => {
    const response = await get('/widget.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
