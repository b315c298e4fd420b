import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchRow } from './knowledge.ts';
import { compiledMain, serverDir, startServerProcess, type ServerRuntime } from '../scripts/serverProcess.ts';

const FRESH_BOOTS = 3;
const RESTARTS = 3;
const LOADS = 3;

const round = (value: number) => Math.round(value);
const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? NaN;
const runtimes: ServerRuntime[] = ['compiled', 'tsx'];
const tsxCli = () => createRequire(import.meta.url).resolve('tsx/cli');

/** One boot on `dataDir` until /healthz answers, then a clean stop. */
async function boot(runtime: ServerRuntime, dataDir: string): Promise<number> {
  const server = await startServerProcess(runtime, { dataDir });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the ${runtime} server stopped with ${code}:\n${server.output()}`);
  return server.msToHealthy;
}

/** Milliseconds for a process that loads everything main imports, then exits (no database, no listening). */
async function loadCode(runtime: ServerRuntime): Promise<number> {
  const loader = path.join(serverDir, 'bench/loadEntryImports.mjs');
  const args = runtime === 'compiled' ? [loader, compiledMain] : [tsxCli(), loader, path.join(serverDir, 'src/main.ts')];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: serverDir, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`loading the ${runtime} code failed (${code}):\n${errors}`);
  return performance.now() - started;
}

/**
 * The compiled server (`node dist/main.js`, what `npm start` runs after building) against the tsx
 * start of the sources (`npm run dev -w server`), each spawned on a free port with its own embedded
 * database. The two alternate, so a change in the machine's load falls on both.
 */
export async function benchStartup(): Promise<BenchRow[]> {
  const dataDirs: string[] = [];
  const newDataDir = async (runtime: ServerRuntime) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `chatbot-bench-startup-${runtime}-`));
    dataDirs.push(dataDir);
    return dataDir;
  };
  const samples = () => new Map<ServerRuntime, number[]>(runtimes.map((runtime) => [runtime, []]));
  const fresh = samples();
  const restarts = samples();
  const loads = samples();
  // Which runtime goes first alternates too: the first boot of a round reads PGlite and Chroma from a colder disk cache.
  const inTurn = (round: number) => (round % 2 === 0 ? runtimes : [...runtimes].reverse());
  try {
    const lastDataDir = new Map<ServerRuntime, string>();
    for (let round = 0; round < FRESH_BOOTS; round++) {
      for (const runtime of inTurn(round)) {
        const dataDir = await newDataDir(runtime);
        lastDataDir.set(runtime, dataDir);
        fresh.get(runtime)!.push(await boot(runtime, dataDir));
      }
    }
    for (let round = 0; round < RESTARTS; round++) {
      for (const runtime of inTurn(round)) restarts.get(runtime)!.push(await boot(runtime, lastDataDir.get(runtime)!));
    }
    for (let round = 0; round < LOADS; round++) {
      for (const runtime of inTurn(round)) loads.get(runtime)!.push(await loadCode(runtime));
    }
  } finally {
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  }

  const row = (benchmark: string, compiled: number, tsx: number, how: string): BenchRow => ({
    benchmark,
    value: round(compiled),
    unit: 'ms',
    goal: '< tsx start',
    ok: compiled < tsx,
    detail: `node dist/main.js ${round(compiled)} ms, tsx src/main.ts ${round(tsx)} ms (${how})`,
  });
  return [
    row(
      'startup: npm start to healthy',
      median(fresh.get('compiled')!),
      median(fresh.get('tsx')!),
      `new data folder: first PGlite boot, migrations, seed; median of ${FRESH_BOOTS}`,
    ),
    row(
      'startup: restart to healthy',
      median(restarts.get('compiled')!),
      median(restarts.get('tsx')!),
      `existing data folder, median of ${RESTARTS}`,
    ),
    row(
      'startup: load the server code',
      median(loads.get('compiled')!),
      median(loads.get('tsx')!),
      `import what main imports and exit, median of ${LOADS}`,
    ),
  ];
}
