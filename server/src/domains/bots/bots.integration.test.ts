import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { NO_PLAN_MESSAGE } from './errors.ts';

let server: TestServer;
let model: FakeOpenAI;
let owner: TestAccount;
let stranger: TestAccount;

// A 1x1 PNG, and the first bytes of a Windows executable.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

const minimalBot = {
  name: 'Support bot',
  displayName: 'Ava',
  useCase: 'customer-support',
  description: 'Answers questions about our shop.',
};

beforeAll(async () => {
  model = await startFakeOpenAI();
  server = await startTestServer({ OPENAI_API_KEY: 'sk-test-platform-key-000000000000', OPENAI_BASE_URL: model.baseUrl });
  owner = await signUp(server, 'Bot Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Stranger');
  await grantSubscription(server, stranger.userId, 'Pro');
});

afterAll(async () => {
  await server?.close();
  await model?.close();
});

async function saveBotForm(account: TestAccount, data: unknown, files: Record<string, Buffer> = {}, method = 'POST', path = '/bots/save') {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const [field, content] of Object.entries(files)) form.append(field, new Blob([new Uint8Array(content)]), `${field}.bin`);
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    body: form,
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function createBot(account: TestAccount, overrides: Record<string, unknown> = {}) {
  const created = await api(server, 'POST', '/bots/save', { token: account.accessToken, body: { ...minimalBot, ...overrides } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('bot CRUD over REST', () => {
  it('creates a bot from the multipart form with an icon, applying the spec defaults', async () => {
    const created = await saveBotForm(owner, minimalBot, { icon: PNG });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Support bot',
      displayName: 'Ava',
      tone: 'friendly',
      responseStyle: 'balanced',
      languageCode: 'en',
      chatPosition: 'bottom-right',
      themeColor: '#8b5cf6',
      isActive: true,
      creativity: 0.5,
      maxTokens: 0,
      streaming: false,
      enableMemory: false,
      followUpBehavior: 'ask-more',
      status: 'online',
      conversations: 0,
      owner: 'Bot Owner',
      logoUrl: null,
    });
    expect(created.body.iconUrl).toMatch(/^\/static\/bots\/.+\/images\/icon-.+\.png$/);
    const icon = await fetch(`${server.url}${created.body.iconUrl}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    [{ ...minimalBot, name: '' }, /Bot name is required/],
    [{ ...minimalBot, displayName: undefined }, /Display name is required/],
    [{ ...minimalBot, useCase: 'astrology' }, /Use case must be one of/],
    [{ ...minimalBot, description: '  ' }, /Detailed description is required/],
    [{ ...minimalBot, creativity: 0.8 }, /between 0 and 0.7/],
    [{ ...minimalBot, creativity: 0.25 }, /steps of 0.1/],
    [{ ...minimalBot, themeColor: 'purple' }, /hex colour/],
    [{ ...minimalBot, tone: 'custom' }, /Describe the custom tone/],
    [{ ...minimalBot, maxTokens: -5 }, /Max response length/],
    [{ ...minimalBot, languageCode: 'pt' }, /Language must be one of/],
    [{ ...minimalBot, chatPosition: 'middle' }, /Chat position must be one of/],
  ])('rejects %j with 400 and a clear detail', async (data, detail) => {
    const response = await api(server, 'POST', '/bots/save', { token: owner.accessToken, body: data });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(detail);
  });

  it('rejects a non-image icon with 415 and an oversized logo with 413, creating nothing', async () => {
    const before = (await api(server, 'GET', '/bots', { token: owner.accessToken })).body.length;
    const notImage = await saveBotForm(owner, minimalBot, { icon: EXE });
    expect(notImage.status).toBe(415);
    expect(notImage.body.detail).toMatch(/Icon must be a PNG/);
    const huge = await saveBotForm(owner, minimalBot, { logo: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatch(/at most 2 MB/);
    expect((await api(server, 'GET', '/bots', { token: owner.accessToken })).body.length).toBe(before);
  });

  it('reads, lists with search and status filters, updates in part and deletes', async () => {
    const bot = await createBot(owner, { name: 'Zebra helper' });
    const read = await api(server, 'GET', `/bots/${bot.id}`, { token: owner.accessToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: bot.id, name: 'Zebra helper', documents: [] });

    const searched = await api(server, 'GET', '/bots?search=zebra', { token: owner.accessToken });
    expect(searched.body.map((entry: { id: string }) => entry.id)).toEqual([bot.id]);

    const patched = await saveBotForm(owner, { isActive: false, themeColor: '#ABC' }, { logo: PNG }, 'PATCH', `/bots/${bot.id}`);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Zebra helper', isActive: false, themeColor: '#aabbcc', status: 'offline' });
    expect(patched.body.logoUrl).toMatch(/logo-.+\.png$/);

    const offline = await api(server, 'GET', '/bots?status=offline', { token: owner.accessToken });
    expect(offline.body.map((entry: { id: string }) => entry.id)).toContain(bot.id);
    const online = await api(server, 'GET', '/bots?status=online', { token: owner.accessToken });
    expect(online.body.map((entry: { id: string }) => entry.id)).not.toContain(bot.id);

    const deleted = await api(server, 'DELETE', `/bots/${bot.id}`, { token: owner.accessToken });
    expect(deleted.status).toBe(200);
    expect((await api(server, 'GET', `/bots/${bot.id}`, { token: owner.accessToken })).status).toBe(404);
    expect((await fetch(`${server.url}${patched.body.logoUrl}`)).status).toBe(404);
  });

  it('duplicates settings with a new widget token and name', async () => {
    const bot = await createBot(owner, { name: 'Original', tone: 'custom', customToneDescription: 'Pirate speak' });
    const copy = await api(server, 'POST', `/bots/${bot.id}/duplicate`, { token: owner.accessToken });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Original (copy)', tone: 'custom', customToneDescription: 'Pirate speak' });
    expect(copy.body.id).not.toBe(bot.id);
    expect(copy.body.widgetToken).not.toBe(bot.widgetToken);
  });

  it('deploys with an HTML and a React embed code carrying the bot id and widget token', async () => {
    const bot = await createBot(owner);
    const deployed = await api(server, 'POST', `/deploybot/${bot.id}/deploy`, { token: owner.accessToken });
    expect(deployed.status).toBe(200);
    expect(deployed.body.embed_code).toBe(
      `<script src="http://app.test/widget.js?v=1" data-bot-id="${bot.id}" data-token="${bot.widgetToken}" async></script>`,
    );
    expect(deployed.body.embed_code_react).toContain(`script.dataset.botId = "${bot.id}"`);
    expect(deployed.body.embed_code_react).toContain('script.remove()');
  });

  it('answers 401 "Authentication required" on every bot route without a token', async () => {
    for (const [method, path] of [
      ['GET', '/bots'],
      ['POST', '/bots/save'],
      ['GET', '/bots/x'],
      ['PATCH', '/bots/x'],
      ['DELETE', '/bots/x'],
      ['POST', '/bots/x/duplicate'],
      ['POST', '/deploybot/x/deploy'],
      ['POST', '/prompt/generate'],
    ]) {
      const response = await api(server, method!, path!);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ detail: 'Authentication required' });
    }
  });
});

describe('tenant isolation', () => {
  it('gives another customer 404 on every route of a bot they do not own', async () => {
    const bot = await createBot(owner);
    const attempts = [
      await api(server, 'GET', `/bots/${bot.id}`, { token: stranger.accessToken }),
      await api(server, 'PATCH', `/bots/${bot.id}`, { token: stranger.accessToken, body: { name: 'Hijacked' } }),
      await api(server, 'DELETE', `/bots/${bot.id}`, { token: stranger.accessToken }),
      await api(server, 'POST', `/bots/${bot.id}/duplicate`, { token: stranger.accessToken }),
      await api(server, 'POST', `/deploybot/${bot.id}/deploy`, { token: stranger.accessToken }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body).toEqual({ detail: 'Bot not found' });
    }
    const list = await api(server, 'GET', '/bots', { token: stranger.accessToken });
    expect(list.body.map((entry: { id: string }) => entry.id)).not.toContain(bot.id);
    expect((await api(server, 'GET', `/bots/${bot.id}`, { token: owner.accessToken })).body.name).toBe(bot.name);
  });

  it('hides the bot from another customer over GraphQL', async () => {
    const bot = await createBot(owner);
    const globalId = Buffer.from(`Bot:${bot.id}`).toString('base64');
    const peek = await graphql(
      server,
      'query($id: ID!) { node(id: $id) { id ... on Bot { name widgetToken } } }',
      { id: globalId },
      stranger.accessToken,
    );
    expect(peek.errors).toBeUndefined();
    expect(peek.data).toEqual({ node: null });
    const update = await graphql(
      server,
      `
        mutation ($id: ID!) {
          updateBot(id: $id, input: { name: "Hijacked" }) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { id: globalId },
      stranger.accessToken,
    );
    expect(update.data.updateBot).toEqual({ __typename: 'NotFoundError', message: 'Bot not found' });
  });
});

describe('the plan gate', () => {
  it('refuses a customer without a plan with the spec message', async () => {
    const newcomer = await signUpWithoutTrial(server);
    const response = await api(server, 'POST', '/bots/save', { token: newcomer.accessToken, body: minimalBot });
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe(NO_PLAN_MESSAGE);
  });

  it('caps a Starter subscription at 3 bots, even for concurrent creations and duplicates', async () => {
    const starter = await signUp(server);
    await grantSubscription(server, starter.userId, 'Starter');
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => api(server, 'POST', '/bots/save', { token: starter.accessToken, body: minimalBot })),
    );
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(3);
    const refused = attempts.filter((attempt) => attempt.status === 403);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.detail).toMatch(/Bot limit reached: your plan allows 3 chatbots/);
    const someBot = attempts.find((attempt) => attempt.status === 201)!.body;
    expect((await api(server, 'POST', `/bots/${someBot.id}/duplicate`, { token: starter.accessToken })).status).toBe(403);
  });

  it('lets a credit-mode customer with credits create bots without a cap', async () => {
    const creditUser = await signUp(server);
    await server.platform.prisma.billingSettings.create({ data: { userId: creditUser.userId, planType: 'credit', totalCredits: '100' } });
    for (let index = 0; index < 4; index++) await createBot(creditUser);
  });

  it('no longer counts an expired subscription', async () => {
    const lapsed = await signUp(server);
    await grantSubscription(server, lapsed.userId, 'Pro');
    await createBot(lapsed);
    const expired = new Date(server.clock.now().getTime() - 60_000);
    await server.platform.prisma.subscription.updateMany({ where: { userId: lapsed.userId }, data: { expiresAt: expired } });
    const response = await api(server, 'POST', '/bots/save', { token: lapsed.accessToken, body: minimalBot });
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe(NO_PLAN_MESSAGE);
  });
});

