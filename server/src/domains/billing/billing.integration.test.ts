import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomer, logIn, signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { BILLING_MESSAGES } from './rules.ts';

let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
});

afterAll(async () => {
  await server?.close();
});

const OWN_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';

describe('billing mode and own API key over REST', () => {
  it('starts in credit mode, switches to subscription and back', async () => {
    const { accessToken: token } = await signUp(server);
    expect((await api(server, 'GET', '/usersbilling/current-plan', { token })).body).toEqual({ plan_type: 'credit' });
    const switched = await api(server, 'POST', '/usersbilling/set-plan', { token, body: { plan_type: 'subscription' } });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ plan_type: 'subscription' });
    expect((await api(server, 'GET', '/usersbilling/current-plan', { token })).body).toEqual({ plan_type: 'subscription' });
    await api(server, 'POST', '/usersbilling/set-plan', { token, body: { plan_type: 'credit' } });
    expect((await api(server, 'GET', '/usersbilling/current-plan', { token })).body).toEqual({ plan_type: 'credit' });
  });

  it.each([[{ plan_type: 'free' }], [{}], [{ plan_type: 3 }]])('refuses set-plan %j with 400', async (body) => {
    const { accessToken: token } = await signUp(server);
    const response = await api(server, 'POST', '/usersbilling/set-plan', { token, body });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(BILLING_MESSAGES.planTypeInvalid);
  });

  it('saves a key encrypted and reads it back only masked', async () => {
    const account = await signUp(server);
    const token = account.accessToken;
    expect((await api(server, 'GET', '/usersbilling/api-key', { token })).body).toEqual({ api_key: null });
    const saved = await api(server, 'POST', '/usersbilling/set-api-key', { token, body: { api_key: ` ${OWN_KEY} ` } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ api_key: 'sk-proj-…0123', message: 'API key saved' });
    expect((await api(server, 'GET', '/usersbilling/api-key', { token })).body).toEqual({ api_key: 'sk-proj-…0123' });

    const stored = await server.platform.prisma.billingSettings.findUniqueOrThrow({ where: { userId: account.userId } });
    expect(stored.encryptedApiKey).toMatch(/^v1\./);
    expect(stored.encryptedApiKey).not.toContain('abcdefghijklmnop');
    expect(server.platform.secrets.decrypt(stored.encryptedApiKey!)).toBe(OWN_KEY);
  });

  it('switching to subscription with an empty key stores no secret and keeps a saved one', async () => {
    const account = await signUp(server);
    const token = account.accessToken;
    await api(server, 'POST', '/usersbilling/set-plan', { token, body: { plan_type: 'subscription' } });
    const empty = await api(server, 'POST', '/usersbilling/set-api-key', { token, body: { api_key: '' } });
    expect(empty.status).toBe(200);
    expect(empty.body.api_key).toBeNull();
    const stored = await server.platform.prisma.billingSettings.findUniqueOrThrow({ where: { userId: account.userId } });
    expect(stored).toMatchObject({ planType: 'subscription', encryptedApiKey: null, apiKeyHint: null });

    await api(server, 'POST', '/usersbilling/set-api-key', { token, body: { api_key: OWN_KEY } });
    for (const body of [{ api_key: '' }, { api_key: null }, {}, { api_key: 'sk-proj-…0123' }]) {
      const kept = await api(server, 'POST', '/usersbilling/set-api-key', { token, body });
      expect(kept.body).toEqual({ api_key: 'sk-proj-…0123', message: 'API key unchanged' });
    }
    const removed = await api(server, 'DELETE', '/usersbilling/api-key', { token });
    expect(removed.body.api_key).toBeNull();
    expect((await api(server, 'GET', '/usersbilling/api-key', { token })).body).toEqual({ api_key: null });
  });

  it.each(['not-a-key', 'sk-tooshort', 'sk-has spaces in the middle of it', 42])('refuses the key %j with 400', async (apiKey) => {
    const { accessToken: token } = await signUp(server);
    const response = await api(server, 'POST', '/usersbilling/set-api-key', { token, body: { api_key: apiKey } });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/api[_ ]key/i);
  });

  it('saves an Anthropic key like an OpenAI one, shown only masked', async () => {
    const { accessToken: token } = await signUp(server);
    const saved = await api(server, 'POST', '/usersbilling/set-api-key', {
      token,
      body: { api_key: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123' },
    });
    expect(saved).toMatchObject({ status: 200, body: { api_key: 'sk-ant-…0123', message: 'API key saved' } });
  });

  it.each([
    ['GET', '/usersbilling/current-plan'],
    ['POST', '/usersbilling/set-plan'],
    ['GET', '/usersbilling/api-key'],
    ['POST', '/usersbilling/set-api-key'],
    ['GET', '/usersbilling/current-active/subscription'],
    ['GET', '/usersbilling/current-active/credit'],
    ['POST', '/payments/create-credit-checkout-session?plan_id=x'],
    ['POST', '/payments/create-subscription-session?plan_id=x'],
    ['POST', '/payments/upgrade-subscription-session?new_plan_id=x'],
    ['GET', '/credit-rates'],
    ['POST', '/admin/payment-plans/'],
    ['GET', '/admin/payment-plans/revenue-summary'],
  ])('%s %s answers 401 "Authentication required" without a token', async (method, path) => {
    const response = await api(server, method, path);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication required' });
  });
});

