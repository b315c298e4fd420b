import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts.ts';
import { postgresServerUrl } from '../../../test/database.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { Decimal } from '../billing/decimal.ts';
import { isTrialCharge } from '../billing/trial.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { writeExchanges, type ExchangeRecord, type WrittenExchange } from './records.ts';

/** A new conversation's status columns: the bot answers it. */
const BOT_ANSWERS = {
  status: 'bot' as const,
  statusChangedAt: null,
  ownerReadAt: null,
  emailAskedAt: null,
  replyEmail: null,
  pageUrl: null,
};

let server: TestServer;
let botId: string;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signUp(server, 'Bot Owner');
  botId = (await botWithKnowledge(server, owner.accessToken, 'Delivery. Orders ship from our Lyon warehouse.')).id;
});

afterAll(async () => {
  await server?.close();
});

/** A customer whose running trial has `trial` credits left and whose paid balance is `paid`. */
async function customerWith(trial: number, paid: number): Promise<string> {
  const { userId } = await signUp(server, 'Payer');
  const { prisma } = server.platform;
  await prisma.subscription.updateMany({ where: { userId, status: 'trialing' }, data: { trialCredits: trial, trialCreditsUsed: 0 } });
  if (paid > 0) await server.services.billing.grantCredits(userId, { kind: 'bonus', amount: paid, idempotencyKey: `paid:${userId}` });
  return userId;
}

