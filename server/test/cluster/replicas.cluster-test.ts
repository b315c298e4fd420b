// The scale-out topology as customers deploy it (`npm run cluster`: two API replicas, a worker,
// Chroma, one PostgreSQL, one Redis), driven only through HTTP and graphql-ws: what one replica
// accepts, the other shows; what must happen once happens once. `npm run test:cluster` (after the
// main suite in `npm test`); one cluster for the whole file.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CONTEXT_LIMITS } from '../../src/domains/chat/answerContexts.ts';
import { BOT_PHRASES } from '../../src/domains/chat/language.ts';
import { HANDOFF_PHRASES } from '../../src/domains/inbox/handoff.ts';
import { RETRIEVAL_CACHE_LIMITS } from '../../src/domains/knowledge/retrieval/retrievalCache.ts';
import { RESPONSE_CACHE_LIMITS } from '../../src/graphql/responseCache.ts';
import { signedWebhook } from '../fakeStripe.ts';
import { openConversationStream } from '../widget.ts';
import { htmlPage, respond, serveLocalSite, type LocalSite } from '../localSite.ts';
import {
  api,
  createBot,
  demoCustomer,
  globalId,
  graphql,
  logIn,
  randomClientIp,
  signUp,
  startCrawl,
  startTestCluster,
  uploadDocument,
  watch,
  type Replica,
  type SignedIn,
  type TestCluster,
} from './harness.ts';

let cluster: TestCluster;
let A: Replica;
let B: Replica;
/** The seeded demo customer (Pro plan), signed in on A. */
let customer: SignedIn;

beforeAll(async () => {
  cluster = await startTestCluster();
  [A, B] = cluster.replicas;
  customer = await demoCustomer(A);
});

let failed = false;
afterEach((context) => {
  if (context.task.result?.state === 'fail') failed = true;
});

afterAll(async () => {
  // The processes' logs go with the cluster: show their ends when something failed.
  if (failed && cluster) console.error(await cluster.logTails());
  await cluster?.stop();
});

const query = async <T = any>(sql: string, values: unknown[] = []) => (await cluster.db.query(sql, values)).rows as T[];

