// Throughput against a reference measured in the same run: a bare graphql-yoga hello-world in its own
// process, loaded by the same generator with the same connections, so a busy machine slows both.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createDatabase, type CreateDatabaseOptions, type Database } from '../src/platform/database/index.ts';
import { startServerProcess, type ServerProcess } from '../scripts/serverProcess.ts';
import { createScratchPostgresDatabase, postgresUrlForTests } from '../test/database.ts';
import { applyMigrations } from '../src/platform/database/migrate.ts';
import pino from 'pino';
import { openScratchPostgresDatabase } from '../test/database.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadOptions {
  connections: number;
  warmUpMs: number;
  measureMs: number;
}

export interface LoadResult {
  perSecond: number;
  /** Answers in the whole run, warm-up included. */
  answered: number;
  failed: number;
  /** The first failed answer's status and body, to say why. */
  firstFailure?: string;
}

/**
 * Keeps `connections` keep-alive POSTs in flight and counts the 200s answered within the measured
 * window. It runs in a worker thread, so the load's own JavaScript does not take turns with a server
 * on the bench's event loop. An answer is counted only when it carries no GraphQL errors.
 */
const LOAD = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, body, headers, connections, warmUpMs, measureMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let counting = false;
let done = 0;
let answered = 0;
let failed = 0;
let firstFailure;
let stopped = false;
const post = () => new Promise((resolve) => {
  const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('end', () => {
      answered++;
      if (counting) {
        const text = Buffer.concat(chunks).toString();
        if (response.statusCode === 200 && !text.includes('"errors"')) done++;
        else {
          failed++;
          firstFailure ??= response.statusCode + ' ' + text.slice(0, 300);
        }
      }
      resolve();
    });
  });
  request.on('error', (error) => {
    if (counting) { failed++; firstFailure ??= String(error); }
    resolve();
  });
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
    parentPort.postMessage({ perSecond: done / (measureMs / 1000), answered, failed, firstFailure });
  }, measureMs);
}, warmUpMs);
`;

/** Requests per second a GraphQL endpoint answers to `query` under `options.connections` concurrent clients. */
export async function graphqlRequestsPerSecond(
  url: string,
  query: string,
  options: LoadOptions,
  token?: string,
  extraHeaders: Record<string, string> = {},
): Promise<LoadResult> {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders };
  const worker = new Worker(LOAD, { eval: true, workerData: { url, body: JSON.stringify({ query }), headers, ...options } });
  try {
    return await new Promise<LoadResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** The reference: graphql-yoga's hello-world on node:http, nothing else, in a process of its own. */
const HELLO_WORLD = `
const { createServer } = require('node:http');
const { createSchema, createYoga } = require('graphql-yoga');
const yoga = createYoga({
  schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }),
  logging: false,
});
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export const HELLO_QUERY = '{ hello }';

