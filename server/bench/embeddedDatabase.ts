// Does a slow query on the embedded database hold up every other request? The p95 of `/healthz`
// (no database work) while clients run database-heavy queries, against the same p95 with the
// database idle, measured in the same run on the real server over an in-memory PGlite.
import { Worker } from 'node:worker_threads';
import { startTestServer } from '../test/harness.ts';
import type { BenchRow } from './knowledge.ts';
import { round } from './throughput.ts';

const DATABASE_CLIENTS = 4;
const QUERIES_PER_CLIENT = 10;
const IDLE_PROBE_MS = 2_000;
/** Tens of milliseconds of work inside PGlite per call on the machines of the project. */
const HEAVY_QUERY = 'SELECT count(*) FROM generate_series(1, 200000) AS g WHERE g % 7 = 0';
const GOAL_MS = 10;

/**
 * One request at a time until told to stop (or for `ms`), from a thread of its own so the
 * measurement does not wait on the server's loop. The load has a fixed size rather than a duration:
 * in-process PGlite answers through microtasks only, so its clients can keep the loop (and its
 * timers) from ever turning.
 */
const PROBE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((resolve, reject) => {
  const started = performance.now();
  http.get(workerData.url, { agent }, (response) => {
    response.resume();
    response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error('status ' + response.statusCode))));
  }).on('error', reject);
});
let stopped = false;
parentPort.once('message', () => (stopped = true));
(async () => {
  const latencies = [];
  const end = performance.now() + workerData.ms;
  while (!stopped && performance.now() < end) {
    latencies.push(await get());
    if (workerData.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
  }
  agent.destroy();
  parentPort.postMessage(latencies);
})().catch((error) => parentPort.postMessage(String(error)));
`;

/**
 * Probes `url` for `ms`, or, given `until`, until it settles: the latency of each answer, in
 * milliseconds. `pauseMs` between answers keeps the probe from being the load itself (on a machine
 * of two cores, back-to-back requests take a core from the server they measure).
 */
export async function probe(url: string, ms: number, until?: Promise<unknown>, pauseMs = 0): Promise<number[]> {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, ms, pauseMs } });
  try {
    const answer = new Promise<number[] | string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    void until?.finally(() => worker.postMessage('stop'));
    const result = await answer;
    if (typeof result === 'string') throw new Error(`/healthz probe failed: ${result}`);
    return result;
  } finally {
    await worker.terminate();
  }
}

/** The value below which a `fraction` of `values` lie (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

const p95 = (values: number[]) => percentile(values, 0.95);

export async function benchEmbeddedDatabaseBlocking(): Promise<BenchRow[]> {
  const server = await startTestServer();
  try {
    const { prisma } = server.platform;
    const healthz = `${server.url}/healthz`;
    await prisma.$queryRawUnsafe(HEAVY_QUERY); // warm-up

    const idle = await probe(healthz, IDLE_PROBE_MS);

    const started = performance.now();
    const load = Promise.all(
      Array.from({ length: DATABASE_CLIENTS }, async () => {
        for (let i = 0; i < QUERIES_PER_CLIENT; i++) await prisma.$queryRawUnsafe(HEAVY_QUERY);
      }),
    ).then(() => performance.now() - started);
    const loaded = await probe(healthz, Number.POSITIVE_INFINITY, load);
    const loadMs = await load;

    const ours = p95(loaded);
    const reference = p95(idle);
    return [
      {
        benchmark: `/healthz p95 while ${DATABASE_CLIENTS} clients run slow queries on embedded PGlite`,
        value: round(ours, 2),
        unit: 'ms',
        goal: `< ${GOAL_MS} ms`,
        ok: ours < GOAL_MS,
        detail:
          `idle database: p95 ${round(reference, 2)} ms (ratio ${round(ours / reference)}x); ` +
          `${loaded.length} probes during ${DATABASE_CLIENTS * QUERIES_PER_CLIENT} slow queries in ${round(loadMs)} ms`,
      },
    ];
  } finally {
    await server.close();
  }
}
