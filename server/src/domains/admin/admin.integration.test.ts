import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUp, type TestAccount } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  customer = await signUp(server, 'Ada Admin-Test');
});

afterAll(async () => {
  await server?.close();
});

const STRIPE_SECRET = 'sk_test_51AbCdEfGhIjKlMnOpQrStUv4242';

/** Every admin REST call, with a body that would be valid for an admin. */
const ADMIN_CALLS: [string, string, unknown?][] = [
  ['GET', '/admin/overview'],
  ['GET', '/admin/customers'],
  ['POST', `/admin/suspend/${randomUUID()}`],
  ['POST', `/admin/enable/${randomUUID()}`],
  ['POST', `/admin/customers/${randomUUID()}/credits`, { amount: 5, reason: 'goodwill' }],
  ['POST', `/admin/customers/${randomUUID()}/email`, { subject: 'Hi', message: 'Hello' }],
  ['GET', '/admin/config/'],
  ['PUT', '/admin/config/', { key: 'stripe_secret_key', value: STRIPE_SECRET }],
  ['GET', '/admin/analytics/events'],
  ['GET', '/admin/analytics/events/export'],
  ['GET', '/admin/whatsapplogs'],
  ['GET', '/admin/whatsapplogs/analytics'],
];

describe('the admin REST calls refuse everyone but an admin', () => {
  it.each(ADMIN_CALLS)('%s %s: 403 for a customer, 401 without a token', async (method, route, body) => {
    const asCustomer = await api(server, method, route, { token: customer.accessToken, body });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.detail).toBe('Administrator access required');
    const anonymous = await api(server, method, route, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe('Authentication required');
  });
});

const ADMIN_QUERY = `query { admin { __typename ... on Error { message code } ... on Admin { overview { totalUsers } } } }`;

const ADMIN_MUTATIONS: [string, Record<string, unknown>][] = [
  ['mutation($id: ID!) { r: suspendCustomer(customerId: $id) { __typename ... on Error { message code } } }', {}],
  ['mutation($id: ID!) { r: enableCustomer(customerId: $id) { __typename ... on Error { message code } } }', {}],
  [
    'mutation($id: ID!) { r: grantCustomerCredits(customerId: $id, amount: 5, reason: "x") { __typename ... on Error { message code } } }',
    {},
  ],
  [
    'mutation($id: ID!) { r: sendCustomerEmail(customerId: $id, subject: "s", message: "m") { __typename ... on Error { message code } } }',
    {},
  ],
  ['mutation { r: setAdminConfig(key: "stripe_secret_key", value: "") { __typename ... on Error { message code } } }', {}],
  ['mutation { r: createTemplatePrompt(input: { title: "t", promptText: "p" }) { __typename ... on Error { message code } } }', {}],
];

describe('the admin GraphQL refuses everyone but an admin with typed errors', () => {
  it('answers a customer ForbiddenError and a visitor AuthenticationError on Query.admin', async () => {
    const asCustomer = await graphql(server, ADMIN_QUERY, {}, customer.accessToken);
    expect(asCustomer.errors).toBeUndefined();
    expect(asCustomer.data.admin).toEqual({
      __typename: 'ForbiddenError',
      message: 'You do not have access to this resource.',
      code: 'FORBIDDEN',
    });
    const anonymous = await graphql(server, ADMIN_QUERY);
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data.admin).toMatchObject({ __typename: 'AuthenticationError', message: 'Authentication required' });
  });

  it.each(ADMIN_MUTATIONS)('%s: ForbiddenError for a customer', async (mutation) => {
    const id = await customerGlobalId(customer.userId);
    const result = await graphql(server, mutation, mutation.includes('$id') ? { id } : {}, customer.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.r.__typename).toBe('ForbiddenError');
    expect(result.data.r.message).toBe('You do not have access to this resource.');
  });

  it('gives a customer no Customer node through node(id)', async () => {
    const id = await customerGlobalId(customer.userId);
    const result = await graphql(server, 'query($id: ID!) { node(id: $id) { id } }', { id }, customer.accessToken);
    expect(result.data?.node ?? null).toBeNull();
    expect(result.errors?.[0]?.message).toBe('Administrator access required');
  });
});

async function customerGlobalId(userId: string): Promise<string> {
  return Buffer.from(`Customer:${userId}`).toString('base64');
}

