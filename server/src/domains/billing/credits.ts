// Paying for usage: whether a customer's AI answers are paid in credits at all, and the credits
// themselves: charges priced with the credit rates, refunds of charges, and grants outside a
// purchase. Every movement is a ledger entry with an idempotency key.
import { z } from 'zod';
import type { Logger } from 'pino';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { SecretBoxError, type SecretBox } from '../../platform/crypto/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { parseInput } from '../../validation.ts';
import { billingErrors } from './errors.ts';
import { addCredits, balanceOf, MONEY_TRANSACTION_OPTIONS } from './ledger.ts';
import { BILLING_MESSAGES, billingModeOf, Decimal, DEFAULT_USAGE_UNIT, priceUsage } from './rules.ts';
import { findActiveSubscription } from './subscriptions.ts';
import { isTrialCharge, trialChargeDescription } from './trial.ts';

/**
 * How the chat domain must pay for a customer's AI answers:
 * - `credits`: the platform's AI service, paid per answer: call `charge()` first (402 when short).
 *   Credit mode, and subscription mode without a paid active subscription (a free trial included:
 *   its trial credits are spent first).
 * - `own_key`: subscription mode with the customer's own provider key: call the provider with
 *   `apiKey`; never charged per message.
 * - `platform`: subscription mode, active subscription, no key saved: the spec's fallback (the
 *   original stored a placeholder key) is the platform's AI service, covered by the subscription,
 *   not charged per message.
 */
export type AiBilling = { mode: 'credits' } | { mode: 'own_key'; apiKey: string } | { mode: 'platform' };

export interface UsageCharge {
  /** What was used, as credit rates name it: `chat`. */
  usageType: string;
  /** The rate's unit; `message` when left out. */
  unitName?: string;
  /** How many units (messages, thousands of tokens...), > 0. */
  units: number;
  /** Unique per chargeable event (e.g. `chat:<messageId>`): a retried charge is applied once. */
  idempotencyKey: string;
  description?: string;
}

export interface ChargeResult {
  entryId: string | null;
  /** Credits taken by this call (0 for a free rate); the original amount for a duplicate. */
  charged: number;
  /** total_credits - used_credits after the charge (the paid balance: trial credits are not in it). */
  balance: number;
  /** Where the credits came from: the running free trial's pool, or the paid balance. */
  paidFrom: 'trial' | 'credits';
  /** True when the idempotency key had already been charged: nothing was taken this time. */
  duplicate: boolean;
}

export interface CreditGrant {
  kind: 'bonus' | 'adjustment';
  amount: number | string;
  idempotencyKey: string;
  description?: string;
}

const GRANT_AMOUNT_INVALID = 'Credits to grant must be greater than 0';

const idempotencyKeyField = z.string().trim().min(1, { error: 'idempotencyKey is required' }).max(200);
const entryDescriptionField = z.string().max(500).optional();

const chargeInput = z.object({
  usageType: z.string().trim().min(1, { error: 'usageType is required' }).max(50),
  unitName: z.string().trim().min(1).max(50).optional(),
  units: z.number({ error: BILLING_MESSAGES.unitsInvalid }).positive({ error: BILLING_MESSAGES.unitsInvalid }).max(1_000_000),
  idempotencyKey: idempotencyKeyField,
  description: entryDescriptionField,
});

const grantInput = z.object({
  kind: z.enum(['bonus', 'adjustment']),
  amount: z.union([z.number(), z.string()], { error: GRANT_AMOUNT_INVALID }).transform((value, ctx) => {
    const text = String(value).trim();
    const amount = /^\d+(\.\d+)?$/.test(text) ? new Decimal(text) : null;
    if (!amount || amount.lte(0)) {
      ctx.addIssue({ code: 'custom', message: GRANT_AMOUNT_INVALID });
      return z.NEVER;
    }
    return amount;
  }),
  idempotencyKey: idempotencyKeyField,
  description: entryDescriptionField,
});

