// `npm run bench`: the server's speed targets, measured on this machine and printed as a table.
// Reported, never asserted: timing assertions belong to no test. Arguments name the benches to run
// (all by default); `--split dev|test|all` chooses the questions the qa bench scores (test by default).
import { benchCrawl } from './crawler.ts';
import { benchPdfIngestion, benchRetrieval, type BenchRow } from './knowledge.ts';
import { benchBotList } from './botList.ts';
import { benchWidgetChat, type ChatQuestions } from './chat.ts';
import { benchEmbeddedDatabaseBlocking } from './embeddedDatabase.ts';
import { benchLargeDocument } from './largeDocument.ts';
import { benchMillionChunks } from './millionChunks.ts';
import { benchOfflineAnswers } from './qa.ts';
import type { QaSplit } from './qa/questions.ts';
import { benchSiteCrawl } from './siteCrawl.ts';
import { benchStartup } from './startup.ts';
import { benchViewerToken } from './viewer.ts';
import { round } from './throughput.ts';

async function crawlRow(): Promise<BenchRow> {
  const result = await benchCrawl();
  return {
    benchmark: `crawl a ${result.pages}-page local site at depth 1`,
    value: round(result.pagesPerSecond),
    unit: 'pages/s',
    goal: '> 100',
    ok: result.pagesPerSecond > 100,
    detail: `${result.pages} pages in ${round(result.durationMs / 1000, 2)} s`,
  };
}

const SPLITS = ['dev', 'test', 'all'] as const;
const args = process.argv.slice(2);
const splitAt = args.indexOf('--split');
const split = (splitAt === -1 ? 'test' : args[splitAt + 1]) as QaSplit | 'all';
if (!SPLITS.includes(split)) throw new Error(`--split must be one of ${SPLITS.join(', ')}`);
if (splitAt !== -1) args.splice(splitAt, 2);

const benches: [string, () => Promise<BenchRow[]>][] = [
  ['pdf', () => benchPdfIngestion()],
  ['crawl', async () => [await crawlRow()]],
  ['site-crawl', () => benchSiteCrawl()],
  [
    'retrieval',
    () =>
      benchRetrieval({
        // BENCH_RETRIEVAL_CHUNKS=1000000: #40's million chunks (seeding takes a while; progress on stderr).
        chunks: Number(process.env.BENCH_RETRIEVAL_CHUNKS) || undefined,
        // BENCH_RETRIEVAL_BOTS=1000: the same chunks spread over that many bots, each question asking one.
        bots: Number(process.env.BENCH_RETRIEVAL_BOTS) || undefined,
        progress: (line) => process.stderr.write(`${line}\n`),
      }),
  ],
  ['bots', () => benchBotList()],
  [
    'chat',
    async () => {
      const only = process.env.BENCH_CHAT_QUESTIONS;
      const variants: ChatQuestions[] = only === 'same' || only === 'varied' ? [only] : ['same', 'varied'];
      const rows: BenchRow[] = [];
      for (const variant of variants) rows.push(...(await benchWidgetChat(variant)));
      return rows;
    },
  ],
  ['qa', () => benchOfflineAnswers(split)],
  ['startup', () => benchStartup()],
  ['viewer', () => benchViewerToken()],
  ['embedded-db', () => benchEmbeddedDatabaseBlocking()],
  ['large-document', () => benchLargeDocument()],
  ['million-chunks', () => benchMillionChunks()],
];

const only = args;
/** Run only when named: about half an hour at its million chunks (BENCH_INGEST_CHUNKS sets fewer). */
const NAMED_ONLY = new Set(['million-chunks']);
const rows: BenchRow[] = [];
for (const [name, run] of benches) {
  if (only.length === 0 ? NAMED_ONLY.has(name) : !only.includes(name)) continue;
  process.stderr.write(`running ${name}...\n`);
  try {
    rows.push(...(await run()));
  } catch (error) {
    rows.push({
      benchmark: name,
      value: NaN,
      unit: '',
      goal: '',
      ok: false,
      detail: `failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

const table = rows.map((row) => ({
  benchmark: row.benchmark,
  result: `${row.value} ${row.unit}`.trim(),
  goal: row.goal,
  met: row.ok === null ? '-' : row.ok ? 'yes' : 'no',
  detail: row.detail,
}));
console.table(table);
