// Buying through Stripe: a Checkout Session for a credit pack or a subscription plan (the webhook
// completes it), and the upgrade of an active subscription to a dearer plan.
import type { PaymentPlan, PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { parseInput } from '../../platform/validation.ts';
import type { Viewer } from '../auth/public.ts';
import { billingErrors, type PlanPurchase } from './errors.ts';
import { MONEY_TRANSACTION_OPTIONS } from './ledger.ts';
import type { RecordBillingNote } from './notes.ts';
import type { PaymentPlanService } from './plans.ts';
import { formatMoney } from './money.ts';
import { idField } from './priceListInput.ts';
import { findActiveSubscription } from './subscriptions.ts';
import type { InvoiceSummary, StripeGateway, StripeKeys } from './stripe.ts';

export interface CheckoutResult {
  checkoutUrl: string;
  sessionId: string;
}

export interface UpgradeResult {
  success: true;
  message: string;
  receiptUrl: string | null;
}

/** What the customer buys: a credit pack (one payment) or a subscription plan. */
type CheckoutKind = 'credit' | 'subscription';

/** Where Stripe sends the browser back to (the spec's client pages). */
const CHECKOUT_PATHS = {
  success: '/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancel: '/payment-cancelled',
} as const;

interface CheckoutDependencies {
  prisma: PrismaClient;
  clock: Clock;
  plans: Pick<PaymentPlanService, 'find'>;
  gateway: StripeGateway;
  keys: StripeKeys;
  publicUrl: string;
  record: RecordBillingNote;
}

export class CheckoutService {
  constructor(private readonly deps: CheckoutDependencies) {}

  /** A Stripe Checkout Session for a credit pack or a subscription plan; the webhook completes it. */
  async createSession(viewer: Viewer, kind: CheckoutKind, rawPlanId: unknown): Promise<CheckoutResult> {
    const plan = await this.planOnSale(parseInput(idField('plan_id'), rawPlanId), kind === 'credit' ? 'credit pack' : 'subscription plan');
    if (kind === 'subscription' && (await this.activeSubscription(viewer))) throw billingErrors.alreadySubscribed();
    const secretKey = await this.deps.keys.secretKey();
    const [user, settings] = await Promise.all([
      this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { email: true } }),
      this.deps.prisma.billingSettings.findUnique({ where: { userId: viewer.id }, select: { stripeCustomerId: true } }),
    ]);
    const session = await this.deps.gateway.createCheckoutSession(secretKey, {
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
    const planId = parseInput(idField('new_plan_id'), rawPlanId);
    const current = await this.activeSubscription(viewer);
    if (!current) throw billingErrors.noActiveSubscription('upgrade');
    const plan = await this.planOnSale(planId, 'upgrade');
    if (plan.id === current.planId) throw billingErrors.samePlan(plan.name);
    if (!plan.price.gt(current.amountPaid)) throw billingErrors.notAnUpgrade(formatMoney(current.amountPaid, current.currency));
    if (!current.stripeSubscriptionId) throw billingErrors.notBilledOnline();
    const secretKey = await this.deps.keys.secretKey();
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { email: true } });
    let invoice: InvoiceSummary | null;
    try {
      const { invoiceId } = await this.deps.gateway.changeSubscriptionPlan(secretKey, {
        subscriptionId: current.stripeSubscriptionId,
        plan,
        userId: viewer.id,
      });
      invoice = invoiceId ? await this.deps.gateway.retrieveInvoice(secretKey, invoiceId) : null;
    } catch (error) {
      await this.deps.record({
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
    }, MONEY_TRANSACTION_OPTIONS);
    const amount = invoice ? formatMoney(invoice.amountPaid, invoice.currency) : 'no charge';
    await this.deps.record({
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

  private activeSubscription(viewer: Viewer) {
    return findActiveSubscription(this.deps.prisma, viewer.id, this.deps.clock.now());
  }

  /** The plan, if it can be bought now for what it is wanted: still active, and of the type that needs. */
  private async planOnSale(planId: string, wanted: PlanPurchase): Promise<PaymentPlan> {
    const plan = await this.deps.plans.find(planId);
    if (!plan.isActive) throw billingErrors.planInactive();
    if (plan.type !== (wanted === 'credit pack' ? 'credit' : 'subscription')) throw billingErrors.wrongPlanType(wanted);
    return plan;
  }
}
