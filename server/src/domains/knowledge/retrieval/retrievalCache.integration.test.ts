import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpWithoutTrial, type TestAccount } from '../../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts';
import { api, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { botWithKnowledge, documentsSettled, uploadDocument } from '../../../../test/knowledge.ts';
import { RETRIEVAL_CACHE_LIMITS } from './retrievalCache.ts';

const POLICIES = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';
const SHIPPING = 'Delivery. Orders ship from our Lyon warehouse within two business days.';
const QUESTION = 'Where do orders ship from?';

let statements: string[] = [];
let database: TestDatabase;
let server: TestServer;
let owner: TestAccount;
let bot: { id: string; widgetToken: string };
let visitors = 0;

beforeAll(async () => {
  // A database that tells every statement sent (PGlite, or PostgreSQL in the postgres project).
  database = await createTestDatabase({ onQuery: (sql) => statements.push(sql) });
  server = await startTestServer({}, { database: database.database });
  owner = await signUpWithoutTrial(server, 'Retrieval Cache');
  await server.services.billing.grantCredits(owner.userId, { kind: 'bonus', amount: 100, idempotencyKey: `start:${owner.userId}` });
  bot = await botWithKnowledge(server, owner.accessToken, POLICIES);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

/** A new visitor's question through the widget's route; the titles of the documents its answer cites. */
async function ask(question = QUESTION): Promise<string[]> {
  const ip = `198.18.9.${++visitors}`;
  const session = await api(server, 'POST', '/public/bots/sessions/create', {
    body: { bot_id: bot.id },
    headers: { 'x-forwarded-for': ip },
  });
  expect(session.status).toBe(201);
  const answer = await api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message: question, session_token: session.body.session_token },
    headers: { 'x-forwarded-for': ip },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.sources as { title: string }[]).map((source) => source.title);
}

const chunkStatements = () => statements.filter((sql) => /"chunks"/.test(sql));

/** Past the margin a change revokes ahead of its clock (the test's clock stands still otherwise). */
const afterChanges = () => server.clock.advance(RETRIEVAL_CACHE_LIMITS.clockMarginMs + 1);

async function uploadShipping(): Promise<string> {
  const uploaded = await uploadDocument(server, owner.accessToken, bot.id, 'shipping.txt', SHIPPING);
  expect(uploaded.status).toBe(201);
  await documentsSettled(server, bot.id);
  return uploaded.body.id;
}

describe('the retrieval cache', () => {
  it('answers a question asked again of unchanged knowledge without searching again', async () => {
    const shipping = await uploadShipping();
    afterChanges();
    const vectorQueries = vi.spyOn(server.platform.vectors, 'query');
    try {
      expect(await ask()).toContain('shipping.txt');
      expect(vectorQueries).toHaveBeenCalledTimes(1);

      statements = [];
      expect(await ask()).toContain('shipping.txt');
      expect(chunkStatements()).toEqual([]);
      expect(vectorQueries).toHaveBeenCalledTimes(1);
      // Another question is searched.
      await ask('When does the Lyon store open?');
      expect(vectorQueries).toHaveBeenCalledTimes(2);
    } finally {
      vectorQueries.mockRestore();
      await api(server, 'DELETE', `/bots/${bot.id}/documents/${shipping}`, { token: owner.accessToken });
    }
  });

  it('finds a document uploaded after the question was kept, and no longer a deleted one', async () => {
    afterChanges();
    expect(await ask()).not.toContain('shipping.txt');
    const shipping = await uploadShipping();
    statements = [];
    expect(await ask()).toContain('shipping.txt');
    expect(chunkStatements()).not.toEqual([]);

    afterChanges();
    expect(await ask()).toContain('shipping.txt');
    const deleted = await api(server, 'DELETE', `/bots/${bot.id}/documents/${shipping}`, { token: owner.accessToken });
    expect(deleted.status).toBe(200);
    expect(await ask()).not.toContain('shipping.txt');
  });

  it("keeps the language of the bot's knowledge until the knowledge changes", async () => {
    // Questions in French about English pages are also searched with English stems, which needs
    // the language of the bot's chunks: read from a sample of them, once per change of knowledge.
    const languageSamples = () => statements.filter((sql) => /SELECT c\."content" FROM "chunks" c WHERE/.test(sql));
    afterChanges();
    statements = [];
    await ask('Où sont expédiées les commandes ?');
    expect(languageSamples()).toHaveLength(1);
    await ask('À quelle heure ouvre le magasin de Lyon ?');
    expect(languageSamples()).toHaveLength(1);

    const shipping = await uploadShipping();
    afterChanges();
    statements = [];
    await ask('Les commandes partent-elles de Lyon ?');
    expect(languageSamples()).toHaveLength(1);
    await api(server, 'DELETE', `/bots/${bot.id}/documents/${shipping}`, { token: owner.accessToken });
  });

  it('keeps no result found while the vector search failed', async () => {
    const shipping = await uploadShipping();
    afterChanges();
    const vectorQueries = vi.spyOn(server.platform.vectors, 'query').mockRejectedValueOnce(new Error('Chroma is down'));
    try {
      // Full-text search alone still finds it.
      expect(await ask()).toContain('shipping.txt');
      statements = [];
      expect(await ask()).toContain('shipping.txt');
      expect(vectorQueries).toHaveBeenCalledTimes(2);
      expect(chunkStatements()).not.toEqual([]);
    } finally {
      vectorQueries.mockRestore();
      await api(server, 'DELETE', `/bots/${bot.id}/documents/${shipping}`, { token: owner.accessToken });
    }
  });

  it('counts its hits and misses in the server metrics', async () => {
    afterChanges();
    const question = 'Is the Lyon store open on Saturday?';
    await ask(question);
    await ask(question);
    const metrics = await fetch(`${server.url}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/retrieval_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(metrics).toMatch(/retrieval_cache_lookups_total\{result="miss"\} [1-9]/);
  });
});