describe('one installation on two replicas', () => {
  it('accepts on B a session opened on A, and both replicas are ready', async () => {
    const me = await api(B, 'GET', '/users/me', { token: customer.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('customer@example.com');
    for (const replica of cluster.replicas) {
      const ready = await fetch(`${replica.url}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', vectors: 'ok' } });
    }
  });
});

interface DocumentEvent {
  id: string;
  fileName: string;
  status: string;
  errorMessage: string | null;
  chunkCount: number;
}

describe('documents uploaded on one replica', () => {
  it('are ingested by the worker once, their status changes reaching a subscriber on the other replica', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Docs bot' });
    const watcher = watch<DocumentEvent>(
      cluster.subscriptions(B, customer.accessToken),
      'subscription ($botId: ID!) { documentStatusChanged(botId: $botId) { id fileName status errorMessage chunkCount } }',
      { botId: globalId('Bot', bot.id) },
      (data) => data.documentStatusChanged,
    );
    // B sends the bot's current documents once it is subscribed: when the first upload's completion has
    // reached B, whatever happens to the second one reaches B live, through Redis.
    const first = await uploadDocument(A, customer.accessToken, bot.id, 'hours.txt', 'Opening hours. The Lyon store opens at 9 am.');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await watcher.next(
      'hours.txt completed on B',
      (event) => event.id === globalId('Document', first.body.id) && event.status === 'completed',
    );

    const facts = [
      '# Ferries',
      'The Zorbian ferry to Quillton departs at 7:45 from pier nineteen, every day except Sunday.',
      '## Parking',
      'Visitors park in the violet garage on level minus three.',
    ].join('\n\n');
    const second = await uploadDocument(A, customer.accessToken, bot.id, 'ferries.md', facts);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.status).toBe('pending');
    const secondId = globalId('Document', second.body.id);
    const settled = await watcher.next(
      'ferries.md settled on B',
      (event) => event.id === secondId && /completed|failed/.test(event.status),
    );
    expect(settled).toMatchObject({ fileName: 'ferries.md', status: 'completed', errorMessage: null });
    expect(settled.chunkCount).toBeGreaterThan(0);
    // A published "pending", the process that ran the job "processing" and "completed"; none jumps back after it.
    const statuses = watcher.events.filter((event) => event.id === secondId).map((event) => event.status);
    expect(new Set(statuses)).toEqual(new Set(['pending', 'processing', 'completed']));
    expect(statuses.at(-1)).toBe('completed');
    await watcher.close();

    const [stored] = await query('SELECT status, "chunkCount", "processingAttempts" FROM documents WHERE id = $1', [second.body.id]);
    expect(stored).toEqual({ status: 'completed', chunkCount: settled.chunkCount, processingAttempts: 1 });
    // The worker ran both jobs; the replicas only answer requests (RUN_JOBS=false).
    for (const id of [first.body.id, second.body.id]) {
      expect(await cluster.log('worker')).toContain(id);
      for (const replica of ['api-1', 'api-2'] as const) expect(await cluster.log(replica)).not.toContain(`"documentId":"${id}"`);
    }
    const [chunks] = await query(
      'SELECT count(*)::int AS rows, count(DISTINCT ordinal)::int AS ordinals FROM chunks WHERE "documentId" = $1',
      [second.body.id],
    );
    expect(chunks).toEqual({ rows: settled.chunkCount, ordinals: settled.chunkCount });
    expect(await query('SELECT "fileName", status FROM documents WHERE "botId" = $1 ORDER BY "createdAt"', [bot.id])).toEqual([
      { fileName: 'hours.txt', status: 'completed' },
      { fileName: 'ferries.md', status: 'completed' },
    ]);
  });
});

describe('a crawl started on one replica', () => {
  let site: LocalSite | undefined;

  afterAll(async () => {
    await site?.close();
  });

  it('runs in the background, its progress reaching a subscriber on the other replica, its pages stored once', async () => {
    // The home page waits until B has seen the crawl, so B's subscription is live before anything is read.
    let openHome = () => {};
    const homeOpen = new Promise<void>((resolve) => (openHome = resolve));
    const home = htmlPage(
      '<h1>Velo Bikes</h1><p>Velo Bikes builds city bikes in Annecy since 1998.</p><a href="/pricing">Pricing</a><a href="/team">Team</a>',
    );
    site = await serveLocalSite({
      '/': (request, response) => void homeOpen.then(() => home(request, response)),
      '/pricing': htmlPage('<h1>Pricing</h1><p>The Urban model costs 1290 euros including the lock.</p>', { title: 'Pricing' }),
      '/team': htmlPage('<h1>Team</h1><p>Our mechanic Camille repairs any bike within 48 hours.</p>', { title: 'Team' }),
      '/robots.txt': respond(200, 'text/plain', 'User-agent: *\nAllow: /\n'),
    });
    const bot = await createBot(A, customer.accessToken, { name: 'Web bot', useCase: 'faq-bot' });
    const botId = globalId('Bot', bot.id);
    const watcher = watch<{ id: string; status: string; itemsCount: number }>(
      cluster.subscriptions(B, customer.accessToken),
      'subscription ($botId: ID!) { crawlStatusChanged(botId: $botId) { id status itemsCount } }',
      { botId },
      (data) => data.crawlStatusChanged,
    );
    const { id: crawlId, rowId: crawlDatabaseId } = await startCrawl(A, customer.accessToken, bot.id, site.origin);
    await watcher.next('the crawl on B', (event) => event.id === crawlId);
    openHome();
    const finished = await watcher.next(
      'the crawl finished on B',
      (event) => event.id === crawlId && /completed|failed/.test(event.status),
    );
    expect(finished).toMatchObject({ status: 'completed', itemsCount: 3 });
    expect(watcher.events.filter((event) => event.id === crawlId).map((event) => event.status)).toContain('running');
    await watcher.close();

    expect(await query('SELECT status, "itemsCount" FROM web_sources WHERE "botId" = $1', [bot.id])).toEqual([
      { status: 'completed', itemsCount: 3 },
    ]);
    const pages = await query<{ url: string; webSourceId: string }>(
      'SELECT url, "webSourceId" FROM web_pages WHERE "botId" = $1 ORDER BY url',
      [bot.id],
    );
    expect(pages.map((page) => page.url)).toEqual([`${site.origin}/`, `${site.origin}/pricing`, `${site.origin}/team`]);
    expect(new Set(pages.map((page) => page.webSourceId))).toEqual(new Set([crawlDatabaseId]));
    const chunks = await query<{ url: string; rows: number; ordinals: number }>(
      `SELECT p.url, count(*)::int AS rows, count(DISTINCT c.ordinal)::int AS ordinals
         FROM chunks c JOIN web_pages p ON p.id = c."webPageId" WHERE c."botId" = $1 GROUP BY p.url ORDER BY p.url`,
      [bot.id],
    );
    expect(chunks.map((row) => row.url)).toEqual(pages.map((page) => page.url));
    for (const row of chunks) expect(row.rows, row.url).toBe(row.ordinals);
    // Each page was fetched once.
    expect(
      site
        .paths()
        .filter((path) => !/\.(txt|xml)$/.test(path))
        .sort(),
    ).toEqual(['/', '/pricing', '/team']);
  });
});

describe('a widget conversation', () => {
  it('keeps its history when its messages alternate between the replicas', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Memory bot', enableMemory: true });
    cluster.openAi.answerWith((request) => `Noted: ${request.messages.at(-1)!.content}`);
    const session = await api(B, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
    expect(session.status).toBe(201);
    const sessionToken: string = session.body.session_token;
    const questions = ['My name is Ada.', 'I ride a blue bike.', 'I live in Annecy.', 'What do you know about me?'];
    const said: { role: string; content: string }[] = [];
    for (const [index, question] of questions.entries()) {
      const replica = index % 2 === 0 ? A : B;
      const answer = await api(replica, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: question, session_token: sessionToken },
      });
      expect(answer.status, `${replica.name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.message).toBe(`Noted: ${question}`);
      // The model was given the conversation so far, whichever replica recorded it.
      const asked = cluster.openAi.requests.filter((request) => request.stream && request.messages.at(-1)?.content === question);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.messages.slice(1)).toEqual([...said, { role: 'user', content: question }]);
      said.push({ role: 'user', content: question }, { role: 'assistant', content: answer.body.message });
    }
    for (const replica of cluster.replicas) {
      const history = await api(replica, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${sessionToken}`);
      expect(history.status).toBe(200);
      expect(history.body.map((entry: { isUser: boolean; text: string }) => [entry.isUser, entry.text])).toEqual(
        said.map((turn) => [turn.role === 'user', turn.content]),
      );
    }
    const sessions = await query<{ id: string; messages: number }>(
      `SELECT s.id, count(m.id)::int AS messages FROM chat_sessions s LEFT JOIN chat_messages m ON m."sessionId" = s.id
        WHERE s."botId" = $1 GROUP BY s.id`,
      [bot.id],
    );
    expect(sessions).toEqual([{ id: expect.any(String), messages: questions.length * 2 }]);
  });
});

describe('limits and revocations', () => {
  it("holds a widget session's 20 messages a minute across both replicas", async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Busy bot' });
    cluster.openAi.answerWith('We open at 9 am.');
    const sessionToken: string = (await api(A, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
    const send = (replica: Replica) =>
      api(replica, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'When do you open?', session_token: sessionToken },
        ip: randomClientIp(),
      });
    for (let sent = 0; sent < 20; sent++) {
      const replica = sent % 2 === 0 ? A : B;
      const answer = await send(replica);
      expect(answer.status, `message ${sent + 1} on ${replica.name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    for (const replica of [A, B]) {
      const refused = await send(replica);
      expect(refused.status, replica.name).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.detail).toMatch(/too many/i);
    }
    const [{ questions }] = await query(
      `SELECT count(*)::int AS questions FROM chat_messages m JOIN chat_sessions s ON s.id = m."sessionId" WHERE s."botId" = $1 AND m.role = 'user'`,
      [bot.id],
    );
    expect(questions).toBe(20);
  });

  it('refuses on B, at once, a session signed out on A', async () => {
    const session = await logIn(B, 'customer@example.com', 'customer-demo-2026');
    expect((await api(A, 'GET', '/users/me', { token: session.accessToken })).status).toBe(200);
    expect((await api(B, 'GET', '/users/me', { token: session.accessToken })).status).toBe(200);

    expect((await api(A, 'POST', '/users/logout', { token: session.accessToken })).status).toBe(200);

    const me = await api(B, 'GET', '/users/me', { token: session.accessToken });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ detail: expect.any(String) });
    const signedOut = await graphql(B, '{ me { email } }', {}, session.accessToken);
    expect(signedOut.errors?.map((error) => error.extensions?.code)).toEqual(['AUTHENTICATION_REQUIRED']);
    expect(signedOut.data).toBeNull();
    const refreshed = await api(B, 'POST', '/users/refresh', { body: { refresh_token: session.refreshToken } });
    expect(refreshed.status).toBe(401);
    const bot = await createBot(A, customer.accessToken, { name: 'Signed-out bot' });
    const subscription = watch(
      cluster.subscriptions(B, session.accessToken),
      'subscription ($botId: ID!) { documentStatusChanged(botId: $botId) { id } }',
      { botId: globalId('Bot', bot.id) },
      (data) => data,
    );
    await expect(subscription.next('an event', () => true)).rejects.toThrow(/AUTHENTICATION_REQUIRED/);
    // The other sessions of the customer are theirs to keep.
    expect((await api(B, 'GET', '/users/me', { token: customer.accessToken })).status).toBe(200);
  });

  it('drops on B, at once, the answer B keeps for a customer when they change its data on A', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Before the rename' });
    const id = globalId('Bot', bot.id);
    const nameOnB = async () =>
      (await graphql(B, 'query($id: ID!) { node(id: $id) { ... on Bot { name } } }', { id }, customer.accessToken)).data?.node?.name;
    // A change revokes what was read until a moment past it (for replicas' clocks): B keeps what it reads after that.
    await new Promise((resolve) => setTimeout(resolve, RESPONSE_CACHE_LIMITS.clockMarginMs + 50));
    expect(await nameOnB()).toBe('Before the rename');
    expect(await nameOnB()).toBe('Before the rename');
    const renamed = await graphql(
      A,
      'mutation($id: ID!) { updateBot(id: $id, input: { name: "After the rename" }) { __typename } }',
      { id },
      customer.accessToken,
    );
    expect(renamed.errors).toBeUndefined();
    expect(await nameOnB()).toBe('After the rename');
  });
});

describe('a widget question asked again on one replica', () => {
  it('is refused at once when its bot is switched off on the other replica', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Switched off on A' });
    cluster.openAi.answerWith('We open at 9 am.');
    const ip = randomClientIp();
    const session = await api(B, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id }, ip });
    expect(session.status).toBe(201);
    const askOnB = () =>
      api(B, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'When do you open?', session_token: session.body.session_token },
        ip,
      });
    // A change revokes what was read until a moment past it (for replicas' clocks): B keeps what it reads after that.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_CONTEXT_LIMITS.clockMarginMs + 50));
    expect((await askOnB()).status).toBe(200);
    expect((await askOnB()).status).toBe(200);

    const off = await graphql(
      A,
      'mutation($id: ID!) { updateBot(id: $id, input: { isActive: false }) { __typename } }',
      { id: globalId('Bot', bot.id) },
      customer.accessToken,
    );
    expect(off.errors).toBeUndefined();
    const refused = await askOnB();
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('This chatbot is currently unavailable.');
  });
});

