// An answer's rows in two statements. Before the answer, one read of what it needs: the bot, the
// conversation, whether its owner is suspended, who pays (billing's columns, see payingStandingSql) and which platform AI key is
// stored (its ciphertext, to know whether the one in memory is still it); a bot that remembers
// conversations and answers with a model reads the last turns too, beside retrieval. After the
// answer has streamed, one write of the question, the answer, the conversation's activity and the
// charge (billing's part, see usageChargesSql): all of them, or none; the answers of a busy bot
// share that write (see writeExchanges).
import { Prisma, type Bot, type Channel, type ChatMessage, type ChatSession, type PrismaClient } from '../../generated/prisma/client.ts';
import type { SqlQuery } from '../../platform/database/index.ts';
import { ADMIN_CONFIG_KEYS } from '../../platform/settings.ts';
import { type CreditsLeft, type PayingStandingRow, payingStandingSql, type UsageChargeInput, usageChargesSql } from '../billing/public.ts';
import type { Turn } from './engine.ts';
import type { Citation, GivenPassage } from './passages.ts';

/** The turns before a question that a bot with memory is given. */
const MEMORY_TURNS = 6;

/** The bot's fields an answer uses, and no more: every value is sent, parsed and typed on every answer. */
const ANSWERING_BOT_FIELDS = [
  'id',
  'ownerId',
  'name',
  'isActive',
  'widgetToken',
  'activeTool',
  'handoffEnabled',
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

const ANSWER_SESSION_FIELDS = ['id', 'botId', 'channel', 'status'] as const satisfies readonly (keyof ChatSession)[];

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
  /** The bot's owner is suspended: the bot answers nobody (see ChatService). False for a demo bot. */
  ownerSuspended: boolean;
}

type Row = Record<string, unknown>;

/**
 * One statement: the bot, the conversations and its owner's billing standing. Plain joins where a
 * join will do: the statement is parsed and planned on every run, so its shape is part of its cost.
 * Several questions to one bot share it (the chat service batches a busy bot's token lookups).
 */
export async function readAnswerRows(query: SqlQuery, bot: BotLookup, lookup: SessionLookup, now: Date): Promise<AnswerRows | null> {
  const conditions = [Prisma.sql`b."id" = ${bot.botId}`];
  if (bot.ownerId !== undefined) conditions.push(Prisma.sql`b."ownerId" = ${bot.ownerId}`);
  if (bot.publicOnly) conditions.push(Prisma.sql`b."ownerId" IS NOT NULL`);
  const standing = payingStandingSql(Prisma.raw('b."ownerId"'), now);
  const rows = await query<Row>(Prisma.sql`
    SELECT ${BOT_SELECT}, (SELECT json_agg(${SESSION_JSON}) FROM ${sessionsOf(lookup)}) AS "sessions",
      ${standing.columns}, platform_key."encryptedValue" AS "platformKeyStamp",
      COALESCE(bot_owner."status" = 'suspended', false) AS "ownerSuspended"
    FROM "bots" b
    LEFT JOIN "users" bot_owner ON bot_owner."id" = b."ownerId"
    ${standing.joins}
    LEFT JOIN "admin_config" platform_key ON platform_key."key" = ${ADMIN_CONFIG_KEYS.aiProviderKey}
    WHERE ${Prisma.join(conditions, ' AND ')}`);
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
    ownerSuspended: row.ownerSuspended === true,
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
  // A person's replies from the inbox are the conversation's side too, as the model sees it.
  return messages.reverse().map(({ role, content }) => ({ role: role === 'user' ? 'user' : 'assistant', content }));
}