describe('prompt generation', () => {
  it('answers the spec message when the use case or description is missing', async () => {
    for (const body of [
      { use_case_type: 'faq-bot' },
      { detailed_description: 'We sell bikes' },
      { use_case_type: '', detailed_description: 'x' },
    ]) {
      const response = await api(server, 'POST', '/prompt/generate', { token: owner.accessToken, body });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe('Missing Information: Please select a use case and provide a description first.');
    }
  });

  it('asks the configured model and returns its prompt, tone and style', async () => {
    model.answerWith(
      '```json\n{"prompt": "You are the friendly assistant of Velo Bikes. Answer only from the knowledge given.", "tone": "humorous", "response_style": "concise"}\n```',
    );
    const response = await api(server, 'POST', '/prompt/generate', {
      token: owner.accessToken,
      body: { use_case_type: 'e-commerce', detailed_description: 'Velo Bikes sells city bikes online.' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      prompt: 'You are the friendly assistant of Velo Bikes. Answer only from the knowledge given.',
      tone: 'humorous',
      response_style: 'concise',
    });
    expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain('Velo Bikes sells city bikes online.');
  });

  it('falls back to the use-case template when the model fails', async () => {
    model.failWith(500, 'upstream exploded');
    const response = await api(server, 'POST', '/prompt/generate', {
      token: owner.accessToken,
      body: { use_case_type: 'booking', detailed_description: 'A dental practice in Lyon.' },
    });
    expect(response.status).toBe(200);
    expect(response.body.prompt).toContain('You are a booking assistant');
    expect(response.body.prompt).toContain('A dental practice in Lyon.');
    expect(response.body).toMatchObject({ tone: 'professional', response_style: 'concise' });
    model.answerWith('OK');
  });
});

describe('bots over GraphQL', () => {
  it('creates, lists through viewer.bots with derived fields, deploys and deletes', async () => {
    const account = await signUp(server);
    await grantSubscription(server, account.userId, 'Enterprise');
    const created = await graphql(
      server,
      `
        mutation {
          createBot(input: { name: "Graph bot", displayName: "G", useCase: "faq-bot", description: "FAQ" }) {
            __typename
            ... on Bot {
              id
              name
              status
              conversationsToday
              themeColor
            }
            ... on Error {
              message
            }
          }
        }
      `,
      {},
      account.accessToken,
    );
    expect(created.data.createBot).toMatchObject({ __typename: 'Bot', name: 'Graph bot', status: 'online', conversationsToday: 0 });
    const botId = created.data.createBot.id;

    const invalid = await graphql(
      server,
      'mutation { createBot(input: { name: "No use case" }) { __typename ... on ValidationError { message } } }',
      {},
      account.accessToken,
    );
    expect(invalid.data.createBot.__typename).toBe('ValidationError');

    const listed = await graphql(
      server,
      `
        {
          viewer {
            bots(first: 10, search: "graph") {
              totalCount
              edges {
                node {
                  id
                  name
                  owner {
                    fullName
                  }
                }
              }
            }
          }
        }
      `,
      {},
      account.accessToken,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data.viewer.bots).toMatchObject({
      totalCount: 1,
      edges: [{ node: { id: botId, name: 'Graph bot', owner: { fullName: 'Test Customer' } } }],
    });

    const deployed = await graphql(
      server,
      `
        mutation ($id: ID!) {
          deployBot(id: $id) {
            ... on DeployPayload {
              embedCode
              bot {
                deployedAt
              }
            }
          }
        }
      `,
      { id: botId },
      account.accessToken,
    );
    expect(deployed.data.deployBot.embedCode).toContain('data-bot-id=');
    expect(deployed.data.deployBot.bot.deployedAt).not.toBeNull();

    const deleted = await graphql(
      server,
      `
        mutation ($id: ID!) {
          deleteBot(id: $id) {
            ... on DeletedBotPayload {
              deletedId
            }
          }
        }
      `,
      { id: botId },
      account.accessToken,
    );
    expect(deleted.data.deleteBot.deletedId).toBe(botId);
  });

  it("shows each bot of a page with its own status, today's conversations and owner, over GraphQL and REST", async () => {
    const account = await signUp(server, 'Page Owner');
    await grantSubscription(server, account.userId, 'Enterprise');
    const { prisma, clock } = server.platform;
    const learning = await createBot(account, { name: 'Learning bot' });
    const busy = await createBot(account, { name: 'Busy bot' });
    const paused = await createBot(account, { name: 'Paused bot', isActive: false });
    const crawling = await createBot(account, { name: 'Crawling bot', isActive: false });
    await prisma.document.create({
      data: {
        botId: learning.id,
        fileName: 'a.txt',
        mimeType: 'text/plain',
        sizeBytes: 1,
        contentHash: 'h',
        storageKey: 'k',
        status: 'processing',
      },
    });
    await prisma.webSource.create({ data: { botId: crawling.id, url: 'https://example.org/', status: 'running' } });
    const now = clock.now();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    await prisma.chatSession.createMany({
      data: [
        { botId: busy.id, channel: 'widget', createdAt: midnight },
        { botId: busy.id, channel: 'whatsapp', createdAt: now },
        { botId: busy.id, channel: 'widget', createdAt: new Date(midnight.getTime() - 1) },
        { botId: paused.id, channel: 'widget', createdAt: now },
      ],
    });
    const expected = {
      'Learning bot': { status: 'training', conversationsToday: 0 },
      'Busy bot': { status: 'online', conversationsToday: 2 },
      'Paused bot': { status: 'offline', conversationsToday: 1 },
      'Crawling bot': { status: 'training', conversationsToday: 0 },
    };

    const listed = await graphql(
      server,
      '{ viewer { bots(first: 10) { totalCount edges { node { name status conversationsToday owner { fullName } } } } } }',
      {},
      account.accessToken,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data.viewer.bots.totalCount).toBe(4);
    const nodes = listed.data.viewer.bots.edges.map((edge: { node: { name: keyof typeof expected } }) => edge.node);
    expect(
      Object.fromEntries(nodes.map((node: any) => [node.name, { status: node.status, conversationsToday: node.conversationsToday }])),
    ).toEqual(expected);
    expect(nodes.map((node: any) => node.owner.fullName)).toEqual(['Page Owner', 'Page Owner', 'Page Owner', 'Page Owner']);
    expect(nodes.map((node: any) => node.name)).toEqual(['Crawling bot', 'Paused bot', 'Busy bot', 'Learning bot']);

    const training = await graphql(
      server,
      '{ viewer { bots(first: 10, status: training) { edges { node { name } } } } }',
      {},
      account.accessToken,
    );
    expect(training.data.viewer.bots.edges.map((edge: any) => edge.node.name).sort()).toEqual(['Crawling bot', 'Learning bot']);

    const rest = await api(server, 'GET', '/bots', { token: account.accessToken });
    expect(rest.status).toBe(200);
    expect(
      Object.fromEntries(rest.body.map((bot: any) => [bot.name, { status: bot.status, conversationsToday: bot.conversations }])),
    ).toEqual(expected);
    expect(rest.body.map((bot: any) => bot.owner)).toEqual(['Page Owner', 'Page Owner', 'Page Owner', 'Page Owner']);
    const single = await api(server, 'GET', `/bots/${busy.id}`, { token: account.accessToken });
    expect(single.body).toMatchObject({ status: 'online', conversations: 2, owner: 'Page Owner' });
  });

  it('lets the seeded demo customer see their own bots only', async () => {
    const demo = await logIn(server, 'customer@example.com', 'customer-demo-2026');
    const listed = await graphql(server, '{ viewer { bots(first: 50) { totalCount } } }', {}, demo.accessToken);
    expect(listed.data.viewer.bots.totalCount).toBe(0);
  });
});
