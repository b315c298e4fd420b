import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { ANSWER_CONTEXT_LIMITS } from './answerContexts.ts';
import { BOT_PHRASES } from './language.ts';

const FACTS = 'Delivery. Orders ship from our Lyon warehouse within two business days.';
const QUESTION = 'Where do orders ship from?';
const UNAVAILABLE = BOT_PHRASES.en.unavailable;

let statements: string[] = [];
let database: TestDatabase;
let server: TestServer;
let visitors = 0;

beforeAll(async () => {
  // A database that tells every statement sent (PGlite, or PostgreSQL in the postgres project).
  database = await createTestDatabase({ onQuery: (sql) => statements.push(sql) });
  server = await startTestServer({}, { database: database.database });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

interface Visitor {
  ip: string;
  sessionToken: string;
  bot: { id: string; widgetToken: string };
}

async function visitorOf(bot: { id: string; widgetToken: string }): Promise<Visitor> {
  const ip = `198.18.7.${++visitors}`;
  const session = await api(server, 'POST', '/public/bots/sessions/create', {
    body: { bot_id: bot.id },
    headers: { 'x-forwarded-for': ip },
  });
  expect(session.status).toBe(201);
  return { ip, sessionToken: session.body.session_token, bot };
}

/** The visitor's question through the widget's route. */
function ask({ ip, sessionToken, bot }: Visitor) {
  return api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message: QUESTION, session_token: sessionToken },
    headers: { 'x-forwarded-for': ip },
  });
}

/** The statement that reads a question's bot, conversation and billing (see records.ts). */
const contextReads = () => statements.filter((sql) => /FROM "bots" b/.test(sql));

/** Past the margin a change revokes ahead of its clock (the test's clock stands still otherwise). */
const afterChanges = () => server.clock.advance(ANSWER_CONTEXT_LIMITS.clockMarginMs + 1);

async function creditCustomer(name: string, credits: number): Promise<{ owner: TestAccount; visitor: Visitor }> {
  const owner = await signUpWithoutTrial(server, name);
  await server.services.billing.grantCredits(owner.userId, { kind: 'bonus', amount: credits, idempotencyKey: `start:${owner.userId}` });
  const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
  const visitor = await visitorOf(bot);
  afterChanges();
  return { owner, visitor };
}

describe("the widget's answer contexts", () => {
  it("answer a visitor's next question without reading its bot, conversation or billing again", async () => {
    const { visitor } = await creditCustomer('Kept Context', 100);
    // Billing's rules are applied to the kept standing once, not on every answer.
    const standings = vi.spyOn(server.services.billing.account, 'payingStanding');
    statements = [];
    const first = await ask(visitor);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(contextReads()).toHaveLength(1);

    statements = [];
    const again = await ask(visitor);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.message).toBe(first.body.message);
    expect(contextReads()).toEqual([]);
    expect(standings).toHaveBeenCalledTimes(1);
    standings.mockRestore();
    // The exchange is written and charged all the same.
    expect(statements.filter((sql) => /INSERT INTO "chat_messages"/.test(sql))).toHaveLength(1);
    const history = await api(server, 'GET', `/public/bots/${visitor.bot.id}/chat-history?session_token=${visitor.sessionToken}`);
    expect(history.body).toHaveLength(4);
  });

  it("apply their owner's changes to the next question: a bot switched off, then deleted", async () => {
    const { owner, visitor } = await creditCustomer('Switched Off', 100);
    expect((await ask(visitor)).status).toBe(200);

    const off = await api(server, 'PATCH', `/bots/${visitor.bot.id}`, { token: owner.accessToken, body: { isActive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const refused = await ask(visitor);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('This chatbot is currently unavailable.');

    const on = await api(server, 'PATCH', `/bots/${visitor.bot.id}`, { token: owner.accessToken, body: { isActive: true } });
    expect(on.status).toBe(200);
    expect((await ask(visitor)).status).toBe(200);

    expect((await api(server, 'DELETE', `/bots/${visitor.bot.id}`, { token: owner.accessToken })).status).toBe(200);
    const gone = await ask(visitor);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toMatch(/not found/i);
  });

  it('refuse the question after the answer that spent the last credits, as without them', async () => {
    const { owner, visitor } = await creditCustomer('Last Credits', 2);
    const answers = [];
    for (let index = 0; index < 3; index++) answers.push(await ask(visitor));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.body.message).not.toBe(UNAVAILABLE);
    expect(answers[1]!.body.message).not.toBe(UNAVAILABLE);
    expect(answers[2]!.body.message).toBe(UNAVAILABLE);
    const usage = await server.platform.prisma.creditLedgerEntry.findMany({ where: { userId: owner.userId, kind: 'usage' } });
    expect(usage.map((entry) => entry.amount.toNumber())).toEqual([-1, -1]);
  });

  it('keep a standing no longer than the trial it stands on', async () => {
    const owner = await signUp(server, 'Trial Ending');
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const visitor = await visitorOf(bot);
    // The trial ends in five seconds (sooner than a context is kept), unannounced, as time passing is.
    const endsAt = new Date(server.clock.now().getTime() + 5_000);
    await server.platform.prisma.subscription.updateMany({
      where: { userId: owner.userId, status: 'trialing' },
      data: { expiresAt: endsAt },
    });
    afterChanges();
    expect((await ask(visitor)).body.message).not.toBe(UNAVAILABLE);

    server.clock.advance(5_000);
    const after = await ask(visitor);
    expect(after.status).toBe(200);
    expect(after.body.message).toBe(UNAVAILABLE);
  });
});