/** What one answered question leaves behind. */
export interface ExchangeRecord {
  session: AnswerSession;
  /**
   * The conversation this answer opens, written with it; null when it exists already. With a token
   * hash, opening is idempotent: if another answer opened that hash's conversation first, this
   * exchange is written in that one (see writeExchanges).
   */
  opening: ChatSession | null;
  /** The conversation's last activity: the platform's clock when the answer was written, the charge's time too. */
  lastMessageAt: Date;
  question: { id: string; content: string; at: Date };
  answer: {
    id: string;
    content: string;
    at: Date;
    sources: Citation[];
    givenPassages: GivenPassage[];
    promptTokens: number;
    completionTokens: number;
    latencyMs: number;
    retrievalTopScore: number | null;
    unanswered: boolean;
    model: string;
  };
  /** The answer's price, taken in the same statement; null when nobody is charged. */
  charge: (UsageChargeInput & { userId: string }) | null;
}

export interface WrittenExchange {
  /** The conversation the exchange was written in: for an opening, the one its token hash opened. */
  session: AnswerSession;
  question: ChatMessage;
  answer: ChatMessage;
  /** What the payer has left after the statement's charges; null when it charged nobody. */
  creditsLeft: CreditsLeft | null;
}

/**
 * One statement for several exchanges (the answers a busy bot gave while the last write was out,
 * see the chat service): the charges (of one customer at most: its balances are locked once),
 * the conversations (opened, or their last activity moved), and each question with its answer.
 * All of them or none. An answer's cost is what its charge took: 0 when nothing was charged, or
 * when the credits ran out between the read and this write (the answer's `costCredits` says so).
 *
 * Opening a conversation that has a token hash is idempotent: the first questions of one
 * conversation all read that it did not exist yet, in this process or another. Their openings are
 * one row per hash here, inserted unless the hash's conversation exists (`ON CONFLICT`, which also
 * finds one another statement has just committed, unseen by this statement's snapshot); each of
 * their exchanges is written in the conversation the insert returns, the existing one included.
 */
