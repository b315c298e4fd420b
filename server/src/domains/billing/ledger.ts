import type { Prisma } from '../../generated/prisma/client.ts';
import { Decimal } from './decimal.ts';

/** Money moves wait their turn rather than fail: in a burst of charges, for a connection and for the balance row's lock. */
export const MONEY_TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

export interface CreditBalance {
  totalCredits: Decimal;
  usedCredits: Decimal;
  /** total_credits - used_credits. */
  balance: Decimal;
}

/** Adds credits with a ledger entry; false (and nothing changed) when the key was already applied. */
export async function addCredits(
  tx: Prisma.TransactionClient,
  userId: string,
  grant: {
    kind: 'purchase' | 'bonus' | 'adjustment';
    amount: Decimal;
    idempotencyKey: string;
    description: string;
    now: Date;
    paymentId?: string;
  },
): Promise<boolean> {
  const existing = await tx.creditLedgerEntry.findUnique({ where: { idempotencyKey: grant.idempotencyKey }, select: { id: true } });
  if (existing) return false;
  await tx.creditLedgerEntry.create({
    data: {
      userId,
      kind: grant.kind,
      amount: grant.amount,
      idempotencyKey: grant.idempotencyKey,
      description: grant.description,
      paymentId: grant.paymentId ?? null,
      createdAt: grant.now,
    },
  });
  await tx.billingSettings.upsert({
    where: { userId },
    create: { userId, totalCredits: grant.amount },
    update: { totalCredits: { increment: grant.amount } },
  });
  return true;
}

export function balanceOf(settings: { totalCredits: Decimal; usedCredits: Decimal } | null): CreditBalance {
  const totalCredits = settings?.totalCredits ?? new Decimal(0);
  const usedCredits = settings?.usedCredits ?? new Decimal(0);
  return { totalCredits, usedCredits, balance: totalCredits.sub(usedCredits) };
}