describe('overview', () => {
  it('counts real customers, bots and sign-ups this month over REST and GraphQL', async () => {
    const before = (await api(server, 'GET', '/admin/overview', { token: admin.accessToken })).body;
    const newcomer = await signUp(server, 'Overview Newcomer');
    const after = await api(server, 'GET', '/admin/overview', { token: admin.accessToken });
    expect(after.status).toBe(200);
    expect(after.body.total_users).toBe(before.total_users + 1);
    expect(after.body.users_change).toMatch(/^[+-](\d+\.\d|∞)%$/);
    expect(after.body.revenue_change).toMatch(/^[+-](\d+\.\d|∞)%$/);
    expect(after.body.recent_users[0]).toMatchObject({ id: newcomer.userId, name: 'Overview Newcomer', email: newcomer.email });
    expect(Object.keys(after.body).sort()).toEqual(
      [
        'active_bots',
        'bots_change',
        'conversations',
        'conversations_change',
        'recent_users',
        'revenue',
        'revenue_change',
        'top_bots',
        'total_users',
        'users_change',
      ].sort(),
    );

    const viaGraphql = await graphql(
      server,
      `
        query {
          admin {
            ... on Admin {
              overview {
                totalUsers
                usersChange
                recentUsers {
                  email
                  status
                  plan
                }
              }
            }
          }
        }
      `,
      {},
      admin.accessToken,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.admin.overview.totalUsers).toBe(after.body.total_users);
    expect(viaGraphql.data.admin.overview.recentUsers[0].email).toBe(newcomer.email);
  });

  it('shows revenue of this month and +∞% when last month had none', async () => {
    const { prisma, clock } = server.platform;
    const payer = await signUp(server, 'Revenue Payer');
    await prisma.payment.create({ data: { userId: payer.userId, kind: 'credit_pack', amount: 19, status: 'paid', paidAt: clock.now() } });
    const overview = (await api(server, 'GET', '/admin/overview', { token: admin.accessToken })).body;
    expect(overview.revenue).toBeGreaterThanOrEqual(19);
    expect(overview.revenue_change).toBe('+∞%');
  });
});

