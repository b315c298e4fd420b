import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp, type TestAccount } from '../../../test/accounts.ts';
import { FAKE_STRIPE_WEBHOOK_SECRET, signedWebhook, startFakeStripe, type FakeStripe } from '../../../test/fakeStripe.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { NO_PLAN_MESSAGE } from '../bots/errors.ts';
import { DEFAULT_TRIAL_CREDITS, TRIAL_CREDITS_INVALID, TRIAL_DAYS } from './trial.ts';

const FACTS = 'Velo Bikes refund policy. Refunds are accepted within 30 days of delivery when the bike is unused.';
const UNAVAILABLE = 'This assistant is unavailable right now. Please try again later.';
const DAY_MS = 86_400_000;

let stripe: FakeStripe;
let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
});

afterEach(async () => {
  server.clock.set(new Date()); // tests that move the clock put it back
  await setTrialCredits(DEFAULT_TRIAL_CREDITS);
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const SET_TRIAL_CREDITS = `
  mutation($credits: Int!) {
    setTrialCredits(credits: $credits) {
      __typename
      ... on TrialSettings { trialDays trialCredits }
      ... on Error { message }
      ... on ForbiddenError { code }
    }
  }
`;

async function setTrialCredits(credits: number) {
  const result = await graphql(server, SET_TRIAL_CREDITS, { credits }, admin.accessToken);
  expect(result.data.setTrialCredits).toEqual({ __typename: 'TrialSettings', trialDays: TRIAL_DAYS, trialCredits: credits });
}

const me = async (account: TestAccount) => (await api(server, 'GET', '/users/me', { token: account.accessToken })).body;

const BILLING = `{ viewer { plan billing { subscription { planName } trial { planName botLimit daysLeft ended credits creditsLeft endsAt } } } }`;

async function billingOf(account: TestAccount) {
  const result = await graphql(server, BILLING, {}, account.accessToken);
  expect(result.errors).toBeUndefined();
  return result.data.viewer;
}

const trialRows = (userId: string) => server.platform.prisma.subscription.findMany({ where: { userId, status: 'trialing' } });

async function createBotOverGraphQL(account: TestAccount) {
  const result = await graphql(
    server,
    `
      mutation {
        createBot(input: { name: "Trial bot", displayName: "T", useCase: "faq-bot", description: "FAQ" }) {
          __typename
          ... on Bot {
            id
          }
          ... on Error {
            message
          }
          ... on ForbiddenError {
            code
          }
        }
      }
    `,
    {},
    account.accessToken,
  );
  expect(result.errors).toBeUndefined();
  return result.data.createBot;
}

async function askTestChat(account: TestAccount, botId: string) {
  return api(server, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent('How long do I have for a refund?')}`, {
    token: account.accessToken,
  });
}

async function askWidget(bot: { id: string; widgetToken: string }) {
  const session = await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
  expect(session.status).toBe(201);
  return api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message: 'Can I get a refund?', session_token: session.body.session_token },
  });
}

describe('a new customer on the landing plan they picked', () => {
  it('starts a 14-day trial of that plan at verification, with its bot limit and the trial credits', async () => {
    const started = server.clock.now();
    const customer = await signUp(server, 'Pro Picker', { plan: 'pro' });

    const rows = await trialRows(customer.userId);
    expect(rows).toHaveLength(1);
    const [trial] = rows;
    expect(trial!.amountPaid.toNumber()).toBe(0);
    expect(trial!.trialCredits.toNumber()).toBe(DEFAULT_TRIAL_CREDITS);
    expect(trial!.expiresAt.getTime() - trial!.startedAt.getTime()).toBe(TRIAL_DAYS * DAY_MS);
    expect(trial!.startedAt.getTime()).toBeGreaterThanOrEqual(started.getTime());

    expect(await me(customer)).toMatchObject({
      plan: 'pro',
      trial: { plan_name: 'Pro', bot_limit: 15, days_left: 14, ended: false, credits: 50, credits_left: 50 },
    });
    expect(await billingOf(customer)).toMatchObject({
      plan: 'pro',
      billing: { subscription: null, trial: { planName: 'Pro', botLimit: 15, daysLeft: 14, ended: false, creditsLeft: 50 } },
    });
    const current = await api(server, 'GET', '/usersbilling/current-active/subscription', { token: customer.accessToken });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ plan_name: 'Pro', status: 'trialing', amount_paid: 0, bot_limit: 15, is_trial: true });
    expect(current.body.trial).toMatchObject({ days_left: 14, credits_left: 50 });
    const allowance = await graphql(server, '{ viewer { botAllowance { kind limit } } }', {}, customer.accessToken);
    expect(allowance.data.viewer.botAllowance).toEqual({ kind: 'limited', limit: 15 });

    const events = await server.platform.prisma.systemEvent.findMany({ where: { userId: customer.userId, category: 'billing' } });
    expect(events.map((event) => event.event)).toEqual(['Free trial started: Pro']);
  });

  it('falls back to Starter for an unknown plan, over GraphQL sign-up too, and caps it at 3 bots', async () => {
    const email = `trial-${Date.now()}@example.org`;
    const registered = await graphql(
      server,
      'mutation($email: String!) { register(email: $email, password: "a long enough password", fullName: "G", plan: "platinum") { __typename } }',
      { email },
    );
    expect(registered.data.register.__typename).toBe('MessagePayload');
    const mail = (await server.outbox()).filter((message) => message.to === email).at(-1)!;
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await graphql(server, 'mutation($token: String!) { verifyEmail(token: $token) { __typename } }', { token })).data).toEqual({
      verifyEmail: { __typename: 'MessagePayload' },
    });
    const customer = await logIn(server, email, 'a long enough password');
    expect((await me(customer)).trial).toMatchObject({ plan_name: 'Starter', bot_limit: 3 });

    for (let index = 0; index < 3; index++) expect((await createBotOverGraphQL(customer)).__typename).toBe('Bot');
    expect(await createBotOverGraphQL(customer)).toMatchObject({ __typename: 'ForbiddenError', code: 'BOT_LIMIT_REACHED' });
  });

  it('picks a plan by its id as well, and gives one trial only, ever', async () => {
    const enterprise = await server.platform.prisma.paymentPlan.findFirstOrThrow({ where: { name: 'Enterprise', type: 'subscription' } });
    const customer = await signUp(server, 'Id Picker', { plan: enterprise.id });
    expect((await me(customer)).trial).toMatchObject({ plan_name: 'Enterprise', bot_limit: null });
    expect(await server.services.billing.trials.startTrial(customer.userId)).toBeNull();
    server.clock.advance(30 * DAY_MS);
    expect(await server.services.billing.trials.startTrial(customer.userId)).toBeNull();
    expect(await trialRows(customer.userId)).toHaveLength(1);
  });

  it('gives one trial per mailbox: variants of one Gmail address register, verify and sign in, without a trial', async () => {
    const local = `trial.seeker${Date.now()}`;
    const first = await signUp(server, 'First', { email: `${local}@gmail.com` });
    expect((await me(first)).trial).toMatchObject({ plan_name: 'Starter', credits: DEFAULT_TRIAL_CREDITS });

    for (const variant of [`${local.replace('.', '')}+x@gmail.com`, `${local.toUpperCase()}+y@GoogleMail.com`]) {
      const again = await signUp(server, 'Again', { email: variant });
      const profile = await me(again);
      expect(profile).toMatchObject({ email: variant.toLowerCase(), is_verified: true, plan: 'free', trial: null });
      expect(await trialRows(again.userId)).toHaveLength(0);
      const billing = await billingOf(again);
      expect(billing.billing.trial).toBeNull();
    }
    const events = await server.platform.prisma.systemEvent.findMany({ where: { event: { startsWith: 'No free trial' } } });
    expect(events).toHaveLength(2);
  });

  it("keeps a mailbox's trial when the account that had it is deleted", async () => {
    const email = `deleted-${Date.now()}@example.org`;
    const first = await signUp(server, 'Gone', { email });
    await server.platform.prisma.user.delete({ where: { id: first.userId } });
    const back = await signUp(server, 'Back', { email: email.replace('@', '+back@') });
    expect((await me(back)).trial).toBeNull();
  });

  it("says what one chat answer costs the customer, by the admin's chat rate", async () => {
    const customer = await signUp(server, 'Cost Reader');
    const COST = '{ viewer { billing { chatMessageCost } } }';
    expect((await graphql(server, COST, {}, customer.accessToken)).data.viewer.billing.chatMessageCost).toBe(1);
    const rate = await server.platform.prisma.creditRate.upsert({
      where: { usageType_unitName: { usageType: 'chat', unitName: 'message' } },
      create: { usageType: 'chat', unitName: 'message', costPerUnit: 2.5 },
      update: { costPerUnit: 2.5 },
    });
    try {
      expect((await graphql(server, COST, {}, customer.accessToken)).data.viewer.billing.chatMessageCost).toBe(2.5);
    } finally {
      await server.platform.prisma.creditRate.update({ where: { id: rate.id }, data: { costPerUnit: 1 } });
    }
  });

  it("refuses another customer's chat message cost: the user does not exist for them, and an admin is forbidden it", async () => {
    const customer = await signUp(server, 'Cost Owner');
    const stranger = await signUp(server, 'Cost Peeker');
    const COST_OF = 'query ($id: ID!) { node(id: $id) { ... on User { billing { chatMessageCost } } } }';
    const variables = { id: Buffer.from(`User:${customer.userId}`).toString('base64') };
    // Another customer's user (or a visitor's) reads exactly like a missing one: no node, and no error telling it exists.
    expect(await graphql(server, COST_OF, variables, stranger.accessToken)).toEqual({ data: { node: null } });
    // An admin finds the user, but only the user themself sees their billing: refused, nothing comes back.
    expect(await graphql(server, COST_OF, variables, admin.accessToken)).toEqual({
      errors: [{ message: 'You do not have access to this resource.', path: ['node', 'billing'], extensions: { code: 'FORBIDDEN' } }],
      data: { node: null },
    });
    expect(await graphql(server, COST_OF, variables)).toEqual({ data: { node: null } });
  });

  it('starts the trial of a Google sign-up at once, on the plan it carried', async () => {
    const user = await server.services.auth.signInWithGoogle(
      { googleId: `google-${Date.now()}`, email: `google-${Date.now()}@example.org`, emailVerified: true, name: 'G' },
      'Enterprise',
      { ip: '203.0.113.9' },
    );
    const trial = await server.services.billing.trials.viewOf(user.id);
    expect(trial).toMatchObject({ planName: 'Enterprise', daysLeft: 14, ended: false });
  });
});

describe('using the trial, then its end', () => {
  it('charges trial credits, then the polite widget answer when they are gone; after 14 days: no plan, bots kept', async () => {
    await setTrialCredits(3);
    const customer = await signUp(server, 'Trial Owner');
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);

    // The test chat and the widget answer on trial credits; the paid balance is never touched.
    const first = await askTestChat(customer, bot.id);
    expect(first.status).toBe(200);
    expect(first.body.response).toContain('30 days');
    const widget = await askWidget(bot);
    expect(widget.status).toBe(200);
    expect(widget.body.message).toContain('30 days');
    const { prisma } = server.platform;
    const usage = await prisma.creditLedgerEntry.findMany({ where: { userId: customer.userId, kind: 'usage' } });
    expect(usage).toHaveLength(2);
    expect(usage.every((entry) => entry.description.endsWith('(trial credits)'))).toBe(true);
    expect((await me(customer)).trial).toMatchObject({ credits: 3, credits_used: 2, credits_left: 1 });
    const paid = await api(server, 'GET', '/usersbilling/current-active/credit', { token: customer.accessToken });
    expect(paid.body).toEqual({ total_credits: 0, used_credits: 0, balance: 0 });

    // The last trial credit, then none: the owner gets the clear 402, a visitor a polite answer.
    expect((await askTestChat(customer, bot.id)).status).toBe(200);
    const refused = await askTestChat(customer, bot.id);
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toMatch(/Not enough credits/);
    const polite = await askWidget(bot);
    expect(polite.status).toBe(200);
    expect(polite.body).toMatchObject({ message: UNAVAILABLE, response: UNAVAILABLE, sources: [] });

    // Fourteen days later the trial is over (and the customer signs in again).
    server.clock.advance(TRIAL_DAYS * DAY_MS + 60_000);
    Object.assign(customer, await logIn(server, customer.email, customer.password));
    const rest = await api(server, 'POST', '/bots/save', {
      token: customer.accessToken,
      body: { name: 'Late bot', displayName: 'L', useCase: 'faq-bot', description: 'FAQ' },
    });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ detail: NO_PLAN_MESSAGE });
    expect(await createBotOverGraphQL(customer)).toEqual({ __typename: 'ForbiddenError', message: NO_PLAN_MESSAGE, code: 'NO_PLAN' });
    const allowance = await graphql(server, '{ viewer { botAllowance { kind limit } } }', {}, customer.accessToken);
    expect(allowance.data.viewer.botAllowance).toEqual({ kind: 'none', limit: null });

    const bots = await api(server, 'GET', '/bots', { token: customer.accessToken });
    expect(bots.status).toBe(200);
    expect(JSON.stringify(bots.body)).toContain(bot.id);
    expect(await prisma.document.count({ where: { botId: bot.id } })).toBe(1);

    const afterwards = await askWidget(bot);
    expect(afterwards.status).toBe(200);
    expect(afterwards.body.message).toBe(UNAVAILABLE);
    const streamed = await fetch(`${server.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        message: 'Hello?',
        session_token: (await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token,
      }),
    });
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toContain(UNAVAILABLE);

    expect(await me(customer)).toMatchObject({ plan: 'free', trial: { ended: true, days_left: 0, credits_left: 0 } });
    expect((await billingOf(customer)).billing.trial).toMatchObject({ ended: true, daysLeft: 0, creditsLeft: 0 });
    const current = await api(server, 'GET', '/usersbilling/current-active/subscription', { token: customer.accessToken });
    expect(current.status).toBe(404);
  });

  it('spends trial credits before paid ones, and a refund of a trial charge goes back to the trial', async () => {
    await setTrialCredits(1);
    const customer = await signUp(server);
    const { billing } = server.services;
    await billing.grantCredits(customer.userId, { kind: 'bonus', amount: 5, idempotencyKey: `bonus:${customer.userId}` });
    const charge = (key: string) =>
      billing.charge(customer.userId, { usageType: 'chat', units: 1, idempotencyKey: `${key}:${customer.userId}` });

    expect(await charge('first')).toMatchObject({ charged: 1, balance: 5, paidFrom: 'trial', duplicate: false });
    await billing.refundCharge(customer.userId, `first:${customer.userId}`);
    expect((await me(customer)).trial).toMatchObject({ credits_used: 0, credits_left: 1 });
    expect(await charge('again')).toMatchObject({ paidFrom: 'trial', balance: 5 });
    expect(await charge('paid')).toMatchObject({ paidFrom: 'credits', balance: 4 });
    expect(await charge('paid')).toMatchObject({ paidFrom: 'credits', duplicate: true });
    await billing.refundCharge(customer.userId, `paid:${customer.userId}`);
    expect((await api(server, 'GET', '/usersbilling/current-active/credit', { token: customer.accessToken })).body.balance).toBe(5);
    expect((await me(customer)).trial).toMatchObject({ credits_used: 1, credits_left: 0 });
  });

  it('ends the trial when the customer pays for a plan through checkout', async () => {
    const customer = await signUp(server, 'Payer');
    const pro = await server.platform.prisma.paymentPlan.findFirstOrThrow({ where: { name: 'Pro', type: 'subscription' } });
    const checkout = await api(server, 'POST', `/payments/create-subscription-session?plan_id=${pro.id}`, { token: customer.accessToken });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sessionId = /\/c\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(checkout.body.checkout_url)![1]!;
    const delivered = await signedWebhook(server, stripe.event('checkout.session.completed', stripe.completeCheckout(sessionId)));
    expect(delivered.status).toBe(200);

    const [trial] = await trialRows(customer.userId);
    expect(trial!.expiresAt.getTime()).toBeLessThanOrEqual(server.clock.now().getTime());
    expect(await server.services.billing.trials.current(customer.userId)).toBeNull();
    expect(await me(customer)).toMatchObject({ plan: 'pro', trial: null });
    expect(await billingOf(customer)).toMatchObject({ plan: 'pro', billing: { subscription: { planName: 'Pro' }, trial: null } });
    const events = await server.platform.prisma.systemEvent.findMany({ where: { userId: customer.userId, category: 'billing' } });
    expect(events.map((event) => event.event)).toContain(`Free trial ended: ${customer.email} subscribed to Pro`);
  });
});

