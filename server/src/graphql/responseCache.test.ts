import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUp, type TestAccount } from '../../test/accounts.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fakeOpenAI.ts';
import { api, graphql, startTestServer, type TestServer } from '../../test/harness.ts';
import { createDatabase } from '../platform/database/index.ts';
import { applyMigrations } from '../platform/database/migrate.ts';
import { systemClock } from '../platform/clock/index.ts';
import { MemoryRevocationList, type RevocationList } from '../platform/revocations/index.ts';
import { RESPONSE_CACHE_LIMITS, ResponseCache } from './responseCache.ts';
import { documentStatusTopic, type DocumentStatusEvent } from '../domains/knowledge/events.ts';

// Counts SQL statements, so it runs on its own embedded database (the pglite project only).
let server: TestServer;
let model: FakeOpenAI;
let owner: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let botId: string;
const statements: string[] = [];
let counting = false;

const BOTS_SCREEN = `{ viewer { bots(first: 5) { edges { node { id name status conversationsToday } } } billing { credits { balance } } } }`;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

beforeAll(async () => {
  const database = await createDatabase({ onQuery: (sql) => void (counting && statements.push(sql)) });
  await applyMigrations(database);
  model = await startFakeOpenAI();
  server = await startTestServer({ OPENAI_API_KEY: 'sk-test-platform-key-000000000000', OPENAI_BASE_URL: model.baseUrl }, { database });
  owner = await signUp(server, 'Cached Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Other Customer');
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  const created = await api(server, 'POST', '/bots/save', {
    token: owner.accessToken,
    body: { name: 'Cached bot', displayName: 'Cache', useCase: 'faq-bot', description: 'Answers from the cache test.' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  botId = created.body.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await model?.close();
});

// The test clock stands still unless moved: what was written just now is "now", so every read moves it on first.
beforeEach(() => {
  server.clock.advance(RESPONSE_CACHE_LIMITS.clockMarginMs + 1);
});

async function read(account: TestAccount, query = BOTS_SCREEN) {
  statements.length = 0;
  counting = true;
  const result = await graphql(server, query, {}, account.accessToken);
  counting = false;
  return { ...result, statements: statements.length };
}

/** Reads twice, the second time from the cache; the clock moves first, past what was written just now. */
async function cachedRead(account: TestAccount, query = BOTS_SCREEN) {
  server.clock.advance(RESPONSE_CACHE_LIMITS.clockMarginMs + 1);
  const first = await read(account, query);
  expect(first.errors).toBeUndefined();
  const again = await read(account, query);
  expect(again).toEqual({ ...first, statements: 0 });
  return first;
}

const botsOf = (result: { data?: any }) => result.data.viewer.bots.edges.map((edge: any) => edge.node);

describe("a customer's repeated query", () => {
  it('is answered without running it again until the customer changes something, then read afresh', async () => {
    const first = await read(owner);
    expect(first.errors).toBeUndefined();
    expect(first.statements).toBeGreaterThan(0);
    const again = await read(owner);
    expect(again).toEqual({ ...first, statements: 0 });

    const renamed = await graphql(
      server,
      'mutation($id: ID!) { updateBot(id: $id, input: { name: "Renamed bot" }) { __typename } }',
      { id: globalId('Bot', botId) },
      owner.accessToken,
    );
    expect(renamed.errors).toBeUndefined();
    const afterMutation = await read(owner);
    expect(afterMutation.statements).toBeGreaterThan(0);
    expect(botsOf(afterMutation)[0].name).toBe('Renamed bot');

    await cachedRead(owner);
    await cachedRead(owner);
    const overSocket = await server
      .subscriptions(owner.accessToken)
      .iterate({
        query: 'mutation($id: ID!) { updateBot(id: $id, input: { name: "Socket bot" }) { __typename } }',
        variables: { id: globalId('Bot', botId) },
      })
      .next();
    expect(overSocket.value?.errors).toBeUndefined();
    expect(botsOf(await read(owner))[0].name).toBe('Socket bot');

    const patched = await api(server, 'PATCH', `/bots/${botId}`, { token: owner.accessToken, body: { name: 'Patched bot' } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(botsOf(await read(owner))[0].name).toBe('Patched bot');
  });

  it("is never another customer's: each reads their own rows", async () => {
    await read(owner);
    const theirs = await read(stranger);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.statements).toBeGreaterThan(0);
    expect(botsOf(theirs)).toEqual([]);
  });

  it('shows a visitor’s new conversation at once: the widget’s writes announce it', async () => {
    const before = botsOf(await cachedRead(owner))[0].conversationsToday;
    const session = await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: botId } });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(botsOf(await read(owner))[0].conversationsToday).toBe(before + 1);
  });

  it("shows an admin's grant of credits at once", async () => {
    const before = (await cachedRead(owner)).data.viewer.billing.credits.balance;
    const granted = await graphql(
      server,
      'mutation($id: ID!) { r: grantCustomerCredits(customerId: $id, amount: 5, reason: "Support") { __typename } }',
      { id: globalId('Customer', owner.userId) },
      admin.accessToken,
    );
    expect(granted.errors).toBeUndefined();
    expect((await read(owner)).data.viewer.billing.credits.balance).toBe(before + 5);
  });

  it('shows a document finished in the background at once', async () => {
    const embeddings = model.holdEmbeddings();
    const form = new FormData();
    form.append('file', new Blob(['Opening hours: nine to five, Monday to Friday.']), 'hours.txt');
    const uploaded = await fetch(`${server.url}/api/v1/bots/${botId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id: documentId } = (await uploaded.json()) as { id: string };
    const query = `{ viewer { bots(first: 5) { edges { node { status documents { edges { node { id status } } } } } } } }`;
    const documentStatus = (result: { data?: any }) => botsOf(result)[0].documents.edges[0].node.status;
    // Read (and kept) while the document is being learned: its job waits for its embeddings.
    await embeddings.arrived;
    expect(documentStatus(await cachedRead(owner, query))).toBe('processing');
    // What the editor's live list hears: the next read after it must show the change. (The row itself
    // is written a moment before its change is announced, so a read at that moment may still be served.)
    const statuses = server.platform.pubsub.subscribe(documentStatusTopic(botId));
    await statuses.ready;
    embeddings.release();
    for await (const event of statuses) {
      const { document } = event as DocumentStatusEvent;
      if (document.id === documentId && document.status === 'completed') break;
    }
    expect(documentStatus(await read(owner, query))).toBe('completed');
  });

  it('is not kept when it has errors, and not past its time', async () => {
    const failing = `{ viewer { fullName } node(id: "not-a-global-id") { id } }`;
    const first = await read(owner, failing);
    expect(first.errors?.[0]?.message).toBeTruthy();
    expect(first.statements).toBeGreaterThan(0);
    expect((await read(owner, failing)).statements).toBe(first.statements);

    await cachedRead(owner);
    server.clock.advance(RESPONSE_CACHE_LIMITS.ttlMs);
    expect((await read(owner)).statements).toBeGreaterThan(0);
  });

  it('is per language: plans and templates are answered in the asked one', async () => {
    const query = `{ viewer { fullName } paymentPlans { name } }`;
    const english = await graphql(server, query, {}, owner.accessToken, { 'accept-language': 'en' });
    const french = await graphql(server, query, {}, owner.accessToken, { 'accept-language': 'fr' });
    expect(english.errors).toBeUndefined();
    expect(french.data.paymentPlans).not.toEqual(english.data.paymentPlans);
  });
});

describe('a request with Cache-Control', () => {
  it('no-cache is answered afresh, and keeps what it read; no-store keeps nothing', async () => {
    await cachedRead(owner);
    const ask = async (cacheControl: string) => {
      statements.length = 0;
      counting = true;
      const result = await graphql(server, BOTS_SCREEN, {}, owner.accessToken, { 'cache-control': cacheControl });
      counting = false;
      expect(result.errors).toBeUndefined();
      return statements.length;
    };
    expect(await ask('no-cache')).toBeGreaterThan(0);
    expect((await read(owner)).statements).toBe(0);
    server.clock.advance(RESPONSE_CACHE_LIMITS.ttlMs);
    expect(await ask('no-store')).toBeGreaterThan(0);
    expect((await read(owner)).statements).toBeGreaterThan(0);
  });
});

describe('a reply from the cache', () => {
  it('carries the same headers as the executed one', async () => {
    const ask = () =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
          authorization: `Bearer ${owner.accessToken}`,
        },
        body: JSON.stringify({ query: '{ viewer { fullName } }' }),
      });
    const executed = await ask();
    statements.length = 0;
    counting = true;
    const cached = await ask();
    counting = false;
    expect(statements).toEqual([]);
    expect(cached.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    expect(cached.headers.get('content-type')).toBe(executed.headers.get('content-type'));
    expect(await cached.text()).toBe(await executed.text());
  });
});

describe('the response cache on its own', () => {
  const silent = { warn: () => {}, info: () => {} };
  const entry = (body: string) => ({ userId: 'customer', body, headers: [] as [string, string][], cachedAt: Date.now() - 1_000 });

  it('answers its writers while the record of changes is unreachable, and serves nothing it kept meanwhile', async () => {
    const unreachable = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    const revocations: RevocationList = {
      revoke: () => Promise.reject(unreachable),
      revokeOnce: () => Promise.reject(unreachable),
      revokedAt: () => Promise.reject(unreachable),
      close: async () => {},
    };
    const cache = new ResponseCache({ revocations, clock: systemClock, prisma: server.platform.prisma, logger: silent });
    cache.write('key', entry('{"data":{}}'));
    await expect(cache.customersChanged(['customer'])).resolves.toBeUndefined();
    await expect(cache.read('key')).resolves.toBeNull();
    cache.write('key', entry('{"data":{}}'));
    await expect(cache.read('key')).resolves.toBeNull();
  });

  it('keeps the newest answers within its byte budget', async () => {
    const cache = new ResponseCache({
      revocations: new MemoryRevocationList(),
      clock: systemClock,
      prisma: server.platform.prisma,
      logger: silent,
    });
    const body = 'x'.repeat(RESPONSE_CACHE_LIMITS.entrySize);
    const count = Math.ceil(RESPONSE_CACHE_LIMITS.totalSize / body.length) + 1;
    for (let index = 0; index < count; index++) cache.write(`key-${index}`, entry(body));
    await expect(cache.read('key-0')).resolves.toBeNull();
    await expect(cache.read(`key-${count - 1}`)).resolves.toMatchObject({ body });
    cache.write('too-large', entry(`${body}x`));
    await expect(cache.read('too-large')).resolves.toBeNull();
  });
});