interface CreditDependencies {
  prisma: PrismaClient;
  clock: Clock;
  secrets: SecretBox;
  logger?: Logger;
}

export class CreditService {
  constructor(private readonly deps: CreditDependencies) {}

  /** For the chat domain: how this customer's AI answers are paid (see AiBilling). */
  async aiBillingFor(userId: string): Promise<AiBilling> {
    const settings = await this.deps.prisma.billingSettings.findUnique({ where: { userId } });
    if (billingModeOf(settings) === 'credit') return { mode: 'credits' };
    const subscription = await findActiveSubscription(this.deps.prisma, userId, this.deps.clock.now());
    if (!subscription) return { mode: 'credits' };
    const apiKey = settings?.encryptedApiKey ? this.openApiKey(settings.encryptedApiKey, userId) : null;
    return apiKey ? { mode: 'own_key', apiKey } : { mode: 'platform' };
  }

  /**
   * Takes the credits a usage costs, priced with the credit rates: from the running free trial's
   * credits when they cover it, else from the paid balance. Atomic: a conditional UPDATE
   * (`trialCredits - trialCreditsUsed >= cost`, else `total - used >= cost`) and the ledger entry
   * commit together, so concurrent charges can never take either below zero. Refuses with
   * PaymentRequiredError (402) when neither covers it. Idempotent: a key that was already charged
   * answers `duplicate: true` and takes nothing.
   */
  async charge(userId: string, rawUsage: UsageCharge): Promise<ChargeResult> {
    const usage = parseInput(chargeInput, rawUsage);
    const previous = await this.existingCharge(userId, usage.idempotencyKey);
    if (previous) return previous;
    const rates = await this.deps.prisma.creditRate.findMany({ where: { usageType: usage.usageType } });
    const cost = priceUsage(rates, usage);
    if (cost.isZero()) return { entryId: null, charged: 0, balance: await this.balance(userId), duplicate: false, paidFrom: 'credits' };
    const now = this.deps.clock.now();
    const description = usage.description ?? `${usage.usageType}: ${usage.units} ${usage.unitName ?? DEFAULT_USAGE_UNIT}`;
    try {
      return await this.deps.prisma.$transaction(async (tx) => {
        const trial = await tx.$queryRaw<{ id: string }[]>`
          UPDATE "subscriptions"
          SET "trialCreditsUsed" = "trialCreditsUsed" + ${cost.toString()}::numeric, "updatedAt" = ${now}
          WHERE "id" = (
            SELECT "id" FROM "subscriptions"
            WHERE "userId" = ${userId} AND "status" = 'trialing' AND "expiresAt" > ${now}
            ORDER BY "expiresAt" DESC LIMIT 1
          ) AND "trialCreditsUsed" + ${cost.toString()}::numeric <= "trialCredits"
          RETURNING "id"`;
        if (trial[0]) {
          const entry = await tx.creditLedgerEntry.create({
            data: {
              userId,
              kind: 'usage',
              amount: cost.neg(),
              idempotencyKey: usage.idempotencyKey,
              description: trialChargeDescription(description),
              createdAt: now,
            },
          });
          const balance = balanceOf(await tx.billingSettings.findUnique({ where: { userId } })).balance;
          return { entryId: entry.id, charged: cost.toNumber(), balance: balance.toNumber(), duplicate: false, paidFrom: 'trial' as const };
        }
        const rows = await tx.$queryRaw<{ total: string; used: string }[]>`
          UPDATE "billing_settings"
          SET "usedCredits" = "usedCredits" + ${cost.toString()}::numeric, "updatedAt" = ${now}
          WHERE "userId" = ${userId} AND "totalCredits" - "usedCredits" >= ${cost.toString()}::numeric
          RETURNING "totalCredits"::text AS total, "usedCredits"::text AS used`;
        const row = rows[0];
        if (!row) {
          throw billingErrors.insufficientCredits(cost, balanceOf(await tx.billingSettings.findUnique({ where: { userId } })).balance);
        }
        const entry = await tx.creditLedgerEntry.create({
          data: {
            userId,
            kind: 'usage',
            amount: cost.neg(),
            idempotencyKey: usage.idempotencyKey,
            description,
            createdAt: now,
          },
        });
        return {
          entryId: entry.id,
          charged: cost.toNumber(),
          balance: new Decimal(row.total).sub(row.used).toNumber(),
          duplicate: false,
          paidFrom: 'credits' as const,
        };
      }, MONEY_TRANSACTION_OPTIONS);
    } catch (error) {
      if (isUniqueViolation(error)) {
        const duplicate = await this.existingCharge(userId, usage.idempotencyKey);
        if (duplicate) return duplicate;
      }
      throw error;
    }
  }

