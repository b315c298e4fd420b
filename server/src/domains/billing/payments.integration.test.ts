import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp, type TestAccount } from '../../../test/accounts.ts';
import { FAKE_STRIPE_WEBHOOK_SECRET, signedWebhook, startFakeStripe, type FakeStripe } from '../../../test/fakeStripe.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botAllowance } from './subscriptions.ts';

let stripe: FakeStripe;
let server: TestServer;
let plans: Record<string, { id: string; price: number; type: string }>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  const listed = await api(server, 'GET', '/admin/payment-plans/');
  plans = Object.fromEntries(listed.body.map((plan: { name: string }) => [plan.name, plan]));
});

afterEach(() => {
  server.clock.set(new Date()); // tests that move the clock put it back
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const credits = async (account: TestAccount) =>
  (await api(server, 'GET', '/usersbilling/current-active/credit', { token: account.accessToken })).body;

async function checkout(account: TestAccount, kind: 'credit' | 'subscription', planName: string) {
  const path = kind === 'credit' ? '/payments/create-credit-checkout-session' : '/payments/create-subscription-session';
  const response = await api(server, 'POST', `${path}?plan_id=${plans[planName]!.id}`, { token: account.accessToken });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const sessionId = /\/c\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(response.body.checkout_url)?.[1];
  expect(sessionId).toBeDefined();
  return { ...response.body, sessionId: sessionId! };
}

/** Pays a checkout at the fake Stripe and delivers the signed completion event; returns the event. */
async function payCheckout(sessionId: string) {
  const event = stripe.event('checkout.session.completed', stripe.completeCheckout(sessionId));
  const delivered = await signedWebhook(server, event);
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  return event;
}

async function subscribed(planName: string) {
  const account = await signUp(server);
  const session = await checkout(account, 'subscription', planName);
  await payCheckout(session.sessionId);
  return { account, session, stripeSubscriptionId: stripe.sessions.get(session.sessionId)!.subscription as string };
}

describe('buying a credit pack', () => {
  it("creates a Stripe Checkout Session with the spec's return addresses and the pack's price", async () => {
    const account = await signUp(server);
    const session = await checkout(account, 'credit', '500 message credits');
    expect(session.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
    const sent = stripe.requests.find(
      (request) =>
        request.method === 'POST' && request.path === '/v1/checkout/sessions' && request.body.client_reference_id === account.userId,
    )!;
    expect(sent.apiKey).toBe(stripe.secretKey);
    expect(sent.body).toMatchObject({
      mode: 'payment',
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/payment-cancelled',
      customer_email: account.email,
      metadata: { user_id: account.userId, plan_id: plans['500 message credits']!.id, credits: '500', bonus_credits: '50' },
    });
    const price = stripe.prices.get(sent.body.line_items[0].price)!;
    expect(price).toMatchObject({ unit_amount: 1000, currency: 'usd', recurring: null });
    const payment = await server.platform.prisma.payment.findUniqueOrThrow({ where: { stripeCheckoutSessionId: session.sessionId } });
    expect(payment).toMatchObject({ status: 'pending', kind: 'credit_pack', userId: account.userId });
  });

  it('adds the credits and the bonus once when the webhook completes the checkout, however often it is replayed', async () => {
    const account = await signUp(server);
    const session = await checkout(account, 'credit', '500 message credits');
    expect(await credits(account)).toMatchObject({ total_credits: 0, used_credits: 0 });
    const event = await payCheckout(session.sessionId);
    expect(await credits(account)).toEqual({ total_credits: 550, used_credits: 0, balance: 550 });

    const replays = await Promise.all(Array.from({ length: 10 }, () => signedWebhook(server, event)));
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({ received: true, duplicate: true });
    }
    expect(await credits(account)).toEqual({ total_credits: 550, used_credits: 0, balance: 550 });
    const { prisma } = server.platform;
    const entries = await prisma.creditLedgerEntry.findMany({ where: { userId: account.userId }, orderBy: { kind: 'asc' } });
    expect(entries.map((entry) => [entry.kind, entry.amount.toNumber()])).toEqual([
      ['purchase', 500],
      ['bonus', 50],
    ]);
    const payment = await prisma.payment.findUniqueOrThrow({ where: { stripeCheckoutSessionId: session.sessionId } });
    expect(payment.status).toBe('paid');
    expect(payment.amount.toNumber()).toBe(10);
    expect(payment.paidAt).not.toBeNull();
    const paidEvents = await prisma.systemEvent.findMany({
      where: { userId: account.userId, category: 'billing', NOT: { event: { startsWith: 'Free trial' } } },
    });
    expect(paidEvents.map((stored) => stored.event)).toEqual([`Payment paid: 500 message credits for ${account.email} (10.00 USD)`]);

    // The customer is remembered at Stripe for the next checkout.
    const settings = await prisma.billingSettings.findUniqueOrThrow({ where: { userId: account.userId } });
    expect(settings.stripeCustomerId).toMatch(/^cus_/);
    await checkout(account, 'credit', '500 message credits');
    const next = stripe.requests
      .filter((request) => request.path === '/v1/checkout/sessions' && request.body.client_reference_id === account.userId)
      .at(-1)!;
    expect(next.body.customer).toBe(settings.stripeCustomerId);
  });

  it('waits for delayed payment methods and marks a failed one', async () => {
    const account = await signUp(server);
    const session = await checkout(account, 'credit', '500 message credits');
    const unpaid = stripe.completeCheckout(session.sessionId, { paymentStatus: 'unpaid' });
    expect((await signedWebhook(server, stripe.event('checkout.session.completed', unpaid))).status).toBe(200);
    expect((await credits(account)).total_credits).toBe(0);
    expect((await signedWebhook(server, stripe.event('checkout.session.async_payment_failed', unpaid))).status).toBe(200);
    const payment = await server.platform.prisma.payment.findUniqueOrThrow({ where: { stripeCheckoutSessionId: session.sessionId } });
    expect(payment.status).toBe('failed');
    const logged = await server.platform.prisma.systemEvent.findFirstOrThrow({
      where: { userId: account.userId, category: 'billing', NOT: { event: { startsWith: 'Free trial' } } },
    });
    expect(logged.event).toMatch(/^Payment failed: 500 message credits/);
  });

  it.each([
    ['a subscription plan as a credit pack', '/payments/create-credit-checkout-session', 'Starter', 400, 'This plan is not a credit pack'],
    [
      'a credit pack as a subscription',
      '/payments/create-subscription-session',
      '500 message credits',
      400,
      'This plan is not a subscription plan',
    ],
  ])('refuses %s', async (_case, path, planName, status, detail) => {
    const account = await signUp(server);
    const response = await api(server, 'POST', `${path}?plan_id=${plans[planName]!.id}`, { token: account.accessToken });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
  });

  it('answers 404 for an unknown plan and 400 without plan_id', async () => {
    const account = await signUp(server);
    const unknown = await api(server, 'POST', '/payments/create-credit-checkout-session?plan_id=nope', { token: account.accessToken });
    expect(unknown.status).toBe(404);
    const missing = await api(server, 'POST', '/payments/create-credit-checkout-session', { token: account.accessToken });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: 'plan_id is required' });
  });
});