describe('a customer suspended on one replica', () => {
  it('has their widget refused at once on the other, nothing charged, and back on the first once enabled there', async () => {
    const owner = await signUp(cluster, A);
    const admin = await logIn(A, 'admin@example.com', 'admin-demo-2026');
    const bot = await createBot(A, owner.accessToken, { name: 'Suspended on A' });
    cluster.openAi.answerWith('We open at 9 am.');
    const ip = randomClientIp();
    const openSession = (on: Replica) => api(on, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id }, ip });
    const ask = (on: Replica, sessionToken: string) =>
      api(on, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'When do you open?', session_token: sessionToken },
        ip,
      });
    const settingsOn = async (on: Replica) => (await api(on, 'GET', `/public/bots/settings/${bot.id}`)).body.is_active;
    const spent = async () =>
      (
        await query<{ usage: number; questions: number }>(
          `SELECT (SELECT count(*)::int FROM credit_ledger_entries WHERE "userId" = $1 AND kind = 'usage') AS usage,
            (SELECT count(*)::int FROM chat_messages m JOIN chat_sessions s ON s.id = m."sessionId" WHERE s."botId" = $2) AS questions`,
          [owner.userId, bot.id],
        )
      )[0];
    const session = await openSession(B);
    expect(session.status).toBe(201);
    // B keeps the question's context (bot, owner's standing, conversation) from the second question on.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_CONTEXT_LIMITS.clockMarginMs + 50));
    for (let asked = 0; asked < 2; asked++) expect((await ask(B, session.body.session_token)).body.message).toBe('We open at 9 am.');
    const before = await spent();
    expect(before?.usage).toBe(2);

    expect((await api(A, 'POST', `/admin/suspend/${owner.userId}`, { token: admin.accessToken })).status).toBe(200);

    expect(await settingsOn(B)).toBe(false);
    const refused = await openSession(B);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'This chatbot is currently unavailable.' });
    const polite = await ask(B, session.body.session_token);
    expect(polite.status).toBe(200);
    expect(polite.body).toMatchObject({ message: BOT_PHRASES.en.unavailable, sources: [] });
    expect(await spent()).toEqual(before);

    expect((await api(B, 'POST', `/admin/enable/${owner.userId}`, { token: admin.accessToken })).status).toBe(200);

    expect(await settingsOn(A)).toBe(true);
    const reopened = await openSession(A);
    expect(reopened.status).toBe(201);
    expect((await ask(A, reopened.body.session_token)).body.message).toBe('We open at 9 am.');
    expect((await ask(A, session.body.session_token)).body.message).toBe('We open at 9 am.');
    expect((await spent())?.usage).toBe(4);
  });
});