export async function writeExchanges(query: SqlQuery, exchanges: readonly ExchangeRecord[]): Promise<WrittenExchange[]> {
  const charged = exchanges.filter((exchange) => exchange.charge);
  const payers = new Set(charged.map((exchange) => exchange.charge!.userId));
  if (payers.size > 1) throw new Error('one statement charges one customer');
  const chargeOrdinal = new Map(charged.map((exchange, index) => [exchange, index + 1]));
  const charges = usageChargesSql(
    [...payers][0] ?? '',
    charged.map((exchange) => exchange.charge!),
    charged[0]?.lastMessageAt ?? new Date(0),
  );
  const openings = openingsOf(exchanges);
  const openedHashes = openings.flatMap((opening) => (opening.tokenHash === null ? [] : [opening.tokenHash]));
  const touched = exchanges.filter((exchange) => !exchange.opening);
  const column = <T>(read: (exchange: ExchangeRecord) => T) => exchanges.map(read);
  const rows = await query<{
    sessionId: string;
    charged: string;
    found: boolean;
    trialLeft: string | null;
    paidLeft: string | null;
  }>(Prisma.sql`
    WITH ${charges.ctes},
    activity AS (
      SELECT "id", max("at") AS "at"
      FROM unnest(${touched.map((exchange) => exchange.session.id)}::text[],
        ${touched.map((exchange) => exchange.lastMessageAt.toISOString())}::timestamp(3)[]) AS t("id", "at")
      GROUP BY "id"
    ),
    opened AS (
      INSERT INTO "chat_sessions" ("id", "botId", "channel", "tokenHash", "visitorName", "visitorEmail", "phoneNumber", "createdAt", "lastMessageAt")
      SELECT o."id", o."botId", o."channel"::"Channel", o."tokenHash", o."visitorName", o."visitorEmail", o."phoneNumber", o."createdAt", o."lastMessageAt"
      FROM unnest(${openings.map((opening) => opening.id)}::text[], ${openings.map((opening) => opening.botId)}::text[],
        ${openings.map((opening) => opening.channel)}::text[], ${openings.map((opening) => opening.tokenHash)}::text[],
        ${openings.map((opening) => opening.visitorName)}::text[], ${openings.map((opening) => opening.visitorEmail)}::text[],
        ${openings.map((opening) => opening.phoneNumber)}::text[], ${openings.map((opening) => opening.createdAt.toISOString())}::timestamp(3)[],
        ${openings.map((opening) => opening.lastMessageAt.toISOString())}::timestamp(3)[])
        AS o("id", "botId", "channel", "tokenHash", "visitorName", "visitorEmail", "phoneNumber", "createdAt", "lastMessageAt")
      WHERE ${charges.balancesLocked}
      ON CONFLICT ("tokenHash") DO UPDATE
        SET "lastMessageAt" = GREATEST(
          "chat_sessions"."lastMessageAt", EXCLUDED."lastMessageAt",
          (SELECT a."at" FROM activity a WHERE a."id" = "chat_sessions"."id")
        )
        WHERE "chat_sessions"."botId" = EXCLUDED."botId" AND "chat_sessions"."channel" = EXCLUDED."channel"
      RETURNING "id", "tokenHash"
    ),
    touched AS (
      UPDATE "chat_sessions" s SET "lastMessageAt" = t."at"
      FROM activity t
      -- A conversation opened above as well (found by some answers, opened by others) is moved there,
      -- with their activity: a statement changes a row once.
      WHERE s."id" = t."id" AND (s."tokenHash" IS NULL OR s."tokenHash" <> ALL(${openedHashes}::text[])) AND ${charges.balancesLocked}
      RETURNING s."id"
    ),
    exchanges AS MATERIALIZED (
      SELECT e.*, COALESCE(opened."id", e."plannedSessionId") AS "sessionId", COALESCE(taken."cost", 0) AS "cost"
      FROM unnest(
        ${column((exchange) => exchange.session.id)}::text[], ${column((exchange) => exchange.opening?.tokenHash ?? null)}::text[],
        ${column((exchange) => chargeOrdinal.get(exchange) ?? null)}::int[],
        ${column((exchange) => exchange.question.id)}::text[], ${column((exchange) => exchange.question.content)}::text[],
        ${column((exchange) => exchange.question.at.toISOString())}::timestamp(3)[], ${column((exchange) => exchange.answer.id)}::text[],
        ${column((exchange) => exchange.answer.content)}::text[], ${column((exchange) => JSON.stringify(exchange.answer.sources))}::jsonb[],
        ${column((exchange) => JSON.stringify(exchange.answer.givenPassages))}::jsonb[],
        ${column((exchange) => exchange.answer.promptTokens)}::int[], ${column((exchange) => exchange.answer.completionTokens)}::int[],
        ${column((exchange) => exchange.answer.latencyMs)}::int[], ${column((exchange) => exchange.answer.retrievalTopScore)}::float8[],
        ${column((exchange) => exchange.answer.unanswered)}::boolean[], ${column((exchange) => exchange.answer.model)}::text[],
        ${column((exchange) => exchange.answer.at.toISOString())}::timestamp(3)[]
      ) WITH ORDINALITY AS e("plannedSessionId", "openedHash", "chargeOrdinal", "questionId", "question", "askedAt", "answerId", "answer", "sources",
        "givenPassages", "promptTokens", "completionTokens", "latencyMs", "retrievalTopScore", "unanswered", "model", "answeredAt", "ordinal")
      LEFT JOIN opened ON opened."tokenHash" = e."openedHash"
      LEFT JOIN billing_taken taken ON taken."ordinal" = e."chargeOrdinal"
    ),
    messages AS (
      INSERT INTO "chat_messages" (
        "id", "sessionId", "role", "content", "replyToId", "sources", "givenPassages", "promptTokens", "completionTokens",
        "latencyMs", "costCredits", "retrievalTopScore", "unanswered", "model", "createdAt"
      )
      SELECT m.*
      FROM exchanges e
      CROSS JOIN LATERAL (
        VALUES
          (e."questionId", e."sessionId", 'user'::"MessageRole", e."question", NULL, NULL::jsonb, NULL::jsonb, 0, 0, NULL::int, 0::numeric, NULL::float8, false, NULL, e."askedAt"),
          (e."answerId", e."sessionId", 'assistant'::"MessageRole", e."answer", e."questionId", e."sources", e."givenPassages", e."promptTokens", e."completionTokens",
            e."latencyMs", e."cost", e."retrievalTopScore", e."unanswered", e."model", e."answeredAt")
      ) m
      RETURNING "id"
    )
    SELECT e."sessionId", e."cost"::text AS "charged", e."sessionId" IN (SELECT "id" FROM opened UNION ALL SELECT "id" FROM touched) AS "found",
      (${charges.trialLeftAfter})::text AS "trialLeft", (${charges.balanceAfter})::text AS "paidLeft"
    FROM exchanges e
    ORDER BY e."ordinal"`);
  const decimal = (value: string | null) => (value === null ? null : new Prisma.Decimal(value));
  return exchanges.map((exchange, index) => {
    const written = rows[index]!;
    // A conversation deleted while it was answered (its bot was): the messages' foreign key has failed already.
    if (!written.found) throw new Error(`chat session ${written.sessionId} is gone`);
    const creditsLeft = payers.size > 0 ? { trial: decimal(written.trialLeft), paid: decimal(written.paidLeft) } : null;
    const session = { ...exchange.session, id: written.sessionId };
    return writtenExchange({ ...exchange, session }, new Prisma.Decimal(written.charged), creditsLeft);
  });
}

