import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUp, type TestAccount } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { htmlPage, serveLocalSite, type LocalSite } from '../../../test/localSite.ts';

// A duplicate answers what its original answers: its documents and crawled pages come with it,
// queued, and complete through the jobs of uploads and crawls, so the mutation itself stays short.

const DOCUMENT_FACT = 'Bikes bought in our Lyon shop are serviced for free during the first 90 days.';
const PAGE_FACT = 'The Urban model costs 1290 euros including the lock.';

let server: TestServer;
let site: LocalSite;
let owner: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  site = await serveLocalSite({ '/pricing': htmlPage(`<h1>Pricing</h1><p>${PAGE_FACT}</p>`, { title: 'Pricing' }) });
  server = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
  owner = await signUp(server, 'Duplicating Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
});

afterAll(async () => {
  await server?.close();
  await site?.close();
});

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const databaseId = (id: string) => Buffer.from(id, 'base64').toString('utf8').split(':')[1]!;

const DUPLICATE = `mutation ($id: ID!) {
  duplicateBot(id: $id) {
    __typename
    ... on Error { message }
    ... on Bot { id name documents(first: 10) { edges { node { fileName status } } } webSources { url status } }
  }
}`;

const KNOWLEDGE = `query ($id: ID!) {
  node(id: $id) {
    ... on Bot {
      documents(first: 10) { edges { node { fileName status chunkCount } } }
      webSources { url status itemsCount pages(first: 10) { edges { node { url title } } } }
    }
  }
}`;

interface Knowledge {
  documents: { edges: { node: { fileName: string; status: string; chunkCount: number } }[] };
  webSources: { url: string; status: string; itemsCount: number; pages: { edges: { node: { url: string; title: string } }[] } }[];
}

/** The bot's documents and crawls once none is in progress, as the owner reads them over GraphQL. */
async function knowledgeSettled(botId: string): Promise<Knowledge> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { data, errors } = await graphql<{ node: Knowledge }>(server, KNOWLEDGE, { id: globalId('Bot', botId) }, owner.accessToken);
    expect(errors).toBeUndefined();
    const statuses = [...data!.node.documents.edges.map((edge) => edge.node.status), ...data!.node.webSources.map((crawl) => crawl.status)];
    if (!statuses.some((status) => ['pending', 'processing', 'running'].includes(status))) return data!.node;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the knowledge of bot ${botId} did not settle`);
}

/** A bot that knows DOCUMENT_FACT from a document and PAGE_FACT from a crawled page. */
async function originalWithKnowledge(name: string) {
  const original = await botWithKnowledge(server, owner.accessToken, DOCUMENT_FACT, { name });
  const crawled = await api(server, 'POST', '/crawl', {
    token: owner.accessToken,
    body: { bot_id: original.id, url: `${site.origin}/pricing`, max_depth: 0 },
  });
  expect(crawled.body).toMatchObject({ status: 'completed', items_count: 1 });
  return original;
}

const ask = async (botId: string, query: string) =>
  (await api(server, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent(query)}`, { token: owner.accessToken })).body
    .response as string;

async function expectAnswersFromOriginalKnowledge(copyId: string) {
  expect(await ask(copyId, 'How long is the free service for bikes from the Lyon shop?')).toContain('90 days');
  expect(await ask(copyId, 'How much does the Urban model cost?')).toContain('1290 euros');
}

const completedKnowledge = {
  documents: { edges: [{ node: { fileName: 'policies.txt', status: 'completed', chunkCount: expect.any(Number) } }] },
  webSources: [
    {
      url: expect.stringContaining('/pricing'),
      status: 'completed',
      itemsCount: 1,
      pages: { edges: [{ node: { url: expect.stringContaining('/pricing'), title: 'Pricing' } }] },
    },
  ],
};

