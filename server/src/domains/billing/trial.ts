// The free trial (spec 000 §9: "each plan with a 2-week free trial"): a verified customer gets one,
// once, on the plan picked on the landing (Starter by default). It is a Subscription row with status
// `trialing`: the plan's bot limit for 14 days, plus credits on the platform's AI service (an amount
// the admin sets) that are spent before any paid credits and vanish with the trial. Paying for a
// subscription plan ends it. The rules are the pure functions below; TrialService applies them.
import { z } from 'zod';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { PLATFORM_SETTING_KEYS, type AdminConfigStore } from '../../platform/settings.ts';
import { assertAdmin, type Viewer } from '../auth/public.ts';
import type { RecordBillingNote } from './notes.ts';
import { Decimal } from './decimal.ts';
import { findActiveSubscription, findCurrentTrial, findTrial, type SubscriptionWithPlan } from './subscriptions.ts';

export const TRIAL_DAYS = 14;
/** Trial credits when the admin has set none: 50 answers at the default rate of 1 credit a message. */
export const DEFAULT_TRIAL_CREDITS = 50;
export const MAX_TRIAL_CREDITS = 100_000;
export const TRIAL_CREDITS_INVALID = `Trial credits must be a whole number from 0 to ${MAX_TRIAL_CREDITS}`;
/** The plan a trial falls back to when the one asked for is unknown (else the cheapest subscription plan). */
export const DEFAULT_TRIAL_PLAN_NAME = 'Starter';

const DAY_MS = 86_400_000;

/** Ends the description of a usage paid from trial credits: a refund of it goes back to the trial. */
const TRIAL_CHARGE_NOTE = ' (trial credits)';

// ---------------------------------------------------------------- rules

