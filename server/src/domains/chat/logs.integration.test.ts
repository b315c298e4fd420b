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
  return session;
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
        'answered_by',
        'person_name',
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
    expect(lines[0]).toBe('timestamp,bot,channel,user_name,user_email,phone_number,message,response,unanswered,answered_by');
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

describe("a person's replies from the inbox", () => {
  // Anna answers a conversation of her bot from the inbox: her first reply answers the visitor's
  // waiting message, her second answers nothing new. Both are chat logs, said to be hers.
  let anna: TestAccount;
  let helpBotId: string;
  let replyIds: string[];

  const REPLY = `mutation ($id: ID!, $text: String!) {
    replyToConversation(id: $id, text: $text) { __typename ... on ConversationReply { reply { id } } ... on NotFoundError { code } }
  }`;
  const LOGS = `{ viewer { chatLogs(first: 10) { edges { node { id message response answeredBy personName rating } } } } }`;
  const NODE = 'query($id: ID!) { node(id: $id) { __typename ... on ChatLog { message response answeredBy personName } } }';
  const chatLogId = (id: string) => Buffer.from(`ChatLog:${id}`).toString('base64');

  beforeAll(async () => {
    anna = await signUp(server, 'Anna Smith');
    await grantSubscription(server, anna.userId, 'Pro');
    const body = { name: 'Help', displayName: 'Help', useCase: 'faq-bot', description: 'x' };
    helpBotId = (await api(server, 'POST', '/bots/save', { token: anna.accessToken, body })).body.id;
    const asked = new Date(server.clock.now().getTime() - 600_000);
    const session = await exchange(helpBotId, 'widget', 'Do you ship abroad?', 'Yes, within the EU.', asked, { visitorName: 'Sam' });
    // A message held for a person, as the widget keeps it while she has the conversation.
    await server.platform.prisma.chatMessage.create({
      data: { sessionId: session.id, role: 'user', content: 'And to Switzerland?', createdAt: new Date(asked.getTime() + 60_000) },
    });
    const conversation = Buffer.from(`Conversation:${session.id}`).toString('base64');
    replyIds = [];
    for (const text of ['Yes, Switzerland too: 3 days.', 'Anything else I can help with?']) {
      const sent = await graphql(server, REPLY, { id: conversation, text }, anna.accessToken);
      expect(sent.errors).toBeUndefined();
      expect(sent.data.replyToConversation.__typename).toBe('ConversationReply');
      replyIds.push(Buffer.from(sent.data.replyToConversation.reply.id, 'base64').toString().split(':').at(-1)!);
    }
  });

  it("lists her replies over REST, each with the visitor's message it answers and her name", async () => {
    const response = await logs('', anna.accessToken);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(3);
    expect(response.body.logs.map((log: Record<string, unknown>) => [log.message, log.response, log.answered_by, log.person_name])).toEqual(
      [
        ['', 'Anything else I can help with?', 'person', 'Anna Smith'],
        ['And to Switzerland?', 'Yes, Switzerland too: 3 days.', 'person', 'Anna Smith'],
        ['Do you ship abroad?', 'Yes, within the EU.', 'bot', null],
      ],
    );
    expect(response.body.logs[1]).toMatchObject({ id: replyIds[0], botName: 'Help', userName: 'Sam', unanswered: false });
    // A person's reply is never unanswered; search finds it by its words.
    expect((await logs('?unanswered=true', anna.accessToken)).body.total).toBe(0);
    expect((await logs('?unanswered=false', anna.accessToken)).body.total).toBe(3);
    const found = await logs('?search=3 days', anna.accessToken);
    expect(found.body.logs.map((log: { id: string }) => log.id)).toEqual([replyIds[0]]);
  });

  it('says who answered each row in the CSV export', async () => {
    const response = await fetch(`${server.url}/api/v1/customer/chatlogs/export`, {
      headers: { authorization: `Bearer ${anna.accessToken}` },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]!.split(',').at(-1)).toBe('answered_by');
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['person: Anna Smith', 'person: Anna Smith', 'bot']);
    expect(lines[2]).toMatch(/,And to Switzerland\?,"Yes, Switzerland too: 3 days\.",no,person: Anna Smith$/);
  });

  it('gives who answered over GraphQL, in the list and through node()', async () => {
    const result = await graphql(server, LOGS, {}, anna.accessToken);
    expect(result.errors).toBeUndefined();
    const nodes = result.data.viewer.chatLogs.edges.map((edge: { node: Record<string, unknown> }) => edge.node);
    expect(nodes.map((node: Record<string, unknown>) => [node.message, node.answeredBy, node.personName, node.rating])).toEqual([
      ['', 'PERSON', 'Anna Smith', null],
      ['And to Switzerland?', 'PERSON', 'Anna Smith', null],
      ['Do you ship abroad?', 'BOT', null, null],
    ]);
    const reply = await graphql(server, NODE, { id: chatLogId(replyIds[0]!) }, anna.accessToken);
    expect(reply.errors).toBeUndefined();
    expect(reply.data.node).toEqual({
      __typename: 'ChatLog',
      message: 'And to Switzerland?',
      response: 'Yes, Switzerland too: 3 days.',
      answeredBy: 'PERSON',
      personName: 'Anna Smith',
    });
  });

  it('refuses a rating of her reply as not found, and keeps it out of Needs attention', async () => {
    const rate = `mutation($id: ID!) { rateAnswer(messageId: $id, rating: DOWN) { __typename ... on NotFoundError { code } } }`;
    const rated = await graphql(server, rate, { id: chatLogId(replyIds[0]!) }, anna.accessToken);
    expect(rated.errors).toBeUndefined();
    expect(rated.data.rateAnswer).toEqual({ __typename: 'NotFoundError', code: 'ANSWER_NOT_FOUND' });
    expect((await server.platform.prisma.chatMessage.findUniqueOrThrow({ where: { id: replyIds[0]! } })).rating).toBeNull();
    const attention = await graphql(
      server,
      '{ viewer { needsAttention(first: 10) { edges { node { question } } } } }',
      {},
      anna.accessToken,
    );
    expect(attention.errors).toBeUndefined();
    expect(attention.data.viewer.needsAttention.edges).toEqual([]);
  });

  it('shows another customer none of her replies: not listed, not exported, not found', async () => {
    const listed = await logs(`?bot_id=${helpBotId}&search=Switzerland`, stranger.accessToken);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ logs: [], total: 0, page: 1, page_size: 50 });
    const exported = await fetch(`${server.url}/api/v1/customer/chatlogs/export?bot_id=${helpBotId}`, {
      headers: { authorization: `Bearer ${stranger.accessToken}` },
    });
    expect(exported.status).toBe(200);
    expect((await exported.text()).trim().split('\r\n')).toHaveLength(1);
    const viaGraphql = await graphql(server, LOGS, {}, stranger.accessToken);
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.viewer.chatLogs.edges).toEqual([]);
    const peek = await graphql(server, NODE, { id: chatLogId(replyIds[0]!) }, stranger.accessToken);
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
