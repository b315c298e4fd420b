import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { htmlPage, serveLocalSite, type LocalSite } from '../../../test/localSite.ts';
import { DEMO_CRAWLS_PER_SESSION } from './service.ts';

let server: TestServer;
let site: LocalSite;

beforeAll(async () => {
  site = await serveLocalSite({
    '/visits': htmlPage('<h1>Visits</h1><p>Groups of more than twelve people book two weeks ahead by phone.</p>', {
      title: 'Museum visits',
    }),
    '/about': htmlPage('<p>About the museum.</p>', { title: 'About' }),
  });
  // The local site is on 127.0.0.1, which crawls refuse unless told otherwise.
  server = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
});

afterAll(async () => {
  await server?.close();
  await site?.close();
});

async function demoBot() {
  const session = (await api(server, 'POST', '/demobot/demo-session')).body as { session_token: string };
  const [template] = (await api(server, 'GET', '/template/')).body;
  const bot = await api(server, 'POST', '/demobot/create-demo-bot', {
    body: { template_prompt_id: template.id, demo_user_session_token: session.session_token },
  });
  return { token: session.session_token, botId: bot.body.id as string };
}

const crawl = (botId: string, token: string, body: unknown) =>
  api(server, 'POST', `/demobots/crawl-demo-website?bot_id=${botId}&demo_user_session_token=${token}`, { body });

describe('demo website knowledge', () => {
  it('reads one page into the demo bot and answers from it', async () => {
    const { token, botId } = await demoBot();
    const response = await crawl(botId, token, { url: `${site.origin}/visits` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ url: `${site.origin}/visits`, status: 'completed', items_count: 1, max_depth: 0 });

    const chat = await api(server, 'POST', '/demobots/chat', {
      body: { bot_id: botId, demo_user_session_token: token, query: 'How far ahead must groups book?' },
    });
    expect(chat.status).toBe(200);
    expect(JSON.stringify(chat.body)).toContain('two weeks ahead');
  });

  it("refuses a bad address, another session's bot and a missing session with clear 4xx answers", async () => {
    const { token, botId } = await demoBot();
    const invalid = await crawl(botId, token, { url: 'not a url' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toMatch(/valid website URL/);
    const empty = await crawl(botId, token, {});
    expect(empty.status).toBe(400);

    const stranger = await demoBot();
    expect((await crawl(botId, stranger.token, { url: `${site.origin}/visits` })).status).toBe(404);
    expect((await crawl(botId, '', { url: `${site.origin}/visits` })).status).toBe(400);
  });

  it(`reads at most ${DEMO_CRAWLS_PER_SESSION.limit} pages per demo session`, async () => {
    const { token, botId } = await demoBot();
    for (let page = 0; page < DEMO_CRAWLS_PER_SESSION.limit; page++) {
      expect((await crawl(botId, token, { url: `${site.origin}/about` })).status).toBe(200);
    }
    const refused = await crawl(botId, token, { url: `${site.origin}/about` });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Sign up/);
  });
});
