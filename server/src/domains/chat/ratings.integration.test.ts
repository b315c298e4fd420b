import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { CHAT_MESSAGES } from './errors.ts';
import { WIDGET_RATE_LIMITS } from './limits.ts';
import { MAX_RATING_COMMENT_LENGTH, RATING_MESSAGES } from './ratings.ts';

// Visitors rate the widget's answers (REST, with the widget's token and their session), owners any
// answer of their bots (GraphQL); one rating per answer, changeable, kept with the exchange.

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Rating Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Rating Stranger');
  bot = await botWithKnowledge(server, owner.accessToken, FACTS);
});

afterAll(async () => {
  await server?.close();
});

interface Visitor {
  sessionToken: string;
  ip: string;
}

let visitors = 0;

async function newVisitor(): Promise<Visitor> {
  const ip = `198.18.7.${++visitors}`;
  const session = await api(server, 'POST', '/public/bots/sessions/create', {
    body: { bot_id: bot.id },
    headers: { 'x-forwarded-for': ip },
  });
  expect(session.status).toBe(201);
  return { sessionToken: session.body.session_token, ip };
}

/** The visitor asks; the answer's message id. */
async function ask(visitor: Visitor, message = 'When does the Lyon store open?'): Promise<string> {
  const answer = await api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message, session_token: visitor.sessionToken },
    headers: { 'x-forwarded-for': visitor.ip },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message_id;
}

function rate(visitor: Visitor, messageId: string, body: Record<string, unknown>, options: { botId?: string; token?: string } = {}) {
  return api(
    server,
    'POST',
    `/public/bots/${options.botId ?? bot.id}/messages/${messageId}/rating?token=${options.token ?? bot.widgetToken}`,
    {
      body: { session_token: visitor.sessionToken, ...body },
      headers: { 'x-forwarded-for': visitor.ip },
    },
  );
}

const chatLogId = (messageId: string) => Buffer.from(`ChatLog:${messageId}`).toString('base64');

const RATE_ANSWER = `
  mutation ($messageId: ID!, $rating: AnswerRating!, $comment: String) {
    rateAnswer(messageId: $messageId, rating: $rating, comment: $comment) {
      __typename
      ... on ChatLog { id rating ratingComment }
      ... on NotFoundError { message code }
      ... on ValidationError { message issues { path message } }
    }
  }`;

describe("a visitor's rating through the widget", () => {
  it('is kept with the answer, shown in the history and to the owner, and can be changed', async () => {
    const visitor = await newVisitor();
    const messageId = await ask(visitor);

    const down = await rate(visitor, messageId, { rating: 'down', comment: '  It opens at 10\non Saturdays ' });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body).toEqual({ message_id: messageId, rating: 'down', comment: 'It opens at 10 on Saturdays', offer_person: false });

    const history = await api(server, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${visitor.sessionToken}`);
    expect(history.body.map((entry: { isUser: boolean; rating: string | null }) => [entry.isUser, entry.rating])).toEqual([
      [true, null],
      [false, 'down'],
    ]);
    const seen = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on ChatLog {
              rating
              ratingComment
            }
          }
        }
      `,
      { id: chatLogId(messageId) },
      owner.accessToken,
    );
    expect(seen).toEqual({ data: { node: { rating: 'DOWN', ratingComment: 'It opens at 10 on Saturdays' } } });

    const up = await rate(visitor, messageId, { rating: 'up' });
    expect(up.body).toEqual({ message_id: messageId, rating: 'up', comment: null, offer_person: false });
    const row = await server.platform.prisma.chatMessage.findUniqueOrThrow({ where: { id: messageId } });
    expect(row).toMatchObject({ rating: 'up', ratingComment: null });
    expect(row.ratedAt).toBeInstanceOf(Date);
  });

  it('refuses bad input with a clear 4xx, writing nothing', async () => {
    const visitor = await newVisitor();
    const messageId = await ask(visitor);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ rating: 'meh' }, 400, RATING_MESSAGES.rating],
      [{}, 400, RATING_MESSAGES.rating],
      [{ rating: 'up', comment: 'Great' }, 400, RATING_MESSAGES.commentOnDownOnly],
      [{ rating: 'down', comment: 'x'.repeat(MAX_RATING_COMMENT_LENGTH + 1) }, 400, RATING_MESSAGES.commentTooLong],
    ];
    for (const [body, status, detail] of cases) {
      const refused = await rate(visitor, messageId, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.body.detail).toContain(detail);
    }
    expect(await server.platform.prisma.chatMessage.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({ rating: null });
  });

  it("is refused for another visitor's answer, a question, a wrong token, a made-up session or bot", async () => {
    const visitor = await newVisitor();
    const messageId = await ask(visitor);
    const other = await newVisitor();
    const question = await server.platform.prisma.chatMessage.findFirstOrThrow({ where: { reply: { id: messageId } } });

    const notTheirs = await rate(other, messageId, { rating: 'down' });
    expect(notTheirs).toMatchObject({ status: 404, body: { detail: RATING_MESSAGES.answerNotFound } });
    const aQuestion = await rate(visitor, question.id, { rating: 'down' });
    expect(aQuestion).toMatchObject({ status: 404, body: { detail: RATING_MESSAGES.answerNotFound } });
    const madeUp = await rate(visitor, 'not-a-message', { rating: 'down' });
    expect(madeUp).toMatchObject({ status: 404, body: { detail: RATING_MESSAGES.answerNotFound } });
    const wrongToken = await rate(visitor, messageId, { rating: 'down' }, { token: 'wt_wrong' });
    expect(wrongToken).toMatchObject({ status: 401, body: { detail: CHAT_MESSAGES.invalidToken } });
    const noSession = await rate({ ...visitor, sessionToken: 'ws_made_up' }, messageId, { rating: 'down' });
    expect(noSession).toMatchObject({ status: 404, body: { detail: CHAT_MESSAGES.sessionNotFound } });
    const noBot = await rate(visitor, messageId, { rating: 'down' }, { botId: '01900000-0000-7000-8000-000000000000' });
    expect(noBot.status).toBe(404);
    expect(await server.platform.prisma.chatMessage.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({ rating: null });
  });

  it('is refused once the bot is inactive', async () => {
    const visitor = await newVisitor();
    const messageId = await ask(visitor);
    await server.platform.prisma.bot.update({ where: { id: bot.id }, data: { isActive: false } });
    try {
      const refused = await rate(visitor, messageId, { rating: 'up' });
      expect(refused).toMatchObject({ status: 403, body: { detail: CHAT_MESSAGES.botInactive } });
    } finally {
      await server.platform.prisma.bot.update({ where: { id: bot.id }, data: { isActive: true } });
    }
  });

  it("is limited per conversation like the chat's messages", async () => {
    const visitor = await newVisitor();
    const messageId = await ask(visitor);
    for (let count = 0; count < WIDGET_RATE_LIMITS.perSession.limit; count++) {
      expect((await rate(visitor, messageId, { rating: count % 2 ? 'up' : 'down' })).status).toBe(200);
    }
    const limited = await rate(visitor, messageId, { rating: 'up' });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many messages\. Please wait \d+ seconds\.$/);
  });
});

