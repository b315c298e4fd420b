// The billing domain's edge to Stripe, through the real SDK. Pointed at another API host by
// STRIPE_API_URL (tests run a local fake of Stripe's HTTP API there).
import Stripe from 'stripe';
import type { PaymentPlan } from '../../generated/prisma/client.ts';
import { AppError, PaymentRequiredError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { ADMIN_CONFIG_KEYS, type AdminConfigKey, type AdminConfigStore } from '../../platform/settings.ts';
import { billingErrors } from './errors.ts';
import type { Decimal } from './decimal.ts';
import { fromMinorUnits, toMinorUnits } from './money.ts';

export type StripeEvent = Stripe.Event;

export interface CheckoutRequest {
  plan: PaymentPlan;
  userId: string;
  email: string;
  stripeCustomerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Snapshot of what was sold, carried back by the signed webhook (credits, bonus, period). */
  metadata: Record<string, string>;
}

export interface InvoiceSummary {
  id: string;
  status: string | null;
  amountPaid: Decimal;
  currency: string;
  receiptUrl: string | null;
}

class WebhookSignatureError extends ValidationError {
  constructor(message = 'Invalid Stripe signature') {
    super(message, [], 'INVALID_STRIPE_SIGNATURE');
  }
}

export interface StripeGatewayOptions {
  /** e.g. http://127.0.0.1:12111: another host for the Stripe API (tests, stripe-mock). */
  apiUrl?: string;
  timeoutMs?: number;
}

/** The Stripe keys in force: the admin's (saved in the admin config) when set, else the environment's. */
export class StripeKeys {
  constructor(
    private readonly adminConfig: AdminConfigStore,
    private readonly environment: { secretKey?: string; webhookSecret?: string },
  ) {}

  secretKey(): Promise<string> {
    return this.keyInForce(ADMIN_CONFIG_KEYS.paymentSecret, this.environment.secretKey, billingErrors.paymentsNotConfigured);
  }

  webhookSecret(): Promise<string> {
    return this.keyInForce(ADMIN_CONFIG_KEYS.paymentWebhookSecret, this.environment.webhookSecret, billingErrors.webhooksNotConfigured);
  }

  /** A 503 when neither is set: payments stay off until an administrator sets the key. */
  private async keyInForce(key: AdminConfigKey, fallback: string | undefined, notConfigured: () => AppError): Promise<string> {
    const value = (await this.adminConfig.get(key)) ?? fallback;
    if (!value) throw notConfigured();
    return value;
  }
}

/** Seconds Stripe's signature timestamp may lag behind our clock (Stripe's recommended 5 minutes). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export class StripeGateway {
  private readonly clients = new Map<string, Stripe>();

  constructor(private readonly options: StripeGatewayOptions = {}) {}

  /** One SDK client per secret key (the admin may change the key at run time). */
  private client(secretKey: string): Stripe {
    let client = this.clients.get(secretKey);
    if (!client) {
      const url = this.options.apiUrl ? new URL(this.options.apiUrl) : null;
      client = new Stripe(secretKey, {
        maxNetworkRetries: 2,
        timeout: this.options.timeoutMs ?? 20_000,
        telemetry: false,
        appInfo: { name: 'chatbot-builder' },
        ...(url
          ? {
              host: url.hostname,
              port: url.port || (url.protocol === 'http:' ? 80 : 443),
              protocol: url.protocol === 'http:' ? 'http' : 'https',
            }
          : {}),
      });
      this.clients.clear(); // keep only the current key's client
      this.clients.set(secretKey, client);
    }
    return client;
  }

  /** A Checkout Session for a credit pack (one-time payment) or a subscription plan. */
  async createCheckoutSession(secretKey: string, request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const stripe = this.client(secretKey);
    const { plan } = request;
    const price = await this.priceFor(stripe, plan);
    const subscription = plan.type === 'subscription';
    const session = await call(() =>
      stripe.checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        line_items: [{ price, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.userId,
        metadata: request.metadata,
        ...(request.stripeCustomerId
          ? { customer: request.stripeCustomerId }
          : { customer_email: request.email, ...(subscription ? {} : { customer_creation: 'always' as const }) }),
        ...(subscription
          ? { subscription_data: { metadata: { user_id: request.userId, plan_id: plan.id } } }
          : { payment_intent_data: { metadata: { user_id: request.userId, plan_id: plan.id } } }),
      }),
    );
    if (!session.url) throw new ServiceUnavailableError('Missing Stripe checkout URL', 'STRIPE_NO_CHECKOUT_URL');
    return { id: session.id, url: session.url };
  }

  /**
   * Moves a subscription to another plan at once, invoicing the proration immediately; a declined
   * card leaves the subscription as it was (error_if_incomplete). Returns the proration invoice id.
   */
  async changeSubscriptionPlan(
    secretKey: string,
    change: { subscriptionId: string; plan: PaymentPlan; userId: string },
  ): Promise<{ invoiceId: string | null }> {
    const stripe = this.client(secretKey);
    const current = await call(() => stripe.subscriptions.retrieve(change.subscriptionId));
    const item = current.items.data[0];
    if (!item) throw new ServiceUnavailableError('The Stripe subscription has no item to change.', 'STRIPE_SUBSCRIPTION_EMPTY');
    const price = await this.priceFor(stripe, change.plan);
    const updated = await call(() =>
      stripe.subscriptions.update(change.subscriptionId, {
        items: [{ id: item.id, price }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        metadata: { user_id: change.userId, plan_id: change.plan.id },
      }),
    );
    const invoice = updated.latest_invoice;
    return { invoiceId: invoice === null ? null : typeof invoice === 'string' ? invoice : invoice.id };
  }

  async retrieveInvoice(secretKey: string, invoiceId: string): Promise<InvoiceSummary> {
    const invoice = await call(() => this.client(secretKey).invoices.retrieve(invoiceId));
    return summarizeInvoice(invoice);
  }

  /** Verifies the `stripe-signature` header over the raw body (timestamp checked against `receivedAtMs`). */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined, secret: string, receivedAtMs: number): StripeEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe signature');
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(
          /tolerance/i.test(error.message) ? 'Stale Stripe signature: the event is too old' : 'Invalid Stripe signature',
        );
      }
      if (error instanceof SyntaxError) throw new ValidationError('Invalid webhook payload', [], 'INVALID_WEBHOOK_PAYLOAD');
      throw error;
    }
  }

  /**
   * The Stripe Price to sell a plan with: the admin's price id when set, otherwise one found (or
   * created) by a lookup key that encodes plan, amount, currency and interval, so an edited price
   * gets a new Stripe Price and an unchanged one is reused.
   */
  private async priceFor(stripe: Stripe, plan: PaymentPlan): Promise<string> {
    if (plan.stripePriceId) return plan.stripePriceId;
    const unitAmount = toMinorUnits(plan.price, plan.currency);
    const interval = plan.type === 'subscription' ? (plan.billingPeriod ?? 'month') : null;
    const lookupKey = `plan_${plan.id}_${unitAmount}_${plan.currency}_${interval ?? 'once'}`;
    const existing = await call(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
    const found = existing.data[0];
    if (found) return found.id;
    const created = await call(() =>
      stripe.prices.create({
        currency: plan.currency,
        unit_amount: unitAmount,
        lookup_key: lookupKey,
        transfer_lookup_key: true,
        product_data: { name: plan.name, metadata: { plan_id: plan.id } },
        metadata: { plan_id: plan.id },
        ...(interval ? { recurring: { interval } } : {}),
      }),
    );
    return created.id;
  }
}

export function summarizeInvoice(invoice: Stripe.Invoice): InvoiceSummary {
  return {
    id: invoice.id,
    status: invoice.status,
    amountPaid: fromMinorUnits(invoice.amount_paid, invoice.currency),
    currency: invoice.currency,
    receiptUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** The subscription an invoice bills, whichever shape Stripe used. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Stripe's failures as the domain's errors: a declined card is a 402, anything else a 503 with why. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      switch (error.type) {
        case 'StripeCardError':
          throw new PaymentRequiredError(`Payment failed: ${error.message}`, 'PAYMENT_DECLINED');
        case 'StripeAuthenticationError':
        case 'StripePermissionError':
          throw new ServiceUnavailableError('Payments are misconfigured: Stripe rejected the secret key.', 'STRIPE_AUTHENTICATION');
        case 'StripeConnectionError':
        case 'StripeAPIError':
        case 'StripeRateLimitError':
          throw new ServiceUnavailableError('The payment provider is unavailable. Please try again in a moment.', 'STRIPE_UNAVAILABLE');
        default:
          throw new ServiceUnavailableError(`The payment provider refused the request: ${error.message}`, 'STRIPE_REQUEST_FAILED');
      }
    }
    throw error;
  }
}
