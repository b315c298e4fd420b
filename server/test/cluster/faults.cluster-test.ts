// Faults of the scale-out topology (issue #17): a replica stopped by a deploy while it streams
// answers, a worker killed in the middle of a job, Redis stopped and started again. Driven like replicas.cluster-test.ts, through
// HTTP only, with outcomes checked in PostgreSQL and Chroma. Its own cluster, whose workers give a
// dead worker's job back after seconds (JOB_LOCK_MS) rather than BullMQ's 30 s.
import { ChromaClient } from 'chromadb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectionForBot } from '../../src/domains/knowledge/collections.ts';
import { htmlPage, respond, serveLocalSite, type LocalSite } from '../localSite.ts';
import {
  api,
  createBot,
  demoCustomer,
  eventually,
  globalId,
  PATIENCE_MS,
  randomClientIp,
  logIn,
  signUp,
  startCrawl,
  startTestCluster,
  uploadDocument,
  watch,
  type Replica,
  type SignedIn,
  type TestCluster,
} from './harness.ts';

/** The cluster's embedding model, as the server names its Chroma collections (OPENAI_API_KEY set, default model). */
const EMBEDDING_MODEL_ID = 'openai:text-embedding-3-small';

let cluster: TestCluster;
let A: Replica;
/** A customer on the free trial: their answers are paid in (trial) credits, one per answer. */
let customer: SignedIn;
/** The seeded demo customer (Pro plan, room for more bots), whose bots the other tests use. */
let pro: SignedIn;

beforeAll(async () => {
  // Its own Redis server, so that a test can stop it and start it again.
  cluster = await startTestCluster({ env: { JOB_LOCK_MS: '2000', VECTOR_SYNC_INTERVAL_MS: '1000' }, ownRedis: true });
  [A] = cluster.replicas;
  customer = await signUp(cluster, A);
  pro = await demoCustomer(A);
});

let failed = false;
afterEach((context) => {
  if (context.task.result?.state === 'fail') failed = true;
});

afterAll(async () => {
  if (failed && cluster) console.error(await cluster.logTails(60));
  await cluster?.stop();
});

const query = async <T = any>(sql: string, values: unknown[] = []) => (await cluster.db.query(sql, values)).rows as T[];

interface StreamEvent {
  event: string;
  data: any;
}

interface StreamOutcome {
  events: StreamEvent[];
  /** Text after the last whole event when the stream ended (a cut event); '' when it ended cleanly. */
  partial: string;
  /** Set when reading failed (the connection was reset rather than closed). */
  readError?: string;
}

interface OpenStream {
  status: number;
  firstToken: Promise<void>;
  ended: Promise<StreamOutcome>;
}