describe('duplicating a bot', () => {
  it('returns the copy at once with its knowledge queued, which completes as uploads do, even once the original is gone', async () => {
    const original = await originalWithKnowledge('Lyon shop');

    const { data, errors } = await graphql(server, DUPLICATE, { id: globalId('Bot', original.id) }, owner.accessToken);
    expect(errors).toBeUndefined();
    const copy = data.duplicateBot;
    expect(copy).toMatchObject({ __typename: 'Bot', name: 'Lyon shop (copy)' });
    // Nothing was indexed within the request: the copy's document and crawl are still queued.
    const [document] = copy.documents.edges.map((edge: { node: unknown }) => edge.node);
    expect(document).toMatchObject({ fileName: 'policies.txt', status: expect.stringMatching(/^(pending|processing)$/) });
    expect(copy.webSources).toEqual([{ url: `${site.origin}/pricing`, status: expect.stringMatching(/^(pending|running)$/) }]);
    const copyId = databaseId(copy.id);

    // The owner follows the copy's documents on the status subscription, as for an upload.
    const statuses = server.subscriptions(owner.accessToken).iterate<{ documentStatusChanged: { status: string; chunkCount: number } }>({
      query: 'subscription ($botId: ID!) { documentStatusChanged(botId: $botId) { status chunkCount } }',
      variables: { botId: copy.id },
    });
    // The copy needs nothing of the original once the mutation has answered.
    expect((await api(server, 'DELETE', `/bots/${original.id}`, { token: owner.accessToken })).status).toBe(200);
    for await (const event of statuses) {
      if (event.data?.documentStatusChanged.status !== 'completed') continue;
      expect(event.data.documentStatusChanged.chunkCount).toBeGreaterThan(0);
      break;
    }

    expect(await knowledgeSettled(copyId)).toEqual(completedKnowledge);
    await expectAnswersFromOriginalKnowledge(copyId);
  });

  it("holds a suspended owner's copy, and a boot finishes it from what the database and files hold", async () => {
    const original = await originalWithKnowledge('Grenoble shop');
    const { prisma } = server.platform;
    expect((await api(server, 'POST', `/admin/suspend/${owner.userId}`, { token: admin.accessToken })).status).toBe(200);
    // Suspended while the duplicate is made: its jobs find the owner suspended and are held.
    const copy = await server.services.bots.duplicate(owner.userId, original.id);
    for (let attempt = 0; (await prisma.heldJob.count({ where: { ownerId: owner.userId } })) < 2; attempt++) {
      if (attempt > 600) throw new Error('the copy jobs were not held');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await prisma.document.findMany({ where: { botId: copy.id }, select: { status: true } })).toEqual([{ status: 'pending' }]);
    expect(await prisma.webSource.findMany({ where: { botId: copy.id }, select: { status: true } })).toEqual([{ status: 'pending' }]);
    expect(await prisma.webPage.count({ where: { botId: copy.id } })).toBe(0);

    // The process stops with the jobs: only the rows and files are left for the next boot.
    await prisma.heldJob.deleteMany({ where: { ownerId: owner.userId } });
    owner = await logInAgainOnceEnabled();
    expect(await server.services.knowledge.recoverInterruptedWork()).toEqual({ resumed: 1, failed: 0 });
    expect(await server.services.crawls.recoverInterruptedCrawls()).toBe(1);

    expect(await knowledgeSettled(copy.id)).toEqual(completedKnowledge);
    await expectAnswersFromOriginalKnowledge(copy.id);
  });

  it("refuses another customer's bot as not found, and copies nothing", async () => {
    const original = await botWithKnowledge(server, owner.accessToken, DOCUMENT_FACT, { name: 'Annecy shop' });
    const stranger = await signUp(server, 'Curious Stranger');
    await grantSubscription(server, stranger.userId, 'Pro');

    const { data, errors } = await graphql(server, DUPLICATE, { id: globalId('Bot', original.id) }, stranger.accessToken);
    expect(errors).toBeUndefined();
    expect(data.duplicateBot).toEqual({ __typename: 'NotFoundError', message: 'Bot not found' });
    const rest = await api(server, 'POST', `/bots/${original.id}/duplicate`, { token: stranger.accessToken });
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ detail: 'Bot not found' });
    expect(await server.platform.prisma.bot.count({ where: { name: 'Annecy shop (copy)' } })).toBe(0);
  });

  it('leaves no half copy behind when the knowledge cannot be copied', async () => {
    const original = await botWithKnowledge(server, owner.accessToken, DOCUMENT_FACT, { name: 'Broken shop' });
    const { prisma, blobs } = server.platform;
    const document = await prisma.document.findFirstOrThrow({ where: { botId: original.id } });
    // The file under the original's document is gone (a disk lost, say): the copy cannot be made.
    await blobs.delete(document.storageKey);
    const copy = await api(server, 'POST', `/bots/${original.id}/duplicate`, { token: owner.accessToken });
    expect(copy.status).toBeGreaterThanOrEqual(500);
    expect(await prisma.bot.count({ where: { ownerId: owner.userId, name: 'Broken shop (copy)' } })).toBe(0);
    expect(await prisma.document.count({ where: { fileName: document.fileName, bot: { name: 'Broken shop (copy)' } } })).toBe(0);
  });
});

/** Enables the owner again; their sessions ended with the suspension, so they sign in anew (a second later). */
async function logInAgainOnceEnabled(): Promise<TestAccount> {
  expect((await api(server, 'POST', `/admin/enable/${owner.userId}`, { token: admin.accessToken })).status).toBe(200);
  server.clock.advance(1_000);
  return logIn(server, owner.email, owner.password);
}
