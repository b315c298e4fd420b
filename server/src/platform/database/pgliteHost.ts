// The main thread's side of pgliteServer.ts: starts the worker that owns a PGlite instance, says how
// to connect to it with `pg`, asks it for data-directory dumps, and stops it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgliteServerData, PgliteServerReply, PgliteServerRequest } from './pgliteServer.ts';

export interface PgliteHost {
  /** A `pg` connection string to the worker's socket. */
  url: string;
  /** The data directory as a tarball, as PGlite's `dumpDataDir('none')` writes it. */
  dumpDataDir(): Promise<Blob>;
  /** Closes PGlite (flushing a data directory) and ends the worker. */
  close(): Promise<void>;
}

// The worker is this folder's pgliteServer: .ts when running from src (Node strips the types), .js from dist.
const WORKER_FILE = new URL(`./pgliteServer${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url);

// Compiled once per process and handed to every worker, which would otherwise compile PGlite's
// ~10 MB of WebAssembly again for each database (tests open one per file).
let wasmModules: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;

function compiledWasm() {
  wasmModules ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) => WebAssembly.compile(await fs.promises.readFile(path.join(dist, file)))),
    );
    return { pgliteWasmModule: pgliteWasmModule!, initdbWasmModule: initdbWasmModule! };
  })();
  return wasmModules;
}

export async function startPgliteHost(dataDir: string, loadDataDir: Blob | undefined): Promise<PgliteHost> {
  // A private directory (mode 0700) for the socket: no other user of the machine can connect.
  const socketDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pglite-'));
  const port = 5432;
  const data: PgliteServerData = {
    dataDir,
    socketPath: path.join(socketDir, `.s.PGSQL.${port}`),
    ...(await compiledWasm()),
    ...(loadDataDir ? { loadDataDir: await loadDataDir.arrayBuffer() } : {}),
  };
  const worker = new Worker(WORKER_FILE, { workerData: data, transferList: data.loadDataDir ? [data.loadDataDir] : [] });
  const removeSocketDir = () => fs.promises.rm(socketDir, { recursive: true, force: true });

  const pending = new Map<number, (reply: PgliteServerReply) => void>();
  let nextId = 1;
  let exited = false;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: PgliteServerReply) => {
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'failed') reject(new Error(`PGlite failed to start: ${reply.message}`));
      else {
        pending.get(reply.id)?.(reply);
        pending.delete(reply.id);
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      exited = true;
      reject(new Error(`PGlite's worker exited with code ${code}`));
      for (const settle of pending.values()) settle({ id: 0, type: 'error', message: `PGlite's worker exited with code ${code}` });
      pending.clear();
    });
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    await removeSocketDir();
    throw error;
  }

  function request(type: PgliteServerRequest['type']): Promise<PgliteServerReply> {
    if (exited) return Promise.reject(new Error("PGlite's worker has exited"));
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      worker.postMessage({ id, type } satisfies PgliteServerRequest);
    });
  }

  let closing: Promise<void> | undefined;
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`,
    async dumpDataDir() {
      const reply = await request('dump');
      if (reply.type !== 'dumped')
        throw new Error(`PGlite could not dump its data directory: ${'message' in reply ? reply.message : reply.type}`);
      return new Blob([reply.tarball]);
    },
    close() {
      closing ??= (async () => {
        try {
          const reply = await request('close').catch((error: unknown) => ({ type: 'error', message: String(error) }) as const);
          if (reply.type === 'error') throw new Error(`PGlite did not close cleanly: ${reply.message}`);
        } finally {
          await worker.terminate();
          await removeSocketDir();
        }
      })();
      return closing;
    },
  };
}
