import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import type { FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge, documentsSettled, uploadDocument } from '../../../test/knowledge.ts';
import { serverWithPlatformModel, type PlatformModelServer } from '../../../test/platformModel.ts';

// "Why this answer": every stored answer keeps the passages it was given; the owner opens an answer
// of the test chat (or of the logs) and reads them, which it cited, who wrote it, the time and the cost.

const OPENING_HOURS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';
const RETURNS = 'Returns. Items bought in the store can be returned within 30 days with the receipt.';

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

const ASK = `mutation ($botId: ID!, $question: String!) {
  askBot(botId: $botId, question: $question) { __typename ... on BotAnswer { answer messageId } }
}`;
const EXPLAIN = `query ($id: ID!) {
  node(id: $id) {
    ... on ChatLog {
      explanation {
        passages { index citedAs sourceType title url page heading score snippet }
        passagesKept author model latencyMs costCredits promptTokens completionTokens
      }
    }
  }
}`;

/** A bot with two documents: opening hours (policies.txt) and returns (returns.txt). */
async function botWithTwoDocuments(server: TestServer, owner: TestAccount) {
  const bot = await botWithKnowledge(server, owner.accessToken, OPENING_HOURS);
  expect((await uploadDocument(server, owner.accessToken, bot.id, 'returns.txt', RETURNS)).status).toBe(201);
  await documentsSettled(server, bot.id);
  return bot;
}

async function askInTestChat(server: TestServer, owner: TestAccount, botId: string, question: string) {
  const asked = await graphql(server, ASK, { botId: globalId('Bot', botId), question }, owner.accessToken);
  expect(asked.errors).toBeUndefined();
  expect(asked.data.askBot.__typename).toBe('BotAnswer');
  return asked.data.askBot as { answer: string; messageId: string };
}

async function explanationOf(server: TestServer, account: TestAccount, messageId: string) {
  const explained = await graphql(server, EXPLAIN, { id: messageId }, account.accessToken);
  expect(explained.errors).toBeUndefined();
  return explained.data.node?.explanation ?? null;
}

describe('why this answer, with the offline answerer', () => {
  let server: TestServer;
  let owner: TestAccount;
  let stranger: TestAccount;
  let bot: { id: string };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUp(server, 'Why Owner');
    await grantSubscription(server, owner.userId, 'Pro');
    stranger = await signUp(server, 'Why Stranger');
    bot = await botWithTwoDocuments(server, owner);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists the passages given with their scores, marks the one cited, and names the offline answerer', async () => {
    const asked = await askInTestChat(server, owner, bot.id, 'When does the Lyon store open?');
    expect(asked.answer).toContain('9 am');
    const explanation = await explanationOf(server, owner, asked.messageId);
    expect(explanation).toMatchObject({ passagesKept: true, author: 'OFFLINE', model: null, costCredits: 0 });
    expect(explanation.latencyMs).toBeGreaterThanOrEqual(0);
    expect(explanation.promptTokens).toBeGreaterThan(0);
    expect(explanation.completionTokens).toBeGreaterThan(0);
    const cited = explanation.passages.filter((passage: { citedAs: number | null }) => passage.citedAs !== null);
    expect(cited).toEqual([
      expect.objectContaining({
        citedAs: 1,
        sourceType: 'DOCUMENT',
        title: 'policies.txt',
        url: null,
        snippet: expect.stringContaining('9 am'),
      }),
    ]);
    for (const passage of explanation.passages) {
      expect(passage.score).toBeGreaterThan(0);
      expect(passage.score).toBeLessThanOrEqual(1);
    }
    expect(asked.answer).toContain(`[${cited[0].citedAs}]`);
  });

  it('shows the owner’s Q&A pair as the passage a fixed answer was given', async () => {
    const created = await graphql(
      server,
      `
        mutation ($botId: ID!, $input: QaPairInput!) {
          createQaPair(botId: $botId, input: $input) {
            __typename
          }
        }
      `,
      { botId: globalId('Bot', bot.id), input: { question: 'Do you sell gift cards?', answer: 'Yes, from 10 to 200 euros.' } },
      owner.accessToken,
    );
    expect(created.data.createQaPair.__typename).toBe('QaPair');
    const asked = await askInTestChat(server, owner, bot.id, 'Do you sell gift cards?');
    expect(asked.answer).toBe('Yes, from 10 to 200 euros.');
    const explanation = await explanationOf(server, owner, asked.messageId);
    expect(explanation.passages).toEqual([
      expect.objectContaining({ index: 1, citedAs: 1, sourceType: 'QA_PAIR', title: 'Do you sell gift cards?', score: 1 }),
    ]);
  });

  it('lists no passage for a question the knowledge does not cover', async () => {
    const asked = await askInTestChat(server, owner, bot.id, 'Do you deliver to the moon?');
    const explanation = await explanationOf(server, owner, asked.messageId);
    expect(explanation.passages).toEqual([]);
  });

  it('is not shown to another customer', async () => {
    const asked = await askInTestChat(server, owner, bot.id, 'Can I return an item?');
    const peek = await graphql(server, EXPLAIN, { id: asked.messageId }, stranger.accessToken);
    expect(peek.errors).toBeUndefined();
    expect(peek.data).toEqual({ node: null });
    // Nor to nobody: node() finds only the viewer's own answers, and says no more of others than that.
    const anonymous = await graphql(server, EXPLAIN, { id: asked.messageId });
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data).toEqual({ node: null });
  });
});

describe('why this answer, with a model', () => {
  let model: FakeOpenAI;
  let server: TestServer;
  let owner: TestAccount;

  let started: PlatformModelServer | undefined;

  beforeAll(async () => {
    started = await serverWithPlatformModel('Why Model Owner');
    ({ model, server, owner } = started);
  });

  afterAll(async () => {
    await started?.close();
  });

  it('names the model, the credits charged, and which of the passages given the answer cites', async () => {
    const bot = await botWithTwoDocuments(server, owner);
    model.answerWith((request) => {
      const system = String(request.messages[0]!.content);
      const returns = /<passage n="(\d+)" source="returns.txt"/.exec(system);
      return `Within 30 days, with the receipt [${returns?.[1] ?? 0}].`;
    });
    const asked = await askInTestChat(server, owner, bot.id, 'Can I return an item bought in the store, and when does it open?');
    const explanation = await explanationOf(server, owner, asked.messageId);
    expect(explanation).toMatchObject({ passagesKept: true, author: 'MODEL', model: 'test-model' });
    expect(explanation.costCredits).toBeGreaterThan(0);
    expect(explanation.passages.length).toBeGreaterThanOrEqual(2);
    const cited = explanation.passages.filter((passage: { citedAs: number | null }) => passage.citedAs !== null);
    expect(cited).toEqual([
      expect.objectContaining({ sourceType: 'DOCUMENT', title: 'returns.txt', snippet: expect.stringContaining('30 days') }),
    ]);
    expect(asked.answer).toContain(`[${cited[0].index}]`);
    expect(cited[0].citedAs).toBe(cited[0].index);
  });
});