/** Whether a statement is waiting for a row lock (on PostgreSQL's own view of its sessions). */
async function waitingForALock(): Promise<boolean> {
  const waiting = await server.platform.prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM pg_stat_activity
    WHERE "wait_event_type" = 'Lock' AND "query" LIKE '%billing_paid_left%' AND "datname" = current_database()`;
  return waiting[0]!.count > 0;
}

async function widgetConversation(): Promise<ExchangeRecord['session']> {
  const session = await server.platform.prisma.chatSession.create({ data: { botId, channel: 'widget', tokenHash: uuidv7() } });
  return { id: session.id, botId, channel: 'widget', status: 'bot' };
}

function exchange(session: ExchangeRecord['session'], charge: { userId: string; cost: number } | null): ExchangeRecord {
  const now = server.clock.now();
  const questionId = uuidv7();
  return {
    session,
    opening: null,
    lastMessageAt: now,
    question: { id: questionId, content: 'Where do orders ship from?', at: new Date() },
    answer: {
      id: uuidv7(),
      content: 'From Lyon [1].',
      at: new Date(Date.now() + 1),
      sources: [],
      givenPassages: [],
      promptTokens: 10,
      completionTokens: 4,
      latencyMs: 12,
      retrievalTopScore: 0.9,
      unanswered: false,
      model: 'gpt-test',
    },
    charge: charge && {
      userId: charge.userId,
      cost: new Decimal(charge.cost),
      idempotencyKey: `chat:${questionId}`,
      description: 'Answer by Shop assistant',
      entryId: uuidv7(),
    },
  };
}

/** An exchange that opens the demo conversation of `tokenHash`, as an answer that found none does. */
function opening(tokenHash: string): ExchangeRecord {
  const id = uuidv7();
  const now = server.clock.now();
  const session = { id, botId, channel: 'demo' as const, status: 'bot' as const };
  return {
    ...exchange(session, null),
    opening: {
      ...session,
      tokenHash,
      visitorName: null,
      visitorEmail: null,
      phoneNumber: null,
      createdAt: now,
      lastMessageAt: now,
      ...BOT_ANSWERS,
    },
  };
}

describe('exchanges written in one statement', () => {
  it.each([
    { trial: 2, paid: 0, charges: 3, paidFrom: ['trial', 'trial', 'none'] },
    { trial: 0, paid: 2, charges: 3, paidFrom: ['paid', 'paid', 'none'] },
    { trial: 1, paid: 1, charges: 3, paidFrom: ['trial', 'paid', 'none'] },
    { trial: 1, paid: 5, charges: 3, paidFrom: ['trial', 'paid', 'paid'] },
    { trial: 5, paid: 5, charges: 3, paidFrom: ['trial', 'trial', 'trial'] },
    { trial: 0, paid: 0, charges: 2, paidFrom: ['none', 'none'] },
  ])('take the trial first, then the paid balance, in order: trial $trial, paid $paid', async ({ trial, paid, charges, paidFrom }) => {
    const userId = await customerWith(trial, paid);
    const session = await widgetConversation();
    const exchanges = Array.from({ length: charges }, () => exchange(session, { userId, cost: 1 }));
    const written = await writeExchanges(server.platform.database.query, exchanges);

    expect(written.map((item) => item.answer.costCredits.toNumber())).toEqual(paidFrom.map((from) => (from === 'none' ? 0 : 1)));
    const { prisma } = server.platform;
    const entries = await prisma.creditLedgerEntry.findMany({ where: { userId, kind: 'usage' } });
    const sourceOf = (item: ExchangeRecord) => {
      const entry = entries.find((candidate) => candidate.idempotencyKey === item.charge!.idempotencyKey);
      if (!entry) return 'none';
      expect(entry.amount.toNumber()).toBe(-1);
      return isTrialCharge(entry.description) ? 'trial' : 'paid';
    };
    expect(exchanges.map(sourceOf)).toEqual(paidFrom);
    const subscription = await prisma.subscription.findFirstOrThrow({ where: { userId, status: 'trialing' } });
    expect(subscription.trialCreditsUsed.toNumber()).toBe(paidFrom.filter((from) => from === 'trial').length);
    const settings = await prisma.billingSettings.findUnique({ where: { userId } });
    expect(settings?.usedCredits.toNumber() ?? 0).toBe(paidFrom.filter((from) => from === 'paid').length);
    const stored = await prisma.chatMessage.findMany({ where: { sessionId: session.id, role: 'assistant' } });
    expect(new Map(stored.map((message) => [message.id, message.costCredits.toNumber()]))).toEqual(
      new Map(written.map((item) => [item.answer.id, item.answer.costCredits.toNumber()])),
    );
  });

  it('opens new conversations, moves the found ones, and writes free exchanges beside charged ones', async () => {
    const userId = await customerWith(0, 10);
    const found = await widgetConversation();
    const now = server.clock.now();
    const openingId = uuidv7();
    const opened = {
      ...exchange({ id: openingId, botId, channel: 'test', status: 'bot' }, null),
      opening: {
        id: openingId,
        botId,
        channel: 'test' as const,
        tokenHash: null,
        visitorName: 'Tester',
        visitorEmail: null,
        phoneNumber: null,
        createdAt: now,
        lastMessageAt: now,
        ...BOT_ANSWERS,
      },
    };
    const later = new Date(now.getTime() + 60_000);
    const exchanges = [exchange(found, { userId, cost: 2 }), opened, { ...exchange(found, null), lastMessageAt: later }];
    const written = await writeExchanges(server.platform.database.query, exchanges);

    expect(written.map((item) => item.answer.costCredits.toNumber())).toEqual([2, 0, 0]);
    const { prisma } = server.platform;
    const conversation = await prisma.chatSession.findUniqueOrThrow({ where: { id: openingId }, include: { messages: true } });
    expect(conversation).toMatchObject({ channel: 'test', visitorName: 'Tester', botId });
    expect(conversation.messages.map((message) => message.role).sort()).toEqual(['assistant', 'user']);
    const moved = await prisma.chatSession.findUniqueOrThrow({ where: { id: found.id } });
    expect(moved.lastMessageAt).toEqual(later);
    expect(await prisma.chatMessage.count({ where: { sessionId: found.id } })).toBe(4);
    const question = await prisma.chatMessage.findUniqueOrThrow({ where: { id: exchanges[0]!.question.id } });
    expect(question).toMatchObject({ role: 'user', content: 'Where do orders ship from?', createdAt: exchanges[0]!.question.at });
  });

  it('never takes a balance below zero when statements charging one customer race (replicas)', async () => {
    const userId = await customerWith(1, 3);
    const session = await widgetConversation();
    const batches = Array.from({ length: 4 }, () => [exchange(session, { userId, cost: 1 }), exchange(session, { userId, cost: 1 })]);
    const written = (await Promise.all(batches.map((batch) => writeExchanges(server.platform.database.query, batch)))).flat();

    expect(written.filter((item) => item.answer.costCredits.toNumber() === 1)).toHaveLength(4);
    const { prisma } = server.platform;
    expect(await prisma.creditLedgerEntry.count({ where: { userId, kind: 'usage' } })).toBe(4);
    const subscription = await prisma.subscription.findFirstOrThrow({ where: { userId, status: 'trialing' } });
    expect(subscription.trialCreditsUsed.toNumber()).toBe(1);
    const settings = await prisma.billingSettings.findUniqueOrThrow({ where: { userId } });
    expect(settings.usedCredits.toNumber()).toBe(3);
  });

  it.skipIf(!postgresServerUrl())(
    'charges from the balance as it is once locked, not as the statement first saw it (PostgreSQL)',
    async () => {
      const userId = await customerWith(0, 3);
      const session = await widgetConversation();
      const { prisma } = server.platform;
      // Another replica's charge holds the balance while this statement starts, and takes 2 of the 3 credits.
      let written: Promise<WrittenExchange[]> | undefined;
      await prisma.$transaction(
        async (other) => {
          await other.$queryRaw`SELECT 1 FROM "billing_settings" WHERE "userId" = ${userId} FOR UPDATE`;
          written = writeExchanges(server.platform.database.query, [
            exchange(session, { userId, cost: 1 }),
            exchange(session, { userId, cost: 1 }),
          ]);
          while (!(await waitingForALock())) await new Promise((resolve) => setTimeout(resolve, 10));
          await other.billingSettings.update({ where: { userId }, data: { usedCredits: { increment: 2 } } });
        },
        { timeout: 20_000 },
      );
      const charged = (await written!).map((item) => item.answer.costCredits.toNumber());
      expect(charged).toEqual([1, 0]);
      const settings = await prisma.billingSettings.findUniqueOrThrow({ where: { userId } });
      expect(settings.usedCredits.toNumber()).toBe(3);
    },
  );

  it("opens a token's conversation once, however many answers open it, in one statement or the next ones", async () => {
    const tokenHash = uuidv7();
    const { prisma } = server.platform;
    const first = await writeExchanges(server.platform.database.query, [opening(tokenHash), opening(tokenHash), opening(tokenHash)]);
    const conversation = await prisma.chatSession.findUniqueOrThrow({ where: { tokenHash } });
    expect(first.map((item) => item.session.id)).toEqual([conversation.id, conversation.id, conversation.id]);
    expect(first.map((item) => item.answer.sessionId)).toEqual([conversation.id, conversation.id, conversation.id]);

    // Answers that read before the first write committed open it again, beside one that found it.
    const found = { id: conversation.id, botId, channel: 'demo' as const, status: 'bot' as const };
    const later = new Date(server.clock.now().getTime() + 60_000);
    const next = await writeExchanges(server.platform.database.query, [
      opening(tokenHash),
      { ...exchange(found, null), lastMessageAt: later },
      opening(tokenHash),
    ]);
    expect(next.map((item) => item.session.id)).toEqual([conversation.id, conversation.id, conversation.id]);
    const sessions = await prisma.chatSession.findMany({ where: { tokenHash }, include: { messages: true } });
    expect(
      sessions.map((session) => ({ id: session.id, messages: session.messages.length, lastMessageAt: session.lastMessageAt })),
    ).toEqual([{ id: conversation.id, messages: 12, lastMessageAt: later }]);
  });

  it.skipIf(!postgresServerUrl())(
    "writes in the conversation another statement opens while it waits, unseen by this statement's snapshot (PostgreSQL)",
    async () => {
      const tokenHash = uuidv7();
      const { prisma } = server.platform;
      const otherId = uuidv7();
      // Another replica's first answer has inserted the conversation and not committed yet.
      let written: Promise<WrittenExchange[]> | undefined;
      await prisma.$transaction(
        async (other) => {
          await other.chatSession.create({ data: { id: otherId, botId, channel: 'demo', tokenHash } });
          written = writeExchanges(server.platform.database.query, [opening(tokenHash), opening(tokenHash)]);
          while (!(await waitingForALock())) await new Promise((resolve) => setTimeout(resolve, 10));
        },
        { timeout: 20_000 },
      );
      expect((await written!).map((item) => item.session.id)).toEqual([otherId, otherId]);
      const sessions = await prisma.chatSession.findMany({ where: { tokenHash }, include: { messages: true } });
      expect(sessions.map((session) => ({ id: session.id, messages: session.messages.length }))).toEqual([{ id: otherId, messages: 4 }]);
    },
  );

  it('writes nothing when one of the conversations is gone, and refuses to charge two customers at once', async () => {
    const userId = await customerWith(0, 10);
    const session = await widgetConversation();
    const kept = exchange(session, { userId, cost: 1 });
    const orphan = exchange({ id: uuidv7(), botId, channel: 'widget', status: 'bot' }, { userId, cost: 1 });
    await expect(writeExchanges(server.platform.database.query, [kept, orphan])).rejects.toThrow();
    const { prisma } = server.platform;
    expect(await prisma.chatMessage.count({ where: { sessionId: session.id } })).toBe(0);
    expect(await prisma.creditLedgerEntry.count({ where: { userId, kind: 'usage' } })).toBe(0);

    const other = await customerWith(0, 10);
    await expect(writeExchanges(server.platform.database.query, [kept, exchange(session, { userId: other, cost: 1 })])).rejects.toThrow(
      'one statement charges one customer',
    );
  });
});
