// `npm run cluster`: the scale-out topology on loopback, without containers. The machine's
// PostgreSQL and Redis, a Chroma server from npm, two API replicas and one worker, each a separate
// process with its own log, started in order and stopped together (Ctrl+C, or any of them dying).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startLocalChroma, type LocalChroma } from '../src/platform/vectors/localChroma.ts';
import { compiledMain, serverDir } from './serverProcess.ts';

export interface ClusterOptions {
  /** PostgreSQL database of the cluster; created when missing. */
  databaseUrl: string;
  redisUrl: string;
  /** Keeps this cluster's Redis keys apart from other installations on the same Redis. */
  redisPrefix: string;
  /** Ports of the API replicas, one replica each. */
  apiPorts: number[];
  chromaPort: number;
  /** Shared by every process: uploaded files, the app secret, Chroma's data and the logs. */
  dataDir: string;
  /** Echo each process's output to this process's, prefixed with its name. */
  echo: boolean;
  /** More variables for every process (fakes of outside services, switches); ports and addresses stay the cluster's. */
  env?: Record<string, string>;
}

export interface Cluster {
  apiUrls: string[];
  chromaUrl: string;
  logsDir: string;
  /** Stops the worker, the replicas, then Chroma. */
  stop(): Promise<void>;
  /** Settles when a process of the cluster exits on its own, with its name. */
  died: Promise<string>;
  /**
   * Stops one process with `signal` (SIGTERM: a deploy; SIGKILL: a crash), waits for it to exit,
   * then starts it again as before and waits until it is ready.
   */
  restart(name: ClusterProcessName, signal?: NodeJS.Signals): Promise<void>;
  /** Stops the Chroma server (an outage) and starts it again on the same port and data. */
  chroma: { stop(): Promise<void>; start(): Promise<void> };
}

export type ClusterProcessName = `api-${number}` | 'worker';

