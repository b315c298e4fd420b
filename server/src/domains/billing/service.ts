import { z } from 'zod';
import type { Logger } from 'pino';
import type { CreditRate, PaymentPlan, PlanType, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  notFoundError,
  PaymentRequiredError,
  ServiceUnavailableError,
  ValidationError,
} from '../../errors.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { SecretBoxError, type SecretBox } from '../../platform/crypto/index.ts';
import { parseInput } from '../../validation.ts';
import { ADMIN_CONFIG_KEYS, type AdminConfigStore } from '../admin/config.ts';
import type { Viewer } from '../auth/service.ts';
import type { EventsService, NewSystemEvent } from '../events/service.ts';
import {
  assertValidPlan,
  BILLING_MESSAGES,
  createPlanInput,
  createRateInput,
  Decimal,
  draftFromCreateInput,
  draftWithEdit,
  editPlanInput,
  formatMoney,
  isValidApiKeyShape,
  maskApiKey,
  planTypeField,
  priceUsage,
  summarizeRevenue,
  updateRateInput,
  type PlanDraft,
  type RevenueSummary,
} from './rules.ts';
import { addCredits, balanceOf, type CreditBalance } from './ledger.ts';
import { StripeGateway, type InvoiceSummary, type StripeEvent } from './stripe.ts';
import { findActiveSubscription } from './subscriptions.ts';
import { applyStripeEvent, HANDLED_STRIPE_EVENTS } from './webhooks.ts';

/**
 * How the chat domain must pay for a customer's AI answers:
 * - `credits`: the platform's AI service, paid per answer: call `charge()` first (402 when short).
 *   Credit mode, and subscription mode without an active subscription.
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
  /** total_credits - used_credits after the charge. */
  balance: number;
  /** True when the idempotency key had already been charged: nothing was taken this time. */
  duplicate: boolean;
}

export type { CreditBalance };

export type SubscriptionWithPlan = Prisma.SubscriptionGetPayload<{ include: { plan: true } }>;

export interface BillingOverview {
  userId: string;
  planType: PlanType;
  /** Masked (`sk-…abcd`) or null: the full key never leaves the server. */
  apiKey: string | null;
  credits: CreditBalance;
  subscription: SubscriptionWithPlan | null;
}

export interface CheckoutResult {
  checkoutUrl: string;
  sessionId: string;
}

export interface UpgradeResult {
  success: true;
  message: string;
  receiptUrl: string | null;
}

export interface WebhookResult {
  received: true;
  type: string;
  duplicate: boolean;
  ignored: boolean;
}

export const CHECKOUT_PATHS = {
  success: '/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancel: '/payment-cancelled',
} as const;

export const BILLING_EVENT_CATEGORY = 'billing';

const STRIPE_NOT_CONFIGURED = 'Payments are not configured on this server: an administrator must set the Stripe secret key.';
const WEBHOOK_NOT_CONFIGURED = 'Stripe webhooks are not configured on this server: set the webhook signing secret.';

const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

const setPlanInput = z.object({ plan_type: planTypeField }, { error: 'plan_type is required' });
const setApiKeyInput = z.object(
  { api_key: z.string({ error: 'api_key must be text' }).max(300, { error: BILLING_MESSAGES.apiKeyInvalid }).nullish() },
  { error: 'api_key is required' },
);
const idInput = (name: string) =>
  z.string({ error: `${name} is required` }).trim().min(1, { error: `${name} is required` }).max(100, { error: `${name} is invalid` });

const usageInput = z.object({
  usageType: z.string().trim().min(1, { error: 'usageType is required' }).max(50),
  unitName: z.string().trim().min(1).max(50).optional(),
  units: z.number({ error: BILLING_MESSAGES.unitsInvalid }).positive({ error: BILLING_MESSAGES.unitsInvalid }).max(1_000_000),
  idempotencyKey: z.string().trim().min(1, { error: 'idempotencyKey is required' }).max(200),
  description: z.string().max(500).optional(),
});

