import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { htmlPage, serveLocalSite, type LocalSite } from '../../../test/localSite.ts';

// A duplicate answers what its original answers: its documents and crawled pages come with it.

const DOCUMENT_FACT = 'Bikes bought in our Lyon shop are serviced for free during the first 90 days.';
const PAGE_FACT = 'The Urban model costs 1290 euros including the lock.';

let server: TestServer;
let site: LocalSite;
let owner: TestAccount;

beforeAll(async () => {
  site = await serveLocalSite({ '/pricing': htmlPage(`<h1>Pricing</h1><p>${PAGE_FACT}</p>`, { title: 'Pricing' }) });
  server = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
  owner = await signUp(server, 'Duplicating Owner');
  await grantSubscription(server, owner.userId, 'Pro');
});

afterAll(async () => {
  await server?.close();
  await site?.close();
});

const ask = async (botId: string, query: string) =>
  (await api(server, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent(query)}`, { token: owner.accessToken })).body
    .response as string;

describe('duplicating a bot', () => {
  it('copies its documents and crawled pages, so the copy answers from them, even once the original is gone', async () => {
    const original = await botWithKnowledge(server, owner.accessToken, DOCUMENT_FACT, { name: 'Lyon shop' });
    const crawled = await api(server, 'POST', '/crawl', {
      token: owner.accessToken,
      body: { bot_id: original.id, url: `${site.origin}/pricing`, max_depth: 0 },
    });
    expect(crawled.body).toMatchObject({ status: 'completed', items_count: 1 });

    const copy = await api(server, 'POST', `/bots/${original.id}/duplicate`, { token: owner.accessToken });
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe('Lyon shop (copy)');

    const { prisma } = server.platform;
    const documents = await prisma.document.findMany({ where: { botId: copy.body.id } });
    expect(documents).toMatchObject([{ fileName: 'policies.txt', status: 'completed' }]);
    expect(documents[0]!.chunkCount).toBeGreaterThan(0);
    expect(documents[0]!.storageKey).toContain(`bots/${copy.body.id}/`);
    const pages = await prisma.webPage.findMany({ where: { botId: copy.body.id } });
    expect(pages).toMatchObject([{ url: `${site.origin}/pricing`, title: 'Pricing' }]);
    expect(await prisma.webSource.count({ where: { botId: copy.body.id, status: 'completed' } })).toBe(1);

    const deleted = await api(server, 'DELETE', `/bots/${original.id}`, { token: owner.accessToken });
    expect(deleted.status).toBe(200);
    expect(await ask(copy.body.id, 'How long is the free service for bikes from the Lyon shop?')).toContain('90 days');
    expect(await ask(copy.body.id, 'How much does the Urban model cost?')).toContain('1290 euros');
    // Its file is its own: the original's deletion left it in place.
    expect(await server.platform.blobs.exists(documents[0]!.storageKey)).toBe(true);
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
