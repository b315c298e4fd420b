import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { SqlQuery } from '../../platform/database/index.ts';
import { eventLevel } from '../events/service.ts';
import { monthBounds, percentChange } from '../../platform/periods.ts';
import { topTopics, type Topic } from '../chat/public.ts';

const TOP_BOTS = 5;
const RECENT_ACTIVITY = 10;
const TOP_TOPICS = 5;
/** The most questions of a week the topics card reads (the newest). */
const TOPIC_QUESTIONS = 2_000;
const WEEK_MS = 7 * 86_400_000;

/** A share of this week's answers (0 to 1) beside last week's; null for a week without any. */
export interface WeeklyRate {
  thisWeek: number | null;
  lastWeek: number | null;
  /** This week's rate minus last week's, in percentage points with one decimal; null without both. */
  change: number | null;
}

export interface AnswerQuality {
  /** Answers grounded in the bot's knowledge, of all answers. */
  answeredRate: WeeklyRate;
  /** Thumbs up, of the rated answers. */
  thumbsUpRate: WeeklyRate;
  /** The most asked topics of the last 7 days, with the 7 days before beside. */
  topTopics: Topic[];
}

export function weeklyRate(thisWeek: { part: number; whole: number }, lastWeek: { part: number; whole: number }): WeeklyRate {
  const rate = ({ part, whole }: { part: number; whole: number }) => (whole === 0 ? null : part / whole);
  const now = rate(thisWeek);
  const before = rate(lastWeek);
  return { thisWeek: now, lastWeek: before, change: now === null || before === null ? null : Math.round((now - before) * 1000) / 10 };
}

export interface DashboardOverview {
  totalBots: number;
  botsChange: number | null;
  totalConversations: number;
  conversationsChange: number | null;
  /** Average time to answer this month, in seconds. */
  avgResponseTime: number;
  avgResponseTimeChange: number | null;
  topBots: { id: string; name: string; conversations: number }[];
  recentActivity: { id: string; event: string; category: string; level: string; timestamp: Date }[];
}

/**
 * The owner's bots' ids, as an SQL array computed once per statement: conversations read with
 * `"botId" = ANY(...)` probe the sessions index bot by bot, where a filter through the bot relation
 * joins every customer's sessions (a sequential scan of the table, each statement).
 */
const ownBotIds = (ownerId: string) => Prisma.sql`ARRAY(SELECT b."id" FROM "bots" b WHERE b."ownerId" = ${ownerId})`;

/** The customer's home figures, from their real bots, conversations and events (this month against last). */
export class DashboardService {
  /** `query` (pg, no Prisma row mapping) for the statements that read many rows or aggregate. */
  constructor(private readonly deps: { prisma: PrismaClient; query: SqlQuery; clock: Clock }) {}

  /** The last 7 days against the 7 before: how many answers were grounded, how many thumbs were up, what was asked most. */
  async answerQuality(ownerId: string): Promise<AnswerQuality> {
    const { query } = this.deps;
    const now = this.deps.clock.now().getTime();
    const weekAgo = new Date(now - WEEK_MS);
    const twoWeeksAgo = new Date(now - 2 * WEEK_MS);
    // Each question's bot, not its language: joining the bots probed their index once per question.
    const askedIn = (from: Date, before: Date | null) => Prisma.sql`
      SELECT ${before === null}::boolean AS "thisWeek", m."content" AS "question", s."botId"
      FROM "chat_messages" m JOIN "chat_sessions" s ON s."id" = m."sessionId"
      WHERE s."botId" = ANY(${ownBotIds(ownerId)}) AND s."channel" <> 'test' AND m."role" = 'user' AND m."createdAt" >= ${from}
        ${before ? Prisma.sql`AND m."createdAt" < ${before}` : Prisma.empty}
      ORDER BY m."createdAt" DESC LIMIT ${TOPIC_QUESTIONS}`;
    const [[answers], questions, bots] = await Promise.all([
      // Both weeks' answers in one pass: all of them, the unanswered, the rated and the thumbs up.
      query<
        Record<'all' | 'unanswered' | 'rated' | 'up' | 'allBefore' | 'unansweredBefore' | 'ratedBefore' | 'upBefore', number>
      >(Prisma.sql`
        SELECT
          (COUNT(*) FILTER (WHERE m."createdAt" >= ${weekAgo}))::int AS "all",
          (COUNT(*) FILTER (WHERE m."createdAt" >= ${weekAgo} AND m."unanswered"))::int AS "unanswered",
          (COUNT(*) FILTER (WHERE m."createdAt" >= ${weekAgo} AND m."rating" IS NOT NULL))::int AS "rated",
          (COUNT(*) FILTER (WHERE m."createdAt" >= ${weekAgo} AND m."rating" = 'up'))::int AS "up",
          (COUNT(*) FILTER (WHERE m."createdAt" < ${weekAgo}))::int AS "allBefore",
          (COUNT(*) FILTER (WHERE m."createdAt" < ${weekAgo} AND m."unanswered"))::int AS "unansweredBefore",
          (COUNT(*) FILTER (WHERE m."createdAt" < ${weekAgo} AND m."rating" IS NOT NULL))::int AS "ratedBefore",
          (COUNT(*) FILTER (WHERE m."createdAt" < ${weekAgo} AND m."rating" = 'up'))::int AS "upBefore"
        FROM "chat_messages" m JOIN "chat_sessions" s ON s."id" = m."sessionId"
        WHERE s."botId" = ANY(${ownBotIds(ownerId)}) AND s."channel" <> 'test' AND m."role" = 'assistant' AND m."createdAt" >= ${twoWeeksAgo}`),
      // Each week's newest questions, both in one statement.
      query<{ thisWeek: boolean; question: string; botId: string }>(
        Prisma.sql`(${askedIn(weekAgo, null)}) UNION ALL (${askedIn(twoWeeksAgo, weekAgo)})`,
      ),
      query<{ id: string; languageCode: string }>(Prisma.sql`SELECT "id", "languageCode" FROM "bots" WHERE "ownerId" = ${ownerId}`),
    ]);
    const languages = new Map(bots.map((bot) => [bot.id, bot.languageCode]));
    // A question whose bot was deleted between the two statements is left out, as it would be a moment later.
    const asked = (thisWeek: boolean) =>
      questions.flatMap((row) => {
        const languageCode = languages.get(row.botId);
        return row.thisWeek === thisWeek && languageCode !== undefined ? [{ question: row.question, languageCode }] : [];
      });
    const { all, unanswered, rated, up, allBefore, unansweredBefore, ratedBefore, upBefore } = answers!;
    return {
      answeredRate: weeklyRate({ part: all - unanswered, whole: all }, { part: allBefore - unansweredBefore, whole: allBefore }),
      thumbsUpRate: weeklyRate({ part: up, whole: rated }, { part: upBefore, whole: ratedBefore }),
      topTopics: topTopics(asked(true), asked(false), TOP_TOPICS),
    };
  }

