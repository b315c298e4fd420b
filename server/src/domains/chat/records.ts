// An answer's rows in two statements. Before the answer, one read of what it needs: the bot, the
// conversation, who pays (billing's columns, see payingStandingSql) and which platform AI key is
// stored (its ciphertext, to know whether the one in memory is still it); a bot that remembers
// conversations and answers with a model reads the last turns too, beside retrieval. After the
// answer has streamed, one write of the question, the answer, the conversation's activity and the
// charge (billing's part, see usageChargeSql): all of them, or none.
import { Prisma, type Bot, type Channel, type ChatMessage, type ChatSession, type PrismaClient } from '../../generated/prisma/client.ts';
import { ADMIN_CONFIG_KEYS } from '../admin/config.ts';
import { payingStandingSql, usageChargeSql, type PayingStandingRow, type UsageChargeInput } from '../billing/credits.ts';
import type { Turn } from './engine.ts';
import type { Citation } from './passages.ts';

/** The turns before a question that a bot with memory is given. */
const MEMORY_TURNS = 6;

/**
 * The bot's fields an answer uses, and no more: Prisma turns every value of a raw result into its
 * type one by one, which costs more than the database spends on the row (about 45 µs a value).
 */
const ANSWERING_BOT_FIELDS = [
  'id',
  'ownerId',
  'name',
  'isActive',
  'widgetToken',
  'activeTool',
  'enableMemory',
  'languageCode',
  'displayName',
  'generatedPrompt',
  'botPrompt',
  'tone',
  'customToneDescription',
  'responseStyle',
  'followUpBehavior',
  'creativity',
  'maxTokens',
] as const satisfies readonly (keyof Bot)[];

/** A bot as an answer sees it. */
export type AnsweringBot = Pick<Bot, (typeof ANSWERING_BOT_FIELDS)[number]>;

const ANSWER_SESSION_FIELDS = ['id', 'botId', 'channel'] as const satisfies readonly (keyof ChatSession)[];

/** A conversation as an answer sees it. */
export type AnswerSession = Pick<ChatSession, (typeof ANSWER_SESSION_FIELDS)[number]>;

const BOT_SELECT = Prisma.raw(ANSWERING_BOT_FIELDS.map((field) => `b."${field}"`).join(', '));
/** A found conversation as one JSON value: [lookup, ...ANSWER_SESSION_FIELDS] (one value for Prisma to convert, not one per field). */
const SESSION_JSON = Prisma.raw(`json_build_array("lookup", ${ANSWER_SESSION_FIELDS.map((field) => `s."${field}"`).join(', ')})`);

/** Which bot: a public one (a customer's, not a demo's), one of a customer's own, or any (its caller holds it already). */
export type BotLookup = { botId: string; ownerId?: string; publicOnly?: boolean };

/**
 * Which conversations the questions belong to, found with the bot: the ones with these token hashes
 * (one per question), or the latest of a channel.
 */
export type SessionLookup =
  { kind: 'tokens'; tokenHashes: string[] } | { kind: 'latest'; channel: Channel; since?: Date; phoneNumber?: string };

export interface AnswerRows {
  bot: AnsweringBot;
  /**
   * One per token hash looked up (one for `latest`), null when there is none yet (or, for a token,
   * none at all: the caller decides whether it may be created).
   */
  sessions: (AnswerSession | null)[];
  /** Who pays, as billing reads it; null for a bot without an owner (a demo bot). */
  standing: PayingStandingRow | null;
  /**
   * The platform AI key the admin saved, as stored (sealed with a fresh nonce on every save, so a new
   * save is a new value); null when none is saved. It says whether a model read earlier still holds.
   */
  platformKeyStamp: string | null;
}

type Row = Record<string, unknown>;

/**
 * One statement: the bot, the conversations and its owner's billing standing. Plain joins where a
 * join will do: the statement is parsed and planned on every run, so its shape is part of its cost.
 * Several questions to one bot share it (the chat service batches a busy bot's token lookups).
 */
