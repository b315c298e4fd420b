// Issue #40: a 1,000-page website served on this machine, from the crawl's start to its last page
// answering, on a server run as `npm start` runs it (a child process) with the installation's page
// cap raised to the site's size (CRAWL_MAX_PAGES). PostgreSQL is BENCH_DATABASE_URL's server (a new
// database there, dropped afterwards), else the local one; BENCH_SITE_CRAWL_DATABASE=pglite runs it
// on the embedded database instead. BENCH_PROFILE_DIR=<dir> writes the server's CPU profile there.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerProcess } from '../scripts/serverProcess.ts';
import { api } from '../test/harness.ts';
import { serveLocalSite } from '../test/localSite.ts';
import { generatedSite, lockerCode } from './crawler.ts';
import type { BenchRow } from './knowledge.ts';
import { round, startBenchServerProcess } from './throughput.ts';

/** The home page and 999 articles. */
const SITE_PAGES = 1_000;
const GOAL_SECONDS = 60;

interface CrawlRecord {
  id: string;
  status: string;
  items_count: number;
  duration_ms: number | null;
  memory_used_mb: number | null;
  error_message: string | null;
}

async function finishedCrawl(server: ServerProcess, token: string, botId: string, crawlId: string): Promise<CrawlRecord> {
  for (;;) {
    const history = await api(server, 'GET', `/bot/${botId}/web-sources`, { token });
    const crawl = (history.body as CrawlRecord[]).find((record) => record.id === crawlId);
    if (crawl && (crawl.status === 'completed' || crawl.status === 'failed')) return crawl;
    await sleep(250);
  }
}

export async function benchSiteCrawl(): Promise<BenchRow[]> {
  const database = process.env.BENCH_SITE_CRAWL_DATABASE === 'pglite' ? 'pglite' : 'postgres';
  const site = await serveLocalSite(generatedSite(SITE_PAGES - 1));
  const server = await startBenchServerProcess(database, {
    name: 'site-crawl',
    env: { CRAWL_ALLOW_PRIVATE_NETWORKS: 'true', CRAWL_MAX_PAGES: String(SITE_PAGES) },
  });
  try {
    const login = await api(server, 'POST', '/users/login', { body: { email: 'customer@example.com', password: 'customer-demo-2026' } });
    const token: string = login.body.access_token;
    const bot = await api(server, 'POST', '/bots/save', {
      token,
      body: { name: 'Site bot', displayName: 'Sita', useCase: 'faq-bot', description: 'Answers from the website' },
    });
    const started = performance.now();
    const begun = await api(server, 'POST', '/crawl', { token, body: { bot_id: bot.body.id, url: `${site.origin}/`, max_depth: 1 } });
    if (begun.status !== 200) throw new Error(`the crawl was refused: ${JSON.stringify(begun.body)}`);
    const crawl = await finishedCrawl(server, token, bot.body.id, begun.body.id);
    if (crawl.status !== 'completed') throw new Error(`the crawl failed: ${crawl.error_message}`);
    const last = SITE_PAGES - 2;
    const query = encodeURIComponent(`What code opens the storage locker of article ${last}?`);
    const answer = await api(server, 'POST', `/bots/${bot.body.id}/rag-chat?query=${query}`, { token });
    if (!String(answer.body.response).includes(lockerCode(last)))
      throw new Error(`the last article is not found: ${JSON.stringify(answer.body)}`);
    const seconds = (performance.now() - started) / 1000;
    const label = database === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
    return [
      {
        benchmark: `crawl and index a ${SITE_PAGES}-page local site, ${label}`,
        value: round(seconds),
        unit: 's',
        goal: `< ${GOAL_SECONDS} s`,
        ok: seconds < GOAL_SECONDS && crawl.items_count === SITE_PAGES,
        detail:
          `${crawl.items_count} pages indexed, start to the last article answering; ` +
          `crawl ${round((crawl.duration_ms ?? 0) / 1000)} s, ${crawl.memory_used_mb ?? '?'} MB more memory at its peak` +
          (crawl.error_message ? `; ${crawl.error_message}` : ''),
      },
    ];
  } finally {
    await server.close();
    await site.close();
  }
}
