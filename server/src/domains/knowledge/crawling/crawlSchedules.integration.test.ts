import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, logIn, signUp, type TestAccount } from '../../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { htmlPage, respond, serveLocalSite, type LocalSite, type RouteHandler } from '../../../../test/localSite.ts';

let server: TestServer;
let site: LocalSite;
let owner: TestAccount;

const DAY_MS = 86_400_000;
const page = (title: string, text: string) =>
  htmlPage(
    `<nav><a href="/">Home</a><a href="/hours">Hours</a><a href="/prices">Prices</a></nav><main><h1>${title}</h1><p>${text}</p></main>`,
    {
      title,
    },
  );
const routes: Record<string, RouteHandler> = {};
const resetSite = () => {
  routes['/'] = page('Bakery', 'The Rue Verte bakery bakes sourdough every morning.');
  routes['/hours'] = page('Hours', 'The bakery opens at seven and closes at noon on Sundays.');
  routes['/prices'] = page('Prices', 'A sourdough loaf costs four euros.');
};

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const localId = (global: string) => Buffer.from(global, 'base64').toString().split(':')[1]!;

async function newBot(account: TestAccount): Promise<string> {
  const saved = await api(server, 'POST', '/bots/save', {
    token: account.accessToken,
    body: { name: 'Bakery bot', displayName: 'Bakery', useCase: 'faq-bot', description: 'x' },
  });
  return saved.body.id;
}

async function crawlWholeSite(account: TestAccount, botId: string): Promise<string> {
  const crawled = await api(server, 'POST', '/crawl', {
    token: account.accessToken,
    body: { bot_id: botId, url: site.origin, max_depth: 1 },
  });
  expect(crawled.body.status).toBe('completed');
  return crawled.body.id;
}

const setSchedule = (crawlId: string, schedule: string, token: string) =>
  graphql(
    server,
    `
      mutation ($id: ID!, $schedule: CrawlSchedule!) {
        setCrawlSchedule(webSourceId: $id, schedule: $schedule) {
          __typename
          ... on WebSource {
            crawlSchedule
          }
          ... on Error {
            message
          }
          ... on ValidationError {
            issues {
              path
              message
            }
          }
        }
      }
    `,
    { id: globalId('WebSource', crawlId), schedule },
    token,
  );

