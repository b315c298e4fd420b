// Issue #41: a document near the 10 MB limit, from its upload to searchable, on a server run as
// `npm start` runs it (a child process: the embedded database in its data folder, or PostgreSQL),
// with the latency of `/healthz` meanwhile. PostgreSQL is BENCH_DATABASE_URL's server (a new
// database there, dropped afterwards), else the local one. BENCH_PROFILE_DIR=<dir> writes the
// server's CPU profile there (node --cpu-prof), to see where the time goes.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerProcess } from '../scripts/serverProcess.ts';
import { handbookText, MiB } from '../test/documentFixtures.ts';
import { api, graphql } from '../test/harness.ts';
import { uploadDocument } from '../test/knowledge.ts';
import { percentile, probe } from './embeddedDatabase.ts';
import type { BenchRow } from './knowledge.ts';
import { round, startBenchServerProcess } from './throughput.ts';

const DOCUMENT_BYTES = 9.5 * MiB;
const GOAL_SECONDS = { pglite: 60, postgres: 30 };
const HEALTHZ_P99_GOAL_MS = 200;
/** About 100 health checks a second: steady traffic, not a second load on the machine. */
const HEALTHZ_PAUSE_MS = 10;
const LAST_PAGE = 'Closing notes. The Zorbian ferry to the staff retreat leaves pier nineteen at 7:45 every Thursday.';

export interface DocumentState {
  status: string;
  errorMessage: string | null;
  chunkCount: number;
}

export async function settledDocument(
  server: ServerProcess,
  token: string | (() => Promise<string>),
  documentId: string,
): Promise<DocumentState> {
  const id = Buffer.from(`Document:${documentId}`).toString('base64');
  for (;;) {
    const { data, errors } = await graphql<{ node: DocumentState | null }>(
      server,
      'query ($id: ID!) { node(id: $id) { ... on Document { status errorMessage chunkCount } } }',
      { id },
      typeof token === 'string' ? token : await token(),
    );
    if (!data?.node) throw new Error(`document ${documentId} could not be read: ${JSON.stringify(errors ?? data)}`);
    if (data.node.status === 'completed' || data.node.status === 'failed') return data.node;
    await sleep(100);
  }
}

async function benchOn(database: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const server = await startBenchServerProcess(database, { name: database, env: { LOG_LEVEL: 'info' } });
  try {
    const login = await api(server, 'POST', '/users/login', { body: { email: 'customer@example.com', password: 'customer-demo-2026' } });
    const token: string = login.body.access_token;
    const bot = await api(server, 'POST', '/bots/save', {
      token,
      body: { name: 'Handbook bot', displayName: 'Hana', useCase: 'customer-support', description: 'Answers staff questions' },
    });
    const text = handbookText(DOCUMENT_BYTES, LAST_PAGE);

    const started = performance.now();
    const searchable = (async () => {
      const uploaded = await uploadDocument(server, token, bot.body.id, 'handbook.txt', text);
      if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
      const document = await settledDocument(server, token, uploaded.body.id);
      if (document.status !== 'completed') throw new Error(`the document failed: ${document.errorMessage}`);
      const query = encodeURIComponent('When does the Zorbian ferry to the staff retreat leave?');
      const answer = await api(server, 'POST', `/bots/${bot.body.id}/rag-chat?query=${query}`, { token });
      if (!String(answer.body.response).includes('7:45')) throw new Error(`the last page is not found: ${JSON.stringify(answer.body)}`);
      return { seconds: (performance.now() - started) / 1000, chunks: document.chunkCount };
    })();
    const latencies = await probe(`${server.url}/healthz`, Number.POSITIVE_INFINITY, searchable, HEALTHZ_PAUSE_MS);
    const { seconds, chunks } = await searchable;
    const processed = /"parseMs":(\d+).*"indexMs":(\d+)/.exec(
      server
        .output()
        .split('\n')
        .find((line) => line.includes('document processed')) ?? '',
    );
    const p99 = percentile(latencies, 0.99);
    const label = database === 'pglite' ? 'embedded PGlite (data folder)' : 'PostgreSQL';
    return [
      {
        benchmark: `9.5 MB text document, upload to searchable, ${label}`,
        value: round(seconds),
        unit: 's',
        goal: `< ${GOAL_SECONDS[database]} s`,
        ok: seconds < GOAL_SECONDS[database],
        detail:
          `${chunks} chunks` +
          (processed ? `; parse ${round(Number(processed[1]) / 1000)} s, split+embed+write ${round(Number(processed[2]) / 1000)} s` : ''),
      },
      {
        benchmark: `/healthz p99 while it is ingested, ${label}`,
        value: round(p99),
        unit: 'ms',
        goal: `< ${HEALTHZ_P99_GOAL_MS} ms`,
        ok: p99 < HEALTHZ_P99_GOAL_MS,
        detail: `${latencies.length} probes, p50 ${round(percentile(latencies, 0.5), 2)} ms, max ${round(Math.max(...latencies))} ms`,
      },
    ];
  } finally {
    await server.close();
  }
}

/** Both databases; BENCH_LARGE_DOCUMENT_DATABASE=pglite|postgres runs one. */
export async function benchLargeDocument(): Promise<BenchRow[]> {
  const only = process.env.BENCH_LARGE_DOCUMENT_DATABASE;
  if (only === 'pglite' || only === 'postgres') return benchOn(only);
  return [...(await benchOn('pglite')), ...(await benchOn('postgres'))];
}