export interface ReferenceServer {
  /** Where the load goes: the GraphQL endpoint, or the chat route. */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the bare graphql-yoga hello-world in a child process and waits until it listens. */
export async function startHelloWorldYoga(): Promise<ReferenceServer> {
  const reference = await startReferenceProcess(HELLO_WORLD, 'the hello-world yoga');
  return { url: `http://127.0.0.1:${reference.port}/graphql`, pid: reference.pid, stop: reference.stop };
}

/**
 * Runs a reference server's script in a Node process of its own (the server package's dependencies
 * at hand) and waits for the port it prints as `{"port": N}` on its first line; SIGTERM stops it.
 */
export async function startReferenceProcess(
  script: string,
  label: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let line = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      line += chunk.toString();
      const end = line.indexOf('\n');
      if (end >= 0) resolve((JSON.parse(line.slice(0, end)) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}: ${output}`)));
  });
  return {
    port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface BenchDatabase {
  database: Database;
  /** 'PGlite' or 'PostgreSQL', for the rows. */
  label: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for a bench: in-memory PGlite, or, with BENCH_DATABASE_URL set to a
 * PostgreSQL server, a new database on that server, dropped afterwards (as the test helpers do).
 */
export async function createBenchDatabase(options: Pick<CreateDatabaseOptions, 'onQuery'> = {}): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (serverUrl) return { ...(await openScratchPostgresDatabase(serverUrl, 'bench', options)), label: 'PostgreSQL' };
  const database = await createDatabase(options);
  await applyMigrations(database);
  return { database, label: 'PGlite', drop: () => database.close() };
}

/**
 * The server a bench measures, on `database`: logging as `npm start` does (an access line per request
 * at info), into /dev/null rather than the bench's own output, so its cost is counted; its clock
 * keeps time, so its caches keep and expire what they would in production.
 */
export function startMeasuredServer(database: Database): Promise<TestServer> {
  return startTestServer({ LOG_LEVEL: 'info' }, { database, logTo: pino.destination({ dest: '/dev/null', sync: true }), clockRuns: true });
}

/**
 * A server started as `npm start` starts it (a child process), on the embedded database in a data
 * folder of its own or on a new database of BENCH_DATABASE_URL's PostgreSQL (else the local one),
 * its CPU profile written to BENCH_PROFILE_DIR/`name` when that is set. `close` stops it and removes
 * its data folder and database.
 */
export async function startBenchServerProcess(
  database: 'pglite' | 'postgres',
  { name, env = {} }: { name: string; env?: Record<string, string> },
): Promise<ServerProcess & { close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `chatbot-bench-${name}-`));
  const scratch =
    database === 'postgres'
      ? await createScratchPostgresDatabase(
          process.env.BENCH_DATABASE_URL?.trim() || postgresUrlForTests(),
          `bench_${name.replaceAll('-', '_')}`,
        )
      : undefined;
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const server = await startServerProcess('source', {
    dataDir,
    env: {
      ...env,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir, name)}` } : {}),
    },
  });
  return {
    ...server,
    async close() {
      await server.stop();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A figure as the bench tables print it: `digits` decimals. */
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? NaN;

// ---------------------------------------------------------------- CPU time (Linux /proc)

let clockTicks: number | undefined;
export function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * CPU milliseconds (user + system) a process, or one of its threads, has used so far; NaN where
 * /proc cannot tell (not Linux, another machine's process). Unlike requests per second, the CPU a
 * request costs hardly depends on what else the machine runs.
 */
export function cpuMs(pid: number, threadId?: number): number {
  try {
    return procStat(threadId === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${threadId}/stat`).cpuMs;
  } catch {
    return NaN;
  }
}

/** A process's (or thread's) line of /proc: its CPU milliseconds so far, its parent and its command name. Throws when it is gone. */
export function procStat(statPath: string): { cpuMs: number; ppid: number; comm: string } {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    cpuMs: ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond()) * 1000,
    ppid: Number(fields[1]),
    comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
  };
}

/** A process as /proc shows it: its CPU milliseconds so far, its parent, its command name and line. */
export interface ProcessSample {
  pid: number;
  cpuMs: number;
  ppid: number;
  comm: string;
  /** The command line, its arguments separated by spaces. */
  command: string;
}

/** Every process of the machine now; one that ends while it is read is left out. */
export function runningProcesses(): ProcessSample[] {
  const found: ProcessSample[] = [];
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = procStat(`/proc/${name}/stat`);
      found.push({ pid: Number(name), ...stat, command: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** CPU milliseconds of a set of processes (the database server's backends) used while `work` runs. */
export async function cpuDuring<T>(pids: () => Promise<number[]>, work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = new Map((await pids()).map((pid) => [pid, cpuMs(pid)]));
  const result = await work();
  let total = 0;
  for (const pid of await pids()) total += cpuMs(pid) - (before.get(pid) ?? 0);
  return { result, cpuMs: total };
}

// ---------------------------------------------------------------- where a request's milliseconds go

/** The parts of a V8 .cpuprofile this reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Layers of the server, by the file a sampled function lives in; the innermost layer on the stack wins. */
const LAYERS: [string, RegExp][] = [
  ['PGlite (Postgres in WebAssembly, its JS)', /^wasm:|@electric-sql\/pglite|pglite-prisma-adapter/],
  ['pg driver (pg, adapter-pg) and its socket writes', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|@prisma\/adapter-pg)\//],
  ['Prisma client (query interpreter)', /node_modules\/@prisma\/|\/generated\/prisma\//],
  ['auth (token check)', /node_modules\/jose\/|\/domains\/auth\/|\/requestAuth\.ts|\/platform\/revocations\//],
  ['bots and dashboard domains', /\/domains\/(bots|dashboard)\//],
  ['chat domain (answer, extractive answerer)', /\/domains\/chat\//],
  ['retrieval and embeddings', /\/domains\/knowledge\/|\/platform\/embeddings\/|node_modules\/snowball/],
  ['Chroma client', /node_modules\/chromadb\/|\/platform\/vectors\//],
  ['rate limits, pubsub (Redis client)', /\/platform\/ratelimit\/|\/rateLimits\.ts|node_modules\/(ioredis|@ioredis)\//],
  ['billing domain', /\/domains\/billing\//],
  ['dataloader', /node_modules\/dataloader\//],
  ['Pothos plugins', /node_modules\/@pothos\//],
  ['graphql-js execution', /node_modules\/(graphql|@graphql-tools)\//],
  ['yoga, envelop, whatwg-node (HTTP to GraphQL)', /node_modules\/(graphql-yoga|@graphql-yoga|@envelop|@whatwg-node)\/|\/src\/graphql\//],
  ['fastify', /node_modules\/(fastify|@fastify|find-my-way|avvio|pino)\//],
];
const NODE_RUNTIME = 'Node itself (HTTP parsing, sockets, timers, microtasks)';

/**
 * Milliseconds per request by layer, from profiles of the thread that served `requests` requests;
 * idle time and the profiler's own work left out. Each sample counts for the innermost layer on its
 * stack, so time in Node's internals (a socket write) counts for the library that called them.
 */
export function layerBreakdown(profiles: CpuProfile[], requests: number): { layer: string; msPerRequest: number; share: number }[] {
  const totals = new Map<string, number>();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const layers = new Map<number, string | null>();
    const layerOf = (id: number): string | null => {
      const known = layers.get(id);
      if (known !== undefined) return known;
      const { functionName, url } = byId.get(id)!.callFrame;
      let layer: string | null;
      if (functionName === '(idle)' || url === 'node:inspector') layer = null;
      else if (functionName === '(garbage collector)') layer = 'garbage collector';
      else {
        const parent = parents.get(id);
        layer = LAYERS.find(([, pattern]) => pattern.test(url))?.[0] ?? (parent === undefined ? NODE_RUNTIME : layerOf(parent));
      }
      layers.set(id, layer);
      return layer;
    };
    profile.samples.forEach((id, index) => {
      const layer = layerOf(id);
      if (layer) totals.set(layer, (totals.get(layer) ?? 0) + (profile.timeDeltas[index] ?? 0));
    });
  }
  const busy = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return [...totals]
    .sort((left, right) => right[1] - left[1])
    .map(([layer, micros]) => ({ layer, msPerRequest: micros / 1000 / Math.max(1, requests), share: micros / busy }));
}

/**
 * With BENCH_PROFILE_DIR set, profiles this thread (where the server under test runs) while each
 * measured `work` runs, writes `<dir>/<name>.cpuprofile` (Chrome DevTools, speedscope) and prints
 * where a request's milliseconds went, layer by layer. The profiler slows the server down: the
 * figures of profiled rounds are not the ones to report, the breakdown is. Without it, nothing.
 */
export class LoadProfiler {
  private readonly profiles: { profile: CpuProfile; answered: number }[] = [];
  private readonly directory = process.env.BENCH_PROFILE_DIR;

  /** `answered` says how many requests the work served, for the per-request figures. */
  async during<T>(name: string, work: () => Promise<T>, answered: (result: T) => number): Promise<T> {
    if (!this.directory) return work();
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(this.directory, { recursive: true });
    await writeFile(path.join(this.directory, `${name}.cpuprofile`), JSON.stringify(profile));
    this.profiles.push({ profile: profile as CpuProfile, answered: answered(result) });
    return result;
  }

  /** Prints the breakdown of the rounds profiled since the last print, titled with what was measured. */
  print(title: string): void {
    if (this.profiles.length === 0) return;
    const requests = this.profiles.reduce((sum, item) => sum + item.answered, 0);
    const rows = layerBreakdown(
      this.profiles.map((item) => item.profile),
      requests,
    );
    process.stderr.write(`\n${title}, profiled (${requests} requests): busy milliseconds per request by layer\n`);
    for (const row of rows)
      process.stderr.write(`${row.msPerRequest.toFixed(2).padStart(8)} ms ${(row.share * 100).toFixed(1).padStart(5)} %  ${row.layer}\n`);
    this.profiles.length = 0;
  }
}