/** A widget question with `accept: text/event-stream`, read as it arrives, event by event. */
async function askStreaming(on: Replica, botId: string, widgetToken: string, sessionToken: string, message: string): Promise<OpenStream> {
  const response = await fetch(`${on.url}/api/v1/public/bots/${botId}/chat?token=${widgetToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': randomClientIp() },
    body: JSON.stringify({ message, session_token: sessionToken }),
  });
  let tokenSeen = () => {};
  const firstToken = new Promise<void>((resolve) => (tokenSeen = resolve));
  const ended = (async (): Promise<StreamOutcome> => {
    const events: StreamEvent[] = [];
    let buffer = '';
    const decoder = new TextDecoder();
    const take = () => {
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
        events.push({ event, data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') });
        if (event === 'token') tokenSeen();
      }
    };
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        take();
      }
      return { events, partial: buffer };
    } catch (error) {
      return {
        events,
        partial: buffer,
        readError: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
      };
    } finally {
      tokenSeen();
    }
  })();
  return { status: response.status, firstToken, ended };
}

describe('a replica stopped by a deploy (SIGTERM) while it streams 20 answers', () => {
  it('lets every answer finish with its done event, stores each once with its answer and charges each once', async () => {
    const bot = await createBot(A, customer.accessToken, { name: 'Deploy bot' });
    const answer = 'Our Lyon store opens at nine every weekday morning and closes at seven in the evening, except on public holidays.';
    cluster.openAi.answerWith(answer);
    // Each answer takes seconds (a pause before each of its ~20 tokens): the SIGTERM lands while all stream.
    cluster.openAi.delayTokensBy(200);
    try {
      const sessions = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const session = await api(A, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
          expect(session.status, JSON.stringify(session.body)).toBe(201);
          return session.body.session_token as string;
        }),
      );
      const streams = await Promise.all(
        sessions.map((session, index) => askStreaming(A, bot.id, bot.widgetToken, session, `Question ${index + 1}: when do you open?`)),
      );
      for (const stream of streams) expect(stream.status).toBe(200);
      await Promise.all(streams.map((stream) => stream.firstToken));
      // The bot's editor is open on api-1 too, its live updates over a WebSocket.
      const editor = cluster.subscriptions(A, customer.accessToken);
      const editorConnected = new Promise<void>((resolve) => editor.on('connected', () => resolve()));
      const editorClosed = new Promise<void>((resolve) => editor.on('closed', () => resolve()));
      const updates = watch(
        editor,
        'subscription ($botId: ID!) { documentStatusChanged(botId: $botId) { id } }',
        { botId: globalId('Bot', bot.id) },
        (data) => data,
      );
      await editorConnected;

      const restarted = cluster.restart('api-1', 'SIGTERM');
      // Once the replica has begun to stop, it takes no new request (refused, or 503 on a kept connection).
      await eventually('api-1 to begin its shutdown', async () => (await cluster.log('api-1')).includes('"msg":"shutting down"'));
      const refused = await fetch(`${A.url}/healthz`).then(
        (response) => response.status,
        () => 'refused' as const,
      );
      expect(refused === 'refused' || refused === 503, `a new request during the shutdown got ${refused}`).toBe(true);

      const outcomes = await Promise.all(streams.map((stream) => stream.ended));
      await restarted;
      // The editor was told to go (it reconnects to a live replica), and the replica stopped on its
      // own rather than when the grace period ran out.
      await editorClosed;
      await updates.close().catch(() => undefined);
      expect(await cluster.log('api-1')).not.toContain('graceful shutdown timed out');

      for (const [index, outcome] of outcomes.entries()) {
        const what = `stream ${index + 1}: ${JSON.stringify({ ...outcome, events: outcome.events.slice(-2) })}`;
        // Never half an event; whatever the stream sent ends with its verdict.
        expect(outcome.partial, what).toBe('');
        expect(outcome.readError, what).toBeUndefined();
        // The deploy's grace period is far longer than an answer: each one finished.
        expect(outcome.events.at(-1)?.event, what).toBe('done');
        const streamed = outcome.events.filter((event) => event.event === 'token').map((event) => event.data.token as string);
        expect(streamed.join(''), what).toBe(answer);
        expect(outcome.events.at(-1)!.data.message, what).toBe(answer);
      }

      const answered = outcomes.map((outcome) => outcome.events.at(-1)!.data.message_id as string);
      const stored = await query<{ id: string; content: string; costCredits: string; questions: number }>(
        `SELECT a.id, a.content, a."costCredits"::text AS "costCredits",
                (SELECT count(*)::int FROM chat_messages q WHERE q."sessionId" = a."sessionId" AND q.role = 'user') AS questions
           FROM chat_messages a JOIN chat_sessions s ON s.id = a."sessionId"
          WHERE s."botId" = $1 AND a.role = 'assistant'`,
        [bot.id],
      );
      // One question and one answer per conversation, the answers being those the streams announced.
      expect(stored.map((row) => row.id).sort()).toEqual([...answered].sort());
      for (const row of stored)
        expect({ ...row, costCredits: Number(row.costCredits) }).toMatchObject({ content: answer, costCredits: 1, questions: 1 });
      // Charged once per stored answer, nothing else.
      const charges = await query<{ idempotencyKey: string; amount: string }>(
        `SELECT "idempotencyKey", amount::text FROM credit_ledger_entries WHERE "userId" = $1 AND kind = 'usage'`,
        [customer.userId],
      );
      expect(charges).toHaveLength(stored.length);
      expect(new Set(charges.map((charge) => charge.idempotencyKey)).size).toBe(charges.length);
      for (const charge of charges) expect(Number(charge.amount)).toBe(-1);
      const [trial] = await query(`SELECT "trialCreditsUsed"::int AS used FROM subscriptions WHERE "userId" = $1 AND status = 'trialing'`, [
        customer.userId,
      ]);
      expect(trial).toEqual({ used: 20 });

      // The new api-1 answers.
      const after = await api(A, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'And on Sunday?', session_token: sessions[0] },
      });
      expect(after.status, JSON.stringify(after.body)).toBe(200);
    } finally {
      cluster.openAi.delayTokensBy(0);
    }
  });
});

/** How many vectors Chroma holds for one source of a bot. */
async function vectorCount(botId: string, sourceId: string): Promise<number> {
  const url = new URL(cluster.chromaUrl);
  const client = new ChromaClient({ host: url.hostname, port: Number(url.port) });
  const collection = await client.getCollection({ name: collectionForBot(EMBEDDING_MODEL_ID, botId), embeddingFunction: null as never });
  const found = await collection.get({ where: { source_id: sourceId }, include: [] });
  return found.ids.length;
}

describe('a worker killed (SIGKILL) in the middle of a job', () => {
  let site: LocalSite | undefined;

  afterAll(async () => {
    await site?.close();
  });

  it('has a document finished once by the restarted worker: one run completes it, no duplicate chunk or vector', async () => {
    const bot = await createBot(A, pro.accessToken, { name: 'Crash bot' });
    // The worker stops in the middle of indexing, its embeddings request held by the fake.
    const held = cluster.openAi.holdEmbeddings();
    const text = [
      '# Rentals',
      'The Zorbian ferry rents kayaks at pier nineteen from 7:45, every day except Sunday.',
      '## Deposits',
      'A kayak costs a deposit of forty euros, returned when the kayak comes back dry.',
    ].join('\n\n');
    try {
      const uploaded = await uploadDocument(A, pro.accessToken, bot.id, 'rentals.md', text);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const documentId: string = uploaded.body.id;
      await held.arrived;
      expect(await query('SELECT status, "processingAttempts" FROM documents WHERE id = $1', [documentId])).toEqual([
        { status: 'processing', processingAttempts: 1 },
      ]);

      await cluster.restart('worker', 'SIGKILL');
      held.release();

      const deadline = Date.now() + PATIENCE_MS;
      let document: { status: string; chunkCount: number; processingAttempts: number; errorMessage: string | null } | undefined;
      while (Date.now() < deadline) {
        [document] = await query('SELECT status, "chunkCount", "processingAttempts", "errorMessage" FROM documents WHERE id = $1', [
          documentId,
        ]);
        if (document && /completed|failed/.test(document.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The killed run counted as one try, the restarted worker's as the second; it completed.
      expect(document).toEqual({ status: 'completed', chunkCount: expect.any(Number), processingAttempts: 2, errorMessage: null });
      expect(document!.chunkCount).toBeGreaterThan(0);
      const [chunks] = await query(
        'SELECT count(*)::int AS rows, count(DISTINCT ordinal)::int AS ordinals FROM chunks WHERE "documentId" = $1',
        [documentId],
      );
      expect(chunks).toEqual({ rows: document!.chunkCount, ordinals: document!.chunkCount });
      expect(await vectorCount(bot.id, documentId)).toBe(document!.chunkCount);
      // The restarted worker logged the document processed once.
      const processed = (await cluster.log('worker'))
        .split('\n')
        .filter((line) => line.includes(documentId) && line.includes('document processed'));
      expect(processed).toHaveLength(1);
    } finally {
      held.release();
    }
  });

  it('has a crawl finished by the restarted worker from where it stopped, each page fetched and stored once', async () => {
    // The worker has indexed the home page and waits for /ferries when it is killed.
    let ferriesAsked = () => {};
    const ferriesRequested = new Promise<void>((resolve) => (ferriesAsked = resolve));
    let holdFerries = true;
    const ferries = htmlPage('<h1>Ferries</h1><p>The ferry to Quillton leaves at 7:45 from pier nineteen.</p>', { title: 'Ferries' });
    site = await serveLocalSite({
      '/': htmlPage('<h1>Harbour</h1><p>The harbour office opens at 6 am.</p><a href="/ferries">Ferries</a>'),
      '/ferries': (request, response) => {
        if (!holdFerries) return ferries(request, response);
        ferriesAsked();
        // Held: the killed worker's request is never answered.
      },
      '/robots.txt': respond(200, 'text/plain', 'User-agent: *\nAllow: /\n'),
    });
    const bot = await createBot(A, pro.accessToken, { name: 'Harbour crash bot', useCase: 'faq-bot' });
    const { rowId: crawlId } = await startCrawl(A, pro.accessToken, bot.id, site.origin);
    await ferriesRequested;
    const [homeBefore] = await query<{ id: string }>('SELECT id FROM web_pages WHERE "botId" = $1', [bot.id]);
    const homeChunksBefore = await query<{ id: string }>('SELECT id FROM chunks WHERE "webPageId" = $1 ORDER BY id', [homeBefore!.id]);
    expect(homeChunksBefore.length).toBeGreaterThan(0);

    holdFerries = false;
    await cluster.restart('worker', 'SIGKILL');

    const deadline = Date.now() + PATIENCE_MS;
    let crawl: { status: string; itemsCount: number; errorMessage: string | null } | undefined;
    while (Date.now() < deadline) {
      [crawl] = await query('SELECT status, "itemsCount", "errorMessage" FROM web_sources WHERE id = $1', [crawlId]);
      if (crawl && /completed|failed/.test(crawl.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(crawl).toEqual({ status: 'completed', itemsCount: 2, errorMessage: null });
    const pages = await query<{ id: string; url: string }>('SELECT id, url FROM web_pages WHERE "botId" = $1 ORDER BY url', [bot.id]);
    expect(pages.map((page) => page.url)).toEqual([`${site.origin}/`, `${site.origin}/ferries`]);
    for (const page of pages) {
      const [chunks] = await query<{ rows: number; ordinals: number }>(
        'SELECT count(*)::int AS rows, count(DISTINCT ordinal)::int AS ordinals FROM chunks WHERE "webPageId" = $1',
        [page.id],
      );
      expect(chunks!.rows, page.url).toBeGreaterThan(0);
      expect(chunks!.rows, page.url).toBe(chunks!.ordinals);
      expect(await vectorCount(bot.id, page.id), page.url).toBe(chunks!.rows);
    }
    // The page read before the kill was neither fetched nor indexed again: the crawl went on from it.
    expect(await query('SELECT id FROM chunks WHERE "webPageId" = $1 ORDER BY id', [homeBefore!.id])).toEqual(homeChunksBefore);
    expect(site.paths().filter((path) => path === '/')).toHaveLength(1);
  });
});

describe('Chroma stopped, then started again', () => {
  it('answers from full-text search meanwhile with a warning, says degraded, keeps indexing and removing, and syncs the vectors once it is back', async () => {
    const [, B] = cluster.replicas;
    const bot = await createBot(A, pro.accessToken, { name: 'Lighthouse bot' });
    /** Uploads a document to the bot and waits until it has settled. */
    const upload = async (fileName: string, text: string) => {
      const uploaded = await uploadDocument(A, pro.accessToken, bot.id, fileName, text);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      return { id: uploaded.body.id as string, ...(await settledDocument(uploaded.body.id)) };
    };
    const lighthouse = await upload('lighthouse.md', '# Lighthouse\n\nThe lighthouse museum opens at 10 am on Sundays.');
    expect(lighthouse.status).toBe('completed');
    const outdated = await upload('old-hours.md', '# Old hours\n\nThe museum used to open at 9 am.');
    expect(await vectorCount(bot.id, outdated.id)).toBe(outdated.chunkCount);
    const visitor = await api(B, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
    const ask = (message: string) =>
      api(B, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message, session_token: visitor.body.session_token },
      });
    /** What the model was given to answer from: the system prompt carries the retrieved passages. */
    const passagesOfLastAnswer = () =>
      cluster.openAi.requests
        .at(-1)!
        .messages.map((message) => message.content)
        .join('\n');
    cluster.openAi.answerWith('At 10 am on Sundays.');

    await cluster.chroma.stop();
    let tides: Awaited<ReturnType<typeof upload>> | undefined;
    try {
      const ready = await fetch(`${B.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', vectors: expect.any(String) } });
      const answered = await ask('When does the lighthouse museum open?');
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect(passagesOfLastAnswer()).toContain('The lighthouse museum opens at 10 am on Sundays.');
      expect(await cluster.log('api-2')).toContain('vector search failed; answering from full-text search only');

      // Knowledge still comes and goes: PostgreSQL is the record, Chroma catches up later.
      tides = await upload('tides.md', '# Tides\n\nHigh tide at the lighthouse is at 6:40 tomorrow.');
      expect(tides).toMatchObject({ status: 'completed', errorMessage: null });
      expect(await query('SELECT count(*)::int AS pending FROM chunks WHERE "documentId" = $1 AND "vectorPending"', [tides.id])).toEqual([
        { pending: tides.chunkCount },
      ]);
      expect((await ask('When is high tide at the lighthouse?')).status).toBe(200);
      expect(passagesOfLastAnswer()).toContain('High tide at the lighthouse is at 6:40 tomorrow.');
      const removed = await api(A, 'DELETE', `/bots/${bot.id}/documents/${outdated.id}`, { token: pro.accessToken });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(await query('SELECT count(*)::int AS chunks FROM chunks WHERE "documentId" = $1', [outdated.id])).toEqual([{ chunks: 0 }]);
      expect(await query('SELECT "sourceId" FROM vector_removals WHERE "botId" = $1', [bot.id])).toEqual([{ sourceId: outdated.id }]);
      expect(await cluster.log('worker')).toContain('vector store unavailable; the vectors are written once it is back');
    } finally {
      await cluster.chroma.start();
    }

    await eventually('api-2 ready again', async () => (await (await fetch(`${B.url}/readyz`)).json()).status === 'ready');
    // The worker's vector sync writes what was indexed meanwhile and removes what was deleted.
    await eventually('the vectors synced', async () => {
      const [state] = await query<{ pending: number; removals: number }>(
        `SELECT (SELECT count(*)::int FROM chunks WHERE "botId" = $1 AND "vectorPending") AS pending,
                (SELECT count(*)::int FROM vector_removals WHERE "botId" = $1) AS removals`,
        [bot.id],
      );
      return state!.pending === 0 && state!.removals === 0;
    });
    expect(await vectorCount(bot.id, tides!.id)).toBe(tides!.chunkCount);
    expect(await vectorCount(bot.id, outdated.id)).toBe(0);
    expect(await vectorCount(bot.id, lighthouse.id)).toBeGreaterThan(0);

    const warningsBefore = (await cluster.log('api-2')).split('vector search failed').length;
    expect((await ask('When does the lighthouse museum open?')).status).toBe(200);
    expect(passagesOfLastAnswer()).toContain('The lighthouse museum opens at 10 am on Sundays.');
    expect((await cluster.log('api-2')).split('vector search failed').length).toBe(warningsBefore);
  });
});

