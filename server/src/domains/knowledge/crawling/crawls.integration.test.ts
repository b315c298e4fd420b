import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { htmlPage, respond, serveLocalSite, type LocalSite, type RouteHandler } from '../../../../test/localSite.ts';

let server: TestServer;
let site: LocalSite;
let owner: TestAccount;
let stranger: TestAccount;
let botId: string;

const layout = (title: string, main: string) =>
  htmlPage(
    `<nav><a href="/">Home</a><a href="/pricing">Pricing</a><a href="/team">Team</a><a href="/private/admin">Admin</a></nav><main><h1>${title}</h1>${main}</main><footer>Copyright Velo Bikes. Cookie settings.</footer>`,
    { title },
  );

const routes: Record<string, RouteHandler> = {
  '/': layout('Velo Bikes', '<p>Velo Bikes builds city bikes in Annecy since 1998.</p>'),
  '/pricing': layout('Pricing', '<p>The Urban model costs 1290 euros including the lock.</p>'),
  '/team': layout('Team', '<p>Our mechanic Camille repairs any bike within 48 hours.</p>'),
  '/private/admin': layout('Admin', '<p>Secret admin page with the zeppelin code.</p>'),
  '/robots.txt': respond(200, 'text/plain', 'User-agent: *\nDisallow: /private/\n'),
};

beforeAll(async () => {
  site = await serveLocalSite(routes);
  server = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
  owner = await signUp(server, 'Crawl Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Stranger');
  await grantSubscription(server, stranger.userId, 'Pro');
  botId = (
    await api(server, 'POST', '/bots/save', {
      token: owner.accessToken,
      body: { name: 'Web bot', displayName: 'Web', useCase: 'faq-bot', description: 'x' },
    })
  ).body.id;
});

afterAll(async () => {
  await server?.close();
  await site?.close();
});

const crawl = (body: Record<string, unknown>, token = owner.accessToken) =>
  api(server, 'POST', '/crawl', { token, body: { bot_id: botId, ...body } });
const ask = async (query: string) =>
  (await api(server, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent(query)}`, { token: owner.accessToken })).body
    .response as string;

describe('website crawls', () => {
  it("crawls a single page at depth 0, with the spec's record fields", async () => {
    const response = await crawl({ url: `${site.origin}/pricing`, max_depth: 0 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ url: `${site.origin}/pricing`, status: 'completed', items_count: 1, cost_usage: 0 });
    for (const field of ['file_id', 'run_id', 'dataset_id', 'duration_ms', 'memory_used_mb', 'scraped_at'])
      expect(response.body[field]).not.toBeUndefined();
    expect(await ask('How much does the Urban model cost?')).toContain('1290 euros');
    const logged = await server.platform.prisma.systemEvent.findFirst({ where: { event: `Website crawled: ${site.origin}/pricing` } });
    expect(logged).toMatchObject({ category: 'crawls', userId: owner.userId, details: '1 page(s) indexed, 0 unchanged' });
  });

  it('crawls the entire site at depth 1, respecting robots.txt and leaving menus out', async () => {
    const response = await crawl({ url: site.origin, max_depth: 1 });
    expect(response.body).toMatchObject({ status: 'completed', items_count: 3, pages_skipped: 1 });
    expect(site.paths()).not.toContain('/private/admin');
    expect(await ask('Who repairs bikes within 48 hours?')).toContain('Camille');
    const chunks = await server.platform.prisma.chunk.findMany({ where: { botId, sourceType: 'web_page' } });
    expect(chunks.some((chunk) => chunk.content.includes('Cookie settings'))).toBe(false);
    expect(chunks.some((chunk) => chunk.content.includes('zeppelin'))).toBe(false);
  });

  it('re-crawls: unchanged pages are skipped, changed ones re-indexed, vanished ones removed', async () => {
    routes['/pricing'] = layout('Pricing', '<p>The Urban model now costs 1390 euros including the lock.</p>');
    routes['/team'] = respond(404, 'text/html', 'gone');
    const response = await crawl({ url: site.origin, max_depth: 1 });
    expect(response.body).toMatchObject({ status: 'completed', pages_skipped: 1, pages_removed: 1 });
    expect(await ask('How much does the Urban model cost?')).toContain('1390 euros');
    expect(await ask('Who repairs bikes within 48 hours?')).not.toContain('Camille');
  });

  it('lists the crawl history newest first', async () => {
    const history = await api(server, 'GET', `/bot/${botId}/web-sources`, { token: owner.accessToken });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(3);
    expect(history.body[0].max_depth).toBe(1);
    expect(history.body[2].url).toBe(`${site.origin}/pricing`);
  });

  it.each([
    [{ url: '' }, 'Missing URL: Please enter a valid website URL.'],
    [{ url: 'not a url' }, 'Invalid URL: Please enter a valid website URL (including http/https).'],
    [{ url: 'ftp://example.com/file' }, 'Invalid URL: Please enter a valid website URL (including http/https).'],
    [{ url: 'https://example.com', max_depth: 3 }, 'max_depth must be 0 (single page) or 1 (entire site)'],
  ])('rejects %j with 400 and the spec message', async (body, detail) => {
    const response = await crawl(body);
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(detail);
  });

  it('is invisible to another customer', async () => {
    expect((await crawl({ url: site.origin }, stranger.accessToken)).status).toBe(404);
    expect((await api(server, 'GET', `/bot/${botId}/web-sources`, { token: stranger.accessToken })).status).toBe(404);
    const botGlobalId = Buffer.from(`Bot:${botId}`).toString('base64');
    const started = await graphql(
      server,
      `
        mutation ($id: ID!, $url: String!) {
          startCrawl(botId: $id, url: $url, maxDepth: 0) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { id: botGlobalId, url: site.origin },
      stranger.accessToken,
    );
    expect(started.data.startCrawl).toEqual({ __typename: 'NotFoundError', message: 'Bot not found' });
  });

  const startCrawlMutation = `
    mutation ($id: ID!, $url: String!) {
      startCrawl(botId: $id, url: $url, maxDepth: 1) {
        __typename
        ... on WebSource {
          id
        }
      }
    }
  `;
  type CrawlUpdate = { crawlStatusChanged: { id: string; status: string; itemsCount: number } };
  const statusSubscription = 'subscription($id: ID!) { crawlStatusChanged(botId: $id) { id status itemsCount } }';

  it('streams crawl progress to the owner over graphql-ws, after the recent history', async () => {
    const client = server.subscriptions(owner.accessToken);
    try {
      const botGlobalId = Buffer.from(`Bot:${botId}`).toString('base64');
      const updates = client.iterate<CrawlUpdate>({ query: statusSubscription, variables: { id: botGlobalId } })[Symbol.asyncIterator]();
      // The earlier crawls come first (oldest change first), which also says the subscription is live.
      const history = await api(server, 'GET', `/bot/${botId}/web-sources`, { token: owner.accessToken });
      const snapshot: string[] = [];
      while (snapshot.length < history.body.length) snapshot.push((await updates.next()).value.data.crawlStatusChanged.status);
      expect(snapshot).toEqual(history.body.map(() => 'completed'));

      const started = await graphql(server, startCrawlMutation, { id: botGlobalId, url: site.origin }, owner.accessToken);
      expect(started.data.startCrawl.__typename).toBe('WebSource');
      const statuses: string[] = [];
      for (;;) {
        const update = (await updates.next()).value.data.crawlStatusChanged;
        expect(update.id).toBe(started.data.startCrawl.id);
        statuses.push(update.status);
        if (update.status === 'completed') {
          expect(update.itemsCount).toBe(2);
          break;
        }
      }
      expect(statuses).toContain('running');
      await updates.return?.();
    } finally {
      await client.dispose();
    }
  });

  it('sends a crawl that finished before the subscription opened as finished', async () => {
    const botGlobalId = Buffer.from(`Bot:${botId}`).toString('base64');
    const started = await graphql(server, startCrawlMutation, { id: botGlobalId, url: site.origin }, owner.accessToken);
    const crawlId = Buffer.from(started.data.startCrawl.id, 'base64').toString().split(':')[1];
    await expect
      .poll(async () => (await server.platform.prisma.webSource.findUniqueOrThrow({ where: { id: crawlId } })).status, { timeout: 30_000 })
      .toBe('completed');

    const client = server.subscriptions(owner.accessToken);
    try {
      const updates = client.iterate<CrawlUpdate>({ query: statusSubscription, variables: { id: botGlobalId } });
      let newest: CrawlUpdate['crawlStatusChanged'] | undefined;
      const history = await api(server, 'GET', `/bot/${botId}/web-sources`, { token: owner.accessToken });
      let seen = 0;
      for await (const update of updates) {
        newest = update.data!.crawlStatusChanged;
        if (++seen === history.body.length) break;
      }
      expect(newest).toEqual({ id: started.data.startCrawl.id, status: 'completed', itemsCount: 2 });
    } finally {
      await client.dispose();
    }
  });
});