interface BillingDependencies {
  prisma: PrismaClient;
  clock: Clock;
  events: EventsService;
  secrets: SecretBox;
  adminConfig: AdminConfigStore;
  publicUrl: string;
  /** Environment defaults; the admin's config keys win when set. */
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl?: string };
  logger?: Logger;
}

/** Billing modes, the credit ledger, plans and rates, subscriptions and Stripe payments. */
export class BillingService {
  private readonly gateway: StripeGateway;

  constructor(private readonly deps: BillingDependencies) {
    this.gateway = new StripeGateway({ apiUrl: deps.stripe.apiUrl });
  }

  // ---------------------------------------------------------------- billing mode and own key

  async planType(viewer: Viewer): Promise<PlanType> {
    const settings = await this.deps.prisma.billingSettings.findUnique({ where: { userId: viewer.id }, select: { planType: true } });
    return settings?.planType ?? 'credit';
  }

  async setPlanType(viewer: Viewer, rawInput: unknown): Promise<PlanType> {
    const { plan_type: planType } = parseInput(setPlanInput, rawInput);
    await this.deps.prisma.billingSettings.upsert({
      where: { userId: viewer.id },
      create: { userId: viewer.id, planType },
      update: { planType },
    });
    return planType;
  }

  async maskedApiKey(viewer: Viewer): Promise<string | null> {
    const settings = await this.deps.prisma.billingSettings.findUnique({ where: { userId: viewer.id }, select: { apiKeyHint: true } });
    return settings?.apiKeyHint ?? null;
  }

  /**
   * Saves the customer's own provider key, encrypted; answers its masked form. An empty key (the
   * client's "switch to subscription" with an empty input) stores nothing and keeps any saved key,
   * and so does sending the masked key back.
   */
  async setApiKey(viewer: Viewer, rawInput: unknown): Promise<{ apiKey: string | null; saved: boolean }> {
    const input = parseInput(setApiKeyInput, rawInput);
    const key = (input.api_key ?? '').trim();
    const current = await this.maskedApiKey(viewer);
    if (key === '' || key === current) return { apiKey: current, saved: false };
    if (!isValidApiKeyShape(key)) {
      throw new ValidationError(BILLING_MESSAGES.apiKeyInvalid, [{ path: 'api_key', message: BILLING_MESSAGES.apiKeyInvalid }]);
    }
    const sealed = { encryptedApiKey: this.deps.secrets.encrypt(key), apiKeyHint: maskApiKey(key) };
    await this.deps.prisma.billingSettings.upsert({
      where: { userId: viewer.id },
      create: { userId: viewer.id, ...sealed },
      update: sealed,
    });
    return { apiKey: sealed.apiKeyHint, saved: true };
  }

  async clearApiKey(viewer: Viewer): Promise<void> {
    await this.deps.prisma.billingSettings.updateMany({
      where: { userId: viewer.id },
      data: { encryptedApiKey: null, apiKeyHint: null },
    });
  }

  async overview(viewer: Viewer): Promise<BillingOverview> {
    const [settings, subscription] = await Promise.all([
      this.deps.prisma.billingSettings.findUnique({ where: { userId: viewer.id } }),
      this.activeSubscription(viewer),
    ]);
    return {
      userId: viewer.id,
      planType: settings?.planType ?? 'credit',
      apiKey: settings?.apiKeyHint ?? null,
      credits: balanceOf(settings),
      subscription,
    };
  }

  // ---------------------------------------------------------------- subscriptions and credits

  /** The subscription that counts now (active, not past its period), with its plan; null when none. */
  activeSubscription(viewer: Viewer): Promise<SubscriptionWithPlan | null> {
    return findActiveSubscription(this.deps.prisma, viewer.id, this.deps.clock.now());
  }

  async credits(viewer: Viewer): Promise<CreditBalance> {
    return balanceOf(await this.deps.prisma.billingSettings.findUnique({ where: { userId: viewer.id } }));
  }