  /**
   * Gives back what a charge took (e.g. when the answer it paid for failed), where it was taken from:
   * a trial's credits go back to the trial (nothing, once it has ended). Idempotent.
   */
  async refundCharge(userId: string, chargeIdempotencyKey: string, description = 'Refund of a failed usage'): Promise<void> {
    const charge = await this.deps.prisma.creditLedgerEntry.findUnique({ where: { idempotencyKey: chargeIdempotencyKey } });
    if (!charge || charge.userId !== userId || charge.kind !== 'usage') throw billingErrors.noChargeToRefund();
    const amount = charge.amount.neg();
    try {
      await this.deps.prisma.$transaction(async (tx) => {
        await tx.creditLedgerEntry.create({
          data: {
            userId,
            kind: 'refund',
            amount,
            idempotencyKey: `refund:${chargeIdempotencyKey}`,
            description,
            createdAt: this.deps.clock.now(),
          },
        });
        if (isTrialCharge(charge.description)) {
          await tx.$executeRaw`
            UPDATE "subscriptions"
            SET "trialCreditsUsed" = GREATEST("trialCreditsUsed" - ${amount.toString()}::numeric, 0), "updatedAt" = ${this.deps.clock.now()}
            WHERE "userId" = ${userId} AND "status" = 'trialing' AND "expiresAt" > ${this.deps.clock.now()}`;
        } else {
          await tx.billingSettings.update({ where: { userId }, data: { usedCredits: { decrement: amount } } });
        }
      }, MONEY_TRANSACTION_OPTIONS);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // already refunded
    }
  }

  /** Adds credits outside a purchase (bonus, admin adjustment). Idempotent by key; false when already applied. */
  async grantCredits(userId: string, rawGrant: CreditGrant): Promise<boolean> {
    const grant = parseInput(grantInput, rawGrant);
    return this.deps.prisma.$transaction(
      (tx) => addCredits(tx, userId, { ...grant, description: grant.description ?? '', now: this.deps.clock.now() }),
      MONEY_TRANSACTION_OPTIONS,
    );
  }

  private async existingCharge(userId: string, idempotencyKey: string): Promise<ChargeResult | null> {
    const entry = await this.deps.prisma.creditLedgerEntry.findUnique({ where: { idempotencyKey } });
    if (!entry) return null;
    if (entry.userId !== userId || entry.kind !== 'usage') throw billingErrors.idempotencyKeyReused();
    return {
      entryId: entry.id,
      charged: entry.amount.neg().toNumber(),
      balance: await this.balance(userId),
      duplicate: true,
      paidFrom: isTrialCharge(entry.description) ? 'trial' : 'credits',
    };
  }

  private async balance(userId: string): Promise<number> {
    return balanceOf(await this.deps.prisma.billingSettings.findUnique({ where: { userId } })).balance.toNumber();
  }

  private openApiKey(sealed: string, userId: string): string | null {
    try {
      return this.deps.secrets.decrypt(sealed);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      this.deps.logger?.warn({ userId }, 'stored AI key cannot be decrypted (APP_SECRET changed?); using the platform service');
      return null;
    }
  }
}