describe('webhook signatures', () => {
  it.each([
    ['signed with another secret', { secret: 'whsec_forged' }, 'Invalid Stripe signature'],
    ['without a signature', { signature: null }, 'Missing Stripe signature'],
    ['with a garbage signature', { signature: 't=1,v1=deadbeef' }, 'Invalid Stripe signature'],
    ['signed ten minutes ago (stale)', { timestamp: Math.floor(Date.now() / 1000) - 600 }, 'Stale Stripe signature: the event is too old'],
  ])('rejects an event %s with 400 and applies nothing', async (_case, options, detail) => {
    const account = await signUp(server);
    const session = await checkout(account, 'credit', '500 message credits');
    const event = stripe.event('checkout.session.completed', stripe.completeCheckout(session.sessionId));
    const response = await signedWebhook(server, event, options);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail });
    expect((await credits(account)).total_credits).toBe(0);
    expect(await server.platform.prisma.processedWebhookEvent.findUnique({ where: { id: event.id } })).toBeNull();
  });

  it('rejects a body changed after signing', async () => {
    const account = await signUp(server);
    const session = await checkout(account, 'credit', '500 message credits');
    const event = stripe.event('checkout.session.completed', stripe.completeCheckout(session.sessionId));
    const signature = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: FAKE_STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(server.clock.now().getTime() / 1000),
    });
    const tampered = JSON.stringify({
      ...event,
      data: { object: { ...event.data.object, metadata: { ...event.data.object.metadata, credits: '99999' } } },
    });
    const response = await signedWebhook(server, event, { signature, body: tampered });
    expect(response.status).toBe(400);
  });

  it('acknowledges event types it does not handle without recording them', async () => {
    const event = stripe.event('customer.created', { id: 'cus_x', object: 'customer' });
    const response = await signedWebhook(server, event);
    expect(response.status).toBe(200);
    expect(await server.platform.prisma.processedWebhookEvent.findUnique({ where: { id: event.id } })).toBeNull();
  });
});

