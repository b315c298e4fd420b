import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts.ts';
import { graphql, startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let documentGlobalId: string;
let crawlGlobalId: string;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Contents Owner');
  stranger = await signUp(server, 'Stranger');
  const { prisma } = server.platform;
  const bot = await prisma.bot.create({
    data: { ownerId: owner.userId, name: 'Contents bot', displayName: 'Contents', useCase: 'faq-bot', widgetToken: randomUUID() },
  });
  const document = await prisma.document.create({
    data: {
      botId: bot.id,
      fileName: 'guide.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      contentHash: 'h',
      storageKey: 'k',
      status: 'completed',
      chunkCount: 2,
    },
  });
  // Stored out of order on purpose: the field must give them in reading order.
  for (const [ordinal, content, page] of [
    [1, 'Returns are free within 30 days.', 2],
    [0, 'Welcome to the guide.', 1],
  ] as const) {
    await prisma.chunk.create({
      data: { botId: bot.id, sourceType: 'document', documentId: document.id, ordinal, content, page, embeddingModel: 'test' },
    });
  }
  const crawl = await prisma.webSource.create({
    data: { botId: bot.id, url: 'https://velo.example/', maxDepth: 1, status: 'completed', itemsCount: 2 },
  });
  for (const path of ['team', 'pricing']) {
    const url = `https://velo.example/${path}`;
    await prisma.webPage.create({
      data: { botId: bot.id, webSourceId: crawl.id, siteUrl: 'https://velo.example/', url, title: path, contentHash: 'h', byteSize: 100 },
    });
  }
  documentGlobalId = globalId('Document', document.id);
  crawlGlobalId = globalId('WebSource', crawl.id);
});

afterAll(async () => {
  await server?.close();
});

const DOCUMENT_PASSAGES = `query ($id: ID!) { node(id: $id) { ... on Document { fileName passages(first: 10) { totalCount edges { node { ordinal content page } } } } } }`;
const CRAWL_PAGES = `query ($id: ID!) { node(id: $id) { ... on WebSource { url pages(first: 10) { totalCount edges { node { url title } } } } } }`;

describe("what a bot's knowledge contains, through GraphQL", () => {
  it("gives the owner a document's passages in reading order", async () => {
    const result = await graphql(server, DOCUMENT_PASSAGES, { id: documentGlobalId }, owner.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.node.passages.totalCount).toBe(2);
    expect(result.data.node.passages.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      { ordinal: 0, content: 'Welcome to the guide.', page: 1 },
      { ordinal: 1, content: 'Returns are free within 30 days.', page: 2 },
    ]);
  });

  it('gives the owner the pages of a crawl, by URL', async () => {
    const result = await graphql(server, CRAWL_PAGES, { id: crawlGlobalId }, owner.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data.node.pages.totalCount).toBe(2);
    expect(result.data.node.pages.edges.map((edge: { node: { url: string } }) => edge.node.url)).toEqual([
      'https://velo.example/pricing',
      'https://velo.example/team',
    ]);
  });

  it.each([
    ['document passages', DOCUMENT_PASSAGES, () => documentGlobalId],
    ['crawl pages', CRAWL_PAGES, () => crawlGlobalId],
  ])('shows another customer no %s', async (_name, query, id) => {
    const result = await graphql(server, query, { id: id() }, stranger.accessToken);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ node: null });
  });
});
