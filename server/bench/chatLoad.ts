// Widget chat load, and the reference it is measured against: a bare Fastify route in a process of its
// own that streams the same answer as server-sent events, with nothing behind it (no database, no
// limits, no retrieval). The load runs in a worker thread, so its JavaScript does not take turns with
// a server on the bench's event loop; both servers get the same load from the same generator.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { procStat, runningProcesses, startReferenceProcess, ticksPerSecond, type ReferenceServer } from './throughput.ts';

/** One virtual visitor: their own address and session, and the questions they send one after the other. */
export interface Visitor {
  ip: string;
  /** The JSON bodies of their questions, sent in turn (the first again after the last). */
  bodies: string[];
  answers: number;
  /** Their bot's chat route, where visitors talk to several bots; else the round's. */
  url?: string;
}

export interface FirstTokens {
  /** Milliseconds from sending each question to its first `event: token`, sorted. */
  sorted: number[];
  failed: number;
  firstFailure?: string;
}

export interface Throughput {
  answersPerSecond: number;
  answers: number;
  /** CPU milliseconds the load generator's own thread spent (NaN where /proc is not there). */
  loadCpuMs: number;
  failed: number;
  firstFailure?: string;
}

/**
 * `burst`: every visitor asks once, all at the same moment; the time to each first token.
 * `steady`: `atOnce` visitors at a time, each asking their questions in turn (the next visitor starts
 * when one is done); complete answers per second.
 */
