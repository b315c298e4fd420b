import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { billingModeOf } from './rules.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export type SubscriptionWithPlan = Prisma.SubscriptionGetPayload<{ include: { plan: true } }>;

/** The subscription that currently counts as the customer's plan: active and not past its period. */
export function findActiveSubscription(prisma: Db, userId: string, now: Date): Promise<SubscriptionWithPlan | null> {
  return prisma.subscription.findFirst({
    where: { userId, status: 'active', expiresAt: { gt: now } },
    orderBy: { expiresAt: 'desc' },
    include: { plan: true },
  });
}

/** The plan label of each user, in the order asked: one query for a whole page of users. */
export async function planLabels(prisma: Db, userIds: readonly string[], now: Date): Promise<string[]> {
  const subscriptions = await prisma.subscription.findMany({
    where: { userId: { in: [...userIds] }, status: 'active', expiresAt: { gt: now } },
    orderBy: { expiresAt: 'desc' },
    include: { plan: true },
  });
  const current = new Map<string, SubscriptionWithPlan>();
  for (const subscription of subscriptions) if (!current.has(subscription.userId)) current.set(subscription.userId, subscription);
  return userIds.map((userId) => planLabel(current.get(userId) ?? null));
}

/** The plan label the spec shows for a user: the active plan's name in lower case, else "free". */
export function planLabel(subscription: { plan: { name: string } } | null): string {
  return subscription ? subscription.plan.name.trim().toLowerCase() : 'free';
}

export type BotAllowance = { kind: 'none' } | { kind: 'limited'; limit: number } | { kind: 'unlimited' };

/**
 * How many bots a customer may own. In subscription mode the active plan's bot_limit caps it (null =
 * unlimited); in credit mode there is no cap once the customer has ever bought credits.
 */
export async function botAllowance(prisma: Db, userId: string, now: Date): Promise<BotAllowance> {
  const settings = await prisma.billingSettings.findUnique({ where: { userId } });
  if (billingModeOf(settings) === 'credit') {
    return settings && settings.totalCredits.gt(0) ? { kind: 'unlimited' } : { kind: 'none' };
  }
  const subscription = await findActiveSubscription(prisma, userId, now);
  if (!subscription) return { kind: 'none' };
  const limit = subscription.plan.botLimit;
  return limit === null ? { kind: 'unlimited' } : { kind: 'limited', limit };
}
