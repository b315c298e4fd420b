// Stripe's webhook: verifies a delivery and applies its event to the database, inside the transaction
// that also records the event id as processed: every handler may assume it runs once per event.
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { BillingPeriod, Prisma, PrismaClient, SubscriptionStatus } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { Decimal } from './decimal.ts';
import { formatMoney, fromMinorUnits } from './money.ts';
import { addBillingPeriod, BILLING_PERIODS, renewedExpiry } from './rules.ts';
import { addCredits, MONEY_TRANSACTION_OPTIONS } from './ledger.ts';
import type { BillingNote, RecordBillingNote } from './notes.ts';
import { idOf, invoiceSubscriptionId, summarizeInvoice, type StripeEvent, type StripeGateway, type StripeKeys } from './stripe.ts';
import { endTrialOnPayment } from './trial.ts';

const HANDLED_STRIPE_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export interface WebhookResult {
  received: true;
  type: string;
  duplicate: boolean;
  ignored: boolean;
}

interface StripeWebhookDependencies {
  prisma: PrismaClient;
  clock: Clock;
  gateway: StripeGateway;
  keys: StripeKeys;
  record: RecordBillingNote;
  logger?: Logger;
}

export class StripeWebhookService {
  constructor(private readonly deps: StripeWebhookDependencies) {}

  /**
   * Verifies and applies one Stripe webhook delivery. Each event id is applied exactly once: it is
   * recorded in processed_webhook_events in the same transaction as its effects, so a replay (or a
   * concurrent duplicate delivery) changes nothing.
   */
  async handle(rawBody: Buffer | string, signature: string | undefined): Promise<WebhookResult> {
    const secret = await this.deps.keys.webhookSecret();
    return this.apply(this.deps.gateway.verifyWebhook(rawBody, signature, secret, this.deps.clock.now().getTime()));
  }

  private async apply(event: StripeEvent): Promise<WebhookResult> {
    const result = { received: true as const, type: event.type, duplicate: false, ignored: false };
    if (!HANDLED_STRIPE_EVENTS.has(event.type)) return { ...result, ignored: true };
    const notes: BillingNote[] = [];
    try {
      await this.deps.prisma.$transaction(async (tx) => {
        const now = this.deps.clock.now();
        await tx.processedWebhookEvent.create({ data: { id: event.id, type: event.type, processedAt: now } });
        await applyStripeEvent(event, { tx, now, notes, logger: this.deps.logger });
      }, MONEY_TRANSACTION_OPTIONS);
    } catch (error) {
      if (isUniqueViolation(error) && (await this.deps.prisma.processedWebhookEvent.findUnique({ where: { id: event.id } }))) {
        return { ...result, duplicate: true };
      }
      throw error;
    }
    for (const note of notes) await this.deps.record(note);
    return result;
  }
}

export interface WebhookContext {
  tx: Prisma.TransactionClient;
  now: Date;
  /** System events to record once the transaction has committed. */
  notes: BillingNote[];
  logger?: Logger;
}

async function applyStripeEvent(event: Stripe.Event, context: WebhookContext): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return completeCheckout(event.data.object, context);
    case 'checkout.session.async_payment_failed':
      return failCheckout(event.data.object, context);
    case 'invoice.paid':
      return invoicePaid(event.data.object, context);
    case 'invoice.payment_failed':
      return invoiceFailed(event.data.object, context);
    case 'customer.subscription.updated':
      return subscriptionUpdated(event.data.object, context);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(event.data.object, context);
    default:
      return;
  }
}

const PAYMENT_INCLUDE = { plan: true, user: { select: { email: true } } } as const;

