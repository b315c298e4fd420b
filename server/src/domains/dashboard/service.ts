import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
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

/** The customer's home figures, from their real bots, conversations and events (this month against last). */
export class DashboardService {
  constructor(private readonly deps: { prisma: PrismaClient; clock: Clock }) {}

  /** The last 7 days against the 7 before: how many answers were grounded, how many thumbs were up, what was asked most. */
  async answerQuality(ownerId: string): Promise<AnswerQuality> {
    const { prisma } = this.deps;
    const now = this.deps.clock.now().getTime();
    const thisWeek = { gte: new Date(now - WEEK_MS) };
    const lastWeek = { gte: new Date(now - 2 * WEEK_MS), lt: new Date(now - WEEK_MS) };
    const session = { bot: { ownerId }, channel: { not: 'test' as const } };
    const questions = (createdAt: typeof thisWeek | typeof lastWeek) =>
      prisma.chatMessage.findMany({
        where: { role: 'user', session, createdAt },
        select: { content: true, session: { select: { bot: { select: { languageCode: true } } } } },
        orderBy: { createdAt: 'desc' },
        take: TOPIC_QUESTIONS,
      });
    // One grouped count per week: answers by (unanswered, rating) give all four figures.
    const counts = async (createdAt: typeof thisWeek | typeof lastWeek) => {
      const groups = await prisma.chatMessage.groupBy({
        by: ['unanswered', 'rating'],
        where: { role: 'assistant', session, createdAt },
        _count: { _all: true },
      });
      const sum = (keep: (group: (typeof groups)[number]) => boolean) =>
        groups.filter(keep).reduce((total, group) => total + group._count._all, 0);
      return [
        sum(() => true),
        sum((group) => group.unanswered),
        sum((group) => group.rating !== null),
        sum((group) => group.rating === 'up'),
      ] as const;
    };
    const [[all, unanswered, rated, up], [allBefore, unansweredBefore, ratedBefore, upBefore], asked, askedBefore] = await Promise.all([
      counts(thisWeek),
      counts(lastWeek),
      questions(thisWeek),
      questions(lastWeek),
    ]);
    const asQuestions = (rows: typeof asked) => rows.map((row) => ({ question: row.content, languageCode: row.session.bot.languageCode }));
    return {
      answeredRate: weeklyRate({ part: all - unanswered, whole: all }, { part: allBefore - unansweredBefore, whole: allBefore }),
      thumbsUpRate: weeklyRate({ part: up, whole: rated }, { part: upBefore, whole: ratedBefore }),
      topTopics: topTopics(asQuestions(asked), asQuestions(askedBefore), TOP_TOPICS),
    };
  }

  async overview(ownerId: string): Promise<DashboardOverview> {
    const { prisma } = this.deps;
    const { thisMonth, lastMonth } = monthBounds(this.deps.clock.now());
    const ownSessions = { bot: { ownerId }, channel: { not: 'test' as const } };
    const [totalBots, botsThisMonth, botsLastMonth, totalConversations, conversationsThisMonth, conversationsLastMonth] = await Promise.all(
      [
        prisma.bot.count({ where: { ownerId } }),
        prisma.bot.count({ where: { ownerId, createdAt: { gte: thisMonth } } }),
        prisma.bot.count({ where: { ownerId, createdAt: { gte: lastMonth, lt: thisMonth } } }),
        prisma.chatSession.count({ where: ownSessions }),
        prisma.chatSession.count({ where: { ...ownSessions, createdAt: { gte: thisMonth } } }),
        prisma.chatSession.count({ where: { ...ownSessions, createdAt: { gte: lastMonth, lt: thisMonth } } }),
      ],
    );
    const answers = { role: 'assistant' as const, latencyMs: { not: null }, session: ownSessions };
    const [latencyThisMonth, latencyLastMonth, busiest, events] = await Promise.all([
      prisma.chatMessage.aggregate({ where: { ...answers, createdAt: { gte: thisMonth } }, _avg: { latencyMs: true } }),
      prisma.chatMessage.aggregate({ where: { ...answers, createdAt: { gte: lastMonth, lt: thisMonth } }, _avg: { latencyMs: true } }),
      prisma.chatSession.groupBy({
        by: ['botId'],
        where: { ...ownSessions, createdAt: { gte: thisMonth } },
        _count: { _all: true },
        orderBy: { _count: { botId: 'desc' } },
        take: TOP_BOTS,
      }),
      prisma.systemEvent.findMany({ where: { userId: ownerId }, orderBy: { timestamp: 'desc' }, take: RECENT_ACTIVITY }),
    ]);
    const names = new Map(
      (await prisma.bot.findMany({ where: { id: { in: busiest.map((row) => row.botId) } }, select: { id: true, name: true } })).map(
        (bot) => [bot.id, bot.name],
      ),
    );
    const seconds = (milliseconds: number | null) => Math.round((milliseconds ?? 0) / 10) / 100;
    const avgNow = seconds(latencyThisMonth._avg.latencyMs);
    const avgBefore = seconds(latencyLastMonth._avg.latencyMs);
    return {
      totalBots,
      botsChange: percentChange(botsThisMonth, botsLastMonth),
      totalConversations,
      conversationsChange: percentChange(conversationsThisMonth, conversationsLastMonth),
      avgResponseTime: avgNow,
      avgResponseTimeChange: avgNow === 0 || avgBefore === 0 ? 0 : percentChange(avgNow, avgBefore),
      topBots: busiest.map((row) => ({ id: row.botId, name: names.get(row.botId) ?? '', conversations: row._count._all })),
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
