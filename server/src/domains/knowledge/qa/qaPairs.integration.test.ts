import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../../test/accounts.ts';
import { newBot } from '../../../../test/knowledge.ts';
import { graphql, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { QA_PAIR_LIMITS, QA_PAIR_MESSAGES } from './rules.ts';

// Q&A pairs through GraphQL: the owner writes, lists, rewrites and deletes them; anyone else finds none.

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

const RESULT = `
  __typename
  ... on QaPair { id question answer bot { name } }
  ... on ValidationError { message code issues { path message } }
  ... on NotFoundError { message code }`;

const CREATE = `mutation ($botId: ID!, $input: QaPairInput!) { createQaPair(botId: $botId, input: $input) { ${RESULT} } }`;
const UPDATE = `mutation ($id: ID!, $input: QaPairInput!) { updateQaPair(id: $id, input: $input) { ${RESULT} } }`;
const DELETE = `mutation ($id: ID!) {
  deleteQaPair(id: $id) { __typename ... on DeletedQaPairPayload { deletedId botId } ... on NotFoundError { message code } }
}`;
const LIST = `query ($id: ID!) { node(id: $id) { ... on Bot { qaPairs(first: 10) { totalCount edges { node { question answer } } } } } }`;

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let botId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Qa Owner');
  stranger = await signUp(server, 'Qa Stranger');
  botId = globalId('Bot', (await newBot(server, owner.accessToken)).id);
});

afterAll(async () => {
  await server?.close();
});

