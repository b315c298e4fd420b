// What one widget answer costs each part of the scale-out topology, measured while the cluster bench's
// two replicas answer, and the ten-replica cluster those costs predict: which shared part (PostgreSQL's
// connections or CPU, Redis, Chroma) runs out first. CPU comes from /proc (Linux); the counts from
// PostgreSQL's statistics and Redis's INFO. The machine's PostgreSQL and Redis serve nothing else
// while the bench runs.
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { runningProcesses } from './throughput.ts';

export const PARTS = ['api', 'worker', 'postgres', 'redis', 'chroma'] as const;
export type Part = (typeof PARTS)[number];

export interface Usage {
  cpuMs: Record<Part, number>;
  /** Transactions PostgreSQL committed in the cluster's database. */
  transactions: number;
  /** Commands Redis processed (all its clients). */
  redisCommands: number;
  /** Connections open to the cluster's database (the processes' pools and the bench's). */
  connections: number;
}

/** Whether `pid` descends from this process (the cluster's replicas, worker and Chroma do). */
function ours(pid: number, parents: Map<number, number>): boolean {
  for (let current = parents.get(pid); current !== undefined && current > 1; current = parents.get(current)) {
    if (current === process.pid) return true;
  }
  return false;
}

function cpuByPart(database: string): Record<Part, number> {
  const spent: Record<Part, number> = { api: 0, worker: 0, postgres: 0, redis: 0, chroma: 0 };
  const processes = runningProcesses();
  const parents = new Map(processes.map(({ pid, ppid }) => [pid, ppid]));
  for (const { pid, cpuMs, comm, command } of processes) {
    if (comm === 'postgres' && command.includes(` ${database} `)) spent.postgres += cpuMs;
    else if (comm === 'redis-server') spent.redis += cpuMs;
    else if (!ours(pid, parents)) continue;
    else if (command.includes('worker.js')) spent.worker += cpuMs;
    else if (command.includes('main.js')) spent.api += cpuMs;
    else if (command.includes('chroma')) spent.chroma += cpuMs;
  }
  return spent;
}

/** The parts' CPU and the shared servers' counters, now. */
export async function usageNow(db: pg.Pool, database: string, redisUrl: string): Promise<Usage> {
  // PostgreSQL publishes a backend's counts when it goes idle, at most once a second.
  await sleep(1_100);
  const { rows } = await db.query<{ transactions: string; connections: string }>(
    `SELECT xact_commit AS transactions, (SELECT count(*) FROM pg_stat_activity WHERE datname = $1) AS connections
     FROM pg_stat_database WHERE datname = $1`,
    [database],
  );
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info('stats');
    return {
      cpuMs: cpuByPart(database),
      transactions: Number(rows[0]?.transactions ?? NaN),
      redisCommands: Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? NaN),
      connections: Number(rows[0]?.connections ?? NaN),
    };
  } finally {
    redis.disconnect();
  }
}

/** What was used between two readings, per answer. */
export function perAnswer(before: Usage, after: Usage, answers: number): Usage {
  const cpuMs = Object.fromEntries(PARTS.map((part) => [part, (after.cpuMs[part] - before.cpuMs[part]) / answers])) as Record<Part, number>;
  return {
    cpuMs,
    transactions: (after.transactions - before.transactions) / answers,
    redisCommands: (after.redisCommands - before.redisCommands) / answers,
    connections: after.connections,
  };
}

export interface Projection {
  replicas: number;
  /** Answers a second the replicas give, each on a core of its own, from the CPU an answer costs them. */
  answersPerSecond: number;
  /** Cores each shared part needs at that rate. */
  coresNeeded: Record<'postgres' | 'redis' | 'chroma', number>;
  connections: number;
  maxConnections: number;
  /** The shared part that runs out first, and at how many replicas. */
  firstLimit: { part: string; replicas: number };
}

/**
 * The cluster `replicas` replicas make, each on a core of its own, with one worker: the rate their CPU
 * per answer allows, what that rate asks of the shared parts, and the replica count at which each runs
 * out (Redis executes commands on one core; PostgreSQL and Chroma get `sharedCores` each; every
 * process keeps up to `poolSize` connections to PostgreSQL).
 */
export function projectCluster(
  cost: Usage,
  { replicas, sharedCores, poolSize, maxConnections }: { replicas: number; sharedCores: number; poolSize: number; maxConnections: number },
): Projection {
  const perReplica = 1000 / cost.cpuMs.api;
  const answersPerSecond = replicas * perReplica;
  const coresNeeded = {
    postgres: (answersPerSecond * cost.cpuMs.postgres) / 1000,
    redis: (answersPerSecond * cost.cpuMs.redis) / 1000,
    chroma: (answersPerSecond * cost.cpuMs.chroma) / 1000,
  };
  // Replicas each part carries before it is out of cores, or PostgreSQL out of connections (the worker keeps a pool too).
  const limits = [
    { part: 'PostgreSQL connections', replicas: Math.floor(maxConnections / poolSize) - 1 },
    { part: 'PostgreSQL CPU', replicas: (sharedCores * 1000) / (perReplica * cost.cpuMs.postgres) },
    { part: 'Redis CPU (one core)', replicas: 1000 / (perReplica * cost.cpuMs.redis) },
    { part: 'Chroma CPU', replicas: (sharedCores * 1000) / (perReplica * cost.cpuMs.chroma) },
  ].filter((limit) => Number.isFinite(limit.replicas));
  const firstLimit = limits.reduce((first, limit) => (limit.replicas < first.replicas ? limit : first));
  return { replicas, answersPerSecond, coresNeeded, connections: (replicas + 1) * poolSize, maxConnections, firstLimit };
}