describe('subscriptions through Stripe', () => {
  it('activates the plan on checkout completion: bot limit, expiry by period, subscription mode', async () => {
    const { account, stripeSubscriptionId } = await subscribed('Starter');
    const sessionRequest = stripe.requests
      .filter((request) => request.path === '/v1/checkout/sessions' && request.body.client_reference_id === account.userId)
      .at(-1)!;
    expect(sessionRequest.body).toMatchObject({ mode: 'subscription', subscription_data: { metadata: { user_id: account.userId } } });
    expect(stripe.prices.get(sessionRequest.body.line_items[0].price)).toMatchObject({
      unit_amount: 900,
      recurring: { interval: 'month' },
    });

    const current = await api(server, 'GET', '/usersbilling/current-active/subscription', { token: account.accessToken });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ plan_name: 'Starter', bot_limit: 3, billing_period: 'month', amount_paid: 9, currency: 'usd' });
    const expected = new Date(server.clock.now());
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(Math.abs(new Date(current.body.expires_at).getTime() - expected.getTime())).toBeLessThan(4 * 86_400_000);
    expect((await api(server, 'GET', '/usersbilling/current-plan', { token: account.accessToken })).body).toEqual({
      plan_type: 'subscription',
    });
    const { prisma } = server.platform;
    expect(await botAllowance(prisma, account.userId, server.clock.now())).toEqual({ kind: 'limited', limit: 3 });
    expect((await prisma.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId } })).status).toBe('active');

    const again = await api(server, 'POST', `/payments/create-subscription-session?plan_id=${plans.Pro!.id}`, {
      token: account.accessToken,
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already have an active subscription/);
  });

  it('upgrades at once with proration, returns the receipt, and the bot limit follows the plan', async () => {
    const { account, stripeSubscriptionId } = await subscribed('Starter');
    const upgrade = await api(server, 'POST', `/payments/upgrade-subscription-session?new_plan_id=${plans.Pro!.id}`, {
      token: account.accessToken,
    });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
    expect(upgrade.body).toEqual({
      success: true,
      message: 'Your subscription is now Pro. The change applies at once; proration may apply.',
      receipt_url: expect.stringMatching(/^https:\/\/invoice\.stripe\.test\/i\/in_/),
    });
    const update = stripe.requests.find(
      (request) => request.method === 'POST' && request.path === `/v1/subscriptions/${stripeSubscriptionId}`,
    )!;
    expect(update.body).toMatchObject({
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { plan_id: plans.Pro!.id },
    });
    expect(stripe.requests.some((request) => request.method === 'GET' && request.path.startsWith('/v1/invoices/'))).toBe(true);

    const current = await api(server, 'GET', '/usersbilling/current-active/subscription', { token: account.accessToken });
    expect(current.body).toMatchObject({ plan_name: 'Pro', bot_limit: 15, amount_paid: 19 });
    const { prisma } = server.platform;
    expect(await botAllowance(prisma, account.userId, server.clock.now())).toEqual({ kind: 'limited', limit: 15 });
    const payment = await prisma.payment.findFirstOrThrow({ where: { userId: account.userId, kind: 'upgrade' } });
    expect(payment.status).toBe('paid');
    expect(payment.amount.toNumber()).toBe(10);
    const logged = await prisma.systemEvent.findMany({
      where: { userId: account.userId, category: 'billing' },
      orderBy: { timestamp: 'asc' },
    });
    expect(logged.map((stored) => stored.event)).toContain(
      `Subscription upgraded and paid: Starter → Pro for ${account.email} (10.00 USD)`,
    );

    // The invoice.paid webhook for the same proration invoice changes nothing more.
    const invoice = stripe.invoices.get(stripe.subscriptions.get(stripeSubscriptionId)!.latest_invoice)!;
    expect((await signedWebhook(server, stripe.event('invoice.paid', invoice))).status).toBe(200);
    expect(await prisma.payment.count({ where: { userId: account.userId, kind: 'upgrade' } })).toBe(1);

    // GraphQL shows the same.
    const viewed = await graphql(
      server,
      `
        query {
          viewer {
            billing {
              subscription {
                planName
                botLimit
                amountPaid
              }
            }
          }
        }
      `,
      {},
      account.accessToken,
    );
    expect(viewed.data.viewer.billing.subscription).toEqual({ planName: 'Pro', botLimit: 15, amountPaid: 19 });
  });

  it.each([
    ['to a cheaper plan', 'Pro', 'Starter', 400, 'You can only upgrade to a plan priced above your current one (19.00 USD)'],
    ['to the same plan', 'Pro', 'Pro', 409, 'You are already on the Pro plan'],
    ['to a credit pack', 'Starter', '500 message credits', 400, 'You can only upgrade to a subscription plan'],
  ])('refuses an upgrade %s', async (_case, from, to, status, detail) => {
    const { account } = await subscribed(from);
    const response = await api(server, 'POST', `/payments/upgrade-subscription-session?new_plan_id=${plans[to]!.id}`, {
      token: account.accessToken,
    });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
  });

  it('refuses an upgrade without a subscription (404) and for one not billed through Stripe (409)', async () => {
    const fresh = await signUp(server);
    const none = await api(server, 'POST', `/payments/upgrade-subscription-session?new_plan_id=${plans.Pro!.id}`, {
      token: fresh.accessToken,
    });
    expect(none.status).toBe(404);
    expect(none.body.detail).toMatch(/no active subscription/);
    const demo = await logIn(server, 'customer@example.com', 'customer-demo-2026');
    const seeded = await api(server, 'POST', `/payments/upgrade-subscription-session?new_plan_id=${plans.Enterprise!.id}`, {
      token: demo.accessToken,
    });
    expect(seeded.status).toBe(409);
    expect(seeded.body.detail).toMatch(/not billed through Stripe/);
  });

  it('answers 402 and logs a failed upgrade when the card is declined, keeping the plan', async () => {
    const { account } = await subscribed('Starter');
    stripe.failNext(
      { method: 'POST', path: /^\/v1\/subscriptions\/sub_/ },
      {
        status: 402,
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
    );
    const upgradeFailure = stripe.requests.length;
    const response = await api(server, 'POST', `/payments/upgrade-subscription-session?new_plan_id=${plans.Pro!.id}`, {
      token: account.accessToken,
    });
    expect(stripe.requests.length).toBeGreaterThan(upgradeFailure);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ detail: 'Payment failed: Your card has insufficient funds.' });
    const current = await api(server, 'GET', '/usersbilling/current-active/subscription', { token: account.accessToken });
    expect(current.body.plan_name).toBe('Starter');
    const logged = await server.platform.prisma.systemEvent.findFirstOrThrow({
      where: { userId: account.userId, event: { startsWith: 'Subscription upgrade failed' } },
    });
    expect(logged.details).toContain('insufficient funds');
  });

  it('renews on invoice.paid by one billing period, once per invoice, and records the revenue', async () => {
    const { account, stripeSubscriptionId } = await subscribed('Starter');
    const { prisma } = server.platform;
    const before = await prisma.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId } });
    // The first invoice of the subscription is covered by the checkout: it changes nothing.
    const firstInvoice = stripe.invoices.get(stripe.subscriptions.get(stripeSubscriptionId)!.latest_invoice)!;
    await signedWebhook(server, stripe.event('invoice.paid', firstInvoice));
    expect((await prisma.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId } })).expiresAt).toEqual(before.expiresAt);

    server.clock.set(new Date(before.expiresAt.getTime() - 3_600_000));
    const renewal = stripe.event('invoice.paid', stripe.renewalInvoice(stripeSubscriptionId));
    for (let replay = 0; replay < 10; replay++) expect((await signedWebhook(server, renewal)).status).toBe(200);
    const after = await prisma.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId } });
    const expected = new Date(before.expiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(after.expiresAt.getUTCMonth()).toBe(expected.getUTCMonth());
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime() + 27 * 86_400_000);
    expect(await prisma.payment.count({ where: { userId: account.userId, kind: 'renewal', status: 'paid' } })).toBe(1);

    // Past the renewed period, without another payment, the plan no longer counts.
    server.clock.set(new Date(after.expiresAt.getTime() + 1000));
    expect(await botAllowance(prisma, account.userId, server.clock.now())).toEqual({ kind: 'none' });
    // (The access token has expired by now: ask the service.)
    expect(await server.services.billing.account.activeSubscription({ id: account.userId, role: 'customer' })).toBeNull();
  });

  it("logs a failed renewal and marks it paid when Stripe's retry succeeds", async () => {
    const { account, stripeSubscriptionId } = await subscribed('Starter');
    const invoice = stripe.renewalInvoice(stripeSubscriptionId, { paid: false });
    expect((await signedWebhook(server, stripe.event('invoice.payment_failed', invoice))).status).toBe(200);
    const { prisma } = server.platform;
    expect(await prisma.payment.findUniqueOrThrow({ where: { stripeInvoiceId: invoice.id } })).toMatchObject({
      status: 'failed',
      kind: 'renewal',
    });
    const failure = await prisma.systemEvent.findFirstOrThrow({
      where: { userId: account.userId, event: { startsWith: 'Payment failed' } },
    });
    expect(failure.event).toBe(`Payment failed: Starter renewal for ${account.email} (9.00 USD)`);
    // A retried payment of the same invoice arrives as invoice.paid: it does not become a second payment.
    const paid = { ...invoice, status: 'paid', amount_paid: invoice.amount_due };
    expect((await signedWebhook(server, stripe.event('invoice.paid', paid))).status).toBe(200);
    expect(await prisma.payment.count({ where: { stripeInvoiceId: invoice.id } })).toBe(1);
  });

  it('follows customer.subscription.updated and .deleted from Stripe', async () => {
    const { account, stripeSubscriptionId } = await subscribed('Starter');
    const stripeSubscription = stripe.subscriptions.get(stripeSubscriptionId)!;
    const { prisma } = server.platform;

    const changed = { ...stripeSubscription, metadata: { ...stripeSubscription.metadata, plan_id: plans.Enterprise!.id } };
    const updatedEvent = stripe.event('customer.subscription.updated', changed);
    expect((await signedWebhook(server, updatedEvent)).status).toBe(200);
    expect(await botAllowance(prisma, account.userId, server.clock.now())).toEqual({ kind: 'unlimited' });

    const pastDue = stripe.event('customer.subscription.updated', { ...changed, status: 'past_due' });
    expect((await signedWebhook(server, pastDue)).status).toBe(200);
    expect((await prisma.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId } })).status).toBe('past_due');
    expect(await botAllowance(prisma, account.userId, server.clock.now())).toEqual({ kind: 'none' });

    const active = stripe.event('customer.subscription.updated', { ...changed, status: 'active' });
    await signedWebhook(server, active);
    const deleted = stripe.event('customer.subscription.deleted', { ...changed, status: 'canceled' });
    for (let replay = 0; replay < 3; replay++) expect((await signedWebhook(server, deleted)).status).toBe(200);
    const stored = await prisma.subscription.findUniqueOrThrow({ where: { stripeSubscriptionId } });
    expect(stored.status).toBe('canceled');
    expect(stored.canceledAt).not.toBeNull();
    expect(await botAllowance(prisma, account.userId, server.clock.now())).toEqual({ kind: 'none' });
    const canceledLogs = await prisma.systemEvent.count({
      where: { userId: account.userId, event: { startsWith: 'Subscription canceled' } },
    });
    expect(canceledLogs).toBe(1);
  });

  it('starts a checkout over GraphQL with a global plan id', async () => {
    const account = await signUp(server);
    const listed = await graphql(
      server,
      `
        query {
          paymentPlans(type: credit) {
            id
            name
          }
        }
      `,
    );
    const pack = listed.data.paymentPlans.find((plan: { name: string }) => plan.name === '500 message credits');
    const result = await graphql(
      server,
      `
        mutation ($id: ID!) {
          createCreditCheckoutSession(planId: $id) {
            __typename
            ... on CheckoutSession {
              checkoutUrl
              sessionId
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { id: pack.id },
      account.accessToken,
    );
    expect(result.data.createCreditCheckoutSession).toMatchObject({
      __typename: 'CheckoutSession',
      checkoutUrl: expect.stringContaining('/c/pay/cs_'),
    });
    const wrong = await graphql(
      server,
      `
        mutation ($id: ID!) {
          createSubscriptionCheckoutSession(planId: $id) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { id: pack.id },
      account.accessToken,
    );
    expect(wrong.data.createSubscriptionCheckoutSession).toEqual({
      __typename: 'ValidationError',
      message: 'This plan is not a subscription plan',
    });
  });

  it('shows the revenue of real payments by month to the admin', async () => {
    const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
    const summary = await api(server, 'GET', '/admin/payment-plans/revenue-summary', { token: admin.accessToken });
    expect(summary.status).toBe(200);
    const paid = await server.platform.prisma.payment.findMany({ where: { status: 'paid' } });
    const total = paid.reduce((sum, payment) => sum + payment.amount.toNumber(), 0);
    expect(summary.body.total_revenue).toBeCloseTo(total, 2);
    expect(total).toBeGreaterThan(0);
    const now = server.clock.now();
    // Every month from the first payment on is listed (a renewal above was paid a month ahead).
    expect(summary.body.monthly_breakdown).toContainEqual({
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
      revenue: expect.any(Number),
    });
    const monthSum = summary.body.monthly_breakdown.reduce((sum: number, month: { revenue: number }) => sum + month.revenue, 0);
    expect(monthSum).toBeCloseTo(total, 2);
  });
});