/** Polls the document until it has settled (completed or failed), for at most PATIENCE_MS. */
async function settledDocument(documentId: string) {
  return eventually(`document ${documentId} to settle`, async () => {
    const [document] = await query<{ status: string; chunkCount: number; errorMessage: string | null }>(
      'SELECT status, "chunkCount", "errorMessage" FROM documents WHERE id = $1',
      [documentId],
    );
    return document && /completed|failed/.test(document.status) ? document : undefined;
  });
}

async function expectIndexedOnce(botId: string, documentId: string, chunkCount: number) {
  const [chunks] = await query(
    'SELECT count(*)::int AS rows, count(DISTINCT ordinal)::int AS ordinals FROM chunks WHERE "documentId" = $1',
    [documentId],
  );
  expect(chunks).toEqual({ rows: chunkCount, ordinals: chunkCount });
  expect(await vectorCount(botId, documentId)).toBe(chunkCount);
}

describe('Redis stopped, then started again', () => {
  it('refuses uploads meanwhile with a 503, leaving nothing behind, then resumes without a restart, losing no job', async () => {
    const redis = cluster.redis!;
    const [, B] = cluster.replicas;
    const bot = await createBot(A, pro.accessToken, { name: 'Redis bot' });
    // A document in the middle of its processing when Redis goes.
    const held = cluster.openAi.holdEmbeddings();
    let first: { status: number; body: any };
    try {
      first = await uploadDocument(A, pro.accessToken, bot.id, 'menu.md', '# Menu\n\nThe harbour café serves mussels on Fridays.');
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      await held.arrived;

      await redis.stop();
      // Signed-in requests are checked against the database meanwhile; an upload cannot be queued.
      expect((await api(B, 'GET', '/users/me', { token: pro.accessToken })).status).toBe(200);
      const refused = await uploadDocument(A, pro.accessToken, bot.id, 'tides.md', '# Tides\n\nHigh tide is at 14:10 today.');
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body).toEqual({
        detail: 'Uploads are paused for a moment: the document could not be queued for processing. Please upload it again in a minute.',
      });
      expect(await query('SELECT id FROM documents WHERE "botId" = $1 AND "fileName" = $2', [bot.id, 'tides.md'])).toEqual([]);
    } finally {
      await redis.start();
      held.release();
    }

    // The job that was running when Redis went is finished, once.
    const menu = await settledDocument(first.body.id);
    expect(menu).toMatchObject({ status: 'completed', errorMessage: null });
    await expectIndexedOnce(bot.id, first.body.id, menu.chunkCount);

    // Uploads are taken again and processed, without any process restarted.
    const again = await uploadDocument(A, pro.accessToken, bot.id, 'tides.md', '# Tides\n\nHigh tide is at 14:10 today.');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const tides = await settledDocument(again.body.id);
    expect(tides).toMatchObject({ status: 'completed', errorMessage: null });
    await expectIndexedOnce(bot.id, again.body.id, tides.chunkCount);

    cluster.openAi.answerWith('The café serves mussels on Fridays.');
    const session = await api(A, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const chat = await api(A, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      body: { message: 'When are mussels served?', session_token: session.body.session_token },
    });
    expect(chat.status, JSON.stringify(chat.body)).toBe(200);
  });
  it('keeps visitors chatting and sign-outs holding while Redis is away, and after it is back', async () => {
    const redis = cluster.redis!;
    const [, B] = cluster.replicas;
    const bot = await createBot(A, pro.accessToken, { name: 'Harbour café' });
    cluster.openAi.answerWith('The café serves mussels on Fridays.');
    const visitor = await api(A, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
    expect(visitor.status, JSON.stringify(visitor.body)).toBe(201);
    const leaving = await logIn(A, 'customer@example.com', 'customer-demo-2026');

    await redis.stop();
    try {
      // Signed-in requests are checked against the database meanwhile, and rate limits count in each replica.
      expect((await api(B, 'GET', '/users/me', { token: pro.accessToken })).status).toBe(200);
      const answered = await api(B, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'When are mussels served?', session_token: visitor.body.session_token },
      });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      // A sign-out on A holds on B though Redis cannot carry it.
      expect((await api(A, 'POST', '/users/logout', { token: leaving.accessToken })).status).toBe(200);
      expect((await api(B, 'GET', '/users/me', { token: leaving.accessToken })).status).toBe(401);
    } finally {
      await redis.start();
    }

    // It still holds once the replicas read the revocation list in Redis again (filled from the rows).
    for (const [replica, log] of [
      [A, 'api-1'],
      [B, 'api-2'],
    ] as const) {
      await eventually(`${log} reading the revocation list again`, async () => {
        await api(replica, 'GET', '/users/me', { token: pro.accessToken });
        return (await cluster.log(log)).includes('revocation list readable again');
      });
      expect((await api(replica, 'GET', '/users/me', { token: leaving.accessToken })).status).toBe(401);
    }
  });
});
