import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { sha256Hex } from '../../platform/crypto/tokens.ts';
import { CHAT_MESSAGES } from './errors.ts';
import { BOT_PHRASES } from './language.ts';

const FACTS = 'Delivery. Orders ship from our Lyon warehouse within two business days.';
const QUESTION = 'Where do orders ship from?';

/** Statements that change rows, or open a transaction to. */
const WRITES = /^\s*(INSERT|UPDATE|DELETE|BEGIN|COMMIT|WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b)/i;

let statements: string[] = [];
/** Called with each statement as it is sent. */
let onStatement: ((sql: string) => void) | undefined;
let database: TestDatabase;
let server: TestServer;
let model: FakeOpenAI;
let owner: TestAccount;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  // A database that tells every statement Prisma sends (PGlite, or PostgreSQL in the postgres project).
  database = await createTestDatabase({
    onQuery: (sql) => {
      statements.push(sql);
      onStatement?.(sql);
    },
  });
  model = await startFakeOpenAI();
  model.answerWith('Orders ship from Lyon within two business days [1].');
  server = await startTestServer(
    { OPENAI_API_KEY: 'sk-platform-key-0000000000000000', OPENAI_BASE_URL: model.baseUrl },
    { database: database.database },
  );
  owner = await signUpWithoutTrial(server, 'Hot Path');
  await server.services.billing.grantCredits(owner.userId, { kind: 'bonus', amount: 100, idempotencyKey: `start:${owner.userId}` });
  bot = await botWithKnowledge(server, owner.accessToken, FACTS);
});

afterAll(async () => {
  await server?.close();
  await model?.close();
  await database?.drop();
});

async function widgetSession(ip: string): Promise<string> {
  const created = await api(server, 'POST', '/public/bots/sessions/create', {
    body: { bot_id: bot.id },
    headers: { 'x-forwarded-for': ip },
  });
  expect(created.status).toBe(201);
  return created.body.session_token;
}

const balance = async (userId: string) => {
  const settings = await server.platform.prisma.billingSettings.findUniqueOrThrow({ where: { userId } });
  return settings.totalCredits.minus(settings.usedCredits).toNumber();
};