describe("the admin's trial credits", () => {
  it('reads and sets them over GraphQL and REST; new trials get the new amount', async () => {
    const read = await graphql(server, '{ trialSettings { trialDays trialCredits } }', {}, admin.accessToken);
    expect(read.data).toEqual({ trialSettings: { trialDays: 14, trialCredits: DEFAULT_TRIAL_CREDITS } });

    const put = await api(server, 'PUT', '/admin/trial-settings', { token: admin.accessToken, body: { trial_credits: 120 } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ trial_days: 14, trial_credits: 120 });
    expect((await api(server, 'GET', '/admin/trial-settings', { token: admin.accessToken })).body).toEqual({
      trial_days: 14,
      trial_credits: 120,
    });
    const customer = await signUp(server);
    expect((await me(customer)).trial).toMatchObject({ credits: 120, credits_left: 120 });
    const changed = await server.platform.prisma.systemEvent.findFirst({ where: { event: 'Trial credits changed: 120' } });
    expect(changed).toMatchObject({ category: 'billing', userId: admin.userId });
  });

  it.each([-1, 100_001])('refuses %s credits with the rule', async (credits) => {
    const result = await graphql(server, SET_TRIAL_CREDITS, { credits }, admin.accessToken);
    expect(result.data.setTrialCredits).toEqual({ __typename: 'ValidationError', message: TRIAL_CREDITS_INVALID });
    const rest = await api(server, 'PUT', '/admin/trial-settings', { token: admin.accessToken, body: { trial_credits: credits } });
    expect(rest.status).toBe(400);
    expect(rest.body.detail).toBe(TRIAL_CREDITS_INVALID);
    expect((await server.services.billing.trials.settings()).trialCredits).toBe(DEFAULT_TRIAL_CREDITS);
  });

  it('refuses a customer (typed ForbiddenError, 403) and a visitor, and changes nothing', async () => {
    const customer = await signUp(server);
    const mutation = await graphql(server, SET_TRIAL_CREDITS, { credits: 999 }, customer.accessToken);
    expect(mutation.data.setTrialCredits).toMatchObject({ __typename: 'ForbiddenError' });
    const anonymous = await graphql(server, SET_TRIAL_CREDITS, { credits: 999 });
    expect(anonymous.data.setTrialCredits.__typename).toBe('AuthenticationError');
    const query = await graphql(server, '{ trialSettings { trialCredits } }', {}, customer.accessToken);
    expect(query.data?.trialSettings ?? null).toBeNull();
    expect(query.errors?.[0]?.message).toBe('You do not have access to this resource.');

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { trial_credits: 999 }],
    ] as const) {
      const response = await api(server, method, '/admin/trial-settings', { token: customer.accessToken, body });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Administrator access required' });
      expect((await api(server, method, '/admin/trial-settings', { body })).status).toBe(401);
    }
    expect((await server.services.billing.trials.settings()).trialCredits).toBe(DEFAULT_TRIAL_CREDITS);
  });
});