describe('current subscription over REST', () => {
  it("shows the demo customer's Pro plan with the spec's fields, and 404 once it has expired", async () => {
    const customer = await demoCustomer(server);
    const current = await api(server, 'GET', '/usersbilling/current-active/subscription', { token: customer.accessToken });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      plan_name: 'Pro',
      bot_limit: 15,
      billing_period: 'month',
      amount_paid: 19,
      currency: 'usd',
      status: 'active',
    });
    expect(current.body.features).toContain('Up to 15 chatbots, 2GB knowledge base');
    expect(typeof current.body.plan_id).toBe('string');
    expect(new Date(current.body.expires_at).getTime()).toBeGreaterThan(server.clock.now().getTime());
  });

  it('answers 404 "No active subscription" for a customer without one (their free trial over)', async () => {
    const { accessToken: token } = await signUpWithoutTrial(server);
    const response = await api(server, 'GET', '/usersbilling/current-active/subscription', { token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'No active subscription' });
  });
});

describe('payment plans', () => {
  const newPlan = {
    name: 'Team',
    description: 'For teams',
    plan_type: 'subscription',
    billing_period: 'year',
    price: '$99.50',
    currency: 'usd',
    bot_limit: '25',
    features: 'Up to 25 chatbots, Priority support',
    credit_amount: null,
  };

  it('lets an admin create, edit and toggle a plan; customers and visitors see active plans only', async () => {
    const created = await api(server, 'POST', '/admin/payment-plans/', { token: admin.accessToken, body: newPlan });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Team',
      type: 'subscription',
      plan_type: 'subscription',
      price: 99.5,
      bot_limit: 25,
      billing_period: 'year',
      features: 'Up to 25 chatbots, Priority support',
      feature_list: ['Up to 25 chatbots', 'Priority support'],
      credit_amount: null,
      is_active: true,
    });
    const id = created.body.id as string;

    const edited = await api(server, 'PATCH', `/admin/payment-plans/${id}/edit`, {
      token: admin.accessToken,
      body: { name: 'Team+', price: '120', description: 'Bigger', features: ['A', 'B', 'C'], bot_limit: null, credit_amount: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Team+', price: 120, description: 'Bigger', features: 'A, B, C', bot_limit: null });

    const toggled = await api(server, 'PATCH', `/admin/payment-plans/${id}/toggle`, { token: admin.accessToken });
    expect(toggled.status).toBe(200);
    expect(toggled.body.is_active).toBe(false);

    const customer = await signUp(server);
    for (const token of [undefined, customer.accessToken]) {
      const listed = await api(server, 'GET', '/admin/payment-plans/', { token });
      expect(listed.status).toBe(200);
      expect(listed.body.map((plan: { id: string }) => plan.id)).not.toContain(id);
      expect(listed.body.every((plan: { is_active: boolean }) => plan.is_active)).toBe(true);
      expect(listed.body.map((plan: { name: string }) => plan.name)).toEqual(expect.arrayContaining(['Starter', 'Pro', 'Enterprise']));
    }
    const asAdmin = await api(server, 'GET', '/admin/payment-plans', { token: admin.accessToken });
    expect(asAdmin.body.map((plan: { id: string }) => plan.id)).toContain(id);

    const creditPacks = await api(server, 'GET', '/admin/payment-plans/?plan_type=credit');
    expect(creditPacks.body.length).toBeGreaterThanOrEqual(2);
    expect(creditPacks.body.every((plan: { type: string }) => plan.type === 'credit')).toBe(true);
  });

  it("toggles an empty-bodied JSON request, as the spec's client sends it", async () => {
    const created = await api(server, 'POST', '/admin/payment-plans/', {
      token: admin.accessToken,
      body: { ...newPlan, name: 'Toggle me' },
    });
    const response = await fetch(`${server.url}/api/v1/admin/payment-plans/${created.body.id}/toggle`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { is_active: boolean }).is_active).toBe(false);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a credit amount on a subscription', { credit_amount: 100 }, BILLING_MESSAGES.creditAmountForCreditPlansOnly],
    ['no features', { features: '' }, BILLING_MESSAGES.featuresRequired],
    ['a text price', { price: 'free' }, BILLING_MESSAGES.priceInvalid],
    ['a fractional bot limit', { bot_limit: 1.5 }, BILLING_MESSAGES.botLimitInvalid],
    [
      'a credit pack with a period',
      { plan_type: 'credit', credit_amount: 10, bot_limit: null },
      BILLING_MESSAGES.periodForSubscriptionsOnly,
    ],
  ])('refuses a plan with %s (400 with the rule as detail)', async (_case, override, detail) => {
    const response = await api(server, 'POST', '/admin/payment-plans/', { token: admin.accessToken, body: { ...newPlan, ...override } });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(detail);
  });

  it("refuses to change a plan's type and answers 404 for an unknown plan", async () => {
    const plans = await api(server, 'GET', '/admin/payment-plans/');
    const starter = plans.body.find((plan: { name: string }) => plan.name === 'Starter');
    const typeChange = await api(server, 'PATCH', `/admin/payment-plans/${starter.id}/edit`, {
      token: admin.accessToken,
      body: { plan_type: 'credit' },
    });
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.detail).toBe(BILLING_MESSAGES.planTypeFixed);
    const missing = await api(server, 'PATCH', '/admin/payment-plans/no-such-plan/toggle', { token: admin.accessToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Payment plan not found' });
  });

  it('answers 403 to a customer on every admin write and on the revenue summary', async () => {
    const { accessToken: token } = await signUp(server);
    const plans = await api(server, 'GET', '/admin/payment-plans/');
    const planId = plans.body[0].id as string;
    const rates = await api(server, 'GET', '/credit-rates', { token });
    const rateId = rates.body[0].id as string;
    const calls: [string, string, unknown][] = [
      ['POST', '/admin/payment-plans/', newPlan],
      ['PATCH', `/admin/payment-plans/${planId}/edit`, { name: 'Hacked' }],
      ['PATCH', `/admin/payment-plans/${planId}/toggle`, undefined],
      ['GET', '/admin/payment-plans/revenue-summary', undefined],
      ['POST', '/credit-rates', { usage_type: 'chat', unit_name: 'token', cost_per_unit: 0 }],
      ['PUT', `/credit-rates/${rateId}`, { cost_per_unit: 0 }],
      ['DELETE', `/credit-rates/${rateId}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await api(server, method, path, { token, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({ detail: 'Administrator access required' });
    }
    const unchanged = await server.platform.prisma.paymentPlan.findUniqueOrThrow({ where: { id: planId } });
    expect(unchanged.name).not.toBe('Hacked');
  });
});

describe('credit rates', () => {
  it('lets an admin add, change and delete a rate; customers can read them', async () => {
    const created = await api(server, 'POST', '/credit-rates', {
      token: admin.accessToken,
      body: { usage_type: 'chat', unit_name: '1000_tokens', cost_per_unit: '0.25' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ usage_type: 'chat', unit_name: '1000_tokens', cost_per_unit: 0.25 });

    const duplicate = await api(server, 'POST', '/credit-rates', {
      token: admin.accessToken,
      body: { usage_type: 'chat', unit_name: '1000_tokens', cost_per_unit: 1 },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('A credit rate for chat per 1000_tokens already exists');

    const updated = await api(server, 'PUT', `/credit-rates/${created.body.id}`, {
      token: admin.accessToken,
      body: { usage_type: 'chat', unit_name: '1000_tokens', cost_per_unit: 0.5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.cost_per_unit).toBe(0.5);

    const customer = await signUp(server);
    const listed = await api(server, 'GET', '/credit-rates', { token: customer.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ usage_type: 'chat', unit_name: 'message', cost_per_unit: 1 }),
        expect.objectContaining({ usage_type: 'chat', unit_name: '1000_tokens', cost_per_unit: 0.5 }),
      ]),
    );

    const deleted = await api(server, 'DELETE', `/credit-rates/${created.body.id}`, { token: admin.accessToken });
    expect(deleted.status).toBe(200);
    expect((await api(server, 'DELETE', `/credit-rates/${created.body.id}`, { token: admin.accessToken })).status).toBe(404);
  });

  it('refuses an invalid rate with 400', async () => {
    const response = await api(server, 'POST', '/credit-rates', {
      token: admin.accessToken,
      body: { usage_type: 'chat', unit_name: 'message', cost_per_unit: -2 },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(BILLING_MESSAGES.costInvalid);
  });
});

describe('revenue summary', () => {
  it('totals paid payments by month and ignores pending and failed ones', async () => {
    const { prisma, clock } = server.platform;
    const customer = await signUp(server);
    const now = clock.now();
    const monthsAgo = (months: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15));
    const before = await api(server, 'GET', '/admin/payment-plans/revenue-summary', { token: admin.accessToken });
    expect(before.status).toBe(200);
    const baseline = before.body.total_revenue as number;
    await prisma.payment.createMany({
      data: [
        { userId: customer.userId, kind: 'credit_pack', amount: '10.00', status: 'paid', paidAt: monthsAgo(2) },
        { userId: customer.userId, kind: 'subscription', amount: '19.00', status: 'paid', paidAt: monthsAgo(0) },
        { userId: customer.userId, kind: 'renewal', amount: '19.00', status: 'paid', paidAt: monthsAgo(0) },
        { userId: customer.userId, kind: 'renewal', amount: '500.00', status: 'failed' },
        { userId: customer.userId, kind: 'credit_pack', amount: '500.00', status: 'pending' },
      ],
    });
    const summary = await api(server, 'GET', '/admin/payment-plans/revenue-summary', { token: admin.accessToken });
    expect(summary.status).toBe(200);
    expect(summary.body.total_revenue).toBeCloseTo(baseline + 48, 2);
    const months = summary.body.monthly_breakdown as { year: number; month: number; revenue: number }[];
    const key = (date: Date) => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 });
    expect(months.at(-1)).toMatchObject(key(monthsAgo(0)));
    expect(months.at(-1)!.revenue).toBeGreaterThanOrEqual(38);
    expect(months.find((month) => month.year === key(monthsAgo(1)).year && month.month === key(monthsAgo(1)).month)).toBeDefined();
  });
});

describe('billing over GraphQL', () => {
  const BILLING = /* GraphQL */ `
    query {
      viewer {
        billing {
          planType
          apiKey
          hasApiKey
          credits {
            totalCredits
            usedCredits
            balance
          }
          subscription {
            planName
            botLimit
            billingPeriod
            amountPaid
            currency
            expiresAt
            features
            status
          }
        }
      }
    }
  `;

  it('shows viewer.billing to the user themself', async () => {
    const customer = await demoCustomer(server);
    const result = await graphql(server, BILLING, {}, customer.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.viewer.billing).toMatchObject({
      planType: 'subscription',
      credits: { totalCredits: 0, usedCredits: 0, balance: 0 },
      subscription: { planName: 'Pro', botLimit: 15, billingPeriod: 'month', amountPaid: 19, currency: 'usd', status: 'active' },
    });
  });

  it('switches the mode and saves a key through mutations, answering typed errors', async () => {
    const customer = await signUp(server);
    const setMode = await graphql(
      server,
      `
        mutation {
          setBillingPlanType(planType: subscription) {
            __typename
            ... on BillingPayload {
              billing {
                planType
              }
              viewer {
                id
              }
            }
          }
        }
      `,
      {},
      customer.accessToken,
    );
    expect(setMode.data.setBillingPlanType).toMatchObject({ __typename: 'BillingPayload', billing: { planType: 'subscription' } });

    const badKey = await graphql(
      server,
      `
        mutation ($key: String!) {
          setBillingApiKey(apiKey: $key) {
            __typename
            ... on ValidationError {
              message
            }
          }
        }
      `,
      { key: 'nope' },
      customer.accessToken,
    );
    expect(badKey.data.setBillingApiKey).toEqual({ __typename: 'ValidationError', message: BILLING_MESSAGES.apiKeyInvalid });

    const saved = await graphql(
      server,
      `
        mutation ($key: String!) {
          setBillingApiKey(apiKey: $key) {
            ... on BillingPayload {
              billing {
                apiKey
                hasApiKey
              }
            }
          }
        }
      `,
      { key: OWN_KEY },
      customer.accessToken,
    );
    expect(saved.data.setBillingApiKey.billing).toEqual({ apiKey: 'sk-proj-…0123', hasApiKey: true });
  });

  it("reads plans in the request's language, admins the originals, and drops a translation its original outgrew", async () => {
    const french = { 'accept-language': 'fr-CA,fr;q=0.9' };
    const PLANS = `{ paymentPlans(type: credit) { id name description features } }`;
    const anonymous = await graphql(server, PLANS, {}, undefined, french);
    expect(anonymous.errors).toBeUndefined();
    const pack = anonymous.data.paymentPlans.find((plan: { name: string }) => plan.name === '500 crédits de messages');
    expect(pack).toEqual({
      id: expect.any(String),
      name: '500 crédits de messages',
      description: '500 messages sur notre service d’IA, plus 50 messages offerts.',
      features: ['500 messages', '50 messages offerts', 'Sans date d’expiration'],
    });
    const customer = await demoCustomer(server);
    const billing = await graphql(
      server,
      '{ viewer { billing { subscription { planName description features } } } }',
      {},
      customer.accessToken,
      french,
    );
    expect(billing.data.viewer.billing.subscription).toMatchObject({
      planName: 'Pro',
      description: 'Pour les équipes en croissance avec plusieurs assistants.',
      features: expect.arrayContaining(['Marque blanche', 'Capture de prospects']),
    });
    const asAdmin = await graphql(server, PLANS, {}, admin.accessToken, french);
    expect(asAdmin.data.paymentPlans.find((plan: { id: string }) => plan.id === pack.id).name).toBe('500 message credits');

    const edited = await graphql(
      server,
      `
        mutation ($id: ID!, $input: PaymentPlanInput!) {
          updatePaymentPlan(id: $id, input: $input) {
            __typename
          }
        }
      `,
      { id: pack.id, input: { description: '500 messages, 50 more on us.' } },
      admin.accessToken,
    );
    expect(edited.errors).toBeUndefined();
    const after = await graphql(server, PLANS, {}, undefined, french);
    expect(after.data.paymentPlans.find((plan: { id: string }) => plan.id === pack.id)).toMatchObject({
      name: '500 crédits de messages',
      description: '500 messages, 50 more on us.',
      features: ['500 messages', '50 messages offerts', 'Sans date d’expiration'],
    });
  });

  it('lists active plans to anyone and lets only admins manage plans and rates', async () => {
    const anonymous = await graphql(
      server,
      `
        query {
          paymentPlans(type: credit) {
            id
            name
            creditAmount
            bonusCredits
            price
          }
        }
      `,
    );
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data.paymentPlans).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '500 message credits', creditAmount: 500, bonusCredits: 50, price: 10 })]),
    );

    const CREATE = `mutation($input: PaymentPlanInput!) {
      createPaymentPlan(input: $input) { __typename ... on PaymentPlan { id name price } ... on Error { message } }
    }`;
    const input = {
      name: 'GraphQL pack',
      planType: 'credit',
      price: '$5',
      creditAmount: 200,
      bonusCredits: 10,
      features: ['200 messages'],
    };
    const customer = await signUp(server);
    const refused = await graphql(server, CREATE, { input }, customer.accessToken);
    expect(refused.errors).toBeUndefined();
    expect(refused.data.createPaymentPlan).toEqual({ __typename: 'ForbiddenError', message: 'You do not have access to this resource.' });
    expect(await server.platform.prisma.paymentPlan.count({ where: { name: 'GraphQL pack' } })).toBe(0);

    const created = await graphql(server, CREATE, { input }, admin.accessToken);
    expect(created.data.createPaymentPlan).toMatchObject({ __typename: 'PaymentPlan', name: 'GraphQL pack', price: 5 });
    const invalid = await graphql(server, CREATE, { input: { ...input, creditAmount: null } }, admin.accessToken);
    expect(invalid.data.createPaymentPlan).toEqual({ __typename: 'ValidationError', message: BILLING_MESSAGES.creditPlanNeedsAmount });

    const toggled = await graphql(
      server,
      `
        mutation ($id: ID!) {
          togglePaymentPlan(id: $id) {
            ... on PaymentPlan {
              isActive
            }
          }
        }
      `,
      { id: created.data.createPaymentPlan.id },
      admin.accessToken,
    );
    expect(toggled.data.togglePaymentPlan).toEqual({ isActive: false });
    const afterToggle = await graphql(
      server,
      `
        query {
          paymentPlans {
            id
          }
        }
      `,
    );
    expect(afterToggle.data.paymentPlans.map((plan: { id: string }) => plan.id)).not.toContain(created.data.createPaymentPlan.id);

    const rate = await graphql(
      server,
      `
        mutation {
          createCreditRate(input: { usageType: "image", unitName: "hd_image", costPerUnit: 3 }) {
            __typename
            ... on CreditRate {
              id
              usageType
              unitName
              costPerUnit
            }
          }
        }
      `,
      {},
      admin.accessToken,
    );
    expect(rate.data.createCreditRate).toMatchObject({
      __typename: 'CreditRate',
      usageType: 'image',
      unitName: 'hd_image',
      costPerUnit: 3,
    });
    const deleted = await graphql(
      server,
      `
        mutation ($id: ID!) {
          deleteCreditRate(id: $id) {
            ... on DeletedCreditRatePayload {
              deletedId
            }
          }
        }
      `,
      { id: rate.data.createCreditRate.id },
      admin.accessToken,
    );
    expect(deleted.data.deleteCreditRate.deletedId).toBe(rate.data.createCreditRate.id);

    const revenue = await graphql(
      server,
      `
        query {
          revenueSummary {
            totalRevenue
            monthlyBreakdown {
              year
              month
              revenue
            }
          }
        }
      `,
      {},
      admin.accessToken,
    );
    expect(revenue.errors).toBeUndefined();
    expect(typeof revenue.data.revenueSummary.totalRevenue).toBe('number');
  });

  it("does not show one user's billing to another", async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    const userId = (
      await graphql(
        server,
        `
          query {
            viewer {
              id
            }
          }
        `,
        {},
        first.accessToken,
      )
    ).data.viewer.id;
    const peek = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on User {
              billing {
                planType
              }
            }
          }
        }
      `,
      { id: userId },
      second.accessToken,
    );
    expect(peek.errors).toBeUndefined();
    expect(peek.data).toEqual({ node: null });
  });
});
