import type { CrawlSchedule, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { allowanceOf, allowedSchedulesOf, billingModeOf, type BotAllowance } from './rules.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export type SubscriptionWithPlan = Prisma.SubscriptionGetPayload<{ include: { plan: true } }>;

/** The subscription that currently counts as the customer's paid plan: active and not past its period. */
export function findActiveSubscription(prisma: Db, userId: string, now: Date): Promise<SubscriptionWithPlan | null> {
  return prisma.subscription.findFirst({
    where: { userId, status: 'active', expiresAt: { gt: now } },
    orderBy: { expiresAt: 'desc' },
    include: { plan: true },
  });
}

/** The customer's free trial while it runs (status trialing, not past its end); null otherwise. */
export function findCurrentTrial(prisma: Db, userId: string, now: Date): Promise<SubscriptionWithPlan | null> {
  return prisma.subscription.findFirst({
    where: { userId, status: 'trialing', expiresAt: { gt: now } },
    orderBy: { expiresAt: 'desc' },
    include: { plan: true },
  });
}

/**
 * The customer's free trial, running or ended (a customer gets at most one). A trial row keeps its
 * status `trialing` for good: it ends by its end date, or by a payment that moves the end date to then.
 */
export function findTrial(prisma: Db, userId: string): Promise<SubscriptionWithPlan | null> {
  return prisma.subscription.findFirst({
    where: { userId, status: 'trialing' },
    orderBy: { startedAt: 'desc' },
    include: { plan: true },
  });
}

/** The plan label of each user, in the order asked: one query for a whole page of users. */
export async function planLabels(prisma: Db, userIds: readonly string[], now: Date): Promise<string[]> {
  const subscriptions = await prisma.subscription.findMany({
    where: { userId: { in: [...userIds] }, status: { in: ['active', 'trialing'] }, expiresAt: { gt: now } },
    orderBy: { expiresAt: 'desc' },
    include: { plan: true },
  });
  const current = new Map<string, SubscriptionWithPlan>();
  for (const subscription of subscriptions) {
    const known = current.get(subscription.userId);
    // A paid plan counts before a trial; among equals, the one that runs longest (the order above).
    if (!known || (known.status === 'trialing' && subscription.status === 'active')) current.set(subscription.userId, subscription);
  }
  return userIds.map((userId) => planLabel(current.get(userId) ?? null));
}

/** The plan label the spec shows for a user: the paid plan's (or the trial's) name in lower case, else "free". */
export function planLabel(subscription: { plan: { name: string } } | null): string {
  return subscription ? subscription.plan.name.trim().toLowerCase() : 'free';
}

/** The re-crawl and sync schedules a customer may use now (see allowedSchedulesOf). */
export async function allowedSchedules(prisma: Db, userId: string | null, now: Date): Promise<CrawlSchedule[]> {
  const paid = userId ? await findActiveSubscription(prisma, userId, now) : null;
  return allowedSchedulesOf(paid?.plan ?? null);
}

/** How many bots a customer may own now (see allowanceOf). */
export async function botAllowance(prisma: Db, userId: string, now: Date): Promise<BotAllowance> {
  // One after the other: `prisma` may be an interactive transaction, which runs one query at a time.
  const settings = await prisma.billingSettings.findUnique({ where: { userId } });
  const paid = await findActiveSubscription(prisma, userId, now);
  const trial = paid ? null : await findCurrentTrial(prisma, userId, now);
  return allowanceOf({
    mode: billingModeOf(settings),
    hasCredits: Boolean(settings?.totalCredits.gt(0)),
    ...(paid ? { paidPlanLimit: paid.plan.botLimit } : {}),
    ...(trial ? { trialPlanLimit: trial.plan.botLimit } : {}),
  });
}
