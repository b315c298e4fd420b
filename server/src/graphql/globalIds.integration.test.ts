import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomer, logIn, signUp, type TestAccount } from '../../test/accounts.ts';
import { graphql, startTestServer, type TestServer } from '../../test/harness.ts';
import { botWithKnowledge } from '../../test/knowledge.ts';

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let ownBotId: string;
let ownDocumentId: string;

const globalId = (typename: string, id: string) => Buffer.from(`${typename}:${id}`).toString('base64');

beforeAll(async () => {
  server = await startTestServer();
  owner = await demoCustomer(server);
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  stranger = await signUp(server, 'Stranger');
  const bot = await botWithKnowledge(server, owner.accessToken, 'The shop opens at nine.');
  ownBotId = bot.id;
  const document = await server.platform.prisma.document.findFirstOrThrow({ where: { botId: bot.id } });
  ownDocumentId = document.id;
});

afterAll(async () => {
  await server?.close();
});

const deleteBot = `mutation($id: ID!) {
  deleteBot(id: $id) {
    __typename
    ... on DeletedBotPayload { deletedId }
    ... on Error { message code }
  }
}`;

describe('one answer for an id that names nothing the viewer owns', () => {
  it.each([
    ["another customer's bot", () => globalId('Bot', ownBotId), () => stranger],
    ['a bot that does not exist', () => globalId('Bot', '00000000-0000-0000-0000-000000000000'), () => owner],
    ['a global id of another type', () => globalId('Document', ownDocumentId), () => owner],
    ['a string that is no global id', () => 'not-a-global-id', () => owner],
    ['a raw database id', () => ownBotId, () => owner],
  ])('deleteBot with %s answers the typed NotFoundError BOT_NOT_FOUND', async (_label, id, account) => {
    const result = await graphql(server, deleteBot, { id: id() }, account().accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.deleteBot).toEqual({ __typename: 'NotFoundError', message: 'Bot not found', code: 'BOT_NOT_FOUND' });
    expect(await server.platform.prisma.bot.count({ where: { id: ownBotId } })).toBe(1);
  });

  it('filters chat logs by a wrong-typed bot id with the same typed answer, as a top-level coded error', async () => {
    const result = await graphql(
      server,
      'query($botId: ID) { viewer { chatLogs(first: 5, botId: $botId) { edges { node { id } } } } }',
      { botId: globalId('Document', ownDocumentId) },
      owner.accessToken,
    );
    expect(result.errors).toEqual([
      expect.objectContaining({ message: 'Bot not found', extensions: expect.objectContaining({ code: 'BOT_NOT_FOUND' }) }),
    ]);
  });

  it("reads another customer's bot and document through node() and nodes() as null, with no error", async () => {
    const query = `query($id: ID!, $ids: [ID!]!) {
      node(id: $id) { id ... on Bot { name widgetToken } }
      nodes(ids: $ids) { id }
    }`;
    const ids = [globalId('Bot', ownBotId), globalId('Document', ownDocumentId)];
    const stolen = await graphql(server, query, { id: ids[0], ids }, stranger.accessToken);
    expect(stolen.errors).toBeUndefined();
    expect(stolen.data).toEqual({ node: null, nodes: [null, null] });

    const anonymous = await graphql(server, query, { id: ids[0], ids }, undefined);
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data).toEqual({ node: null, nodes: [null, null] });

    const own = await graphql(server, query, { id: ids[0], ids }, owner.accessToken);
    expect(own.errors).toBeUndefined();
    expect(own.data.node).toMatchObject({ id: ids[0], name: 'Shop assistant' });
    expect(own.data.nodes).toEqual([{ id: ids[0] }, { id: ids[1] }]);
  });
});

describe('auth failures are typed results where the field lists them', () => {
  it('answers an admin creating a bot with the ForbiddenError member of the union', async () => {
    const result = await graphql(
      server,
      `
        mutation {
          createBot(input: { name: "Nope", useCase: "customer-support", description: "x" }) {
            __typename
            ... on Error {
              code
            }
          }
        }
      `,
      {},
      admin.accessToken,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.createBot.__typename).toBe('ForbiddenError');
  });

  it('answers an anonymous mutation with a coded top-level error where the union has no AuthenticationError', async () => {
    const result = await graphql(server, deleteBot, { id: globalId('Bot', ownBotId) });
    expect(result.data ?? null).toBeNull();
    expect(result.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'AUTHENTICATION_REQUIRED' }) })]);
  });
});