export async function readAnswerRows(prisma: PrismaClient, bot: BotLookup, lookup: SessionLookup, now: Date): Promise<AnswerRows | null> {
  const conditions = [Prisma.sql`b."id" = ${bot.botId}`];
  if (bot.ownerId !== undefined) conditions.push(Prisma.sql`b."ownerId" = ${bot.ownerId}`);
  if (bot.publicOnly) conditions.push(Prisma.sql`b."ownerId" IS NOT NULL`);
  const standing = payingStandingSql(Prisma.raw('b."ownerId"'), now);
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT ${BOT_SELECT}, (SELECT json_agg(${SESSION_JSON}) FROM ${sessionsOf(lookup)}) AS "sessions",
      ${standing.columns}, platform_key."encryptedValue" AS "platformKeyStamp"
    FROM "bots" b
    ${standing.joins}
    LEFT JOIN "admin_config" platform_key ON platform_key."key" = ${ADMIN_CONFIG_KEYS.aiProviderKey}
    WHERE ${Prisma.join(conditions, ' AND ')}`;
  const row = rows[0];
  if (!row) return null;
  const found = Object.fromEntries(ANSWERING_BOT_FIELDS.map((field) => [field, row[field]])) as AnsweringBot;
  const sessions: (AnswerSession | null)[] = Array.from({ length: lookup.kind === 'tokens' ? lookup.tokenHashes.length : 1 }, () => null);
  for (const [index, ...values] of (row.sessions as [number, ...unknown[]][] | null) ?? []) {
    sessions[index - 1] = Object.fromEntries(ANSWER_SESSION_FIELDS.map((field, position) => [field, values[position]])) as AnswerSession;
  }
  return {
    bot: found,
    sessions,
    standing: found.ownerId === null ? null : (row as unknown as PayingStandingRow),
    platformKeyStamp: (row.platformKeyStamp as string | null) ?? null,
  };
}

/** The conversations looked up, as rows `s` with their lookup's position (from 1). */
function sessionsOf(lookup: SessionLookup): Prisma.Sql {
  if (lookup.kind === 'tokens') {
    return Prisma.sql`
      unnest(${lookup.tokenHashes}::text[]) WITH ORDINALITY AS t("tokenHash", "lookup")
      JOIN "chat_sessions" s ON s."tokenHash" = t."tokenHash"`;
  }
  return Prisma.sql`(
      SELECT *, 1 AS "lookup" FROM "chat_sessions"
      WHERE "botId" = b."id" AND "channel"::text = ${lookup.channel}
        ${lookup.since ? Prisma.sql`AND "lastMessageAt" >= ${lookup.since}` : Prisma.empty}
        ${lookup.phoneNumber === undefined ? Prisma.empty : Prisma.sql`AND "phoneNumber" = ${lookup.phoneNumber}`}
      ORDER BY "lastMessageAt" DESC
      LIMIT 1
    ) s`;
}

/** The conversation's last turns, oldest first (a question and its answer never share a time; if they do, the question first). */
export async function readRecentTurns(prisma: PrismaClient, sessionId: string): Promise<Turn[]> {
  const messages = await prisma.chatMessage.findMany({
    where: { sessionId },
    orderBy: [{ createdAt: 'desc' }, { role: 'desc' }],
    take: MEMORY_TURNS,
    select: { role: true, content: true },
  });
  return messages.reverse();
}

/** What one answered question leaves behind. */
export interface ExchangeRecord {
  session: AnswerSession;
  /** The conversation this answer opens, written with it; null when it exists already. */
  opening: ChatSession | null;
  /** The conversation's last activity (the platform's clock). */
  lastMessageAt: Date;
  question: { id: string; content: string; at: Date };
  answer: {
    id: string;
    content: string;
    at: Date;
    sources: Citation[];
    promptTokens: number;
    completionTokens: number;
    latencyMs: number;
    retrievalTopScore: number | null;
    unanswered: boolean;
    model: string;
  };
  /** The answer's price, taken in the same statement; null when nobody is charged. */
  charge: UsageChargeInput | null;
}

export interface WrittenExchange {
  question: ChatMessage;
  answer: ChatMessage;
}

/**
 * One statement: the charge (if any), the conversation (opened, or its last activity moved), and the
 * question with its answer. The answer's cost is what the charge took: 0 when nothing was charged,
 * or when the credits ran out between the read and this write (the answer's `costCredits` says so).
 */
export async function writeExchange(prisma: PrismaClient, exchange: ExchangeRecord): Promise<WrittenExchange> {
  const { question, answer, session, opening, lastMessageAt } = exchange;
  const charge = exchange.charge ? usageChargeSql(exchange.charge) : null;
  const charged = charge ? charge.charged : Prisma.sql`0`;
  const conversation = opening
    ? Prisma.sql`
        INSERT INTO "chat_sessions" ("id", "botId", "channel", "tokenHash", "visitorName", "visitorEmail", "phoneNumber", "createdAt", "lastMessageAt")
        VALUES (${opening.id}, ${opening.botId}, ${opening.channel}::text::"Channel", ${opening.tokenHash}, ${opening.visitorName},
          ${opening.visitorEmail}, ${opening.phoneNumber}, ${opening.createdAt}, ${lastMessageAt})
        RETURNING "id"`
    : Prisma.sql`UPDATE "chat_sessions" SET "lastMessageAt" = ${lastMessageAt} WHERE "id" = ${session.id} RETURNING "id"`;
  const rows = await prisma.$queryRaw<{ charged: string; sessions: number }[]>`
    WITH ${charge ? Prisma.sql`${charge.ctes},` : Prisma.empty}
    conversation AS (${conversation}),
    messages AS (
      INSERT INTO "chat_messages" (
        "id", "sessionId", "role", "content", "replyToId", "sources", "promptTokens", "completionTokens",
        "latencyMs", "costCredits", "retrievalTopScore", "unanswered", "model", "createdAt"
      )
      VALUES
        (${question.id}, ${session.id}, 'user', ${question.content}, NULL, NULL, 0, 0, NULL, 0, NULL, false, NULL, ${question.at}),
        (${answer.id}, ${session.id}, 'assistant', ${answer.content}, ${question.id}, ${JSON.stringify(answer.sources)}::jsonb,
          ${answer.promptTokens}, ${answer.completionTokens}, ${answer.latencyMs}, ${charged}, ${answer.retrievalTopScore},
          ${answer.unanswered}, ${answer.model}, ${answer.at})
      RETURNING "id"
    )
    SELECT (${charged})::text AS "charged", (SELECT count(*) FROM conversation)::int AS "sessions"`;
  const written = rows[0]!;
  // A conversation deleted while it was answered (its bot was): the messages' foreign key has failed already.
  if (written.sessions !== 1) throw new Error(`chat session ${session.id} is gone`);
  const message = (fields: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role' | 'content' | 'createdAt'>): ChatMessage => ({
    sessionId: session.id,
    replyToId: null,
    sources: null,
    promptTokens: 0,
    completionTokens: 0,
    latencyMs: null,
    costCredits: new Prisma.Decimal(0),
    retrievalTopScore: null,
    unanswered: false,
    model: null,
    ...fields,
  });
  return {
    question: message({ id: question.id, role: 'user', content: question.content, createdAt: question.at }),
    answer: message({
      id: answer.id,
      role: 'assistant',
      content: answer.content,
      createdAt: answer.at,
      replyToId: question.id,
      sources: answer.sources as unknown as Prisma.JsonValue,
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
      latencyMs: answer.latencyMs,
      costCredits: new Prisma.Decimal(written.charged),
      retrievalTopScore: answer.retrievalTopScore,
      unanswered: answer.unanswered,
      model: answer.model,
    }),
  };
}