/**
 * The conversations the exchanges open, one row each, ordered by token hash: the exchanges opening
 * the conversation of one token hash share its row, at the latest activity of theirs (one insert
 * must not name a row twice).
 */
function openingsOf(exchanges: readonly ExchangeRecord[]): ChatSession[] {
  const byKey = new Map<string, ChatSession>();
  for (const { opening, lastMessageAt } of exchanges) {
    if (!opening) continue;
    const key = opening.tokenHash ?? opening.id;
    const kept = byKey.get(key);
    if (!kept) byKey.set(key, { ...opening, lastMessageAt });
    else if (lastMessageAt > kept.lastMessageAt) kept.lastMessageAt = lastMessageAt;
  }
  // In one order in every statement, so that two opening the same conversations take them in turn.
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, opening]) => opening);
}

/** The rows an exchange wrote, as Prisma would read them back. */
function writtenExchange(
  { question, answer, session }: ExchangeRecord,
  charged: Prisma.Decimal,
  creditsLeft: CreditsLeft | null,
): WrittenExchange {
  const message = (fields: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role' | 'content' | 'createdAt'>): ChatMessage => ({
    sessionId: session.id,
    replyToId: null,
    sources: null,
    givenPassages: null,
    promptTokens: 0,
    completionTokens: 0,
    latencyMs: null,
    costCredits: new Prisma.Decimal(0),
    retrievalTopScore: null,
    unanswered: false,
    model: null,
    rating: null,
    ratingComment: null,
    ratedAt: null,
    authorId: null,
    ...fields,
  });
  return {
    session,
    question: message({ id: question.id, role: 'user', content: question.content, createdAt: question.at }),
    answer: message({
      id: answer.id,
      role: 'assistant',
      content: answer.content,
      createdAt: answer.at,
      replyToId: question.id,
      sources: answer.sources as unknown as Prisma.JsonValue,
      givenPassages: answer.givenPassages as unknown as Prisma.JsonValue,
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
      latencyMs: answer.latencyMs,
      costCredits: charged,
      retrievalTopScore: answer.retrievalTopScore,
      unanswered: answer.unanswered,
      model: answer.model,
    }),
    creditsLeft,
  };
}