describe('Q&A pairs over GraphQL', () => {
  it('adds a pair, trimmed, lists it newest first, rewrites it and deletes it', async () => {
    const input = { question: '  Do you sell gift cards? ', answer: 'Yes: in store and online, from 10 to 200 euros.' };
    const created = await graphql(server, CREATE, { botId, input }, owner.accessToken);
    expect(created.errors).toBeUndefined();
    expect(created.data.createQaPair).toMatchObject({
      __typename: 'QaPair',
      question: 'Do you sell gift cards?',
      answer: input.answer,
      bot: { name: 'Shop assistant' },
    });
    const pairId = created.data.createQaPair.id;
    await graphql(
      server,
      CREATE,
      { botId, input: { question: 'Where is the Lyon store?', answer: '12 rue de la République.' } },
      owner.accessToken,
    );

    const listed = await graphql(server, LIST, { id: botId }, owner.accessToken);
    expect(listed.data.node.qaPairs.totalCount).toBe(2);
    expect(listed.data.node.qaPairs.edges.map((edge: { node: { question: string } }) => edge.node.question)).toEqual([
      'Where is the Lyon store?',
      'Do you sell gift cards?',
    ]);

    const updated = await graphql(
      server,
      UPDATE,
      { id: pairId, input: { question: 'Do you sell gift cards?', answer: 'Yes, online only.' } },
      owner.accessToken,
    );
    expect(updated.data.updateQaPair).toMatchObject({ __typename: 'QaPair', answer: 'Yes, online only.' });

    const deleted = await graphql(server, DELETE, { id: pairId }, owner.accessToken);
    expect(deleted.data.deleteQaPair).toEqual({ __typename: 'DeletedQaPairPayload', deletedId: pairId, botId });
    const after = await graphql(server, LIST, { id: botId }, owner.accessToken);
    expect(after.data.node.qaPairs.totalCount).toBe(1);
  });

  it('refuses an empty question and a too long answer, field by field', async () => {
    const result = await graphql(
      server,
      CREATE,
      { botId, input: { question: '   ', answer: 'x'.repeat(QA_PAIR_LIMITS.answer + 1) } },
      owner.accessToken,
    );
    expect(result.data.createQaPair).toMatchObject({
      __typename: 'ValidationError',
      issues: [
        { path: 'question', message: 'Question is required' },
        { path: 'answer', message: `Answer must be at most ${QA_PAIR_LIMITS.answer} characters` },
      ],
    });
  });

  it('shows another customer none of it: the bot and its pairs are not found, and nothing changes', async () => {
    const created = await graphql(server, CREATE, { botId, input: { question: 'Opening hours?', answer: '9 to 7.' } }, owner.accessToken);
    const pairId = created.data.createQaPair.id;
    const input = { question: 'Opening hours?', answer: 'Closed forever.' };

    const add = await graphql(server, CREATE, { botId, input }, stranger.accessToken);
    expect(add.errors).toBeUndefined();
    expect(add.data.createQaPair).toEqual({ __typename: 'NotFoundError', message: 'Bot not found', code: 'BOT_NOT_FOUND' });
    const rewrite = await graphql(server, UPDATE, { id: pairId, input }, stranger.accessToken);
    expect(rewrite.data.updateQaPair).toEqual({ __typename: 'NotFoundError', message: 'Q&A pair not found', code: 'QA_PAIR_NOT_FOUND' });
    const remove = await graphql(server, DELETE, { id: pairId }, stranger.accessToken);
    expect(remove.data.deleteQaPair).toEqual({ __typename: 'NotFoundError', message: 'Q&A pair not found', code: 'QA_PAIR_NOT_FOUND' });
    const node = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            id
          }
        }
      `,
      { id: pairId },
      stranger.accessToken,
    );
    expect(node.errors).toBeUndefined();
    expect(node.data.node).toBeNull();

    const kept = await server.platform.prisma.qaPair.findUniqueOrThrow({
      where: { id: Buffer.from(pairId, 'base64').toString().split(':')[1]! },
    });
    expect(kept.answer).toBe('9 to 7.');
  });

  it('refuses a question the bot has a pair for already, even asked twice at once, and a rewrite into one', async () => {
    const sameBot = globalId('Bot', (await newBot(server, owner.accessToken)).id);
    const input = { question: 'Do you deliver on Sundays?', answer: 'No, Monday to Saturday.' };
    const twice = await Promise.all(
      [input, { ...input, question: '  do you DELIVER   on sundays? ' }].map((each) =>
        graphql(server, CREATE, { botId: sameBot, input: each }, owner.accessToken),
      ),
    );
    expect(twice.map((result) => result.errors)).toEqual([undefined, undefined]);
    expect(twice.map((result) => result.data.createQaPair.__typename).sort()).toEqual(['QaPair', 'ValidationError']);
    expect(twice.find((result) => result.data.createQaPair.__typename === 'ValidationError')!.data.createQaPair).toEqual({
      __typename: 'ValidationError',
      code: 'SAME_QA_QUESTION',
      message: QA_PAIR_MESSAGES.sameQuestion,
      issues: [{ path: 'question', message: QA_PAIR_MESSAGES.sameQuestion }],
    });
    const listed = await graphql(server, LIST, { id: sameBot }, owner.accessToken);
    expect(listed.data.node.qaPairs.totalCount).toBe(1);

    const other = await graphql(
      server,
      CREATE,
      { botId: sameBot, input: { question: 'Do you deliver abroad?', answer: 'Within the EU.' } },
      owner.accessToken,
    );
    const rewritten = await graphql(
      server,
      UPDATE,
      { id: other.data.createQaPair.id, input: { question: 'Do you deliver on Sundays?', answer: 'Yes.' } },
      owner.accessToken,
    );
    expect(rewritten.data.updateQaPair).toMatchObject({ __typename: 'ValidationError', code: 'SAME_QA_QUESTION' });
    const kept = await graphql(
      server,
      UPDATE,
      { id: other.data.createQaPair.id, input: { question: 'Do you deliver abroad?', answer: 'Worldwide.' } },
      owner.accessToken,
    );
    expect(kept.data.updateQaPair).toMatchObject({ __typename: 'QaPair', answer: 'Worldwide.' });
  });

  it(`holds at most ${QA_PAIR_LIMITS.perBot} pairs per bot`, async () => {
    const bot = { id: Buffer.from(botId, 'base64').toString().split(':')[1]! };
    const present = await server.platform.prisma.qaPair.count({ where: { botId: bot.id } });
    await server.platform.prisma.qaPair.createMany({
      data: Array.from({ length: QA_PAIR_LIMITS.perBot - present }, (_, index) => ({
        botId: bot.id,
        question: `Question ${index}?`,
        answer: 'Yes.',
      })),
    });
    const refused = await graphql(server, CREATE, { botId, input: { question: 'One more?', answer: 'No.' } }, owner.accessToken);
    expect(refused.data.createQaPair).toMatchObject({ __typename: 'ValidationError', code: 'TOO_MANY_QA_PAIRS' });
  });
});
