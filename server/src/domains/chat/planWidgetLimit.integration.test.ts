import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { BILLING_MESSAGES, DEFAULT_WIDGET_MESSAGES_PER_MINUTE } from '../billing/rules.ts';
import { WIDGET_RATE_LIMITS } from './limits.ts';

let server: TestServer;
let admin: TestAccount;
let visitors = 0;

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';
const teamPlan = {
  name: 'Team',
  plan_type: 'subscription',
  billing_period: 'month',
  price: '49',
  bot_limit: 10,
  features: 'Up to 10 chatbots',
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
});

afterAll(async () => {
  await server?.close();
});

/** A customer on an active subscription to `planId` (as a completed checkout leaves them), with a bot. */
async function subscriberWithBot(planId: string) {
  const customer = await signUpWithoutTrial(server, 'Busy Site');
  const { prisma, clock } = server.platform;
  const now = clock.now();
  await prisma.billingSettings.upsert({
    where: { userId: customer.userId },
    create: { userId: customer.userId, planType: 'subscription' },
    update: { planType: 'subscription' },
  });
  await prisma.subscription.create({
    data: {
      userId: customer.userId,
      planId,
      status: 'active',
      billingPeriod: 'month',
      startedAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    },
  });
  return botWithKnowledge(server, customer.accessToken, FACTS);
}

/** One message from a new visitor (their own address and session): only the limit per bot can refuse it. */
async function visitorAsks(bot: { id: string; widgetToken: string }) {
  const ip = `198.19.${Math.floor(visitors / 250)}.${(visitors++ % 250) + 1}`;
  const session = await api(server, 'POST', '/public/bots/sessions/create', {
    body: { bot_id: bot.id },
    headers: { 'x-forwarded-for': ip },
  });
  return api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message: 'When do you open?', session_token: session.body.session_token },
    headers: { 'x-forwarded-for': ip },
  });
}

