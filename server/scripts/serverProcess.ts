// Starts the server as `npm start` runs it, in a child process on a free port with its own data folder,
// and times it until /healthz answers. Used by the startup bench, the boot and compiled-start tests, and
// the end-to-end suites' product server (scripts/e2e/productServer.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The compiled server's entry point (`npm run build -w server`). */
export const compiledMain = path.join(serverDir, 'dist/main.js');

/**
 * `compiled`: `node dist/main.js` (production's `npm start`); `tsx`: `tsx src/main.ts` (`npm run dev`,
 * whose CLI runs the server in a second process); `source`: `node --import tsx src/main.ts`, the
 * sources in the one process spawned, so that a signal (SIGKILL included) reaches the server itself.
 */
export type ServerRuntime = 'compiled' | 'tsx' | 'source';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process to the first 200 from /healthz. */
  msToHealthy: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then the exit code once it has exited. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function commandFor(runtime: ServerRuntime): string[] {
  if (runtime === 'tsx') return [createRequire(import.meta.url).resolve('tsx/cli'), 'src/main.ts'];
  if (runtime === 'source') return ['--import', 'tsx', 'src/main.ts'];
  if (!existsSync(compiledMain)) throw new Error(`${compiledMain} is missing: run \`npm run build -w server\` first`);
  return [compiledMain];
}

export async function startServerProcess(
  runtime: ServerRuntime,
  options: { dataDir: string; timeoutMs?: number; env?: Record<string, string> },
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, commandFor(runtime), {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const stop = async () => {
    if (exitCode === undefined) child.kill('SIGTERM');
    return exited;
  };

  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the ${runtime} server exited with ${exitCode} before answering /healthz:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`the ${runtime} server did not answer /healthz within ${options.timeoutMs ?? 120_000} ms:\n${output}`);
    }
    await sleep(20);
  }
  return { url, child, msToHealthy: performance.now() - started, output: () => output, stop };
}