  /** For the chat domain: how this customer's AI answers are paid (see AiBilling). */
  async aiBillingFor(userId: string): Promise<AiBilling> {
    const settings = await this.deps.prisma.billingSettings.findUnique({ where: { userId } });
    if ((settings?.planType ?? 'credit') === 'credit') return { mode: 'credits' };
    const subscription = await findActiveSubscription(this.deps.prisma, userId, this.deps.clock.now());
    if (!subscription) return { mode: 'credits' };
    const apiKey = settings?.encryptedApiKey ? this.openApiKey(settings.encryptedApiKey, userId) : null;
    return apiKey ? { mode: 'own_key', apiKey } : { mode: 'platform' };
  }

  /**
   * Takes the credits a usage costs, priced with the credit rates. Atomic: one conditional UPDATE
   * (`total - used >= cost`) and the ledger entry commit together, so concurrent charges can never
   * take the balance below zero. Refuses with PaymentRequiredError (402) when the balance is short.
   * Idempotent: a key that was already charged answers `duplicate: true` and takes nothing.
   */
  async charge(userId: string, rawUsage: UsageCharge): Promise<ChargeResult> {
    const usage = parseInput(usageInput, rawUsage);
    const previous = await this.existingCharge(userId, usage.idempotencyKey);
    if (previous) return previous;
    const rates = await this.deps.prisma.creditRate.findMany({ where: { usageType: usage.usageType } });
    const cost = priceUsage(rates, usage);
    if (cost.isZero()) return { entryId: null, charged: 0, balance: (await this.balanceOfUser(userId)).toNumber(), duplicate: false };
    const now = this.deps.clock.now();
    try {
      return await this.deps.prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ total: string; used: string }[]>`
          UPDATE "billing_settings"
          SET "usedCredits" = "usedCredits" + ${cost.toString()}::numeric, "updatedAt" = ${now}
          WHERE "userId" = ${userId} AND "totalCredits" - "usedCredits" >= ${cost.toString()}::numeric
          RETURNING "totalCredits"::text AS total, "usedCredits"::text AS used`;
        const row = rows[0];
        if (!row) {
          const balance = balanceOf(await tx.billingSettings.findUnique({ where: { userId } })).balance;
          throw new PaymentRequiredError(
            `Not enough credits: this needs ${cost.toString()} and your balance is ${balance.toString()}. Buy more credits on the billing page.`,
            'INSUFFICIENT_CREDITS',
          );
        }
        const entry = await tx.creditLedgerEntry.create({
          data: {
            userId,
            kind: 'usage',
            amount: cost.neg(),
            idempotencyKey: usage.idempotencyKey,
            description: usage.description ?? `${usage.usageType}: ${usage.units} ${usage.unitName ?? 'message'}`,
            createdAt: now,
          },
        });
        return { entryId: entry.id, charged: cost.toNumber(), balance: new Decimal(row.total).sub(row.used).toNumber(), duplicate: false };
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      if (isUniqueViolation(error)) {
        const duplicate = await this.existingCharge(userId, usage.idempotencyKey);
        if (duplicate) return duplicate;
      }
      throw error;
    }
  }

  /** Gives back what a charge took (e.g. when the answer it paid for failed). Idempotent. */
  async refundCharge(userId: string, chargeIdempotencyKey: string, description = 'Refund of a failed usage'): Promise<void> {
    const charge = await this.deps.prisma.creditLedgerEntry.findUnique({ where: { idempotencyKey: chargeIdempotencyKey } });
    if (!charge || charge.userId !== userId || charge.kind !== 'usage') throw new NotFoundError('No such charge to refund.');
    const amount = charge.amount.neg();
    try {
      await this.deps.prisma.$transaction(async (tx) => {
        await tx.creditLedgerEntry.create({
          data: { userId, kind: 'refund', amount, idempotencyKey: `refund:${chargeIdempotencyKey}`, description, createdAt: this.deps.clock.now() },
        });
        await tx.billingSettings.update({ where: { userId }, data: { usedCredits: { decrement: amount } } });
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // already refunded
    }
  }

  /** Adds credits outside a purchase (bonus, admin adjustment). Idempotent by key; false when already applied. */
  async grantCredits(
    userId: string,
    grant: { kind: 'bonus' | 'adjustment'; amount: number | string; idempotencyKey: string; description?: string },
  ): Promise<boolean> {
    const amount = new Decimal(grant.amount);
    if (!amount.isFinite() || amount.lte(0)) throw new ValidationError('Credits to grant must be greater than 0');
    return this.deps.prisma.$transaction(
      (tx) => addCredits(tx, userId, { ...grant, amount, description: grant.description ?? '', now: this.deps.clock.now() }),
      TRANSACTION_OPTIONS,
    );
  }

  // ---------------------------------------------------------------- plans (admin side; listing is public)

  /** Active plans for everyone; every plan for an admin. */
  listPlans(viewer: Viewer | null, filter: { type?: PlanType | null; includeInactive?: boolean | null } = {}): Promise<PaymentPlan[]> {
    const all = viewer?.role === 'ADMIN' && filter.includeInactive !== false;
    return this.deps.prisma.paymentPlan.findMany({
      where: { ...(all ? {} : { isActive: true }), ...(filter.type ? { type: filter.type } : {}) },
      orderBy: [{ type: 'asc' }, { price: 'asc' }, { createdAt: 'asc' }],
    });
  }

  async createPlan(viewer: Viewer, rawInput: unknown): Promise<PaymentPlan> {
    assertAdmin(viewer);
    const draft = assertValidPlan(draftFromCreateInput(parseInput(createPlanInput, rawInput)));
    const plan = await this.deps.prisma.paymentPlan.create({ data: draft });
    await this.record({ event: `Payment plan created: ${plan.name}`, details: planDetails(plan), userId: viewer.id });
    return plan;
  }

  async updatePlan(viewer: Viewer, rawId: unknown, rawInput: unknown): Promise<PaymentPlan> {
    assertAdmin(viewer);
    const plan = await this.findPlan(rawId);
    const edit = parseInput(editPlanInput, rawInput ?? {});
    if (edit.plan_type && edit.plan_type !== plan.type) {
      throw new ValidationError(BILLING_MESSAGES.planTypeFixed, [{ path: 'plan_type', message: BILLING_MESSAGES.planTypeFixed }]);
    }
    const draft = assertValidPlan(draftWithEdit(draftOf(plan), edit));
    const updated = await this.deps.prisma.paymentPlan.update({ where: { id: plan.id }, data: draft });
    await this.record({ event: `Payment plan updated: ${updated.name}`, details: planDetails(updated), userId: viewer.id });
    return updated;
  }

  async togglePlan(viewer: Viewer, rawId: unknown): Promise<PaymentPlan> {
    assertAdmin(viewer);
    const plan = await this.findPlan(rawId);
    const updated = await this.deps.prisma.paymentPlan.update({ where: { id: plan.id }, data: { isActive: !plan.isActive } });
    await this.record({
      event: `Payment plan ${updated.isActive ? 'activated' : 'deactivated'}: ${updated.name}`,
      userId: viewer.id,
    });
    return updated;
  }

  async revenueSummary(viewer: Viewer): Promise<RevenueSummary> {
    assertAdmin(viewer);
    const rows = await this.deps.prisma.$queryRaw<{ year: number; month: number; revenue: string }[]>`
      SELECT EXTRACT(YEAR FROM "paidAt")::int AS year, EXTRACT(MONTH FROM "paidAt")::int AS month, SUM("amount")::text AS revenue
      FROM "payments"
      WHERE "status" = 'paid' AND "paidAt" IS NOT NULL
      GROUP BY 1, 2`;
    return summarizeRevenue(
      rows.map((row) => ({ year: Number(row.year), month: Number(row.month), revenue: row.revenue })),
      this.deps.clock.now(),
    );
  }

  private async findPlan(rawId: unknown): Promise<PaymentPlan> {
    const id = parseInput(idInput('Plan id'), rawId);
    const plan = await this.deps.prisma.paymentPlan.findUnique({ where: { id } });
    if (!plan) throw notFoundError('PaymentPlan');
    return plan;
  }

  // ---------------------------------------------------------------- credit rates

  listRates(): Promise<CreditRate[]> {
    return this.deps.prisma.creditRate.findMany({ orderBy: [{ usageType: 'asc' }, { unitName: 'asc' }] });
  }

  async createRate(viewer: Viewer, rawInput: unknown): Promise<CreditRate> {
    assertAdmin(viewer);
    const input = parseInput(createRateInput, rawInput);
    try {
      return await this.deps.prisma.creditRate.create({
        data: { usageType: input.usage_type, unitName: input.unit_name, costPerUnit: input.cost_per_unit },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw rateTaken(input.usage_type, input.unit_name);
      throw error;
    }
  }

  async updateRate(viewer: Viewer, rawId: unknown, rawInput: unknown): Promise<CreditRate> {
    assertAdmin(viewer);
    const rate = await this.findRate(rawId);
    const input = parseInput(updateRateInput, rawInput ?? {});
    try {
      return await this.deps.prisma.creditRate.update({
        where: { id: rate.id },
        data: { usageType: input.usage_type, unitName: input.unit_name, costPerUnit: input.cost_per_unit },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw rateTaken(input.usage_type ?? rate.usageType, input.unit_name ?? rate.unitName);
      throw error;
    }
  }

  async deleteRate(viewer: Viewer, rawId: unknown): Promise<CreditRate> {
    assertAdmin(viewer);
    const rate = await this.findRate(rawId);
    await this.deps.prisma.creditRate.deleteMany({ where: { id: rate.id } });
    return rate;
  }

  private async findRate(rawId: unknown): Promise<CreditRate> {
    const id = parseInput(idInput('Credit rate id'), rawId);
    const rate = await this.deps.prisma.creditRate.findUnique({ where: { id } });
    if (!rate) throw notFoundError('CreditRate');
    return rate;
  }

  // ---------------------------------------------------------------- Stripe: checkout, upgrade, webhook

  /** A Stripe Checkout Session for a credit pack or a subscription plan; the webhook completes it. */
  async createCheckout(viewer: Viewer, kind: 'credit' | 'subscription', rawPlanId: unknown): Promise<CheckoutResult> {
    const plan = await this.findPlan(parseInput(idInput('plan_id'), rawPlanId));
    if (!plan.isActive) throw new NotFoundError('This plan is no longer available', 'PLAN_INACTIVE');
    if (plan.type !== kind) {
      throw new ValidationError(kind === 'credit' ? 'This plan is not a credit pack' : 'This plan is not a subscription plan', [], 'WRONG_PLAN_TYPE');
    }
    if (kind === 'subscription' && (await this.activeSubscription(viewer))) {
      throw new ConflictError('You already have an active subscription: upgrade it instead of buying another one.', 'ALREADY_SUBSCRIBED');
    }
    const secretKey = await this.stripeSecretKey();
    const [user, settings] = await Promise.all([
      this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { email: true } }),
      this.deps.prisma.billingSettings.findUnique({ where: { userId: viewer.id }, select: { stripeCustomerId: true } }),
    ]);
    const session = await this.gateway.createCheckoutSession(secretKey, {
      plan,
      userId: viewer.id,
      email: user.email,
      stripeCustomerId: settings?.stripeCustomerId ?? null,
      successUrl: `${this.deps.publicUrl}${CHECKOUT_PATHS.success}`,
      cancelUrl: `${this.deps.publicUrl}${CHECKOUT_PATHS.cancel}`,
      metadata: {
        user_id: viewer.id,
        plan_id: plan.id,
        kind: plan.type,
        ...(plan.type === 'credit'
          ? { credits: String(plan.creditAmount ?? 0), bonus_credits: String(plan.bonusCredits) }
          : { billing_period: plan.billingPeriod ?? 'month' }),
      },
    });
    await this.deps.prisma.payment.create({
      data: {
        userId: viewer.id,
        planId: plan.id,
        kind: plan.type === 'credit' ? 'credit_pack' : 'subscription',
        amount: plan.price,
        currency: plan.currency,
        status: 'pending',
        stripeCheckoutSessionId: session.id,
        createdAt: this.deps.clock.now(),
      },
    });
    return { checkoutUrl: session.url, sessionId: session.id };
  }

  /**
   * Moves the active subscription to a dearer subscription plan at once; Stripe invoices the
   * proration immediately and its receipt address is returned.
   */
  async upgradeSubscription(viewer: Viewer, rawPlanId: unknown): Promise<UpgradeResult> {
    const planId = parseInput(idInput('new_plan_id'), rawPlanId);
    const current = await this.activeSubscription(viewer);
    if (!current) throw new NotFoundError('You have no active subscription to upgrade. Choose a plan first.', 'NO_ACTIVE_SUBSCRIPTION');
    const plan = await this.findPlan(planId);
    if (!plan.isActive) throw new NotFoundError('This plan is no longer available', 'PLAN_INACTIVE');
    if (plan.type !== 'subscription') throw new ValidationError('You can only upgrade to a subscription plan', [], 'WRONG_PLAN_TYPE');
    if (plan.id === current.planId) throw new ConflictError(`You are already on the ${plan.name} plan`, 'SAME_PLAN');
    if (!plan.price.gt(current.amountPaid)) {
      throw new ValidationError(
        `You can only upgrade to a plan priced above your current one (${formatMoney(current.amountPaid, current.currency)})`,
        [],
        'NOT_AN_UPGRADE',
      );
    }
    if (!current.stripeSubscriptionId) {
      throw new ConflictError(
        'Your current subscription is not billed through Stripe, so it cannot be upgraded online. Please contact support.',
        'NOT_BILLED_ONLINE',
      );
    }
    const secretKey = await this.stripeSecretKey();
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { email: true } });
    let invoice: InvoiceSummary | null;
    try {
      const { invoiceId } = await this.gateway.changeSubscriptionPlan(secretKey, {
        subscriptionId: current.stripeSubscriptionId,
        plan,
        userId: viewer.id,
      });
      invoice = invoiceId ? await this.gateway.retrieveInvoice(secretKey, invoiceId) : null;
    } catch (error) {
      await this.record({
        event: `Subscription upgrade failed: ${current.plan.name} → ${plan.name} for ${user.email}`,
        details: error instanceof Error ? error.message : String(error),
        userId: viewer.id,
      });
      throw error;
    }
    const now = this.deps.clock.now();
    const paid = invoice?.status === 'paid';
    await this.deps.prisma.$transaction(async (tx) => {
      await tx.subscription.update({
        where: { id: current.id },
        data: { planId: plan.id, amountPaid: plan.price, currency: plan.currency, status: 'active' },
      });
      if (invoice) {
        const data = {
          userId: viewer.id,
          planId: plan.id,
          kind: 'upgrade' as const,
          amount: invoice.amountPaid,
          currency: invoice.currency,
          status: paid ? ('paid' as const) : ('pending' as const),
          paidAt: paid ? now : null,
          receiptUrl: invoice.receiptUrl,
        };
        const existing = await tx.payment.findUnique({ where: { stripeInvoiceId: invoice.id } });
        if (!existing) await tx.payment.create({ data: { ...data, stripeInvoiceId: invoice.id, createdAt: now } });
        else if (existing.status !== 'paid') await tx.payment.update({ where: { id: existing.id }, data });
      }
    }, TRANSACTION_OPTIONS);
    const amount = invoice ? formatMoney(invoice.amountPaid, invoice.currency) : 'no charge';
    await this.record({
      event: paid
        ? `Subscription upgraded and paid: ${current.plan.name} → ${plan.name} for ${user.email} (${amount})`
        : `Subscription upgraded: ${current.plan.name} → ${plan.name} for ${user.email} (payment pending)`,
      userId: viewer.id,
    });
    return {
      success: true,
      message: `Your subscription is now ${plan.name}. The change applies at once; proration may apply.`,
      receiptUrl: invoice?.receiptUrl ?? null,
    };
  }

  /**
   * Verifies and applies one Stripe webhook delivery. Each event id is applied exactly once: it is
   * recorded in processed_webhook_events in the same transaction as its effects, so a replay (or a
   * concurrent duplicate delivery) changes nothing.
   */
  async handleStripeWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<WebhookResult> {
    const secret = (await this.deps.adminConfig.get(ADMIN_CONFIG_KEYS.paymentWebhookSecret)) ?? this.deps.stripe.webhookSecret;
    if (!secret) throw new ServiceUnavailableError(WEBHOOK_NOT_CONFIGURED, 'STRIPE_WEBHOOK_NOT_CONFIGURED');
    const event = this.gateway.verifyWebhook(rawBody, signature, secret, this.deps.clock.now().getTime());
    return this.applyEvent(event);
  }

  /** Applies a verified event (exposed for tests and replays from Stripe's event list). */
  async applyEvent(event: StripeEvent): Promise<WebhookResult> {
    const result = { received: true as const, type: event.type, duplicate: false, ignored: false };
    if (!HANDLED_STRIPE_EVENTS.has(event.type)) return { ...result, ignored: true };
    const notes: Omit<NewSystemEvent, 'category'>[] = [];
    try {
      await this.deps.prisma.$transaction(async (tx) => {
        const now = this.deps.clock.now();
        await tx.processedWebhookEvent.create({ data: { id: event.id, type: event.type, processedAt: now } });
        await applyStripeEvent(event, { tx, now, notes, logger: this.deps.logger });
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      if (isUniqueViolation(error) && (await this.deps.prisma.processedWebhookEvent.findUnique({ where: { id: event.id } }))) {
        return { ...result, duplicate: true };
      }
      throw error;
    }
    for (const note of notes) await this.record(note);
    return result;
  }

  // ---------------------------------------------------------------- helpers

  /** The admin's Stripe secret key, else the environment's; 503 when neither is set. */
  private async stripeSecretKey(): Promise<string> {
    const key = (await this.deps.adminConfig.get(ADMIN_CONFIG_KEYS.paymentSecret)) ?? this.deps.stripe.secretKey;
    if (!key) throw new ServiceUnavailableError(STRIPE_NOT_CONFIGURED, 'PAYMENTS_NOT_CONFIGURED');
    return key;
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

  private async existingCharge(userId: string, idempotencyKey: string): Promise<ChargeResult | null> {
    const entry = await this.deps.prisma.creditLedgerEntry.findUnique({ where: { idempotencyKey } });
    if (!entry) return null;
    if (entry.userId !== userId || entry.kind !== 'usage') {
      throw new ConflictError('This idempotency key was already used for another credit movement', 'IDEMPOTENCY_KEY_REUSED');
    }
    return { entryId: entry.id, charged: entry.amount.neg().toNumber(), balance: (await this.balanceOfUser(userId)).toNumber(), duplicate: true };
  }

  private async balanceOfUser(userId: string): Promise<Decimal> {
    return balanceOf(await this.deps.prisma.billingSettings.findUnique({ where: { userId } })).balance;
  }

  private async record(note: Omit<NewSystemEvent, 'category'>): Promise<void> {
    try {
      await this.deps.events.record({ ...note, category: BILLING_EVENT_CATEGORY });
    } catch (error) {
      // The payment itself is committed; a lost log line must not turn it into an error.
      this.deps.logger?.error({ err: error }, 'could not record a billing event');
    }
  }
}

function draftOf(plan: PaymentPlan): PlanDraft {
  return {
    name: plan.name,
    description: plan.description,
    type: plan.type,
    price: plan.price.toFixed(2),
    currency: plan.currency,
    billingPeriod: plan.billingPeriod,
    botLimit: plan.botLimit,
    creditAmount: plan.creditAmount,
    bonusCredits: plan.bonusCredits,
    features: plan.features,
    stripePriceId: plan.stripePriceId,
    isActive: plan.isActive,
    isPopular: plan.isPopular,
  };
}

function planDetails(plan: PaymentPlan): string {
  return `${plan.type} plan at ${formatMoney(plan.price, plan.currency)}${plan.billingPeriod ? ` per ${plan.billingPeriod}` : ''}`;
}

function assertAdmin(viewer: Viewer): void {
  if (viewer.role !== 'ADMIN') throw new ForbiddenError('Administrator access required');
}

function rateTaken(usageType: string, unitName: string): ConflictError {
  return new ConflictError(`A credit rate for ${usageType} per ${unitName} already exists`, 'CREDIT_RATE_EXISTS');
}