describe('customers', () => {
  it('finds a customer by name or email, with figures, paginated', async () => {
    const paying = await signUp(server, 'Zelda Searchable');
    await grantSubscription(server, paying.userId, 'Pro');
    const byName = await api(server, 'GET', '/admin/customers?search=zelda%20search', { token: admin.accessToken });
    expect(byName.status).toBe(200);
    expect(byName.body.customers).toHaveLength(1);
    expect(byName.body.customers[0]).toMatchObject({
      id: paying.userId,
      plan: 'pro',
      status: 'active',
      bots: 0,
      conversations: 0,
      revenue: 0,
    });
    const byEmail = await api(server, 'GET', `/admin/customers?search=${encodeURIComponent(paying.email.toUpperCase())}`, {
      token: admin.accessToken,
    });
    expect(byEmail.body.customers.map((row: { id: string }) => row.id)).toEqual([paying.userId]);

    const firstPage = await api(server, 'GET', '/admin/customers?page=1&page_size=2', { token: admin.accessToken });
    expect(firstPage.body.customers).toHaveLength(2);
    expect(firstPage.body.total).toBeGreaterThan(2);
    const secondPage = await api(server, 'GET', '/admin/customers?page=2&page_size=2', { token: admin.accessToken });
    expect(secondPage.body.customers[0].id).not.toBe(firstPage.body.customers[0].id);
  });

  it('filters by status and refuses an unknown one', async () => {
    const active = await api(server, 'GET', '/admin/customers?status=active&page_size=100', { token: admin.accessToken });
    expect(active.body.customers.every((row: { status: string }) => row.status === 'active')).toBe(true);
    expect(active.body.stats.active).toBe(active.body.total);
    const wrong = await api(server, 'GET', '/admin/customers?status=gold', { token: admin.accessToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('status must be one of: all, active, trial, suspended, inactive');
    const badPage = await api(server, 'GET', '/admin/customers?page_size=1000', { token: admin.accessToken });
    expect(badPage.status).toBe(400);
    expect(badPage.body.detail).toBe('page_size must be between 1 and 100');
  });

  it('pages customers as a Relay connection with a search', async () => {
    const query = `query($after: String) { admin { ... on Admin {
      customers(first: 1, after: $after, search: "Zelda") { totalCount pageInfo { hasNextPage endCursor } edges { node { id name status plan } } }
    } } }`;
    const result = await graphql(server, query, {}, admin.accessToken);
    expect(result.errors).toBeUndefined();
    const connection = result.data.admin.customers;
    expect(connection.totalCount).toBe(1);
    expect(connection.edges[0].node).toMatchObject({ name: 'Zelda Searchable', status: 'active', plan: 'pro' });
    expect(connection.pageInfo.hasNextPage).toBe(false);
  });
});

describe('suspension', () => {
  it('suspends a customer, revokes their live session at once, and enables them again', async () => {
    const target = await signUp(server, 'Suspended Soon');
    expect((await api(server, 'GET', '/users/me', { token: target.accessToken })).status).toBe(200);

    const suspended = await api(server, 'POST', `/admin/suspend/${target.userId}`, { token: admin.accessToken });
    expect(suspended.status).toBe(200);
    expect(suspended.body.message).toBe(`${target.email} is suspended and signed out.`);
    expect((await api(server, 'GET', '/users/me', { token: target.accessToken })).status).toBe(401);
    const refreshed = await api(server, 'POST', '/users/refresh', { body: { refresh_token: target.refreshToken } });
    expect(refreshed.status).toBe(401);
    const login = await api(server, 'POST', '/users/login', { body: { email: target.email, password: target.password } });
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe('This account is suspended. Please contact support.');
    const listed = await api(server, 'GET', `/admin/customers?search=${encodeURIComponent(target.email)}`, { token: admin.accessToken });
    expect(listed.body.customers[0].status).toBe('suspended');

    const suspendedCount = async () =>
      (await graphql(server, '{ admin { ... on Admin { customerStats { suspended } } } }', {}, admin.accessToken)).data.admin.customerStats
        .suspended as number;
    const suspendedBefore = await suspendedCount();
    const enabled = await graphql(
      server,
      `
        mutation ($id: ID!) {
          enableCustomer(customerId: $id) {
            __typename
            ... on CustomerUpdate {
              customer {
                status
              }
              admin {
                id
                customerStats {
                  suspended
                }
              }
            }
          }
        }
      `,
      { id: await customerGlobalId(target.userId) },
      admin.accessToken,
    );
    expect(enabled.data.enableCustomer.__typename).toBe('CustomerUpdate');
    expect(enabled.data.enableCustomer.customer.status).not.toBe('suspended');
    // The stats cards' figures come with the change: one suspension fewer.
    expect(enabled.data.enableCustomer.admin.customerStats.suspended).toBe(suspendedBefore - 1);
    expect((await api(server, 'POST', '/users/login', { body: { email: target.email, password: target.password } })).status).toBe(200);
  });

  it('will not suspend an admin, and answers 404 for nobody', async () => {
    const self = await api(server, 'POST', `/admin/suspend/${admin.userId}`, { token: admin.accessToken });
    expect(self.status).toBe(403);
    expect(self.body.detail).toBe('An admin cannot suspend an admin.');
    const nobody = await api(server, 'POST', `/admin/suspend/${randomUUID()}`, { token: admin.accessToken });
    expect(nobody.status).toBe(404);
    expect(nobody.body.detail).toBe('Customer not found');
    const viaGraphql = await graphql(
      server,
      `
        mutation ($id: ID!) {
          suspendCustomer(customerId: $id) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { id: Buffer.from('Bot:nothing').toString('base64') },
      admin.accessToken,
    );
    expect(viaGraphql.data.suspendCustomer).toEqual({ __typename: 'NotFoundError', message: 'Customer not found' });
  });
});

describe('support credit grants', () => {
  it('adds credits with one ledger entry carrying the reason', async () => {
    const target = await signUp(server, 'Credit Receiver');
    const granted = await api(server, 'POST', `/admin/customers/${target.userId}/credits`, {
      token: admin.accessToken,
      body: { amount: 25, reason: 'Sorry for the outage' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.customer).toMatchObject({ credit_balance: 25, status: 'active' });
    const entries = await server.platform.prisma.creditLedgerEntry.findMany({ where: { userId: target.userId } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'adjustment', description: 'Support grant: Sorry for the outage' });
    expect(entries[0]!.amount.toNumber()).toBe(25);
    const credits = await api(server, 'GET', '/usersbilling/current-active/credit', { token: target.accessToken });
    expect(credits.body.total_credits - credits.body.used_credits).toBe(25);
  });

  it.each([
    [{ amount: 0, reason: 'x' }, 'amount must be greater than 0'],
    [{ amount: 'lots', reason: 'x' }, 'amount must be a number'],
    [{ amount: 5 }, 'reason is required'],
    [{ amount: 5, reason: '   ' }, 'reason is required'],
  ])('refuses %j with 400', async (body, detail) => {
    const response = await api(server, 'POST', `/admin/customers/${customer.userId}/credits`, { token: admin.accessToken, body });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(detail);
  });
});

describe('emailing a customer', () => {
  it('sends through the mailer, escaped, and refuses an empty subject', async () => {
    const sent = await api(server, 'POST', `/admin/customers/${customer.userId}/email`, {
      token: admin.accessToken,
      body: { subject: 'Your account', message: 'Hello <b>Ada</b>,\n\nAll good.' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`Email sent to ${customer.email}`);
    const mail = (await server.outbox()).filter((message) => message.to === customer.email).at(-1)!;
    expect(mail.subject).toBe('Your account');
    expect(mail.html).toContain('&#60;b&#62;Ada&#60;/b&#62;');
    const empty = await api(server, 'POST', `/admin/customers/${customer.userId}/email`, {
      token: admin.accessToken,
      body: { subject: '', message: 'x' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('subject is required');
  });

  it.each([
    ['a CR/LF pair and a header', 'Your account\r\nBcc: everyone@example.org'],
    ['a lone line feed', 'Your\naccount'],
    ['a lone carriage return', 'Your\raccount'],
    ['a trailing line break', 'Your account\r\n'],
    ['a Unicode line separator', 'Your\u2028account'],
  ])('refuses a subject with %s: 400 with a detail over REST, a typed error over GraphQL, nothing sent', async (_name, subject) => {
    const outboxBefore = (await server.outbox()).length;
    const rest = await api(server, 'POST', `/admin/customers/${customer.userId}/email`, {
      token: admin.accessToken,
      body: { subject, message: 'Hello' },
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ detail: 'subject must be a single line' });

    const viaGraphql = await graphql(
      server,
      `
        mutation ($customerId: ID!, $subject: String!) {
          sendCustomerEmail(customerId: $customerId, subject: $subject, message: "Hello") {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { customerId: await customerGlobalId(customer.userId), subject },
      admin.accessToken,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.sendCustomerEmail).toEqual({ __typename: 'ValidationError', message: 'subject must be a single line' });
    expect((await server.outbox()).length).toBe(outboxBefore);
  });
});

describe('platform keys', () => {
  it('lists the six keys, saves one encrypted and shows it masked', async () => {
    const listed = await api(server, 'GET', '/admin/config/', { token: admin.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.map((entry: { key: string }) => entry.key)).toEqual([
      'stripe_secret_key',
      'stripe_webhook_secret',
      'whatsapp_access_token',
      'whatsapp_phone_number_id',
      'whatsapp_verify_token',
      'openai_api_key',
    ]);
    const saved = await api(server, 'PUT', '/admin/config/', {
      token: admin.accessToken,
      body: { key: 'stripe_secret_key', value: STRIPE_SECRET },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ key: 'stripe_secret_key', value: 'sk_test_…4242' });
    const stored = await server.platform.prisma.adminConfig.findUniqueOrThrow({ where: { key: 'stripe_secret_key' } });
    expect(stored.encryptedValue).not.toContain('AbCdEf');
    const reread = await api(server, 'GET', '/admin/config/', { token: admin.accessToken });
    expect(reread.body[0]).toEqual({ key: 'stripe_secret_key', value: 'sk_test_…4242' });
    expect(JSON.stringify(reread.body)).not.toContain(STRIPE_SECRET);
  });

  it.each([
    [
      { key: 'stripe_secret_key', value: 'pk_test_123' },
      '"pk_test_…" is a publishable key: enter the secret key ("sk_…") from the same Stripe page',
    ],
    [
      { key: 'stripe_secret_key', value: 'sk_test_123' },
      'This "sk_test_…" key is incomplete or altered: after "sk_test_" come 10 to 247 letters or digits. Copy the whole key again',
    ],
    [
      { key: 'whatsapp_phone_number_id', value: '+1 555 0100' },
      'Enter the WhatsApp phone number ID: 5 to 20 digits (not the phone number itself)',
    ],
    [{ key: 'nope', value: 'x' }, expect.stringContaining('key must be one of: stripe_secret_key')],
    [{ key: 'openai_api_key', value: 42 }, 'value must be text'],
  ])('refuses %j with 400', async (body, detail) => {
    const response = await api(server, 'PUT', '/admin/config/', { token: admin.accessToken, body });
    expect(response.status).toBe(400);
    expect(response.body.detail).toEqual(detail);
  });

  it('clears a key with an empty value, over GraphQL', async () => {
    const cleared = await graphql(
      server,
      `
        mutation {
          setAdminConfig(key: "whatsapp_verify_token", value: "") {
            __typename
            ... on AdminConfigEntry {
              key
              isSet
              value
            }
          }
        }
      `,
      {},
      admin.accessToken,
    );
    expect(cleared.data.setAdminConfig).toEqual({ __typename: 'AdminConfigEntry', key: 'whatsapp_verify_token', isSet: false, value: '' });
  });
});

describe('system events', () => {
  it('logs what the admin did, with derived levels, filters and a CSV export', async () => {
    const target = await signUp(server, 'Evented Customer');
    await api(server, 'POST', `/admin/suspend/${target.userId}`, { token: admin.accessToken });
    await api(server, 'POST', '/users/login', { body: { email: 'nobody@example.org', password: 'wrong password here' } });

    const all = await api(server, 'GET', `/admin/analytics/events?search=${encodeURIComponent(target.email)}`, {
      token: admin.accessToken,
    });
    expect(all.status).toBe(200);
    expect(all.body.success).toBe(true);
    const names = all.body.events.map((event: { event: string }) => event.event);
    expect(names).toContain(`Customer suspended: ${target.email}`);
    expect(names).toContain(`User created: ${target.email}`);
    const created = all.body.events.find((event: { event: string }) => event.event === `User created: ${target.email}`);
    expect(created).toMatchObject({ category: 'auth', level: 'success' });
    expect(names).toContain(`Email verified: ${target.email}`);
    const refused = await api(server, 'GET', '/admin/analytics/events?search=nobody%40example.org&level=error', {
      token: admin.accessToken,
    });
    expect(refused.body.events[0]).toMatchObject({
      event: 'Login failed: nobody@example.org',
      category: 'auth',
      details: 'Incorrect email or password',
    });
    expect(Object.keys(created).sort()).toEqual(['category', 'details', 'event', 'id', 'level', 'timestamp']);

    const successes = await api(server, 'GET', `/admin/analytics/events?level=success&search=${encodeURIComponent(target.email)}`, {
      token: admin.accessToken,
    });
    expect(successes.body.events.map((event: { level: string }) => event.level)).toEqual(successes.body.events.map(() => 'success'));
    expect(successes.body.events.length).toBeGreaterThan(0);
    const admins = await api(server, 'GET', '/admin/analytics/events?category=admin&page_size=100', { token: admin.accessToken });
    expect(admins.body.events.every((event: { category: string }) => event.category === 'admin')).toBe(true);
    const future = new Date(server.platform.clock.now().getTime() + 86_400_000).toISOString();
    const none = await api(server, 'GET', `/admin/analytics/events?from=${future}`, { token: admin.accessToken });
    expect(none.body.events).toEqual([]);
    const badDate = await api(server, 'GET', '/admin/analytics/events?from=yesterday-ish', { token: admin.accessToken });
    expect(badDate.status).toBe(400);
    expect(badDate.body.detail).toBe('from must be a date (ISO 8601)');

    const csv = await fetch(`${server.url}/api/v1/admin/analytics/events/export?search=${encodeURIComponent(target.email)}`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="system-events.csv"');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('timestamp,level,category,event,details');
    expect(lines.some((line) => line.includes(`Customer suspended: ${target.email}`))).toBe(true);
  });

  it('pages events as a connection with a level filter over GraphQL', async () => {
    const result = await graphql(
      server,
      `
        query {
          admin {
            ... on Admin {
              eventCategories
              events(first: 2, level: success) {
                totalCount
                edges {
                  node {
                    level
                    event
                  }
                }
              }
            }
          }
        }
      `,
      {},
      admin.accessToken,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.admin.eventCategories).toContain('auth');
    expect(result.data.admin.events.edges).toHaveLength(2);
    expect(result.data.admin.events.edges.every((edge: { node: { level: string } }) => edge.node.level === 'success')).toBe(true);
  });
});

describe('WhatsApp messages', () => {
  it('lists logged WhatsApp messages with their answers and counts them', async () => {
    const { prisma } = server.platform;
    const before = (await api(server, 'GET', '/admin/whatsapplogs/analytics', { token: admin.accessToken })).body;
    expect(Object.keys(before).sort()).toEqual(['messages_today', 'unique_whatsapp_numbers', 'whatsapp_messages']);
    const owner = await prisma.user.findUniqueOrThrow({ where: { id: customer.userId } });
    const bot = await prisma.bot.create({
      data: { ownerId: owner.id, name: 'WhatsApp Helper', displayName: 'Helper', useCase: 'support', widgetToken: randomUUID() },
    });
    const session = await prisma.chatSession.create({ data: { botId: bot.id, channel: 'whatsapp', phoneNumber: '15550100999' } });
    const question = await prisma.chatMessage.create({ data: { sessionId: session.id, role: 'user', content: 'Opening hours?' } });
    await prisma.chatMessage.create({
      data: { sessionId: session.id, role: 'assistant', content: 'Nine to five.', replyToId: question.id },
    });

    const after = (await api(server, 'GET', '/admin/whatsapplogs/analytics', { token: admin.accessToken })).body;
    expect(after.whatsapp_messages).toBe(before.whatsapp_messages + 1);
    expect(after.unique_whatsapp_numbers).toBe(before.unique_whatsapp_numbers + 1);
    expect(after.messages_today).toBe(before.messages_today + 1);
    const logs = await api(server, 'GET', '/admin/whatsapplogs?search=15550100999', { token: admin.accessToken });
    expect(logs.body.logs).toEqual([
      {
        id: question.id,
        timestamp: question.createdAt.toISOString(),
        phone: '15550100999',
        user_name: owner.fullName,
        user_email: owner.email,
        bot_name: 'WhatsApp Helper',
        message: 'Opening hours?',
        response: 'Nine to five.',
      },
    ]);
  });
});

describe('demo templates over GraphQL', () => {
  it('creates up to three, refuses a fourth with the spec message, updates and deletes', async () => {
    const { prisma } = server.platform;
    const existing = await prisma.templatePrompt.count();
    const create = (title: string) =>
      graphql(
        server,
        `
          mutation ($input: TemplatePromptInput!) {
            createTemplatePrompt(input: $input) {
              __typename
              ... on TemplatePrompt {
                id
                title
              }
              ... on Error {
                message
              }
            }
          }
        `,
        { input: { title, promptText: 'You are helpful.', useCase: 'customer-support' } },
        admin.accessToken,
      );
    const created = [];
    for (let index = existing; index < 3; index += 1) created.push((await create(`Template ${index}`)).data.createTemplatePrompt);
    const refused = await create('One too many');
    expect(refused.data.createTemplatePrompt).toEqual({ __typename: 'ConflictError', message: 'Maximum of 3 prompts allowed.' });

    const listed = await graphql(
      server,
      `
        query {
          admin {
            ... on Admin {
              templatePrompts {
                id
                title
              }
            }
          }
        }
      `,
      {},
      admin.accessToken,
    );
    expect(listed.data.admin.templatePrompts).toHaveLength(3);
    const target = listed.data.admin.templatePrompts.at(-1);
    const updated = await graphql(
      server,
      `
        mutation ($id: ID!) {
          updateTemplatePrompt(id: $id, input: { title: "Renamed" }) {
            __typename
            ... on TemplatePrompt {
              title
              promptText
            }
          }
        }
      `,
      { id: target.id },
      admin.accessToken,
    );
    expect(updated.data.updateTemplatePrompt).toMatchObject({ __typename: 'TemplatePrompt', title: 'Renamed' });
    const deleted = await graphql(
      server,
      `
        mutation ($id: ID!) {
          deleteTemplatePrompt(id: $id) {
            __typename
            ... on DeletedTemplatePromptPayload {
              deletedId
            }
          }
        }
      `,
      { id: target.id },
      admin.accessToken,
    );
    expect(deleted.data.deleteTemplatePrompt).toEqual({ __typename: 'DeletedTemplatePromptPayload', deletedId: target.id });
    expect(await prisma.templatePrompt.count()).toBe(2);
    expect(created.length + existing).toBe(3);
  });
});
