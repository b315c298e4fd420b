// Paying for usage: whether a customer's AI answers are paid in credits at all, and the credits
// themselves: charges priced with the credit rates, refunds of charges, and grants outside a
// purchase. Every movement is a ledger entry with an idempotency key.
import { z } from 'zod';
import type { Logger } from 'pino';
import { Prisma, type PlanType, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { SecretBoxError, type SecretBox } from '../../platform/crypto/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { billingErrors } from './errors.ts';
import { addCredits, balanceOf, MONEY_TRANSACTION_OPTIONS } from './ledger.ts';
import { Decimal } from './decimal.ts';
import { BILLING_MESSAGES, billingModeOf, DEFAULT_USAGE_UNIT, priceUsage, type UsageQuantity, widgetMessagesPerMinute } from './rules.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { isTrialCharge, trialChargeDescription } from './trial.ts';

/**
 * How the chat domain must pay for a customer's AI answers:
 * - `credits`: the platform's AI service, paid per answer (402 when short): the chat domain checks
 *   `payingStanding` before answering and takes `usageChargesSql` with the answer's rows.
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

  /** For the chat domain: how this customer's AI answers are paid (see AiBilling). One statement. */
  async aiBillingFor(userId: string): Promise<AiBilling> {
    return (await this.chatStanding(userId)).billing;
  }

  /** What one chat answer costs this customer now, by the rules the answer is charged with: 0 when credits do not pay for it. */
  async chatMessageCost(userId: string): Promise<number> {
    const paying = await this.chatStanding(userId);
    return paying.billing.mode === 'credits' ? paying.cost.toNumber() : 0;
  }

  private async chatStanding(userId: string): Promise<PayingStanding> {
    const standing = payingStandingSql(Prisma.raw(`customer."id"`), this.deps.clock.now());
    const [row] = await this.deps.prisma.$queryRaw<PayingStandingRow[]>`
      SELECT ${standing.columns} FROM (SELECT ${userId}::text AS "id") customer ${standing.joins}`;
    const paying = payingStandingOf(row!, CHAT_USAGE, (sealed) => openSealedApiKey(this.deps.secrets, sealed));
    if (paying.apiKeyUnreadable) this.warnUnreadableKey(userId);
    return paying;
  }

  /**
   * Takes the credits a usage costs, priced with the credit rates: from the running free trial's
   * credits when they cover it, else from the paid balance. One statement, the one an answer takes
   * with its rows (`usageChargesSql`): the balances locked, then the trial's credits taken when they
   * cover it, else the paid balance when it does, and the ledger entry, so concurrent charges can
   * never take either below zero. Refuses with PaymentRequiredError (402) when neither covers it.
   * Idempotent: a key that was already charged answers `duplicate: true` and takes nothing.
   */
  async charge(userId: string, rawUsage: UsageCharge): Promise<ChargeResult> {
    const usage = parseInput(chargeInput, rawUsage);
    const previous = await this.existingCharge(userId, usage.idempotencyKey);
    if (previous) return previous;
    const rates = await this.deps.prisma.creditRate.findMany({ where: { usageType: usage.usageType } });
    const cost = priceUsage(rates, usage);
    if (cost.isZero()) return { entryId: null, charged: 0, balance: await this.balance(userId), duplicate: false, paidFrom: 'credits' };
    const entryId = uuidv7();
    const description = usage.description ?? `${usage.usageType}: ${usage.units} ${usage.unitName ?? DEFAULT_USAGE_UNIT}`;
    const taken = usageChargesSql(userId, [{ cost, idempotencyKey: usage.idempotencyKey, description, entryId }], this.deps.clock.now());
    try {
      const [row] = await this.deps.prisma.$queryRaw<{ charged: string | null; fromTrial: boolean | null; balance: string | null }[]>`
        WITH ${taken.ctes}
        SELECT (SELECT "cost" FROM billing_taken)::text AS "charged", (SELECT "fromTrial" FROM billing_taken) AS "fromTrial",
          (${taken.balanceAfter})::text AS "balance"`;
      const balance = new Decimal(row!.balance ?? 0);
      if (row!.charged === null) throw billingErrors.insufficientCredits(cost, balance);
      return {
        entryId,
        charged: cost.toNumber(),
        balance: balance.toNumber(),
        duplicate: false,
        paidFrom: row!.fromTrial ? 'trial' : 'credits',
      };
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

  private warnUnreadableKey(userId: string): void {
    this.deps.logger?.warn({ userId }, UNREADABLE_API_KEY);
  }
}

export const UNREADABLE_API_KEY = 'stored AI key cannot be decrypted (APP_SECRET changed?); using the platform service';

/** The customer's own provider key, decrypted; undefined when it cannot be (sealed under another APP_SECRET). */
export function openSealedApiKey(secrets: SecretBox, sealed: string): string | undefined {
  try {
    return secrets.decrypt(sealed);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    return undefined;
  }
}

// ---------------------------------------------------------------- an answer's reads and writes, in its own statements
//
// A chat answer reads who pays for it together with its bot and session (one statement), streams,
// then writes its messages and its charge together (one statement). These build billing's part of
// those statements, so that the rules about billing's tables stay here.

/** The usage a chat answer is: one message. */
export const CHAT_USAGE = { usageType: 'chat', unitName: DEFAULT_USAGE_UNIT, units: 1 } as const satisfies UsageQuantity;

/** The columns `payingStandingSql` adds to a row (whether or not the customer has settings, a plan or a rate). */
export interface PayingStandingRow {
  /** Null without a settings row (credit mode). */
  billingMode: PlanType | null;
  encryptedApiKey: string | null;
  /** total_credits - used_credits; null without a settings row. */
  creditBalance: Decimal | null;
  /** An active paid subscription counts now. */
  hasPaidSubscription: boolean;
  /** What the running free trial has left; null without one. */
  trialCreditsLeft: Decimal | null;
  /** The current plan's (the paid one's, else the running trial's) widget messages a minute; null: none set. */
  planWidgetMessagesPerMinute: number | null;
  /** The admin's rate for the usage asked about; null: the default rate. */
  usageCostPerUnit: Decimal | null;
  /** When the current paid subscription or trial ends (the sooner), and this standing with it; null: neither. */
  standingEndsAt: Date | null;
}

export interface PayingStandingSql {
  /** The `PayingStandingRow` columns, for the caller's SELECT list. */
  columns: Prisma.Sql;
  /** LEFT JOINs for the caller's FROM clause (their aliases start with `paying_`); they add no rows. */
  joins: Prisma.Sql;
}

/**
 * Billing's part of a caller's own statement: who pays for `usage` when the customer is `userId` (an
 * SQL expression: a parameter, or a column of the caller's row). Plain joins in the caller's FROM
 * rather than a subquery of their own: the statement is planned on every run, and flat is cheaper.
 */
export function payingStandingSql(userId: Prisma.Sql, now: Date, usage: UsageQuantity = CHAT_USAGE): PayingStandingSql {
  const unitName = usage.unitName ?? DEFAULT_USAGE_UNIT;
  const currentSubscription = (status: 'active' | 'trialing', columns: Prisma.Sql) => Prisma.sql`
    SELECT ${columns}
    FROM "subscriptions" s JOIN "payment_plans" p ON p."id" = s."planId"
    WHERE s."userId" = ${userId} AND s."status" = ${Prisma.raw(`'${status}'`)} AND s."expiresAt" > ${now}
    ORDER BY s."expiresAt" DESC LIMIT 1`;
  return {
    columns: Prisma.sql`
      paying_settings."planType"::text AS "billingMode",
      paying_settings."encryptedApiKey" AS "encryptedApiKey",
      paying_settings."totalCredits" - paying_settings."usedCredits" AS "creditBalance",
      paying_paid."id" IS NOT NULL AS "hasPaidSubscription",
      paying_trial."creditsLeft" AS "trialCreditsLeft",
      CASE WHEN paying_paid."id" IS NOT NULL THEN paying_paid."widgetMessagesPerMinute" ELSE paying_trial."widgetMessagesPerMinute" END
        AS "planWidgetMessagesPerMinute",
      paying_rate."costPerUnit" AS "usageCostPerUnit",
      LEAST(paying_paid."expiresAt", paying_trial."expiresAt") AS "standingEndsAt"`,
    joins: Prisma.sql`
      LEFT JOIN "billing_settings" paying_settings ON paying_settings."userId" = ${userId}
      LEFT JOIN LATERAL (${currentSubscription('active', Prisma.sql`s."id", s."expiresAt", p."widgetMessagesPerMinute"`)}) paying_paid ON true
      LEFT JOIN LATERAL (
        ${currentSubscription('trialing', Prisma.sql`s."trialCredits" - s."trialCreditsUsed" AS "creditsLeft", s."expiresAt", p."widgetMessagesPerMinute"`)}
      ) paying_trial ON true
      LEFT JOIN "credit_rates" paying_rate ON paying_rate."usageType" = ${usage.usageType} AND paying_rate."unitName" = ${unitName}`,
  };
}

/** How a customer pays for a usage, as of one read. */
export interface PayingStanding {
  billing: AiBilling;
  /** What the usage costs in credit mode (0: free). */
  cost: Decimal;
  /** In credit mode, whether the running trial or the paid balance covers `cost` (true when nothing is charged). */
  covered: boolean;
  /** The paid balance (trial credits are not in it), for the refusal's message. */
  balance: Decimal;
  /** Widget messages one of the customer's bots may answer a minute, by their current plan. */
  widgetMessagesPerMinute: number;
  /** A saved key that cannot be decrypted (APP_SECRET changed?): the platform's service answers instead. */
  apiKeyUnreadable: boolean;
}

/** Credits a customer has left: the running trial's and the paid balance (null: no trial, no settings). */
export interface CreditsLeft {
  trial: Decimal | null;
  paid: Decimal | null;
}

/** Whether the running trial's credits or the paid balance cover `cost` (a free usage is always covered). */
export function creditsCover(cost: Decimal, left: CreditsLeft): boolean {
  return cost.isZero() || (left.trial?.gte(cost) ?? false) || (left.paid?.gte(cost) ?? false);
}

/** The rules of `aiBillingFor` and `charge`, applied to a `PayingStandingRow` read with the caller's own rows. */
export function payingStandingOf(
  row: PayingStandingRow,
  usage: UsageQuantity,
  openApiKey: (sealed: string) => string | undefined,
): PayingStanding {
  const rates =
    row.usageCostPerUnit === null ? [] : [{ ...usage, unitName: usage.unitName ?? DEFAULT_USAGE_UNIT, costPerUnit: row.usageCostPerUnit }];
  const cost = priceUsage(rates, usage);
  const balance = row.creditBalance ?? new Decimal(0);
  const covered = creditsCover(cost, { trial: row.trialCreditsLeft, paid: balance });
  const common = {
    cost,
    covered,
    balance,
    widgetMessagesPerMinute: widgetMessagesPerMinute({ widgetMessagesPerMinute: row.planWidgetMessagesPerMinute }),
  };
  if (billingModeOf(row.billingMode ? { planType: row.billingMode } : null) === 'credit' || !row.hasPaidSubscription) {
    return { ...common, billing: { mode: 'credits' }, apiKeyUnreadable: false };
  }
  const apiKey = row.encryptedApiKey ? openApiKey(row.encryptedApiKey) : undefined;
  return {
    ...common,
    billing: apiKey ? { mode: 'own_key', apiKey } : { mode: 'platform' },
    apiKeyUnreadable: Boolean(row.encryptedApiKey) && !apiKey,
  };
}

/** The refusal `charge` would answer for a usage the standing does not cover; null when it is covered. */
export function uncoveredUsageError(standing: PayingStanding): Error | null {
  return standing.covered ? null : billingErrors.insufficientCredits(standing.cost, standing.balance);
}

/** One usage to charge a customer, with the others of one statement (see `usageChargesSql`). */
export interface UsageChargeInput {
  cost: Decimal;
  /** Unique per chargeable event: the statement fails as a whole when it was used already. */
  idempotencyKey: string;
  description: string;
  /** The ledger entry's id (the caller makes it, as Prisma would). */
  entryId: string;
}

export interface UsageChargesSql {
  /**
   * Common table expressions for the caller's `WITH`: the customer's balances locked, the charges
   * shared out, the balance updates and the ledger entries. Ends with `billing_taken`: one row per
   * charge taken, ("ordinal", "cost", "fromTrial"), `ordinal` being the charge's place in the list
   * from 1; a charge without a row took nothing.
   */
  ctes: Prisma.Sql;
  /** An SQL expression for the paid balance after the charges (trial credits are not in it); null without settings. */
  balanceAfter: Prisma.Sql;
  /** An SQL expression for the running trial's credits after the charges; null without a running trial. */
  trialLeftAfter: Prisma.Sql;
  /**
   * A condition, always true, that PostgreSQL evaluates once, before the rows it filters: put in the
   * caller's other writes, it makes them wait for the balances' locks. Every statement then locks
   * the customer's balances before any row it writes beside them, so two statements never hold one
   * each of a balance and such a row while waiting for the other's (a deadlock).
   */
  balancesLocked: Prisma.Sql;
}

/**
 * `charge` as parts of the caller's one statement, so that usages and what they paid for are
 * written together or not at all; several usages of one customer at once (the answers a busy bot
 * gave meanwhile, see chat/records.ts). The customer's running trial and paid balance are locked
 * and read as they are once locked (a concurrent statement's charges counted), then the charges,
 * in their order, are taken from the trial's credits while they cover them, the next ones from the
 * paid balance while it covers them; those neither covers any longer (charges racing an empty
 * balance) take nothing and write no entry. Neither balance goes below zero. Without charges
 * (a batch of answers nobody pays for), nothing is locked nor read.
 */
export function usageChargesSql(userId: string, charges: readonly UsageChargeInput[], now: Date): UsageChargesSql {
  const ctes = Prisma.sql`
    billing_charges AS MATERIALIZED (
      SELECT c."ordinal"::int AS "ordinal", c."cost", c."idempotencyKey", c."description", c."trialDescription", c."entryId",
        sum(c."cost") OVER (ORDER BY c."ordinal") AS "upTo"
      FROM unnest(${charges.map((charge) => charge.cost.toString())}::numeric[], ${charges.map((charge) => charge.idempotencyKey)}::text[],
        ${charges.map((charge) => charge.description)}::text[], ${charges.map((charge) => trialChargeDescription(charge.description))}::text[],
        ${charges.map((charge) => charge.entryId)}::text[])
        WITH ORDINALITY AS c("cost", "idempotencyKey", "description", "trialDescription", "entryId", "ordinal")
    ),
    billing_trial_left AS MATERIALIZED (
      SELECT "id", "trialCredits" - "trialCreditsUsed" AS "left"
      FROM "subscriptions"
      WHERE "userId" = ${userId} AND "status" = 'trialing' AND "expiresAt" > ${now} AND EXISTS (SELECT 1 FROM billing_charges)
      ORDER BY "expiresAt" DESC
      LIMIT 1
      FOR UPDATE
    ),
    billing_from_trial AS MATERIALIZED (
      SELECT c."ordinal", c."cost" FROM billing_charges c JOIN billing_trial_left t ON c."upTo" <= t."left"
    ),
    billing_paid_left AS MATERIALIZED (
      SELECT "totalCredits" - "usedCredits" AS "left" FROM "billing_settings"
      WHERE "userId" = ${userId} AND EXISTS (SELECT 1 FROM billing_charges)
      FOR UPDATE
    ),
    billing_from_paid AS MATERIALIZED (
      SELECT r."ordinal", r."cost"
      FROM (
        SELECT c."ordinal", c."cost", sum(c."cost") OVER (ORDER BY c."ordinal") AS "upTo"
        FROM billing_charges c
        WHERE c."ordinal" NOT IN (SELECT "ordinal" FROM billing_from_trial)
      ) r
      JOIN billing_paid_left p ON r."upTo" <= p."left"
    ),
    billing_trial AS (
      UPDATE "subscriptions"
      SET "trialCreditsUsed" = "trialCreditsUsed" + (SELECT sum("cost") FROM billing_from_trial), "updatedAt" = ${now}
      WHERE "id" = (SELECT "id" FROM billing_trial_left) AND EXISTS (SELECT 1 FROM billing_from_trial)
      RETURNING "id"
    ),
    billing_paid AS (
      UPDATE "billing_settings"
      SET "usedCredits" = "usedCredits" + (SELECT sum("cost") FROM billing_from_paid), "updatedAt" = ${now}
      WHERE "userId" = ${userId} AND EXISTS (SELECT 1 FROM billing_from_paid)
      RETURNING "userId"
    ),
    billing_taken AS MATERIALIZED (
      SELECT "ordinal", "cost", true AS "fromTrial" FROM billing_from_trial
      UNION ALL
      SELECT "ordinal", "cost", false AS "fromTrial" FROM billing_from_paid
    ),
    billing_usage AS (
      INSERT INTO "credit_ledger_entries" ("id", "userId", "kind", "amount", "idempotencyKey", "description", "createdAt")
      SELECT c."entryId", ${userId}, 'usage'::"LedgerKind", -t."cost", c."idempotencyKey",
        CASE WHEN t."fromTrial" THEN c."trialDescription" ELSE c."description" END, ${now}
      FROM billing_taken t
      JOIN billing_charges c ON c."ordinal" = t."ordinal"
      RETURNING "id"
    )`;
  return {
    ctes,
    balanceAfter: Prisma.sql`(SELECT "left" FROM billing_paid_left) - COALESCE((SELECT sum("cost") FROM billing_from_paid), 0)`,
    trialLeftAfter: Prisma.sql`(SELECT "left" FROM billing_trial_left) - COALESCE((SELECT sum("cost") FROM billing_from_trial), 0)`,
    balancesLocked: Prisma.sql`((SELECT count(*) FROM billing_trial_left) + (SELECT count(*) FROM billing_paid_left) >= 0)`,
  };
}