/** A paid checkout: credits (with the pack's bonus) for a credit pack, an active subscription for a plan. */
async function completeCheckout(session: Stripe.Checkout.Session, { tx, now, notes, logger }: WebhookContext): Promise<void> {
  if (session.payment_status === 'unpaid') return; // delayed payment methods: async_payment_succeeded follows
  const payment = await tx.payment.findUnique({ where: { stripeCheckoutSessionId: session.id }, include: PAYMENT_INCLUDE });
  if (!payment) {
    logger?.warn({ sessionId: session.id }, 'stripe checkout session unknown here; ignored');
    return;
  }
  if (payment.status === 'paid') return;
  const { userId } = payment;
  const currency = session.currency ?? payment.currency;
  const amount = session.amount_total === null ? payment.amount : fromMinorUnits(session.amount_total, currency);
  const metadata = session.metadata ?? {};
  const planName = payment.plan?.name ?? 'plan';
  await tx.payment.update({
    where: { id: payment.id },
    data: {
      status: 'paid',
      paidAt: now,
      amount,
      currency,
      stripePaymentIntentId: idOf(session.payment_intent),
      stripeInvoiceId: idOf(session.invoice),
    },
  });
  await rememberCustomer(tx, userId, idOf(session.customer));

  if (payment.kind === 'credit_pack') {
    const credits = wholeNumber(metadata.credits) ?? payment.plan?.creditAmount ?? 0;
    const bonus = wholeNumber(metadata.bonus_credits) ?? payment.plan?.bonusCredits ?? 0;
    const key = `stripe:checkout:${session.id}`;
    if (credits > 0) {
      await addCredits(tx, userId, {
        kind: 'purchase',
        amount: new Decimal(credits),
        idempotencyKey: `${key}:purchase`,
        description: `Purchase: ${planName}`,
        paymentId: payment.id,
        now,
      });
    }
    if (bonus > 0) {
      await addCredits(tx, userId, {
        kind: 'bonus',
        amount: new Decimal(bonus),
        idempotencyKey: `${key}:bonus`,
        description: `Bonus with ${planName}`,
        paymentId: payment.id,
        now,
      });
    }
    notes.push({
      event: `Payment paid: ${planName} for ${payment.user.email} (${formatMoney(amount, currency)})`,
      details: `${credits} credits and ${bonus} bonus credits added`,
      userId,
    });
    return;
  }

  if (!payment.planId) {
    logger?.warn({ sessionId: session.id }, 'subscription checkout without a plan; ignored');
    return;
  }
  const period = billingPeriod(metadata.billing_period) ?? payment.plan?.billingPeriod ?? 'month';
  const stripeSubscriptionId = idOf(session.subscription);
  const expiresAt = addBillingPeriod(now, period);
  const data = {
    userId,
    planId: payment.planId,
    status: 'active' as const,
    amountPaid: amount,
    currency,
    billingPeriod: period,
    startedAt: now,
    expiresAt,
    canceledAt: null,
  };
  const existing = stripeSubscriptionId ? await tx.subscription.findUnique({ where: { stripeSubscriptionId } }) : null;
  const subscription = existing
    ? await tx.subscription.update({ where: { id: existing.id }, data })
    : await tx.subscription.create({ data: { ...data, stripeSubscriptionId, createdAt: now } });
  // One plan at a time: a new subscription replaces whatever counted before it.
  const replaced = await tx.subscription.findMany({
    where: { userId, status: 'active', id: { not: subscription.id }, stripeSubscriptionId: { not: null } },
    select: { stripeSubscriptionId: true },
  });
  for (const previous of replaced) {
    notes.push({
      event: `Warning: subscription ${previous.stripeSubscriptionId} of ${payment.user.email} was replaced by a new checkout`,
      details: 'It is no longer counted here but Stripe may still bill it: cancel it in the Stripe dashboard.',
      userId,
    });
  }
  await tx.subscription.updateMany({
    where: { userId, status: 'active', id: { not: subscription.id } },
    data: { status: 'canceled', canceledAt: now },
  });
  // A paid plan ends the free trial: its bot limit and its remaining trial credits stop counting.
  if (await endTrialOnPayment(tx, userId, now)) {
    notes.push({ event: `Free trial ended: ${payment.user.email} subscribed to ${planName}`, userId });
  }
  // The plan's bot limit counts in subscription mode: a customer who paid for a plan is in it.
  await tx.billingSettings.upsert({
    where: { userId },
    create: { userId, planType: 'subscription' },
    update: { planType: 'subscription' },
  });
  notes.push({
    event: `Payment paid: ${planName} subscription for ${payment.user.email} (${formatMoney(amount, currency)})`,
    details: `Active until ${expiresAt.toISOString()}`,
    userId,
  });
}