const LOAD = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { ticksPerSecond } = workerData;
const threadCpuMs = () => {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
  } catch {
    return NaN;
  }
};
const run = async ({ mode, url, visitors, atOnce }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: atOnce });
  const target = new URL(url);
  const targets = new Map();
  const targetOf = (visitor) => {
    if (!visitor.url) return target;
    if (!targets.has(visitor.url)) targets.set(visitor.url, new URL(visitor.url));
    return targets.get(visitor.url);
  };
  let failed = 0;
  let firstFailure;
  const ask = (visitor, index = 0) => new Promise((resolve) => {
    const body = visitor.bodies[index % visitor.bodies.length];
    const started = performance.now();
    let firstToken = NaN;
    let text = '';
    const fail = (why) => { failed++; firstFailure ??= why; resolve(NaN); };
    const request = http.request(targetOf(visitor), {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        accept: 'text/event-stream',
        'x-forwarded-for': visitor.ip,
      },
    }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
        if (Number.isNaN(firstToken) && text.includes('event: token')) firstToken = performance.now() - started;
      });
      response.on('end', () => {
        if (response.statusCode === 200 && text.includes('event: done') && !Number.isNaN(firstToken)) resolve(firstToken);
        else fail(response.statusCode + ' ' + text.slice(0, 300));
      });
    });
    request.on('error', (error) => fail(String(error)));
    request.end(body);
  });
  try {
    if (mode === 'burst') {
      const times = await Promise.all(visitors.map((visitor) => ask(visitor)));
      return { sorted: times.filter((time) => !Number.isNaN(time)).sort((a, b) => a - b), failed, firstFailure };
    }
    let next = 0;
    let answers = 0;
    const started = performance.now();
    const cpuAtStart = threadCpuMs();
    await Promise.all(Array.from({ length: atOnce }, async () => {
      while (next < visitors.length) {
        const visitor = visitors[next++];
        for (let index = 0; index < visitor.answers; index++) if (!Number.isNaN(await ask(visitor, index))) answers++;
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    return { answersPerSecond: answers / seconds, answers, loadCpuMs: threadCpuMs() - cpuAtStart, failed, firstFailure };
  } finally {
    agent.destroy();
  }
};
parentPort.on('message', (job) => run(job).then((result) => parentPort.postMessage(result)));
`;

/**
 * One generator for every round, ours and the reference's: a worker started for each round ran its
 * first requests on cold code, which cost a short round (ours) more per answer than a long one.
 */
let generator: Worker | undefined;

function load<T>(job: { mode: 'burst' | 'steady'; url: string; visitors: Visitor[]; atOnce: number }): Promise<T> {
  if (!generator) {
    generator = new Worker(LOAD, { eval: true, workerData: { ticksPerSecond: ticksPerSecond() } });
    // It waits for the next round in the background; the bench's end is the process's.
    generator.unref();
  }
  const worker = generator;
  return new Promise<T>((resolve, reject) => {
    const failed = (error: Error) => {
      generator = undefined;
      reject(error);
    };
    worker.once('error', failed);
    worker.once('message', (result: T) => {
      worker.off('error', failed);
      resolve(result);
    });
    worker.postMessage(job);
  });
}

export function firstTokens(url: string, visitors: Visitor[]): Promise<FirstTokens> {
  return load<FirstTokens>({ mode: 'burst', url, visitors, atOnce: visitors.length });
}

export function throughput(url: string, visitors: Visitor[], atOnce: number): Promise<Throughput> {
  return load<Throughput>({ mode: 'steady', url, visitors, atOnce });
}

/** What the reference streams: the tokens of one real answer and its closing `done` payload. */
export interface RecordedAnswer {
  tokens: string[];
  done: unknown;
}

/** The bare route: the widget's path and headers, the recorded answer written the way rest/sse.ts writes it. */
const REFERENCE = `
const Fastify = require('fastify');
const { tokens, done } = JSON.parse(process.env.CHAT_REFERENCE_ANSWER);
const app = Fastify({ logger: false, trustProxy: true });
app.post('/api/v1/public/bots/:bot_id/chat', (request, reply) => {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  for (const token of tokens) reply.raw.write('event: token\\ndata: ' + JSON.stringify({ token }) + '\\n\\n');
  reply.raw.write('event: done\\ndata: ' + JSON.stringify(done) + '\\n\\n');
  reply.raw.end();
});
app.listen({ port: 0, host: '127.0.0.1' }).then(() => process.stdout.write(JSON.stringify({ port: app.server.address().port }) + '\\n'));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

export async function startReferenceChatServer(answer: RecordedAnswer): Promise<ReferenceServer> {
  const reference = await startReferenceProcess(REFERENCE, 'the reference chat server', {
    PATH: process.env.PATH,
    CHAT_REFERENCE_ANSWER: JSON.stringify(answer),
  });
  return {
    url: `http://127.0.0.1:${reference.port}/api/v1/public/bots/reference/chat?token=reference`,
    pid: reference.pid,
    stop: reference.stop,
  };
}

/**
 * CPU milliseconds spent, by whom: this process's main thread (the server under test), its other
 * threads (the load generator, PGlite's worker, V8's and libuv's helpers), its Chroma child,
 * PostgreSQL, and the whole machine (the kernel's network work included).
 */
export interface CpuSpent {
  mainThread: number;
  otherThreads: number;
  chroma: number;
  /** The backends serving `database` (PostgreSQL only). */
  postgres: number;
  machine: number;
}

/** Busy CPU milliseconds of every core since boot (all but idle and iowait), from /proc/stat. */
function machineCpuMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const busy = ticks.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
  return (busy / ticksPerSecond()) * 1000;
}

function cpuNow(database: string | undefined): CpuSpent {
  const mainThread = procStat(`/proc/self/task/${process.pid}/stat`).cpuMs;
  const spent: CpuSpent = {
    mainThread,
    otherThreads: procStat('/proc/self/stat').cpuMs - mainThread,
    chroma: 0,
    postgres: 0,
    machine: machineCpuMs(),
  };
  for (const { cpuMs: ms, ppid, comm, command } of runningProcesses()) {
    if (ppid === process.pid && command.includes('chromadb')) spent.chroma += ms;
    else if (database && comm === 'postgres' && command.includes(` ${database} `)) spent.postgres += ms;
  }
  return spent;
}

/** Two measurements added up (the first may be none yet). */
export function addCpu(sum: CpuSpent | null, more: CpuSpent): CpuSpent {
  if (!sum) return more;
  return {
    mainThread: sum.mainThread + more.mainThread,
    otherThreads: sum.otherThreads + more.otherThreads,
    chroma: sum.chroma + more.chroma,
    postgres: sum.postgres + more.postgres,
    machine: sum.machine + more.machine,
  };
}

/**
 * Starts counting the CPU the server under test spends (Linux only: null elsewhere); `stop` answers
 * what was spent since. CPU time holds up better than throughput on a machine that is busy with
 * other work, so it says where an answer's milliseconds go.
 */
export function cpuMeter(postgresDatabase?: string): { stop(): CpuSpent } | null {
  try {
    const start = cpuNow(postgresDatabase);
    return {
      stop() {
        const end = cpuNow(postgresDatabase);
        return {
          mainThread: end.mainThread - start.mainThread,
          otherThreads: end.otherThreads - start.otherThreads,
          chroma: end.chroma - start.chroma,
          postgres: end.postgres - start.postgres,
          machine: end.machine - start.machine,
        };
      },
    };
  } catch {
    return null;
  }
}
