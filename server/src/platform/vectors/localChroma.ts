import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LocalChromaOptions {
  /** Where Chroma keeps its data (created if missing). */
  dataDir: string;
  /** A free port is picked when omitted. */
  port?: number;
  /** How long to wait for the first heartbeat. Default 30 s. */
  startTimeoutMs?: number;
}

export interface LocalChroma {
  url: string;
  stop(): Promise<void>;
}

const WATCHDOG = new URL('./parentWatchdog.mjs', import.meta.url).href;
/** Written in the data folder on every start (see `chromaServerConfig`). */
const CONFIG_FILE = 'chroma-server.yaml';
const STOP_GRACE_MS = 5_000;

/**
 * Runs the Chroma server shipped in the `chromadb` package as a child process on 127.0.0.1.
 * The child dies with this process: on stop(), on exit, and (through the watchdog) on a crash.
 */
export async function startLocalChroma(options: LocalChromaOptions): Promise<LocalChroma> {
  await mkdir(options.dataDir, { recursive: true });
  // Probing a given port first matters: a heartbeat from whatever already listens there would
  // otherwise pass for ours.
  const port = await probePort(options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  const configPath = path.join(options.dataDir, CONFIG_FILE);
  await writeFile(configPath, chromaServerConfig({ persistPath: options.dataDir, listenAddress: '127.0.0.1', port }));
  const child = spawn(process.execPath, ['--import', WATCHDOG, chromaCli(), 'run', configPath], {
    // stdin stays an open pipe for the watchdog; stdout only carries Chroma's banner.
    stdio: ['pipe', 'ignore', 'pipe'],
    // Chroma reads CHROMA_* variables as settings over its file's: only the file speaks.
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CHROMA_'))),
  });

  // The start of stderr says why Chroma failed (a panic message comes before its long backtrace).
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 4_000) stderr = (stderr + chunk).slice(0, 4_000);
  });
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const killOnExit = (): void => {
    child.kill('SIGTERM');
  };
  process.on('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      resolve();
    }),
  );

  const stop = async (): Promise<void> => {
    if (!running()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForHeartbeat(url, options.startTimeoutMs ?? 30_000, running);
  } catch (error) {
    await stop();
    throw new Error(`Local Chroma did not start on ${url}: ${(error as Error).message}\n${stderr.trim()}`);
  }
  return { url, stop };
}

export async function waitForHeartbeat(url: string, timeoutMs: number, isRunning: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning()) throw new Error('the process exited');
    try {
      const response = await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no heartbeat within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * Chroma's own single-node defaults (what `chroma run --path --host --port` runs), except that it
 * keeps the collections it has looked up: by default it reads a collection and its segments from
 * its SQLite catalogue on every request, which was 1.1 of the 1.3 ms of CPU a one-query request
 * cost it on a 2-core machine (0.3 ms with the cache). Entries last 60 s; queries still see every
 * write, deletion and dropped collection at once (chroma.test.ts checks it). The local Chroma runs
 * from it, and so does Docker Compose's (docker/chroma.yaml, which a test keeps equal to it).
 */
export function chromaServerConfig(where: { persistPath: string; listenAddress: string; port: number }): string {
  // JSON strings are YAML's double-quoted scalars: any path is written as it is.
  return [
    `persist_path: ${JSON.stringify(where.persistPath)}`,
    `listen_address: ${JSON.stringify(where.listenAddress)}`,
    `port: ${where.port}`,
    'collections_with_segments_provider:',
    '  cache:',
    '    lru:',
    '      capacity: 1000',
    '  cache_ttl_secs: 60',
    '  permitted_parallelism: 100',
    '  cache_invalidation_retry_policy:',
    '    delay_ms: 0',
    '    max_retries: 3',
    '',
  ].join('\n');
}

/** The package only exports its client, so find the CLI next to it (its `bin`, dist/cli.mjs). */
export function chromaCli(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('chromadb')), '..', 'cli.mjs');
}

/** Checks that `port` is free on 127.0.0.1 (0: lets the system pick a free one) and returns it. */
function probePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error) => reject(new Error(`Local Chroma cannot use port ${port}: ${error.message}`)));
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as AddressInfo).port;
      server.close(() => resolve(bound));
    });
  });
}
