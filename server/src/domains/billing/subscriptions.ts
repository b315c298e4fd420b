import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

/** The subscription that currently counts as the customer's plan: active and not past its period. */
export function findActiveSubscription(prisma: Db, userId: string, now: Date) {
  return prisma.subscription.findFirst({
    where: { userId, status: 'active', expiresAt: { gt: now } },
    orderBy: { expiresAt: 'desc' },
    include: { plan: true },
  });
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
  const planType = settings?.planType ?? 'credit';
  if (planType === 'credit') {
    return settings && settings.totalCredits.gt(0) ? { kind: 'unlimited' } : { kind: 'none' };
  }
  const subscription = await findActiveSubscription(prisma, userId, now);
  if (!subscription) return { kind: 'none' };
  const limit = subscription.plan.botLimit;
  return limit === null ? { kind: 'unlimited' } : { kind: 'limited', limit };
}