async function failCheckout(session: Stripe.Checkout.Session, { tx, notes }: WebhookContext): Promise<void> {
  const payment = await tx.payment.findUnique({ where: { stripeCheckoutSessionId: session.id }, include: PAYMENT_INCLUDE });
  if (!payment || payment.status !== 'pending') return;
  await tx.payment.update({ where: { id: payment.id }, data: { status: 'failed' } });
  notes.push({
    event: `Payment failed: ${payment.plan?.name ?? 'plan'} for ${payment.user.email} (${formatMoney(payment.amount, payment.currency)})`,
    userId: payment.userId,
  });
}

/** A paid invoice: a renewal extends the subscription by one period; an upgrade's proration is recorded. */
async function invoicePaid(invoice: Stripe.Invoice, { tx, now, notes, logger }: WebhookContext): Promise<void> {
  const summary = summarizeInvoice(invoice);
  const money = formatMoney(summary.amountPaid, summary.currency);
  const known = await tx.payment.findUnique({ where: { stripeInvoiceId: invoice.id }, include: PAYMENT_INCLUDE });
  if (known) {
    if (known.status === 'paid') return;
    await tx.payment.update({
      where: { id: known.id },
      data: { status: 'paid', paidAt: now, amount: summary.amountPaid, currency: summary.currency, receiptUrl: summary.receiptUrl },
    });
    notes.push({
      event: `Payment paid: ${known.plan?.name ?? 'plan'} ${known.kind} for ${known.user.email} (${money})`,
      userId: known.userId,
    });
    return;
  }
  const stripeSubscriptionId = invoiceSubscriptionId(invoice);
  if (!stripeSubscriptionId) return;
  const subscription = await tx.subscription.findUnique({ where: { stripeSubscriptionId }, include: PAYMENT_INCLUDE });
  if (!subscription) {
    logger?.warn({ invoiceId: invoice.id, stripeSubscriptionId }, 'paid invoice for an unknown subscription; ignored');
    return;
  }
  const payment = {
    userId: subscription.userId,
    planId: subscription.planId,
    amount: summary.amountPaid,
    currency: summary.currency,
    status: 'paid' as const,
    paidAt: now,
    stripeInvoiceId: invoice.id,
    receiptUrl: summary.receiptUrl,
    createdAt: now,
  };
  switch (invoice.billing_reason) {
    case 'subscription_cycle': {
      const expiresAt = renewedExpiry(subscription.expiresAt, now, subscription.billingPeriod);
      await tx.subscription.update({ where: { id: subscription.id }, data: { status: 'active', expiresAt, canceledAt: null } });
      await tx.payment.create({ data: { ...payment, kind: 'renewal' } });
      notes.push({
        event: `Subscription renewal paid: ${subscription.plan.name} for ${subscription.user.email} (${money})`,
        details: `Active until ${expiresAt.toISOString()}`,
        userId: subscription.userId,
      });
      return;
    }
    case 'subscription_update':
      // Usually recorded by the upgrade call itself; this covers the webhook arriving first.
      await tx.payment.create({ data: { ...payment, kind: 'upgrade' } });
      notes.push({
        event: `Payment paid: ${subscription.plan.name} upgrade for ${subscription.user.email} (${money})`,
        userId: subscription.userId,
      });
      return;
    default:
      // subscription_create: the checkout session's completion activates and records it.
      return;
  }
}