const history = async (botId: string, token = owner.accessToken) =>
  (
    await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on Bot {
              allowedCrawlSchedules
              webSources {
                id
                crawlSchedule
                scheduled
                status
                pagesAdded
                pagesChanged
                pagesSkipped
                pagesRemoved
              }
            }
          }
        }
      `,
      { id: globalId('Bot', botId) },
      token,
    )
  ).data.node;

/** The account signed in again: its tokens expire as a test moves the clock on by days. */
async function signedInAgain(account: TestAccount): Promise<TestAccount> {
  return logIn(server, account.email, account.password);
}

/** A tick as the job queue runs it, then the crawls it started. */
async function tick(on: TestServer = server): Promise<void> {
  await on.platform.queue.enqueue('knowledge.crawlSchedules', {});
  await on.platform.queue.onIdle!();
}

beforeAll(async () => {
  resetSite();
  site = await serveLocalSite(routes);
  server = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
  owner = await signUp(server, 'Bakery Owner');
  await grantSubscription(server, owner.userId, 'Pro');
});

afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe("the plan's re-crawl schedules", () => {
  const UPDATE = `mutation($id: ID!, $input: PaymentPlanInput!) {
    updatePaymentPlan(id: $id, input: $input) { __typename ... on PaymentPlan { crawlSchedules } ... on Error { message } }
  }`;

  it('are set by the admin on subscription plans only, and give the subscribers those schedules', async () => {
    const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
    const plans = await graphql(server, '{ paymentPlans { id name type crawlSchedules } }');
    const planNamed = (name: string) => plans.data.paymentPlans.find((plan: { name: string }) => plan.name === name);
    expect(planNamed('Starter').crawlSchedules).toEqual(['WEEKLY']);
    expect(planNamed('Pro').crawlSchedules).toEqual(['DAILY', 'WEEKLY']);

    const credits = plans.data.paymentPlans.find((plan: { type: string }) => plan.type === 'credit');
    const refused = await graphql(server, UPDATE, { id: credits.id, input: { crawlSchedules: ['WEEKLY'] } }, admin.accessToken);
    expect(refused.data.updatePaymentPlan).toEqual({
      __typename: 'ValidationError',
      message: 'Re-crawl schedules apply to subscription plans only',
    });

    const enterprise = planNamed('Enterprise');
    const edited = await graphql(server, UPDATE, { id: enterprise.id, input: { crawlSchedules: ['WEEKLY', 'WEEKLY'] } }, admin.accessToken);
    expect(edited.data.updatePaymentPlan).toEqual({ __typename: 'PaymentPlan', crawlSchedules: ['WEEKLY'] });
    const subscriber = await signUp(server, 'Enterprise Owner');
    await grantSubscription(server, subscriber.userId, 'Enterprise');
    const botId = await newBot(subscriber);
    expect((await history(botId, subscriber.accessToken)).allowedCrawlSchedules).toEqual(['OFF', 'WEEKLY']);
  });
});

describe('setCrawlSchedule', () => {
  it("sets a website's schedule when the plan allows it, for every crawl of that website", async () => {
    resetSite();
    const botId = await newBot(owner);
    const first = await crawlWholeSite(owner, botId);
    const second = await crawlWholeSite(owner, botId);
    const set = await setSchedule(first, 'DAILY', owner.accessToken);
    expect(set.data.setCrawlSchedule).toEqual({ __typename: 'WebSource', crawlSchedule: 'DAILY' });
    const bot = await history(botId);
    expect(bot.allowedCrawlSchedules).toEqual(['OFF', 'DAILY', 'WEEKLY']);
    expect(bot.webSources.map((crawl: { id: string; crawlSchedule: string }) => [localId(crawl.id), crawl.crawlSchedule])).toEqual([
      [second, 'DAILY'],
      [first, 'DAILY'],
    ]);
  });

  it('goes with a duplicate of the bot, and the crawl record says what each crawl added', async () => {
    resetSite();
    const botId = await newBot(owner);
    const crawled = await api(server, 'POST', '/crawl', {
      token: owner.accessToken,
      body: { bot_id: botId, url: site.origin, max_depth: 1 },
    });
    expect(crawled.body).toMatchObject({ status: 'completed', pages_added: crawled.body.items_count, pages_changed: 0 });
    expect(crawled.body.pages_added).toBeGreaterThan(0);
    await setSchedule(crawled.body.id, 'WEEKLY', owner.accessToken);
    const copy = await api(server, 'POST', `/bots/${botId}/duplicate`, { token: owner.accessToken });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    await server.platform.queue.onIdle!();
    const copied = await history(copy.body.id);
    expect(copied.webSources.map((crawl: { crawlSchedule: string }) => crawl.crawlSchedule)).toEqual(['WEEKLY']);
  });

  it("refuses a schedule the owner's plan does not allow, with a ValidationError", async () => {
    const starter = await signUp(server, 'Starter Owner');
    await grantSubscription(server, starter.userId, 'Starter');
    const botId = await newBot(starter);
    const crawlId = await crawlWholeSite(starter, botId);
    const message = 'Your plan does not allow re-crawling websites daily. Upgrade your plan or choose another schedule.';
    expect((await setSchedule(crawlId, 'DAILY', starter.accessToken)).data.setCrawlSchedule).toEqual({
      __typename: 'ValidationError',
      message,
      issues: [{ path: 'schedule', message }],
    });
    expect((await history(botId, starter.accessToken)).allowedCrawlSchedules).toEqual(['OFF', 'WEEKLY']);
    expect((await setSchedule(crawlId, 'WEEKLY', starter.accessToken)).data.setCrawlSchedule.crawlSchedule).toBe('WEEKLY');
  });

  it('allows only OFF to a customer without a paid subscription (on the trial)', async () => {
    const trial = await signUp(server, 'Trial Owner');
    const botId = await newBot(trial);
    const crawlId = await crawlWholeSite(trial, botId);
    expect((await history(botId, trial.accessToken)).allowedCrawlSchedules).toEqual(['OFF']);
    expect((await setSchedule(crawlId, 'WEEKLY', trial.accessToken)).data.setCrawlSchedule.__typename).toBe('ValidationError');
    expect((await setSchedule(crawlId, 'OFF', trial.accessToken)).data.setCrawlSchedule.crawlSchedule).toBe('OFF');
  });

  it("answers NotFoundError for another customer's crawl and leaves its schedule alone", async () => {
    const botId = await newBot(owner);
    const crawlId = await crawlWholeSite(owner, botId);
    const stranger = await signUp(server, 'Stranger');
    await grantSubscription(server, stranger.userId, 'Pro');
    expect((await setSchedule(crawlId, 'DAILY', stranger.accessToken)).data.setCrawlSchedule).toEqual({
      __typename: 'NotFoundError',
      message: 'Web source not found',
    });
    expect((await history(botId)).webSources[0].crawlSchedule).toBe('OFF');
  });
});

describe('scheduled re-crawls', () => {
  it('re-crawls a due website: indexes only the changed page, drops the removed one, and records the counts', async () => {
    resetSite();
    owner = await signedInAgain(owner);
    const botId = await newBot(owner);
    const crawlId = await crawlWholeSite(owner, botId);
    await setSchedule(crawlId, 'DAILY', owner.accessToken);
    const chunksBefore = await server.platform.prisma.chunk.findMany({ where: { botId }, select: { id: true, content: true } });
    const homeChunk = chunksBefore.find((chunk) => chunk.content.includes('sourdough every morning'))!;

    routes['/prices'] = page('Prices', 'A sourdough loaf now costs five euros.');
    routes['/hours'] = respond(404, 'text/html', 'gone');
    await tick();
    expect(await server.platform.prisma.webSource.count({ where: { botId } })).toBe(1);

    server.clock.advance(DAY_MS + 60_000);
    await tick();
    owner = await signedInAgain(owner);
    const [latest] = (await history(botId)).webSources;
    expect(latest).toMatchObject({
      scheduled: true,
      status: 'completed',
      crawlSchedule: 'DAILY',
      pagesAdded: 0,
      pagesChanged: 1,
      pagesSkipped: 1,
      pagesRemoved: 1,
    });
    const chunks = await server.platform.prisma.chunk.findMany({ where: { botId }, select: { id: true, content: true } });
    expect(chunks.map((chunk) => chunk.content).join(' ')).toContain('five euros');
    expect(chunks.some((chunk) => chunk.content.includes('four euros') || chunk.content.includes('closes at noon'))).toBe(false);
    // The unchanged page kept its passages: it was not indexed again.
    expect(chunks).toContainEqual(homeChunk);
    const schedule = await server.platform.prisma.websiteSchedule.findFirstOrThrow({ where: { botId } });
    expect(schedule.nextCrawlAt!.getTime()).toBe(server.clock.now().getTime() + DAY_MS);
  });

  it('starts a due crawl once when two replicas tick at the same time', async () => {
    resetSite();
    const replica = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' }, { shareDatabaseWith: server });
    try {
      owner = await signedInAgain(owner);
      const botId = await newBot(owner);
      const crawlId = await crawlWholeSite(owner, botId);
      await setSchedule(crawlId, 'WEEKLY', owner.accessToken);
      const due = new Date(server.clock.now().getTime() + 7 * DAY_MS + 60_000);
      server.clock.set(due);
      replica.clock.set(due);
      await Promise.all([tick(server), tick(replica)]);
      const crawls = await server.platform.prisma.webSource.findMany({ where: { botId, scheduled: true } });
      expect(crawls).toHaveLength(1);
    } finally {
      await replica.close();
    }
  });

  it("turns off a schedule the owner's plan no longer allows when it comes due, without crawling", async () => {
    resetSite();
    let lapsing = await signUp(server, 'Lapsing Owner');
    await grantSubscription(server, lapsing.userId, 'Pro');
    const botId = await newBot(lapsing);
    const crawlId = await crawlWholeSite(lapsing, botId);
    await setSchedule(crawlId, 'DAILY', lapsing.accessToken);
    await server.platform.prisma.subscription.updateMany({
      where: { userId: lapsing.userId, status: 'active' },
      data: { status: 'canceled' },
    });

    server.clock.advance(DAY_MS + 60_000);
    await tick();
    lapsing = await signedInAgain(lapsing);
    expect(await server.platform.prisma.webSource.count({ where: { botId } })).toBe(1);
    expect((await history(botId, lapsing.accessToken)).webSources[0].crawlSchedule).toBe('OFF');
  });
});
