import { Worker } from 'node:worker_threads';
import { demoCustomer } from '../test/accounts.ts';
import { graphql, startTestServer } from '../test/harness.ts';
import type { BenchRow } from './knowledge.ts';
import { createDatabase } from '../src/platform/database/index.ts';
import { applyMigrations } from '../src/platform/database/migrate.ts';

const CONNECTIONS = 10;
const WARM_UP_MS = 500;
const MEASURE_MS = 2_000;
/** The two loads take turns, so a neighbour's burst on a shared machine weighs on both alike. */
const ROUNDS = 3;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Keeps CONNECTIONS keep-alive requests in flight for a while and counts the answers. It runs in a
 * worker thread, so the load's own JavaScript does not take turns with the server's on one event loop.
 */
const LOAD = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, body, headers, connections, warmUpMs, measureMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let counting = false;
let done = 0;
let failed = 0;
let stopped = false;
const post = () => new Promise((resolve) => {
  const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
    response.resume();
    response.on('end', () => {
      if (counting) response.statusCode === 200 ? done++ : failed++;
      resolve();
    });
  });
  request.on('error', () => { if (counting) failed++; resolve(); });
  request.end(body);
});
const loop = async () => { while (!stopped) await post(); };
const loops = Array.from({ length: connections }, loop);
setTimeout(() => {
  counting = true;
  setTimeout(async () => {
    counting = false;
    stopped = true;
    await Promise.all(loops);
    agent.destroy();
    parentPort.postMessage({ perSecond: done / (measureMs / 1000), failed });
  }, measureMs);
}, warmUpMs);
`;

async function requestsPerSecond(url: string, query: string, token?: string): Promise<number> {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const worker = new Worker(LOAD, {
    eval: true,
    workerData: { url, body: JSON.stringify({ query }), headers, connections: CONNECTIONS, warmUpMs: WARM_UP_MS, measureMs: MEASURE_MS },
  });
  const result = await new Promise<{ perSecond: number; failed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (result.failed > 0) throw new Error(`${result.failed} requests for ${query} failed`);
  return result.perSecond;
}

/**
 * `{ viewer { id } }` with a bearer token against `{ __typename }` without one: what checking a token
 * costs a request, as a ratio of throughputs, and in SQL statements.
 */
export async function benchViewerToken(): Promise<BenchRow[]> {
  let counting = false;
  const statements: string[] = [];
  const database = await createDatabase({ onQuery: (sql) => counting && statements.push(sql) });
  await applyMigrations(database);
  const server = await startTestServer({}, { database });
  try {
    const customer = await demoCustomer(server);
    const url = `${server.url}/graphql`;
    // The first token a process checks rebuilds its revocation list from the rows, once: not counted.
    await graphql(server, '{ __typename }', {}, customer.accessToken);
    counting = true;
    const answer = await graphql(server, '{ viewer { id } }', {}, customer.accessToken);
    counting = false;
    if (!answer.data?.viewer?.id) throw new Error(`no viewer: ${JSON.stringify(answer)}`);
    let anonymous = 0;
    let signedIn = 0;
    for (let round = 0; round < ROUNDS; round++) {
      anonymous += (await requestsPerSecond(url, '{ __typename }')) / ROUNDS;
      signedIn += (await requestsPerSecond(url, '{ viewer { id } }', customer.accessToken)) / ROUNDS;
    }
    const ratio = signedIn / anonymous;
    return [
      {
        benchmark: `{ viewer { id } } with a bearer token vs { __typename } without (${CONNECTIONS} connections)`,
        value: round(ratio, 2),
        unit: 'x',
        goal: '>= 0.7',
        ok: ratio >= 0.7,
        detail: `${Math.round(signedIn)} vs ${Math.round(anonymous)} req/s; ${statements.length} SQL statements per signed-in request`,
      },
    ];
  } finally {
    await server.close();
    await database.close();
  }
}
