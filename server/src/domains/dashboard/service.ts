import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { eventLevel } from '../events/service.ts';
import { monthBounds, percentChange } from '../../platform/periods.ts';

const TOP_BOTS = 5;
const RECENT_ACTIVITY = 10;

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
