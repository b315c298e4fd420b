import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import type { FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { serverWithPlatformModel, type PlatformModelServer } from '../../../test/platformModel.ts';
import { visitorAsks } from '../../../test/widget.ts';

// The one-click fix end to end on the server: a question the bot could not answer shows in Needs
// attention; the owner writes the right answer as a Q&A pair; the item leaves Needs attention and the
// next visitor asking it another way gets the owner's answer (offline as written, with a model as the
// first, authoritative passage).

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';
const GIFT_CARDS = { question: 'Do you sell gift cards?', answer: 'Yes: gift cards from 10 to 200 euros, in store and online.' };

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

const CREATE = `mutation ($botId: ID!, $input: QaPairInput!) {
  createQaPair(botId: $botId, input: $input) { __typename ... on QaPair { id } }
}`;
const NEEDS_ATTENTION = `{ viewer { needsAttention(first: 10) { edges { node { question count } } } } }`;

const questionsNeedingAttention = async (server: TestServer, owner: TestAccount) => {
  const result = await graphql(server, NEEDS_ATTENTION, {}, owner.accessToken);
  expect(result.errors).toBeUndefined();
  return result.data.viewer.needsAttention.edges.map((edge: { node: { question: string } }) => edge.node.question);
};

describe('a Q&A pair, with the offline answerer', () => {
  let server: TestServer;
  let owner: TestAccount;
  let bot: { id: string; widgetToken: string };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUp(server, 'Fix Owner');
    await grantSubscription(server, owner.userId, 'Pro');
    bot = await botWithKnowledge(server, owner.accessToken, FACTS);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('takes a refused question out of Needs attention and answers the next visitor with the owner’s words', async () => {
    const refused = await visitorAsks(server, bot, GIFT_CARDS.question, '198.18.30.1');
    expect(refused.response).not.toContain('gift cards from 10');
    expect(await questionsNeedingAttention(server, owner)).toEqual([GIFT_CARDS.question]);

    const created = await graphql(server, CREATE, { botId: globalId('Bot', bot.id), input: GIFT_CARDS }, owner.accessToken);
    expect(created.data.createQaPair.__typename).toBe('QaPair');
    expect(await questionsNeedingAttention(server, owner)).toEqual([]);

    const fixed = await visitorAsks(server, bot, 'Gift cards: do you sell them?', '198.18.30.2');
    expect(fixed.response).toBe(GIFT_CARDS.answer);
    expect(fixed.sources).toEqual([expect.objectContaining({ source_type: 'qa_pair', title: GIFT_CARDS.question })]);
    expect(await questionsNeedingAttention(server, owner)).toEqual([]);

    const other = await visitorAsks(server, bot, 'When does the Lyon store open?', '198.18.30.3');
    expect(other.response).toContain('9 am');
    expect(other.sources.map((source) => source.source_type)).not.toContain('qa_pair');
  });
});

describe('a Q&A pair, with a model', () => {
  let model: FakeOpenAI;
  let server: TestServer;
  let owner: TestAccount;

  let started: PlatformModelServer | undefined;

  beforeAll(async () => {
    started = await serverWithPlatformModel('Model Fix Owner');
    ({ model, server, owner } = started);
  });

  afterAll(async () => {
    await started?.close();
  });

  it('gives the model the owner’s answer as the first passage, marked as theirs, and cites it', async () => {
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    await graphql(server, CREATE, { botId: globalId('Bot', bot.id), input: GIFT_CARDS }, owner.accessToken);
    model.answerWith('We sell gift cards from 10 to 200 euros [1].');
    const reply = await api(server, 'POST', `/bots/${bot.id}/rag-chat?query=${encodeURIComponent('Can I buy a gift card?')}`, {
      token: owner.accessToken,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const system = model.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain(
      `<passage n="1" source="${GIFT_CARDS.question}" section="The bot owner's own answer: authoritative">\nQuestion: ${GIFT_CARDS.question}\nAnswer: ${GIFT_CARDS.answer}\n</passage>`,
    );
    expect(reply.body.sources).toEqual([expect.objectContaining({ source_type: 'qa_pair', title: GIFT_CARDS.question })]);
  });
});