describe("a plan's widget messages per minute, set by the admin", () => {
  it('is created, edited and cleared over REST as widget_messages_per_minute', async () => {
    const created = await api(server, 'POST', '/admin/payment-plans/', {
      token: admin.accessToken,
      body: { ...teamPlan, widget_messages_per_minute: '600' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Team', bot_limit: 10, widget_messages_per_minute: 600 });

    const edited = await api(server, 'PATCH', `/admin/payment-plans/${created.body.id}/edit`, {
      token: admin.accessToken,
      body: { widget_messages_per_minute: 1200 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ widget_messages_per_minute: 1200, bot_limit: 10 });

    const cleared = await api(server, 'PATCH', `/admin/payment-plans/${created.body.id}/edit`, {
      token: admin.accessToken,
      body: { widget_messages_per_minute: null },
    });
    expect(cleared.body.widget_messages_per_minute).toBeNull();
    const listed = await api(server, 'GET', '/admin/payment-plans/');
    expect(listed.body.find((plan: { id: string }) => plan.id === created.body.id)).toMatchObject({ widget_messages_per_minute: null });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['zero', { widget_messages_per_minute: 0 }, BILLING_MESSAGES.widgetLimitInvalid],
    ['a fraction', { widget_messages_per_minute: 2.5 }, BILLING_MESSAGES.widgetLimitInvalid],
    ['text', { widget_messages_per_minute: 'lots' }, BILLING_MESSAGES.widgetLimitInvalid],
    ['more than a million', { widget_messages_per_minute: 1_000_001 }, BILLING_MESSAGES.widgetLimitInvalid],
    [
      'a credit pack with one',
      { plan_type: 'credit', billing_period: null, bot_limit: null, credit_amount: 100, widget_messages_per_minute: 600 },
      BILLING_MESSAGES.widgetLimitForSubscriptionsOnly,
    ],
  ])('refuses %s with 400 and the rule as detail', async (_case, override, detail) => {
    const response = await api(server, 'POST', '/admin/payment-plans/', { token: admin.accessToken, body: { ...teamPlan, ...override } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail });
  });

  it('is created and edited over GraphQL as widgetMessagesPerMinute, and refused to a customer', async () => {
    const CREATE = `mutation($input: PaymentPlanInput!) {
      createPaymentPlan(input: $input) { __typename ... on PaymentPlan { id widgetMessagesPerMinute } ... on Error { message } }
    }`;
    const UPDATE = `mutation($id: ID!, $input: PaymentPlanInput!) {
      updatePaymentPlan(id: $id, input: $input) { __typename ... on PaymentPlan { widgetMessagesPerMinute } ... on Error { message } }
    }`;
    const input = {
      name: 'Agency',
      planType: 'subscription',
      billingPeriod: 'month',
      price: '99',
      features: ['Many sites'],
      widgetMessagesPerMinute: 900,
    };
    const customer = await signUpWithoutTrial(server);
    const refused = await graphql(server, CREATE, { input }, customer.accessToken);
    expect(refused.data.createPaymentPlan).toMatchObject({ __typename: 'ForbiddenError' });
    expect(await server.platform.prisma.paymentPlan.count({ where: { name: 'Agency' } })).toBe(0);

    const created = await graphql(server, CREATE, { input }, admin.accessToken);
    expect(created.data.createPaymentPlan).toMatchObject({ __typename: 'PaymentPlan', widgetMessagesPerMinute: 900 });
    const id = created.data.createPaymentPlan.id;
    const edited = await graphql(server, UPDATE, { id, input: { widgetMessagesPerMinute: 30 } }, admin.accessToken);
    expect(edited.data.updatePaymentPlan).toEqual({ __typename: 'PaymentPlan', widgetMessagesPerMinute: 30 });
    const invalid = await graphql(server, UPDATE, { id, input: { widgetMessagesPerMinute: 0 } }, admin.accessToken);
    expect(invalid.data.updatePaymentPlan).toEqual({ __typename: 'ValidationError', message: BILLING_MESSAGES.widgetLimitInvalid });
    const plans = await graphql(server, '{ paymentPlans(type: subscription) { id widgetMessagesPerMinute } }');
    expect(plans.data.paymentPlans.find((plan: { id: string }) => plan.id === id)).toEqual({ id, widgetMessagesPerMinute: 30 });
  });
});

describe("the widget's limit per bot", () => {
  it("is the owner's plan's: the third message in a minute answers 429 on a plan of 2, and a raise applies at once", async () => {
    const plan = await api(server, 'POST', '/admin/payment-plans/', {
      token: admin.accessToken,
      body: { ...teamPlan, name: 'Tiny', widget_messages_per_minute: 2 },
    });
    const bot = await subscriberWithBot(plan.body.id);

    expect((await visitorAsks(bot)).status).toBe(200);
    expect((await visitorAsks(bot)).status).toBe(200);
    const refused = await visitorAsks(bot);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    await api(server, 'PATCH', `/admin/payment-plans/${plan.body.id}/edit`, {
      token: admin.accessToken,
      body: { widget_messages_per_minute: 10 },
    });
    const raised = await visitorAsks(bot);
    expect(raised.status).toBe(200);
    expect(raised.body.message).toContain('9 am');
  });

  it("is the platform's 300 a minute when the plan leaves it empty", async () => {
    expect(WIDGET_RATE_LIMITS.perBot.limit).toBe(DEFAULT_WIDGET_MESSAGES_PER_MINUTE);
    expect(DEFAULT_WIDGET_MESSAGES_PER_MINUTE).toBe(300);
    const plan = await api(server, 'POST', '/admin/payment-plans/', { token: admin.accessToken, body: { ...teamPlan, name: 'Plain' } });
    expect(plan.body.widget_messages_per_minute).toBeNull();
    const bot = await subscriberWithBot(plan.body.id);
    // 300 hits already counted this minute, as a busy site would have sent them: the next one is refused.
    for (let hit = 0; hit < DEFAULT_WIDGET_MESSAGES_PER_MINUTE; hit++) {
      await server.platform.rateLimiter.hit(`widget:bot:${bot.id}`, DEFAULT_WIDGET_MESSAGES_PER_MINUTE, 60_000);
    }
    expect((await visitorAsks(bot)).status).toBe(429);
  });
});
