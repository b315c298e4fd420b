import type { PrismaClient } from '../../generated/prisma/client.ts';

/** The subscription that currently counts as the customer's plan: active and not past its period. */
export function findActiveSubscription(prisma: PrismaClient, userId: string, now: Date) {
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