/** A new Pro customer of another server than the file's, and a bot of theirs. */
async function proOwnerWithBot(on: TestServer): Promise<{ account: TestAccount; botId: string }> {
  const account = await signUp(on);
  await grantSubscription(on, account.userId, 'Pro');
  const bot = await api(on, 'POST', '/bots/save', {
    token: account.accessToken,
    body: { name: 'b', displayName: 'b', useCase: 'faq-bot', description: 'x' },
  });
  return { account, botId: bot.body.id };
}

describe('SSRF protection', () => {
  it('refuses loopback and metadata addresses when private networks are not allowed', async () => {
    const guarded = await startTestServer();
    try {
      const { account, botId: guardedBot } = await proOwnerWithBot(guarded);
      const before = site.requests.length;
      for (const url of [
        `${site.origin}/`,
        `http://localhost:${site.port}/`,
        'http://169.254.169.254/latest/meta-data/',
        'http://[::1]/',
      ]) {
        const response = await api(guarded, 'POST', '/crawl', {
          token: account.accessToken,
          body: { bot_id: guardedBot, url, max_depth: 0 },
        });
        expect(response.body.status, url).toBe('failed');
        expect(response.body.error_message).toMatch(/private|not allowed|blocked|local/i);
      }
      expect(site.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});

describe("an installation's page cap", () => {
  it('reads at most CRAWL_MAX_PAGES pages of a site, in place of the plan’s cap', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => [
        index === 0 ? '/' : `/page/${index}`,
        htmlPage(`<main><p>Page ${index} of the handbook.</p><a href="/page/${index + 1}">Next</a></main>`, { title: `Page ${index}` }),
      ]),
    );
    const smallSite = await serveLocalSite(pages);
    const capped = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true', CRAWL_MAX_PAGES: '2' });
    try {
      const { account, botId: cappedBot } = await proOwnerWithBot(capped);
      const response = await api(capped, 'POST', '/crawl', {
        token: account.accessToken,
        body: { bot_id: cappedBot, url: smallSite.origin, max_depth: 1 },
      });
      expect(response.body).toMatchObject({ status: 'completed', items_count: 2, error_message: null });
    } finally {
      await capped.close();
      await smallSite.close();
    }
  });
});