async function invoiceFailed(invoice: Stripe.Invoice, { tx, now, notes }: WebhookContext): Promise<void> {
  const amountDue = formatMoney(fromMinorUnits(invoice.amount_due, invoice.currency), invoice.currency);
  const known = await tx.payment.findUnique({ where: { stripeInvoiceId: invoice.id }, include: PAYMENT_INCLUDE });
  if (known) {
    if (known.status !== 'pending') return;
    await tx.payment.update({ where: { id: known.id }, data: { status: 'failed' } });
    notes.push({
      event: `Payment failed: ${known.plan?.name ?? 'plan'} ${known.kind} for ${known.user.email} (${amountDue})`,
      userId: known.userId,
    });
    return;
  }
  const stripeSubscriptionId = invoiceSubscriptionId(invoice);
  const subscription = stripeSubscriptionId
    ? await tx.subscription.findUnique({ where: { stripeSubscriptionId }, include: PAYMENT_INCLUDE })
    : null;
  if (!subscription) return;
  if (invoice.billing_reason === 'subscription_cycle') {
    // Kept as failed so that a later successful retry of the same invoice marks it paid.
    await tx.payment.create({
      data: {
        userId: subscription.userId,
        planId: subscription.planId,
        kind: 'renewal',
        amount: fromMinorUnits(invoice.amount_due, invoice.currency),
        currency: invoice.currency,
        status: 'failed',
        stripeInvoiceId: invoice.id,
        createdAt: now,
      },
    });
  }
  notes.push({
    event: `Payment failed: ${subscription.plan.name} renewal for ${subscription.user.email} (${amountDue})`,
    details: `Stripe will retry; the plan lapses on ${subscription.expiresAt.toISOString()} unless a payment succeeds`,
    userId: subscription.userId,
  });
}

/** Keeps status (and a plan changed on Stripe's side) in step with Stripe. */
async function subscriptionUpdated(stripeSubscription: Stripe.Subscription, { tx, now, notes }: WebhookContext): Promise<void> {
  const subscription = await tx.subscription.findUnique({
    where: { stripeSubscriptionId: stripeSubscription.id },
    include: PAYMENT_INCLUDE,
  });
  if (!subscription) return;
  const status = subscriptionStatus(stripeSubscription.status) ?? subscription.status;
  const data: Prisma.SubscriptionUncheckedUpdateInput = { status };
  if (status === 'canceled' && subscription.status !== 'canceled') data.canceledAt = now;
  const planId = stripeSubscription.metadata?.plan_id;
  let newPlanName: string | null = null;
  if (planId && planId !== subscription.planId) {
    const plan = await tx.paymentPlan.findUnique({ where: { id: planId } });
    if (plan?.type === 'subscription') {
      data.planId = plan.id;
      data.amountPaid = plan.price;
      data.currency = plan.currency;
      newPlanName = plan.name;
    }
  }
  await tx.subscription.update({ where: { id: subscription.id }, data });
  if (newPlanName) {
    notes.push({
      event: `Subscription plan changed: ${subscription.plan.name} → ${newPlanName} for ${subscription.user.email}`,
      userId: subscription.userId,
    });
  }
  if (status !== subscription.status) {
    notes.push({
      event: `Subscription status changed to ${status}: ${subscription.plan.name} for ${subscription.user.email}`,
      userId: subscription.userId,
    });
  }
}

async function subscriptionDeleted(stripeSubscription: Stripe.Subscription, { tx, now, notes }: WebhookContext): Promise<void> {
  const subscription = await tx.subscription.findUnique({
    where: { stripeSubscriptionId: stripeSubscription.id },
    include: PAYMENT_INCLUDE,
  });
  if (!subscription || subscription.status === 'canceled') return;
  await tx.subscription.update({ where: { id: subscription.id }, data: { status: 'canceled', canceledAt: now } });
  notes.push({ event: `Subscription canceled: ${subscription.plan.name} for ${subscription.user.email}`, userId: subscription.userId });
}

/** Stripe's subscription statuses in ours; only `active` counts as a plan. */
function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    case 'incomplete_expired':
      return 'expired';
    default:
      return null;
  }
}

async function rememberCustomer(tx: Prisma.TransactionClient, userId: string, customerId: string | null): Promise<void> {
  if (!customerId) return;
  const owner = await tx.billingSettings.findUnique({ where: { stripeCustomerId: customerId }, select: { userId: true } });
  if (owner) return;
  await tx.billingSettings.upsert({
    where: { userId },
    create: { userId, stripeCustomerId: customerId },
    update: {},
  });
  await tx.billingSettings.updateMany({ where: { userId, stripeCustomerId: null }, data: { stripeCustomerId: customerId } });
}

function wholeNumber(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

function billingPeriod(value: string | undefined): BillingPeriod | null {
  return BILLING_PERIODS.includes(value as BillingPeriod) ? (value as BillingPeriod) : null;
}