  async overview(ownerId: string): Promise<DashboardOverview> {
    const { prisma, query } = this.deps;
    const { thisMonth, lastMonth } = monthBounds(this.deps.clock.now());
    const [bots, sessionsByBot, [latency], events] = await Promise.all([
      prisma.bot.findMany({ where: { ownerId }, select: { id: true, name: true, createdAt: true } }),
      // Each bot's conversations, this month's and last month's: the totals, and the busiest bots of the month.
      query<{ botId: string; total: number; thisMonth: number; lastMonth: number }>(Prisma.sql`
        SELECT s."botId", COUNT(*)::int AS "total",
          (COUNT(*) FILTER (WHERE s."createdAt" >= ${thisMonth}))::int AS "thisMonth",
          (COUNT(*) FILTER (WHERE s."createdAt" >= ${lastMonth} AND s."createdAt" < ${thisMonth}))::int AS "lastMonth"
        FROM "chat_sessions" s
        WHERE s."botId" = ANY(${ownBotIds(ownerId)}) AND s."channel" <> 'test'
        GROUP BY s."botId"`),
      query<{ thisMonth: number | null; lastMonth: number | null }>(Prisma.sql`
        SELECT (AVG(m."latencyMs") FILTER (WHERE m."createdAt" >= ${thisMonth}))::float8 AS "thisMonth",
          (AVG(m."latencyMs") FILTER (WHERE m."createdAt" < ${thisMonth}))::float8 AS "lastMonth"
        FROM "chat_messages" m JOIN "chat_sessions" s ON s."id" = m."sessionId"
        WHERE s."botId" = ANY(${ownBotIds(ownerId)}) AND s."channel" <> 'test'
          AND m."role" = 'assistant' AND m."latencyMs" IS NOT NULL AND m."createdAt" >= ${lastMonth}`),
      prisma.systemEvent.findMany({ where: { userId: ownerId }, orderBy: { timestamp: 'desc' }, take: RECENT_ACTIVITY }),
    ]);
    const names = new Map(bots.map((bot) => [bot.id, bot.name]));
    const sum = (key: 'total' | 'thisMonth' | 'lastMonth') => sessionsByBot.reduce((total, row) => total + row[key], 0);
    const createdIn = (from: Date, before?: Date) =>
      bots.filter((bot) => bot.createdAt >= from && (!before || bot.createdAt < before)).length;
    const busiest = sessionsByBot
      .filter((row) => row.thisMonth > 0)
      .sort((a, b) => b.thisMonth - a.thisMonth)
      .slice(0, TOP_BOTS);
    const seconds = (milliseconds: number | null) => Math.round((milliseconds ?? 0) / 10) / 100;
    const avgNow = seconds(latency!.thisMonth);
    const avgBefore = seconds(latency!.lastMonth);
    return {
      totalBots: bots.length,
      botsChange: percentChange(createdIn(thisMonth), createdIn(lastMonth, thisMonth)),
      totalConversations: sum('total'),
      conversationsChange: percentChange(sum('thisMonth'), sum('lastMonth')),
      avgResponseTime: avgNow,
      avgResponseTimeChange: avgNow === 0 || avgBefore === 0 ? 0 : percentChange(avgNow, avgBefore),
      topBots: busiest.map((row) => ({ id: row.botId, name: names.get(row.botId) ?? '', conversations: row.thisMonth })),
      recentActivity: events.map((event) => ({
        id: event.id,
        event: event.event,
        category: event.category,
        level: eventLevel(event.event),
        timestamp: event.timestamp,
      })),
    };
  }
}