/** When a trial started at `startedAt` ends. */
export function trialEnd(startedAt: Date): Date {
  return new Date(startedAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Whole days left, counting a started day as a day ("1 day left" on the last day); 0 once ended. */
export function trialDaysLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/** Trial credits still to spend: none once the trial has ended, never below 0. */
export function trialCreditsLeft(trial: { trialCredits: Decimal; trialCreditsUsed: Decimal; expiresAt: Date }, now: Date): Decimal {
  if (trial.expiresAt <= now) return new Decimal(0);
  const left = trial.trialCredits.sub(trial.trialCreditsUsed);
  return left.isNegative() ? new Decimal(0) : left;
}

/** A trial as customers see it (sidebar, billing page, REST). */
export interface TrialView {
  planId: string;
  planName: string;
  /** The trial plan's bot limit; null means unlimited. */
  botLimit: number | null;
  startedAt: Date;
  endsAt: Date;
  daysLeft: number;
  ended: boolean;
  credits: number;
  creditsUsed: number;
  creditsLeft: number;
}

export function trialView(trial: SubscriptionWithPlan, now: Date): TrialView {
  return {
    planId: trial.planId,
    planName: trial.plan.name,
    botLimit: trial.plan.botLimit,
    startedAt: trial.startedAt,
    endsAt: trial.expiresAt,
    daysLeft: trialDaysLeft(trial.expiresAt, now),
    ended: trial.expiresAt <= now,
    credits: trial.trialCredits.toNumber(),
    creditsUsed: trial.trialCreditsUsed.toNumber(),
    creditsLeft: trialCreditsLeft(trial, now).toNumber(),
  };
}

/** A whole number of credits within 0..MAX_TRIAL_CREDITS, from a number or digits; null otherwise. */
function wholeCredits(value: unknown): number | null {
  const number = typeof value === 'string' && /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= MAX_TRIAL_CREDITS ? number : null;
}

/** The stored setting as a number: the default when unset or unreadable. */
export function trialCreditsSetting(stored: string | undefined): number {
  return (stored === undefined ? null : wholeCredits(stored)) ?? DEFAULT_TRIAL_CREDITS;
}

const setTrialCreditsInput = z.object({
  trialCredits: z.unknown().transform((value, ctx) => {
    const credits = wholeCredits(value);
    if (credits === null) {
      ctx.addIssue({ code: 'custom', message: TRIAL_CREDITS_INVALID });
      return z.NEVER;
    }
    return credits;
  }),
});

export interface PlanChoice {
  id: string;
  name: string;
  price: Decimal | number;
}

/**
 * The plan a trial runs on, among the active subscription plans: the one asked for (by id, or by name
 * in any case: "pro"), else Starter, else the cheapest; null when no subscription plan is on sale.
 */
export function trialPlanFor<Plan extends PlanChoice>(plans: readonly Plan[], wanted: string | null | undefined): Plan | null {
  const asked = wanted?.trim().toLowerCase() ?? '';
  const named = (name: string) => plans.find((plan) => plan.name.trim().toLowerCase() === name);
  const byId = asked === '' ? undefined : plans.find((plan) => plan.id.toLowerCase() === asked);
  const cheapest = [...plans].sort((a, b) => new Decimal(a.price).comparedTo(new Decimal(b.price)))[0];
  return byId ?? (asked === '' ? undefined : named(asked)) ?? named(DEFAULT_TRIAL_PLAN_NAME.toLowerCase()) ?? cheapest ?? null;
}

/** Mail services that ignore dots in the local part and answer under both domains. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, for "one free trial per mailbox": lower-cased, `+tag` dropped,
 * and for Gmail dots dropped and googlemail.com folded into gmail.com. Only trials use it: the address
 * as typed stays the login.
 */
export function trialMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const local = address.slice(0, at).split('+')[0]!;
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/** The ledger description of a usage paid from trial credits. */
export function trialChargeDescription(description: string): string {
  return `${description}${TRIAL_CHARGE_NOTE}`;
}

export function isTrialCharge(description: string): boolean {
  return description.endsWith(TRIAL_CHARGE_NOTE);
}

/**
 * Ends a running trial because the customer paid for a subscription plan (inside the payment's
 * transaction): its end moves to now, so its bot limit and credits stop counting. True when one ran.
 */
export async function endTrialOnPayment(tx: Prisma.TransactionClient, userId: string, now: Date): Promise<boolean> {
  const ended = await tx.subscription.updateMany({
    where: { userId, status: 'trialing', expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  return ended.count > 0;
}

// ---------------------------------------------------------------- the service

export interface TrialSettings {
  trialDays: number;
  trialCredits: number;
}

interface TrialDependencies {
  prisma: PrismaClient;
  clock: Clock;
  adminConfig: AdminConfigStore;
  record: RecordBillingNote;
}

export class TrialService {
  constructor(private readonly deps: TrialDependencies) {}

  async settings(): Promise<TrialSettings> {
    return {
      trialDays: TRIAL_DAYS,
      trialCredits: trialCreditsSetting(await this.deps.adminConfig.get(PLATFORM_SETTING_KEYS.trialCredits)),
    };
  }

  /** The settings as the admin's screen reads them: admins only. */
  async settingsFor(viewer: Viewer | null): Promise<TrialSettings> {
    assertAdmin(viewer);
    return this.settings();
  }

  /** The admin's choice of credits for trials that start from now on (running trials keep theirs). */
  async setTrialCredits(viewer: Viewer | null, rawCredits: unknown): Promise<TrialSettings> {
    assertAdmin(viewer);
    const { trialCredits } = parseInput(setTrialCreditsInput, { trialCredits: rawCredits });
    await this.deps.adminConfig.set(PLATFORM_SETTING_KEYS.trialCredits, String(trialCredits), viewer.id);
    await this.deps.record({ event: `Trial credits changed: ${trialCredits}`, userId: viewer.id });
    return { trialDays: TRIAL_DAYS, trialCredits };
  }

  /**
   * The plan a sign-up picked, as the id of an active subscription plan: a plan id or a plan name
   * ("starter", "Pro"...). Anything else (unknown, not text) gets Starter: a sign-up never fails for it.
   */
  async signupPlanId(rawPlan: unknown): Promise<string | null> {
    const wanted = typeof rawPlan === 'string' ? rawPlan.slice(0, 200) : null;
    return trialPlanFor(await this.plansOnSale(this.deps.prisma), wanted)?.id ?? null;
  }

  /**
   * Starts the customer's free trial, once ever: on their sign-up plan (if still on sale, else
   * Starter), for TRIAL_DAYS, with the admin's trial credits. Nothing happens for an admin, a customer
   * who already had a trial or pays for a plan, one whose mailbox had a trial under another address
   * (trialMailbox), or when no subscription plan is on sale.
   */
  async startTrial(userId: string): Promise<TrialView | null> {
    const now = this.deps.clock.now();
    const { trialCredits } = await this.settings();
    const trial = await this.deps.prisma.$transaction(async (tx) => {
      // Two verifications at once (a double click) must not start two trials.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`trial:${userId}`}))`;
      const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true, signupPlanId: true, email: true } });
      if (!user || user.role !== 'customer') return null;
      if ((await findTrial(tx, userId)) || (await findActiveSubscription(tx, userId, now))) return null;
      const plan = trialPlanFor(await this.plansOnSale(tx), user.signupPlanId);
      if (!plan) return null;
      // The mailbox's first trial holds it; concurrent sign-ups of two variants meet on its key.
      const claimed = await tx.trialMailbox.createMany({
        data: { mailbox: trialMailbox(user.email), userId, createdAt: now },
        skipDuplicates: true,
      });
      if (claimed.count === 0) return 'mailbox had a trial' as const;
      return tx.subscription.create({
        data: {
          userId,
          planId: plan.id,
          status: 'trialing',
          amountPaid: 0,
          currency: plan.currency,
          billingPeriod: plan.billingPeriod ?? 'month',
          startedAt: now,
          expiresAt: trialEnd(now),
          trialCredits,
          trialCreditsUsed: 0,
          createdAt: now,
        },
        include: { plan: true },
      });
    });
    if (!trial) return null;
    if (trial === 'mailbox had a trial') {
      await this.deps.record({ event: 'No free trial: its mailbox had one under another address', userId });
      return null;
    }
    await this.deps.record({
      event: `Free trial started: ${trial.plan.name}`,
      details: `${TRIAL_DAYS} days, until ${trial.expiresAt.toISOString()}, with ${trialCredits} trial credits`,
      userId,
    });
    return trialView(trial, now);
  }

  /** The running trial, with its plan; null when none runs. */
  current(userId: string): Promise<SubscriptionWithPlan | null> {
    return findCurrentTrial(this.deps.prisma, userId, this.deps.clock.now());
  }

  /**
   * The customer's trial as they see it, running or ended; null when they never had one, or when a
   * paid subscription counts (the trial is then no longer what their plan is).
   */
  async viewOf(userId: string): Promise<TrialView | null> {
    const now = this.deps.clock.now();
    if (await findActiveSubscription(this.deps.prisma, userId, now)) return null;
    const trial = await findTrial(this.deps.prisma, userId);
    return trial ? trialView(trial, now) : null;
  }

  private plansOnSale(db: PrismaClient | Prisma.TransactionClient) {
    return db.paymentPlan.findMany({
      where: { type: 'subscription', isActive: true },
      orderBy: [{ price: 'asc' }, { createdAt: 'asc' }],
    });
  }
}