const WORKER_START_TIMEOUT_MS = 120_000;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(compiledMain)) throw new Error(`${compiledMain} is missing: run \`npm run build\` first`);
  const logsDir = path.join(options.dataDir, 'logs');
  mkdirSync(logsDir, { recursive: true });
  await createDatabaseIfMissing(options.databaseUrl);

  const processes: { name: string; child: ChildProcess; exited: Promise<void>; restarting?: boolean }[] = [];
  let chroma: LocalChroma | undefined;
  let stopping = false;
  let announceDeath: (name: string) => void = () => {};
  const died = new Promise<string>((resolve) => (announceDeath = resolve));

  const stop = async () => {
    stopping = true;
    for (const running of [...processes].reverse()) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    await chroma?.stop();
  };

  const environment = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
    DATA_DIR: options.dataDir,
    APP_SECRET: clusterSecret(options.dataDir),
    LOG_LEVEL: 'info',
    ...options.env,
  };

  const launch = (name: string, entry: string, extra: Record<string, string>): ChildProcess => {
    const log = createWriteStream(path.join(logsDir, `${name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [entry], {
      cwd: serverDir,
      env: { ...environment, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.pipe(log, { end: false });
      if (options.echo) {
        stream.setEncoding('utf8').on('data', (text: string) => {
          for (const line of text.split('\n')) if (line.trim() !== '') process.stdout.write(`[${name}] ${line}\n`);
        });
      }
    }
    const running = { name, child, exited: Promise.resolve(), restarting: false };
    running.exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        log.end();
        if (!stopping && !running.restarting) announceDeath(name);
        resolve();
      }),
    );
    processes.push(running);
    return child;
  };

  // How each process is started and known to be ready, to start it again in `restart`.
  const starters = new Map<string, () => Promise<void>>();
  const startApi = (name: string, port: number, chromaUrl: string) => async () => {
    const url = `http://127.0.0.1:${port}`;
    const child = launch(name, compiledMain, {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      CHROMA_URL: chromaUrl,
      TRUST_PROXY: 'true',
      // The worker runs the queued jobs, as in docker-compose.yml.
      RUN_JOBS: 'false',
    });
    await waitUntil(name, child, async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok === true);
  };
  const startWorker = (chromaUrl: string) => async () => {
    const worker = launch('worker', path.join(path.dirname(compiledMain), 'worker.js'), { CHROMA_URL: chromaUrl });
    let workerOutput = '';
    worker.stdout!.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
    await waitUntil('worker', worker, async () => workerOutput.includes('worker started'));
  };

  const restart = async (name: ClusterProcessName, signal: NodeJS.Signals = 'SIGTERM') => {
    const start = starters.get(name);
    const index = processes.findIndex((running) => running.name === name);
    if (!start || index < 0) throw new Error(`no process ${name} in the cluster`);
    const [stopped] = processes.splice(index, 1);
    stopped!.restarting = true;
    stopped!.child.kill(signal);
    await stopped!.exited;
    await start();
  };

  try {
    const chromaOptions = { dataDir: path.join(options.dataDir, 'chroma'), port: options.chromaPort };
    chroma = await startLocalChroma(chromaOptions);
    const apiUrls: string[] = [];
    // One replica at a time: the first applies the migrations and seeds (the others would wait on its lock).
    for (const [index, port] of options.apiPorts.entries()) {
      const name = `api-${index + 1}`;
      starters.set(name, startApi(name, port, chroma.url));
      await starters.get(name)!();
      apiUrls.push(`http://127.0.0.1:${port}`);
    }
    starters.set('worker', startWorker(chroma.url));
    await starters.get('worker')!();
    const chromaControl = {
      stop: async () => {
        await chroma?.stop();
      },
      start: async () => {
        chroma = await startLocalChroma(chromaOptions);
      },
    };
    return { apiUrls, chromaUrl: chroma.url, logsDir, stop, died, restart, chroma: chromaControl };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitUntil(name: string, child: ChildProcess, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WORKER_START_TIMEOUT_MS;
  while (!(await ready())) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited during start-up: see its log`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready within ${WORKER_START_TIMEOUT_MS / 1000} s: see its log`);
    await sleep(100);
  }
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Every process must sign and encrypt with the same secret: kept in the cluster's data folder. */
function clusterSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export function clusterOptionsFromEnvironment(environment: NodeJS.ProcessEnv): ClusterOptions {
  const ports = (environment.CLUSTER_API_PORTS ?? '3001,3002').split(',').map(Number);
  return {
    databaseUrl: environment.CLUSTER_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/chatbot_cluster',
    redisUrl: environment.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: environment.CLUSTER_REDIS_PREFIX ?? 'chatbot-cluster',
    apiPorts: ports,
    chromaPort: Number(environment.CLUSTER_CHROMA_PORT ?? 8001),
    dataDir: path.resolve(environment.CLUSTER_DATA_DIR ?? path.join(serverDir, '..', '.data', 'cluster')),
    echo: true,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = clusterOptionsFromEnvironment(process.env);
  const cluster = await startCluster(options);
  process.stdout.write(
    [
      '',
      `  Cluster running: API replicas ${cluster.apiUrls.join(' and ')}, one worker, Chroma at ${cluster.chromaUrl}`,
      `  Database ${options.databaseUrl}, Redis ${options.redisUrl} (prefix ${options.redisPrefix})`,
      `  Logs in ${cluster.logsDir}; Ctrl+C stops every process.`,
      '',
    ].join('\n') + '\n',
  );
  const shutDown = (reason: string) => {
    process.stdout.write(`\nStopping the cluster (${reason})…\n`);
    void cluster.stop().then(() => process.exit(reason.startsWith('signal') ? 0 : 1));
  };
  process.once('SIGINT', () => shutDown('signal SIGINT'));
  process.once('SIGTERM', () => shutDown('signal SIGTERM'));
  void cluster.died.then((name) => shutDown(`${name} exited`));
}
