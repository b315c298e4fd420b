import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { visitorAsks as askWidget, type WidgetAnswer } from '../../../test/widget.ts';

// Needs attention: the questions a bot refused or answered badly (rated down), the same question
// asked several ways shown once, for the owner only, through GraphQL and as CSV.

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let bot: { id: string; widgetToken: string };
let visitors = 0;

async function visitorAsks(message: string): Promise<WidgetAnswer & { ip: string }> {
  const ip = `198.18.9.${++visitors}`;
  return { ...(await askWidget(server, bot, message, ip)), ip };
}

const botGlobalId = (id: string) => Buffer.from(`Bot:${id}`).toString('base64');

const VIEWER_NEEDS_ATTENTION = `
  query ($order: AttentionOrder, $channel: Channel) {
    viewer {
      needsAttention(first: 10, order: $order, channel: $channel) {
        edges { node { id question count reasons bot { name } exchanges { message response rating ratingComment channel } } }
      }
    }
  }`;

const BOT_NEEDS_ATTENTION = `
  query ($id: ID!) {
    node(id: $id) { ... on Bot { needsAttention(first: 10) { edges { node { question count reasons } } } } }
  }`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Attention Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Attention Stranger');
  bot = await botWithKnowledge(server, owner.accessToken, FACTS);

  await visitorAsks('Do you sell gift cards?');
  await visitorAsks('Do you sell gift cards online?');
  await visitorAsks('Gift cards: do you sell them?');
  const opening = await visitorAsks('When does the Lyon store open?');
  const rated = await api(server, 'POST', `/public/bots/${bot.id}/messages/${opening.messageId}/rating?token=${bot.widgetToken}`, {
    body: { session_token: opening.sessionToken, rating: 'down', comment: 'It opens at 10 on Saturdays' },
    headers: { 'x-forwarded-for': opening.ip },
  });
  expect(rated.status, JSON.stringify(rated.body)).toBe(200);
  // Answered and not rated down: nothing to look at.
  await visitorAsks('What time does the Lyon store open on Monday?');
});

afterAll(async () => {
  await server?.close();
});

describe('needs attention', () => {
  it('shows the owner each refused or rated-down question once, the most asked first, with its exchanges', async () => {
    const result = await graphql(server, VIEWER_NEEDS_ATTENTION, {}, owner.accessToken);
    expect(result.errors).toBeUndefined();
    const groups = result.data.viewer.needsAttention.edges.map((edge: { node: unknown }) => edge.node);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      question: 'Gift cards: do you sell them?',
      count: 3,
      reasons: ['UNANSWERED'],
      bot: { name: 'Shop assistant' },
    });
    expect(groups[0].exchanges.map((exchange: { message: string }) => exchange.message)).toEqual([
      'Gift cards: do you sell them?',
      'Do you sell gift cards online?',
      'Do you sell gift cards?',
    ]);
    expect(groups[1]).toMatchObject({ question: 'When does the Lyon store open?', count: 1, reasons: ['RATED_DOWN'] });
    expect(groups[1].exchanges[0]).toMatchObject({ rating: 'DOWN', ratingComment: 'It opens at 10 on Saturdays', channel: 'widget' });
  });

  it('orders by the newest question, filters by channel, and lists per bot', async () => {
    const newest = await graphql(server, VIEWER_NEEDS_ATTENTION, { order: 'NEWEST' }, owner.accessToken);
    expect(newest.errors).toBeUndefined();
    expect(newest.data.viewer.needsAttention.edges.map((edge: { node: { question: string } }) => edge.node.question)).toEqual([
      'When does the Lyon store open?',
      'Gift cards: do you sell them?',
    ]);

    const whatsapp = await graphql(server, VIEWER_NEEDS_ATTENTION, { channel: 'whatsapp' }, owner.accessToken);
    expect(whatsapp.errors).toBeUndefined();
    expect(whatsapp.data.viewer.needsAttention.edges).toEqual([]);

    const perBot = await graphql(server, BOT_NEEDS_ATTENTION, { id: botGlobalId(bot.id) }, owner.accessToken);
    expect(perBot.errors).toBeUndefined();
    expect(perBot.data.node.needsAttention.edges.map((edge: { node: { count: number } }) => edge.node.count)).toEqual([3, 1]);
  });

  it("shows another customer none of it, and not the bot's", async () => {
    const theirs = await graphql(server, VIEWER_NEEDS_ATTENTION, {}, stranger.accessToken);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data.viewer.needsAttention.edges).toEqual([]);

    const bots = await graphql(server, BOT_NEEDS_ATTENTION, { id: botGlobalId(bot.id) }, stranger.accessToken);
    expect(bots.errors).toBeUndefined();
    expect(bots.data.node).toBeNull();

    const csv = await api(server, 'GET', '/customer/needs-attention/export', { token: stranger.accessToken });
    expect(csv.status).toBe(200);
    expect(String(csv.body).trim().split(/\r?\n/)).toHaveLength(1);
  });

  it('exports the groups as CSV, and refuses an unknown order with its reason', async () => {
    const csv = await api(server, 'GET', '/customer/needs-attention/export?order=most_frequent', { token: owner.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = String(csv.body).replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)[0]).toBe('question,times_asked,last_asked,reasons,bot,channels,last_answer,comments');
    // A row a group (answers may run over several lines, quoted).
    expect(text.match(/\r\n(Gift cards: do you sell them\?|When does the Lyon store open\?),\d,/g)).toEqual([
      '\r\nGift cards: do you sell them?,3,',
      '\r\nWhen does the Lyon store open?,1,',
    ]);
    expect(text).toContain(',rated_down,Shop assistant,widget,');
    expect(text).toContain('It opens at 10 on Saturdays');

    const wrong = await api(server, 'GET', '/customer/needs-attention/export?order=loudest', { token: owner.accessToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('order must be most_frequent or newest');

    const anonymous = await api(server, 'GET', '/customer/needs-attention/export');
    expect(anonymous.status).toBe(401);
  });
});

describe("the dashboard's quality cards", () => {
  const ANSWER_QUALITY = `
    query {
      viewer {
        answerQuality {
          answeredRate { thisWeek lastWeek change }
          thumbsUpRate { thisWeek lastWeek change }
          topTopics { question count previousCount }
        }
      }
    }`;

  it("give this week's answered and thumbs-up rates and the most asked topics, from the visitors' exchanges", async () => {
    const result = await graphql(server, ANSWER_QUALITY, {}, owner.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.viewer.answerQuality).toEqual({
      answeredRate: { thisWeek: 0.4, lastWeek: null, change: null },
      thumbsUpRate: { thisWeek: 0, lastWeek: null, change: null },
      topTopics: [
        { question: 'Gift cards: do you sell them?', count: 3, previousCount: 0 },
        { question: 'What time does the Lyon store open on Monday?', count: 2, previousCount: 0 },
      ],
    });
  });

  it("are another customer's own: empty for one whose bots met nobody", async () => {
    const result = await graphql(server, ANSWER_QUALITY, {}, stranger.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.viewer.answerQuality).toEqual({
      answeredRate: { thisWeek: null, lastWeek: null, change: null },
      thumbsUpRate: { thisWeek: null, lastWeek: null, change: null },
      topTopics: [],
    });
  });
});
