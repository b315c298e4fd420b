import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import type { Channel } from '../../generated/prisma/client.ts';

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let supportBotId: string;
let salesBotId: string;

const DAY = 86_400_000;

async function exchange(
  botId: string,
  channel: Channel,
  question: string,
  answer: string,
  at: Date,
  extra: { phoneNumber?: string; unanswered?: boolean; latencyMs?: number; visitorName?: string } = {},
) {
  const { prisma } = server.platform;
  const session = await prisma.chatSession.create({
    data: { botId, channel, phoneNumber: extra.phoneNumber, visitorName: extra.visitorName, createdAt: at, lastMessageAt: at },
  });
  const asked = await prisma.chatMessage.create({ data: { sessionId: session.id, role: 'user', content: question, createdAt: at } });
  await prisma.chatMessage.create({
    data: {
      sessionId: session.id,
      role: 'assistant',
      content: answer,
      replyToId: asked.id,
      createdAt: new Date(at.getTime() + 1000),
      latencyMs: extra.latencyMs ?? 1200,
      unanswered: extra.unanswered ?? false,
    },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-11-22T12:00:00Z'));
  owner = await signUp(server, 'Logs Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Stranger');
  await grantSubscription(server, stranger.userId, 'Pro');
  const body = (name: string) => ({ name, displayName: name, useCase: 'faq-bot', description: 'x' });
  supportBotId = (await api(server, 'POST', '/bots/save', { token: owner.accessToken, body: body('Support') })).body.id;
  salesBotId = (await api(server, 'POST', '/bots/save', { token: owner.accessToken, body: body('Sales') })).body.id;
  const now = server.clock.now();
  await exchange(supportBotId, 'widget', 'Where is my order?', 'It ships tomorrow.', new Date(now.getTime() - 60_000), {
    visitorName: 'Jo',
    latencyMs: 1000,
  });
  await exchange(supportBotId, 'whatsapp', 'Do you deliver to Lyon?', 'Yes, in 2 days.', new Date(now.getTime() - DAY - 3_600_000), {
    phoneNumber: '+33612345678',
    latencyMs: 3000,
  });
  await exchange(salesBotId, 'widget', '=SUM(A1) is the price?', 'I could not find that.', new Date(now.getTime() - 3 * DAY), {
    unanswered: true,
    latencyMs: 2000,
  });
  await exchange(salesBotId, 'widget', 'Old question', 'Old answer', new Date('2026-10-10T10:00:00Z'), { latencyMs: 4000 });
  await exchange(salesBotId, 'test', 'Test from the editor', 'Test answer', new Date(now.getTime() - 120_000));
});

afterAll(async () => {
  await server?.close();
});

const logs = (query = '', token = owner.accessToken) => api(server, 'GET', `/customer/chatlogs${query}`, { token });

describe('chat logs over REST', () => {
  it('lists every answered exchange newest first with the spec fields', async () => {
    const response = await logs();
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(5);
    expect(response.body.logs[0]).toMatchObject({
      botName: 'Support',
      channel: 'widget',
      userName: 'Jo',
      message: 'Where is my order?',
      response: 'It ships tomorrow.',
    });
    expect(Object.keys(response.body.logs[0]).sort()).toEqual(
      [
        'botId',
        'botName',
        'channel',
        'id',
        'message',
        'phoneNumber',
        'response',
        'timestamp',
        'unanswered',
        'userEmail',
        'userName',
      ].sort(),
    );
    const timestamps = response.body.logs.map((log: { timestamp: string }) => log.timestamp);
    expect([...timestamps].sort().reverse()).toEqual(timestamps);
    expect(response.body.logs.find((log: { channel: string }) => log.channel === 'whatsapp').phoneNumber).toBe('+33612345678');
  });

  it.each([
    ['?date_range=today', ['Where is my order?', 'Test from the editor']],
    ['?date_range=yesterday', ['Do you deliver to Lyon?']],
    ['?date_range=last_week', ['Where is my order?', 'Test from the editor', 'Do you deliver to Lyon?', '=SUM(A1) is the price?']],
    ['?search=lyon', ['Do you deliver to Lyon?']],
    ['?search=SHIPS', ['Where is my order?']],
    ['?channel=whatsapp', ['Do you deliver to Lyon?']],
    ['?unanswered=true', ['=SUM(A1) is the price?']],
  ])('filters %s', async (query, questions) => {
    const response = await logs(query);
    expect(response.body.logs.map((log: { message: string }) => log.message)).toEqual(questions);
  });

  it('filters by bot and paginates', async () => {
    const sales = await logs(`?bot_id=${salesBotId}`);
    expect(sales.body.total).toBe(3);
    const firstPage = await logs('?page=1&page_size=2');
    const secondPage = await logs('?page=2&page_size=2');
    expect(firstPage.body.logs).toHaveLength(2);
    expect(secondPage.body.logs[0].id).not.toBe(firstPage.body.logs[1].id);
    expect((await logs('?page=0')).status).toBe(400);
    expect((await logs('?date_range=someday')).body.detail).toMatch(/date_range must be one of/);
  });

  it('exports the filtered logs as CSV, with formula-like cells neutralised', async () => {
    const response = await fetch(`${server.url}/api/v1/customer/chatlogs/export?bot_id=${salesBotId}`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('chat-logs.csv');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('timestamp,bot,channel,user_name,user_email,phone_number,message,response,unanswered');
    expect(lines).toHaveLength(4);
    expect(lines.join('\n')).toContain(",'=SUM(A1) is the price?,");
  });

  it('neutralises formula-like cells behind leading whitespace or line breaks in the export', async () => {
    const customer = await signUp(server, 'Csv Owner');
    await grantSubscription(server, customer.userId, 'Pro');
    const body = { name: 'Csv', displayName: 'Csv', useCase: 'faq-bot', description: 'x' };
    const botId = (await api(server, 'POST', '/bots/save', { token: customer.accessToken, body })).body.id;
    await exchange(
      botId,
      'widget',
      '\n=HYPERLINK("http://evil.test","Click")',
      '   +1+1',
      new Date(server.clock.now().getTime() - 60_000),
      {
        visitorName: ' @SUM(A1)',
      },
    );
    const response = await fetch(`${server.url}/api/v1/customer/chatlogs/export`, {
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv).toContain(`,"'\n=HYPERLINK(""http://evil.test"",""Click"")",'   +1+1,`);
    expect(csv).toContain(",widget,' @SUM(A1),");
  });

  it("shows a customer none of another customer's logs", async () => {
    const response = await logs('', stranger.accessToken);
    expect(response.body).toEqual({ logs: [], total: 0, page: 1, page_size: 50 });
    const filtered = await logs(`?bot_id=${supportBotId}`, stranger.accessToken);
    expect(filtered.body.total).toBe(0);
    expect((await api(server, 'GET', '/customer/chatlogs')).status).toBe(401);
  });
});

describe('chat logs and unanswered questions over GraphQL', () => {
  it('pages through viewer.chatLogs and lists unanswered questions', async () => {
    const result = await graphql(
      server,
      `
        {
          viewer {
            chatLogs(first: 2, dateRange: today) {
              edges {
                node {
                  message
                  response
                  channel
                  bot {
                    name
                  }
                }
              }
              pageInfo {
                hasNextPage
              }
            }
            unansweredQuestions(first: 5) {
              edges {
                node {
                  message
                }
              }
            }
          }
        }
      `,
      {},
      owner.accessToken,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.viewer.chatLogs.edges.map((edge: any) => edge.node.message)).toEqual(['Where is my order?', 'Test from the editor']);
    expect(result.data.viewer.chatLogs.edges[0].node.bot.name).toBe('Support');
    expect(result.data.viewer.unansweredQuestions.edges).toEqual([{ node: { message: '=SUM(A1) is the price?' } }]);
  });

  it("filters viewer.chatLogs by a bot's global id, as the logs screen sends it", async () => {
    const query = `query($botId: ID) { viewer { chatLogs(first: 10, botId: $botId) { edges { node { message bot { id name } } } } } }`;
    const bots = await graphql(server, '{ viewer { bots(first: 10) { edges { node { id name } } } } }', {}, owner.accessToken);
    expect(bots.errors).toBeUndefined();
    const support = bots.data.viewer.bots.edges.map((edge: any) => edge.node).find((bot: any) => bot.name === 'Support');
    const filtered = await graphql(server, query, { botId: support.id }, owner.accessToken);
    expect(filtered.errors).toBeUndefined();
    const nodes = filtered.data.viewer.chatLogs.edges.map((edge: any) => edge.node);
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((node: any) => node.bot.id === support.id)).toBe(true);
    const all = await graphql(server, query, { botId: null }, owner.accessToken);
    expect(all.data.viewer.chatLogs.edges.length).toBeGreaterThan(nodes.length);

    const foreign = await graphql(server, query, { botId: support.id }, stranger.accessToken);
    expect(foreign.errors).toBeUndefined();
    expect(foreign.data.viewer.chatLogs.edges).toEqual([]);
  });

  it('does not let another customer load a log through node()', async () => {
    const own = await graphql(server, '{ viewer { chatLogs(first: 1) { edges { node { id } } } } }', {}, owner.accessToken);
    const id = own.data.viewer.chatLogs.edges[0].node.id;
    const peek = await graphql(
      server,
      'query($id: ID!) { node(id: $id) { id ... on ChatLog { response } } }',
      { id },
      stranger.accessToken,
    );
    expect(peek.errors).toBeUndefined();
    expect(peek.data).toEqual({ node: null });
  });
});

describe('the dashboard', () => {
  it('computes this month against last month from real conversations', async () => {
    const response = await api(server, 'GET', '/customer/dashboard', { token: owner.accessToken });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      totalBots: 2,
      botsChange: null,
      totalConversations: 4,
      conversationsChange: 200,
      avgResponseTime: 2,
      avgResponseTimeChange: -50,
      topBots: [
        { name: 'Support', conversations: 2 },
        { name: 'Sales', conversations: 1 },
      ],
    });
    expect(response.body.recentActivity[0]).toMatchObject({ category: 'auth', level: 'success' });
    const other = await api(server, 'GET', '/customer/dashboard', { token: stranger.accessToken });
    expect(other.body).toMatchObject({ totalBots: 0, totalConversations: 0, topBots: [] });
  });

  it('gives the same figures through viewer.dashboard', async () => {
    const result = await graphql(
      server,
      '{ viewer { dashboard { totalBots totalConversations avgResponseTime topBots { name conversations } } } }',
      {},
      owner.accessToken,
    );
    expect(result.data.viewer.dashboard).toEqual({
      totalBots: 2,
      totalConversations: 4,
      avgResponseTime: 2,
      topBots: [
        { name: 'Support', conversations: 2 },
        { name: 'Sales', conversations: 1 },
      ],
    });
  });
});