describe("a widget answer's statements", () => {
  it('streams the first token after one read of the bot, the session and the billing, and writes once, after it', async () => {
    const ip = '198.18.7.1';
    const sessionToken = await widgetSession(ip);
    // The process's first answer reads the platform's AI key as well; later ones only see it is unchanged.
    await server.services.chat.widgetChat(bot.id, bot.widgetToken, { message: QUESTION, sessionToken }, ip);
    const before = await balance(owner.userId);
    statements = [];
    let atFirstToken: string[] | undefined;
    const reply = await server.services.chat.widgetChat(bot.id, bot.widgetToken, { message: QUESTION, sessionToken }, ip, () => {
      atFirstToken ??= [...statements];
    });
    const all = [...statements];

    expect(atFirstToken).toBeDefined();
    expect(atFirstToken!.filter((sql) => WRITES.test(sql))).toEqual([]);
    // Retrieval's statements aside, the answer's own reads are one statement; the platform's AI key,
    // unchanged since an earlier answer read it, costs none.
    const ownReads = atFirstToken!.filter((sql) => !/"chunks"/.test(sql));
    expect(ownReads).toHaveLength(1);
    expect(ownReads[0]).toMatch(
      /"chat_sessions"[\s\S]*FROM "bots" b[\s\S]*"billing_settings"[\s\S]*"subscriptions"[\s\S]*"credit_rates"[\s\S]*"admin_config"/,
    );

    const writes = all.slice(atFirstToken!.length).filter((sql) => WRITES.test(sql));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/"credit_ledger_entries"[\s\S]*"chat_sessions"[\s\S]*"chat_messages"/);

    const { prisma } = server.platform;
    const answer = await prisma.chatMessage.findUniqueOrThrow({ where: { id: reply.messageId! }, include: { replyTo: true } });
    expect(answer).toMatchObject({ role: 'assistant', content: reply.text });
    expect(answer.model).not.toBe('extractive');
    expect(answer.costCredits.toNumber()).toBe(1);
    expect(answer.replyTo).toMatchObject({ role: 'user', content: QUESTION });
    expect(answer.createdAt.getTime()).toBeGreaterThan(answer.replyTo!.createdAt.getTime());
    const usage = await prisma.creditLedgerEntry.findMany({ where: { idempotencyKey: `chat:${answer.replyToId}` } });
    expect(usage.map((entry) => ({ kind: entry.kind, amount: entry.amount.toNumber() }))).toEqual([{ kind: 'usage', amount: -1 }]);
    expect(await balance(owner.userId)).toBe(before - 1);
  });

  it('has handed the streamed answer to the network before its write is sent', async () => {
    // The extractive answerer streams every token at once, in the tick that writes the answer: a
    // replica without a model answers so.
    const offline = await startTestServer({}, { shareDatabaseWith: server });
    const ip = '198.18.7.3';
    const chatSockets: Socket[] = [];
    offline.app.server.on('request', (request: IncomingMessage) => {
      if (request.url?.includes('/chat')) chatSockets.push(request.socket);
    });
    let atWrite: { corked: number; unsent: number } | undefined;
    onStatement = (sql) => {
      const socket = chatSockets.at(-1);
      if (WRITES.test(sql) && socket && !atWrite) atWrite = { corked: socket.writableCorked, unsent: socket.writableLength };
    };
    try {
      const session = await api(offline, 'POST', '/public/bots/sessions/create', {
        body: { bot_id: bot.id },
        headers: { 'x-forwarded-for': ip },
      });
      expect(session.status).toBe(201);
      const response = await fetch(`${offline.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': ip },
        body: JSON.stringify({ message: QUESTION, session_token: session.body.session_token }),
      });
      const events = await response.text();
      expect(events).toContain('event: token');
      expect(events).toMatch(/event: done\ndata: .*"Orders ship from our Lyon warehouse/);
    } finally {
      onStatement = undefined;
      await offline.close();
    }
    // Nothing of the response waits in the socket (corked, or queued behind it) while the write goes out.
    expect(atWrite).toEqual({ corked: 0, unsent: 0 });
  });

  it('answers with the platform key an admin saves from the very next answer, and reads the key only then', async () => {
    const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
    const keyReads = async (ip: string) => {
      const sessionToken = await widgetSession(ip);
      statements = [];
      await server.services.chat.widgetChat(bot.id, bot.widgetToken, { message: QUESTION, sessionToken }, ip);
      return statements.filter((sql) => /FROM "public"."admin_config"/.test(sql)).length;
    };
    await keyReads('198.18.7.10');
    expect(await keyReads('198.18.7.11')).toBe(0);
    expect(model.authorizations.at(-1)).toBe('Bearer sk-platform-key-0000000000000000');

    const saved = await api(server, 'PUT', '/admin/config/', {
      token: admin.accessToken,
      body: { key: 'openai_api_key', value: 'sk-admin-saved-key-1111111111111111' },
    });
    expect(saved.status).toBe(200);
    expect(await keyReads('198.18.7.12')).toBe(1);
    expect(model.authorizations.at(-1)).toBe('Bearer sk-admin-saved-key-1111111111111111');
    expect(await keyReads('198.18.7.13')).toBe(0);

    await api(server, 'PUT', '/admin/config/', { token: admin.accessToken, body: { key: 'openai_api_key', value: '' } });
    await keyReads('198.18.7.14');
    expect(model.authorizations.at(-1)).toBe('Bearer sk-platform-key-0000000000000000');
  });

  it('writes nothing, and charges nothing, when the model fails after the read', async () => {
    const ip = '198.18.7.2';
    const sessionToken = await widgetSession(ip);
    const before = await balance(owner.userId);
    const entries = await server.platform.prisma.creditLedgerEntry.count({ where: { userId: owner.userId } });
    model.failWith(500, 'upstream exploded');
    try {
      const response = await api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: QUESTION, session_token: sessionToken },
        headers: { 'x-forwarded-for': ip },
      });
      expect(response.status).toBe(503);
    } finally {
      model.answerWith('Orders ship from Lyon within two business days [1].');
    }
    const session = await server.platform.prisma.chatSession.findFirstOrThrow({
      where: { botId: bot.id, visitorName: null },
      orderBy: { createdAt: 'desc' },
    });
    expect(await server.platform.prisma.chatMessage.count({ where: { sessionId: session.id } })).toBe(0);
    expect(await server.platform.prisma.creditLedgerEntry.count({ where: { userId: owner.userId } })).toBe(entries);
    expect(await balance(owner.userId)).toBe(before);
  });

  it('opens a test-chat conversation with its first answer, in the same statement', async () => {
    const subscriber = await signUpWithoutTrial(server, 'Test Chat');
    await grantSubscription(server, subscriber.userId, 'Pro');
    const testBot = await botWithKnowledge(server, subscriber.accessToken, FACTS);
    statements = [];
    let atFirstToken: string[] | undefined;
    await server.services.chat.testChat(subscriber.userId, testBot.id, { question: QUESTION }, () => {
      atFirstToken ??= [...statements];
    });
    expect(atFirstToken!.filter((sql) => WRITES.test(sql))).toEqual([]);
    const writes = statements.filter((sql) => WRITES.test(sql));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/INSERT INTO "chat_sessions"/);
    const sessions = await server.platform.prisma.chatSession.findMany({ where: { botId: testBot.id }, include: { messages: true } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.channel).toBe('test');
    expect(sessions[0]!.messages.map((message) => message.role).sort()).toEqual(['assistant', 'user']);
  });
});

describe('questions to one bot at the same moment', () => {
  it("read their bot, conversations and billing together, each answered in its own conversation, another bot's session refused", async () => {
    const ips = Array.from({ length: 6 }, (_, index) => `198.18.9.${index + 1}`);
    const tokens = await Promise.all(ips.map((ip) => widgetSession(ip)));
    const otherBot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const foreign = await api(server, 'POST', '/public/bots/sessions/create', {
      body: { bot_id: otherBot.id },
      headers: { 'x-forwarded-for': '198.18.9.99' },
    });
    statements = [];
    const ask = (sessionToken: string, ip: string) =>
      server.services.chat.widgetChat(bot.id, bot.widgetToken, { message: QUESTION, sessionToken }, ip).then(
        (reply) => ({ reply }),
        (error: unknown) => ({ error }),
      );
    const outcomes = await Promise.all([
      ...tokens.map((token, index) => ask(token, ips[index]!)),
      ask(foreign.body.session_token, '198.18.9.98'),
    ]);

    // The first question goes alone; the ones asked while it is read go together in the next statement.
    const reads = statements.filter((sql) => /FROM "bots" b/.test(sql) && /"chat_sessions"/.test(sql) && !WRITES.test(sql));
    expect(reads).toHaveLength(2);
    expect(outcomes.at(-1)).toMatchObject({ error: { code: 'SESSION_NOT_FOUND', message: CHAT_MESSAGES.sessionNotFound } });
    const { prisma } = server.platform;
    for (const [index, outcome] of outcomes.slice(0, -1).entries()) {
      expect(outcome).toHaveProperty('reply');
      const session = await prisma.chatSession.findFirstOrThrow({
        where: { messages: { some: { id: (outcome as { reply: { messageId: string } }).reply.messageId } } },
      });
      expect(session.tokenHash).toBe(sha256Hex(tokens[index]!));
    }
    expect(await prisma.chatMessage.count({ where: { session: { botId: otherBot.id } } })).toBe(0);
  });
});

describe('charging under a race for the last credits', () => {
  it('charges each credit once and never goes below zero, whatever the answers racing for them', async () => {
    const customer = await signUpWithoutTrial(server, 'Racer');
    await server.services.billing.grantCredits(customer.userId, { kind: 'bonus', amount: 3, idempotencyKey: `race:${customer.userId}` });
    const racedBot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const visitors = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const ip = `198.18.8.${index + 1}`;
        const created = await api(server, 'POST', '/public/bots/sessions/create', {
          body: { bot_id: racedBot.id },
          headers: { 'x-forwarded-for': ip },
        });
        return { ip, session: created.body.session_token as string };
      }),
    );
    const replies = await Promise.all(
      visitors.map(({ ip, session }) =>
        api(server, 'POST', `/public/bots/${racedBot.id}/chat?token=${racedBot.widgetToken}`, {
          body: { message: QUESTION, session_token: session },
          headers: { 'x-forwarded-for': ip },
        }),
      ),
    );
    expect(replies.every((reply) => reply.status === 200)).toBe(true);

    const { prisma } = server.platform;
    const answers = await prisma.chatMessage.findMany({ where: { role: 'assistant', session: { botId: racedBot.id } } });
    const usage = await prisma.creditLedgerEntry.findMany({ where: { userId: customer.userId, kind: 'usage' } });
    const charged = answers.filter((answer) => answer.costCredits.toNumber() > 0);
    // Every charge has its answer and the other way round; the visitors a read found short got the polite reply.
    expect(usage).toHaveLength(3);
    expect(charged).toHaveLength(3);
    expect(new Set(usage.map((entry) => entry.idempotencyKey))).toEqual(new Set(charged.map((answer) => `chat:${answer.replyToId}`)));
    expect(await balance(customer.userId)).toBe(0);
    const unavailable = BOT_PHRASES.en.unavailable;
    expect(replies.filter((reply) => reply.body.message === unavailable)).toHaveLength(8 - answers.length);
  });
});