describe('a question asked again on one replica', () => {
  it('no longer finds a document deleted on the other replica', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Cached retrieval bot' });
    cluster.openAi.answerWith('Orders ship from our Lyon warehouse [1].');
    const uploaded = await uploadDocument(
      A,
      customer.accessToken,
      bot.id,
      'shipping.txt',
      'Delivery. Orders ship from our Lyon warehouse.',
    );
    expect(uploaded.status).toBe(201);
    for (let attempt = 0; ; attempt++) {
      const [document] = await query<{ status: string }>('SELECT status FROM documents WHERE id = $1', [uploaded.body.id]);
      if (document?.status === 'completed') break;
      expect(attempt, `document ${document?.status}`).toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A change revokes what was found until a moment past it (for replicas' clocks): B keeps what it finds after that.
    await new Promise((resolve) => setTimeout(resolve, RETRIEVAL_CACHE_LIMITS.clockMarginMs + 50));
    const citedOnB = async () => {
      const session = await api(B, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
      const answer = await api(B, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'Where do orders ship from?', session_token: session.body.session_token },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.sources.map((source: { title: string }) => source.title);
    };
    expect(await citedOnB()).toEqual(['shipping.txt']);
    expect(await citedOnB()).toEqual(['shipping.txt']);

    const deleted = await api(A, 'DELETE', `/bots/${bot.id}/documents/${uploaded.body.id}`, { token: customer.accessToken });
    expect(deleted.status).toBe(200);
    expect(await citedOnB()).toEqual([]);
  });
});

describe('a Q&A pair written on one replica', () => {
  it('answers on the other at once, and so does its rewrite', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Q&A replica bot' });
    cluster.openAi.answerWith('Here is what I know [1].');
    const citedOnB = async () => {
      const session = await api(B, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
      const answer = await api(B, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'Do you sell gift cards?', session_token: session.body.session_token },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.sources.map((source: { source_type: string; title: string }) => `${source.source_type}: ${source.title}`);
    };
    // B keeps the bot's pairs (none) between answers...
    expect(await citedOnB()).toEqual([]);
    expect(await citedOnB()).toEqual([]);
    // ...and a pair written on A reaches B's next answer.
    const created = await graphql(
      A,
      `
        mutation ($botId: ID!, $input: QaPairInput!) {
          createQaPair(botId: $botId, input: $input) {
            __typename
            ... on QaPair {
              id
            }
          }
        }
      `,
      { botId: globalId('Bot', bot.id), input: { question: 'Do you sell gift cards?', answer: 'Yes, from 10 to 200 euros.' } },
      customer.accessToken,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createQaPair.__typename).toBe('QaPair');
    expect(await citedOnB()).toEqual(['qa_pair: Do you sell gift cards?']);
    expect(await citedOnB()).toEqual(['qa_pair: Do you sell gift cards?']);
    const rewritten = await graphql(
      A,
      `
        mutation ($id: ID!, $input: QaPairInput!) {
          updateQaPair(id: $id, input: $input) {
            __typename
          }
        }
      `,
      { id: created.data.createQaPair.id, input: { question: 'Do you repair bikes?', answer: 'Yes, in the Lyon store.' } },
      customer.accessToken,
    );
    expect(rewritten.data.updateQaPair.__typename).toBe('QaPair');
    expect(await citedOnB()).toEqual([]);
  });
});

describe('a conversation taken over from the inbox', () => {
  it("holds across replicas, and across a restart of the visitor's replica: the owner on B, the visitor on A", async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Inbox replica bot' });
    cluster.openAi.answerWith('The bot answers.');
    const ip = randomClientIp();
    const session = await api(A, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id }, ip });
    const visitorWrites = async (message: string) => {
      const answer = await api(A, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message, session_token: session.body.session_token },
        ip,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as { response: string; held_for_person: boolean };
    };
    // A keeps the conversation's context between the visitor's questions.
    expect(await visitorWrites('Hello?')).toMatchObject({ response: 'The bot answers.', held_for_person: false });
    expect(await visitorWrites('Anyone there?')).toMatchObject({ response: 'The bot answers.', held_for_person: false });

    const inbox = watch(
      cluster.subscriptions(B, customer.accessToken),
      'subscription { inboxChanged { conversation { id status } message { role text } } }',
      {},
      (data) => data.inboxChanged as { conversation: { id: string; status: string }; message: { role: string; text: string } | null },
    );
    const listed = await graphql(
      B,
      '{ viewer { conversations(first: 1) { edges { node { id bot { name } } } } } }',
      {},
      customer.accessToken,
    );
    const conversation = listed.data.viewer.conversations.edges[0].node;
    expect(conversation.bot.name).toBe('Inbox replica bot');
    const taken = await graphql(
      B,
      'mutation ($id: ID!) { takeOverConversation(id: $id) { __typename ... on Conversation { status } } }',
      { id: conversation.id },
      customer.accessToken,
    );
    expect(taken.data.takeOverConversation).toEqual({ __typename: 'Conversation', status: 'HUMAN' });

    // A hears of the takeover at once: the bot stays silent, and the owner's inbox on B gets the message.
    expect(await visitorWrites('I want a person')).toMatchObject({ response: '', held_for_person: true });
    await inbox.next('the held message on B', (event) => event.message?.text === 'I want a person');
    const replied = await graphql(
      B,
      'mutation ($id: ID!, $text: String!) { replyToConversation(id: $id, text: $text) { __typename } }',
      { id: conversation.id, text: 'Hi, a person here.' },
      customer.accessToken,
    );
    expect(replied.data.replyToConversation.__typename).toBe('ConversationReply');
    const history = await api(A, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${session.body.session_token}`);
    expect(history.body.at(-1)).toMatchObject({ role: 'agent', text: 'Hi, a person here.', isUser: false });

    // The takeover is the database's: a restarted replica holds it too.
    await cluster.restart('api-1');
    expect(await visitorWrites('Still you?')).toMatchObject({ response: '', held_for_person: true });

    const released = await graphql(
      B,
      'mutation ($id: ID!) { releaseConversation(id: $id) { __typename ... on Conversation { status } } }',
      { id: conversation.id },
      customer.accessToken,
    );
    expect(released.data.releaseConversation.status).toBe('BOT');
    expect(await visitorWrites('And now?')).toMatchObject({ response: 'The bot answers.', held_for_person: false });
    await inbox.close();
  });
});

describe('a visitor asking for a person', () => {
  it('on replica A, with the setting turned on from B, gets the owner’s reply from B on their live stream', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Handoff replica bot' });
    cluster.openAi.answerWith('The bot answers.');
    const ip = randomClientIp();
    const session = await api(A, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id }, ip });
    const sessionToken: string = session.body.session_token;
    const visitorWrites = async (message: string) => {
      const answer = await api(A, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message, session_token: sessionToken },
        ip,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as { response: string; status: string; held_for_person: boolean };
    };
    // A keeps the conversation's context, with the bot's setting off.
    expect(await visitorWrites('I want to talk to a human')).toMatchObject({ response: 'The bot answers.', status: 'bot' });

    const set = await graphql(
      B,
      'mutation ($botId: ID!) { setBotHandoff(botId: $botId, input: { enabled: true }) { __typename } }',
      { botId: globalId('Bot', bot.id) },
      customer.accessToken,
    );
    expect(set.data.setBotHandoff).toEqual({ __typename: 'Bot' });
    const stream = await openConversationStream(A, bot.id, sessionToken);
    expect(await stream.next()).toEqual({ event: 'status', data: { status: 'bot', agent_name: null } });
    // A hears of the setting at once.
    expect(await visitorWrites('I want to talk to a human')).toMatchObject({ status: 'waiting', held_for_person: false });
    expect(await stream.next()).toMatchObject({ event: 'status', data: { status: 'waiting' } });

    const waiting = await graphql(
      B,
      '{ viewer { waitingConversationsCount conversations(first: 1, status: WAITING) { edges { node { id } } } } }',
      {},
      customer.accessToken,
    );
    expect(waiting.data.viewer.waitingConversationsCount).toBe(1);
    const replied = await graphql(
      B,
      'mutation ($id: ID!, $text: String!) { replyToConversation(id: $id, text: $text) { __typename } }',
      { id: waiting.data.viewer.conversations.edges[0].node.id, text: 'A person on B here.' },
      customer.accessToken,
    );
    expect(replied.data.replyToConversation.__typename).toBe('ConversationReply');
    expect(await stream.next()).toMatchObject({ event: 'status', data: { status: 'human' } });
    expect(await stream.next()).toMatchObject({ event: 'message', data: { role: 'agent', text: 'A person on B here.' } });
    stream.close();
  });

  it('kept waiting past the wait time, is asked where to reply by the worker’s tick, on their stream on A', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Waiting replica bot' });
    const set = await graphql(
      B,
      'mutation ($botId: ID!) { setBotHandoff(botId: $botId, input: { enabled: true, openingHours: [] }) { __typename } }',
      { botId: globalId('Bot', bot.id) },
      customer.accessToken,
    );
    expect(set.data.setBotHandoff).toEqual({ __typename: 'Bot' });
    const session = await api(A, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id }, ip: randomClientIp() });
    const sessionToken: string = session.body.session_token;
    const asked = await api(A, 'POST', `/public/bots/${bot.id}/talk-to-person?token=${bot.widgetToken}`, {
      body: { session_token: sessionToken },
    });
    expect(asked.body.status).toBe('waiting');
    const stream = await openConversationStream(A, bot.id, sessionToken);
    expect((await stream.next()).data).toMatchObject({ status: 'waiting' });
    // The wait began long ago: the worker's next tick (every 20 s) asks the visitor, once.
    await query(`UPDATE "chat_sessions" SET "statusChangedAt" = now() - interval '10 minutes' WHERE "botId" = $1`, [bot.id]);
    expect(await stream.next()).toMatchObject({ event: 'message', data: { role: 'assistant', text: HANDOFF_PHRASES.en.nobodyFree } });
    stream.close();
    const lines = await query<{ count: number }>(
      `SELECT COUNT(*)::int AS "count" FROM "chat_messages" m JOIN "chat_sessions" s ON s."id" = m."sessionId" WHERE s."botId" = $1 AND m."content" = $2`,
      [bot.id, HANDOFF_PHRASES.en.nobodyFree],
    );
    expect(lines).toEqual([{ count: 1 }]);
  });
});

describe('a Stripe webhook delivered to both replicas', () => {
  it('is applied once: one payment paid, one credit grant', async () => {
    const buyer = await signUp(cluster, A);
    const plans = (await api(A, 'GET', '/admin/payment-plans/')).body as { id: string; name: string }[];
    const pack = plans.find((plan) => plan.name === '500 message credits')!;
    const checkout = await api(A, 'POST', `/payments/create-credit-checkout-session?plan_id=${pack.id}`, { token: buyer.accessToken });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sessionId = /\/c\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(checkout.body.checkout_url)![1]!;
    const event = cluster.stripe.event('checkout.session.completed', cluster.stripe.completeCheckout(sessionId));

    // Stripe retries a delivery it thinks failed; a load balancer sends each copy to either replica.
    const deliveries = await Promise.all([A, B, A, B].map((replica) => signedWebhook(replica, event)));
    for (const delivery of deliveries) expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
    expect(deliveries.filter((delivery) => delivery.body.duplicate !== true)).toHaveLength(1);

    const payments = await query('SELECT status, amount::text FROM payments WHERE "userId" = $1', [buyer.userId]);
    expect(payments).toEqual([{ status: 'paid', amount: '10.00' }]);
    const grants = await query('SELECT kind, amount::int FROM credit_ledger_entries WHERE "userId" = $1 ORDER BY kind', [buyer.userId]);
    expect(grants).toEqual([
      { kind: 'purchase', amount: 500 },
      { kind: 'bonus', amount: 50 },
    ]);
    expect(await query('SELECT type FROM processed_webhook_events WHERE id = $1', [event.id])).toEqual([
      { type: 'checkout.session.completed' },
    ]);
    const credits = await api(B, 'GET', '/usersbilling/current-active/credit', { token: buyer.accessToken });
    expect(credits.body).toEqual({ total_credits: 550, used_credits: 0, balance: 550 });
  });
});

describe('a replica booting while the worker runs a job', () => {
  let site: LocalSite | undefined;

  afterAll(async () => {
    await site?.close();
  });

  it("leaves the worker's crawl alone: each page is fetched once and the crawl is not marked interrupted", async () => {
    // The home page is held while api-1 restarts, so the worker is mid-crawl during the replica's boot.
    let openHome = () => {};
    const homeOpen = new Promise<void>((resolve) => (openHome = resolve));
    let homeRequested = () => {};
    const homeAsked = new Promise<void>((resolve) => (homeRequested = resolve));
    const home = htmlPage('<h1>Harbour</h1><p>The harbour office opens at 6 am.</p><a href="/tides">Tides</a>');
    site = await serveLocalSite({
      '/': (request, response) => {
        homeRequested();
        void homeOpen.then(() => home(request, response));
      },
      '/tides': htmlPage('<h1>Tides</h1><p>High tide is at 14:10 today.</p>', { title: 'Tides' }),
      '/robots.txt': respond(200, 'text/plain', 'User-agent: *\nAllow: /\n'),
    });
    const bot = await createBot(A, customer.accessToken, { name: 'Harbour bot', useCase: 'faq-bot' });
    const { rowId: crawlId } = await startCrawl(A, customer.accessToken, bot.id, site.origin);
    await homeAsked;
    await cluster.restart('api-1');
    // Booted: the crawl is still the worker's, neither queued again nor shown as interrupted.
    expect(await query('SELECT status, "errorMessage" FROM web_sources WHERE id = $1', [crawlId])).toEqual([
      { status: 'running', errorMessage: null },
    ]);
    openHome();

    const deadline = Date.now() + 60_000;
    let crawl: { status: string; itemsCount: number; errorMessage: string | null } | undefined;
    while (Date.now() < deadline) {
      [crawl] = await query('SELECT status, "itemsCount", "errorMessage" FROM web_sources WHERE id = $1', [crawlId]);
      if (crawl && /completed|failed/.test(crawl.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(crawl).toEqual({ status: 'completed', itemsCount: 2, errorMessage: null });
    expect(
      site
        .paths()
        .filter((path) => !/\.(txt|xml)$/.test(path))
        .sort(),
    ).toEqual(['/', '/tides']);
    // The restarted replica answers again.
    expect((await api(A, 'GET', '/users/me', { token: customer.accessToken })).status).toBe(200);
  });
});

describe('PostgreSQL connections cut under the replicas', () => {
  it('answers 503 with a detail (never 500) to the requests they were serving, and the replicas reconnect by themselves', async () => {
    const list = (replica: Replica) => api(replica, 'GET', '/bots', { token: customer.accessToken });
    // Four requests held in the database (the bots table locked), so their connections are cut mid-query.
    const holder = await cluster.db.connect();
    let during: Awaited<ReturnType<typeof list>>[];
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE "bots" IN ACCESS EXCLUSIVE MODE');
      const requests = Promise.all([...cluster.replicas, ...cluster.replicas].map(list));
      const deadline = Date.now() + 30_000;
      const waiting = async () =>
        (
          await holder.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows[0].n as number;
      while ((await waiting()) < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await holder.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      await holder.query('ROLLBACK');
      during = await requests;
    } finally {
      holder.release();
    }
    for (const response of during) {
      expect(response.status, JSON.stringify(response.body)).toBe(503);
      expect(response.body).toEqual({ detail: 'The service is briefly unavailable. Please try again in a moment.' });
    }

    const deadline = Date.now() + 30_000;
    for (const replica of cluster.replicas) {
      let status = 0;
      while (status !== 200 && Date.now() < deadline) status = (await list(replica)).status;
      expect(status).toBe(200);
      expect(await (await fetch(`${replica.url}/readyz`)).json()).toEqual({ status: 'ready', checks: { database: 'ok', vectors: 'ok' } });
    }
  });
});