describe("an owner's rating through GraphQL", () => {
  it("rates an answer of the test chat, and another customer's is as missing as a made-up one", async () => {
    const asked = await graphql(
      server,
      `
        mutation ($botId: ID!) {
          askBot(botId: $botId, question: "When does the Lyon store open?") {
            ... on BotAnswer {
              answer
              messageId
            }
          }
        }
      `,
      { botId: Buffer.from(`Bot:${bot.id}`).toString('base64') },
      owner.accessToken,
    );
    const messageId: string = asked.data.askBot.messageId;
    expect(Buffer.from(messageId, 'base64').toString()).toMatch(/^ChatLog:/);

    const rated = await graphql(server, RATE_ANSWER, { messageId, rating: 'DOWN', comment: 'Say the Sunday hours too' }, owner.accessToken);
    expect(rated).toEqual({
      data: { rateAnswer: { __typename: 'ChatLog', id: messageId, rating: 'DOWN', ratingComment: 'Say the Sunday hours too' } },
    });

    const stolen = await graphql(server, RATE_ANSWER, { messageId, rating: 'UP' }, stranger.accessToken);
    expect(stolen.errors).toBeUndefined();
    expect(stolen.data.rateAnswer).toEqual({
      __typename: 'NotFoundError',
      message: RATING_MESSAGES.answerNotFound,
      code: 'ANSWER_NOT_FOUND',
    });
    const invalid = await graphql(server, RATE_ANSWER, { messageId, rating: 'UP', comment: 'Nice' }, owner.accessToken);
    expect(invalid.data.rateAnswer).toMatchObject({
      __typename: 'ValidationError',
      issues: [{ path: 'comment', message: RATING_MESSAGES.commentOnDownOnly }],
    });

    const kept = await server.platform.prisma.chatMessage.findUniqueOrThrow({
      where: { id: Buffer.from(messageId, 'base64').toString().slice('ChatLog:'.length) },
    });
    expect(kept).toMatchObject({ rating: 'down', ratingComment: 'Say the Sunday hours too' });
  });

  it('needs a signed-in customer', async () => {
    const anonymous = await graphql(server, RATE_ANSWER, { messageId: chatLogId('01900000-0000-7000-8000-000000000000'), rating: 'UP' });
    expect(anonymous.data?.rateAnswer ?? null).toBeNull();
    expect(anonymous.errors?.[0]?.message).toMatch(/not authorized|sign in|authenticat/i);
  });
});
