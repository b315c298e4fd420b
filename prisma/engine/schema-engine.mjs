#!/usr/bin/env node
// Offline Prisma schema engine.
//
// The Prisma CLI insists on downloading a native `schema-engine` binary, which these machines
// cannot reach. prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY at this script instead. It
// speaks the native engine's protocol (JSON-RPC, one JSON object per line on stdin/stdout, plus the
// `--version` flag and the `cli can-connect-to-database|create-database|drop-database`
// sub-commands) and serves it with @prisma/schema-engine-wasm (pinned to the build matching the
// CLI), driven through a JS driver adapter:
//
//   * a real PostgreSQL URL (postgres:// or postgresql://)  -> @prisma/adapter-pg
//   * a URL whose host is the marker `pglite`               -> embedded PGlite
//       postgresql://pglite/<absolute data dir>   e.g. postgresql://pglite/work/main/.data/pglite
//                                                 (the URL path IS the absolute directory)
//       postgresql://pglite/memory                an in-memory database (gone when the command ends)
//
// A PGlite directory can be opened by one process at a time: stop the app before running
// `prisma migrate ...` against the same directory.
//
// Pitfalls handled here (see /work/shared/RECIPES.md):
//   1. the WASM entry imports its .wasm as an ES module: we instantiate it by hand, after defining
//      global.PRISMA_WASM_PANIC_REGISTRY (the panic hook writes into it);
//   2. PostgreSQL `"char"` (oid 18) and `name` (oid 19) result columns are reported as text;
//   3. the shadow database is ours: a temporary database on the same server (created, then
//      dropped), or a second in-memory PGlite;
//   4. evaluateDataLoss sometimes fails asking for a shadow database: we run
//      diagnoseMigrationHistory first and retry;
//   5. whole scripts (migration files) run through the driver's simple-query path (pg
//      `query(text)`, PGlite `exec()`): adapter-pg splits scripts on every `;`, which breaks
//      `$$ ... $$` function bodies, and the PGlite adapter does not await `exec()`;
//   6. every PGlite instance is closed before exit (else the process exits with code 99); the
//      engine is never given an empty datamodel list (it panics).
//
// Set PRISMA_SCHEMA_ENGINE_DEBUG=1 to get the engine's logs on stderr.

/* global WebAssembly */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ENGINE_COMMIT = '0edf323efd1d98336f3f0a68684b56f689b900d3';
const DEBUG = Boolean(process.env.PRISMA_SCHEMA_ENGINE_DEBUG);
const OID_CHAR = 18;
const OID_NAME = 19;
const OID_TEXT = 25;

// ---------------------------------------------------------------- logging to the CLI

/** The CLI parses stderr lines as the native engine's JSON logs (level/target/fields). */
function logLine(level, message, extra = {}) {
  process.stderr.write(
    JSON.stringify({
      timestamp: new Date().toISOString(),
      level,
      target: 'schema_engine::logger',
      fields: { message, ...extra },
    }) + '\n',
  );
}

function debug(...parts) {
  if (DEBUG) process.stderr.write(`[schema-engine.mjs] ${parts.map(String).join(' ')}\n`);
}

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const out = { datamodels: [], datasource: undefined, cli: undefined, version: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--version' || a === '-V') out.version = true;
    else if (a === '--datamodels' || a === '-d') out.datamodels.push(argv[++i]);
    else if (a === '--datasource') out.datasource = JSON.parse(argv[++i]);
    else if (a === '--enabled-preview-features' || a === '--extension-types') i++;
    else if (a === 'cli') {
      out.cli = argv[i + 1];
      i++;
    }
  }
  return out;
}

// ---------------------------------------------------------------- URLs

/** @returns {{ kind: 'pglite', dataDir: string | undefined } | { kind: 'postgres', url: string, schema?: string }} */
function parseUrl(url) {
  if (!url) throw userError('P1012', 'No database URL: set DATABASE_URL or datasource.url in prisma.config.ts.');
  let u;
  try {
    u = new URL(url);
  } catch {
    throw userError('P1013', 'The provided database string is invalid.');
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') {
    throw userError('P1013', `Unsupported database URL protocol ${u.protocol} (expected postgresql://).`);
  }
  if (u.hostname === 'pglite') {
    const p = decodeURIComponent(u.pathname);
    if (p === '' || p === '/' || p === '/memory' || p === '/memory:' || p === '/:memory:') {
      return { kind: 'pglite', dataDir: undefined };
    }
    return { kind: 'pglite', dataDir: p };
  }
  const schema = u.searchParams.get('schema') ?? undefined;
  u.searchParams.delete('schema');
  return { kind: 'postgres', url: u.toString(), schema };
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = '/' + encodeURIComponent(name);
  return u.toString();
}

function quoteIdent(name) {
  return '"' + name.replace(/"/g, '""') + '"';
}

function userError(code, message, meta) {
  const e = new Error(message);
  e.code = code;
  e.meta = meta;
  return e;
}

function pgConnectionError(err, url) {
  const u = new URL(url);
  const where = `${u.hostname}:${u.port || 5432}`;
  if (err && err.code === '3D000') {
    return userError('P1003', `Database \`${databaseName(url)}\` does not exist on the database server at \`${where}\`.`, {
      database_name: databaseName(url),
    });
  }
  if (err && (err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'ETIMEDOUT')) {
    return userError('P1001', `Can't reach database server at \`${where}\`.`, {
      database_host: u.hostname,
      database_port: u.port || '5432',
    });
  }
  if (err && err.code === '28P01') return userError('P1000', `Authentication failed against database server at \`${where}\`.`);
  return err;
}

// ---------------------------------------------------------------- resources (closed before exit)

const cleanups = [];
function onExit(fn) {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}
async function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (e) {
      debug('cleanup failed:', e?.message ?? e);
    }
  }
}

// ---------------------------------------------------------------- drivers

let pgModule;
async function loadPg() {
  pgModule ??= (await import('pg')).default;
  return pgModule;
}

const pgliteByDir = new Map();
async function openPglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir === undefined) {
    const db = new PGlite();
    await db.waitReady;
    onExit(() => (db.closed ? undefined : db.close()));
    return db;
  }
  const existing = pgliteByDir.get(dataDir);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir);
  pgliteByDir.set(dataDir, db);
  await db.waitReady;
  onExit(() => (db.closed ? undefined : db.close()));
  return db;
}

/**
 * Make an adapter (or transaction) safe for the schema engine: report "char"/name columns as text,
 * and run whole scripts through the driver's simple-query path.
 */
function patchQueryable(q, runScript) {
  const performIO = q.performIO.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    if (result && Array.isArray(result.fields)) {
      for (const f of result.fields) {
        if (f.dataTypeID === OID_CHAR || f.dataTypeID === OID_NAME) f.dataTypeID = OID_TEXT;
      }
    }
    return result;
  };
  if (runScript) {
    q.executeScript = async (script) => {
      try {
        await runScript(script);
      } catch (e) {
        q.onError(e);
      }
    };
  }
  if (typeof q.startTransaction === 'function') {
    const start = q.startTransaction.bind(q);
    q.startTransaction = async (...args) => patchQueryable(await start(...args), undefined);
  }
  return q;
}

async function pgAdapterFactory(target, shadowDatabaseUrl) {
  const pg = await loadPg();
  const { PrismaPg } = await import('@prisma/adapter-pg');

  async function connectTo(url, schema, onDispose) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on('error', (e) => debug('idle pg client error:', e.message));
    const factory = new PrismaPg(pool, schema ? { schema } : undefined);
    const adapter = await factory.connect();
    if (schema) await pool.query(`SET search_path TO ${quoteIdent(schema)}`).catch(() => {});
    patchQueryable(adapter, (script) => pool.query(script));
    let disposed = false;
    const dispose = async () => {
      if (disposed) return;
      disposed = true;
      await pool.end().catch(() => {});
      if (onDispose) await onDispose();
    };
    const unregister = onExit(dispose);
    adapter.dispose = async () => {
      unregister();
      await dispose();
    };
    return adapter;
  }

  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      return connectTo(target.url, target.schema);
    },
    async connectToShadowDb() {
      if (shadowDatabaseUrl) {
        const shadow = parseUrl(shadowDatabaseUrl);
        if (shadow.kind !== 'postgres') throw new Error('shadowDatabaseUrl must be a PostgreSQL URL');
        return connectTo(shadow.url, shadow.schema);
      }
      // adapter-pg's own shadow factory reuses the main database when given a connection string:
      // create a throwaway database on the same server instead.
      const name = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
      const admin = new pg.Client({ connectionString: target.url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      } finally {
        await admin.end();
      }
      debug('created shadow database', name);
      return connectTo(withDatabase(target.url, name), target.schema, async () => {
        const dropper = new pg.Client({ connectionString: target.url });
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
        debug('dropped shadow database', name);
      });
    },
  };
}

async function pgliteAdapterFactory(target) {
  const { PrismaPGlite } = await import('pglite-prisma-adapter');

  async function connectTo(db) {
    const adapter = await new PrismaPGlite(db).connect();
    // The PGlite adapter runs parameterless statements through the extended protocol, which
    // refuses several statements at once: use exec() for those.
    patchQueryable(adapter, (script) => db.exec(script));
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      if (query.args.length === 0 && query.sql.includes(';')) {
        try {
          const results = await db.exec(query.sql);
          return results.reduce((n, r) => n + (r.affectedRows ?? 0), 0);
        } catch (e) {
          adapter.onError(e);
        }
      }
      return executeRaw(query);
    };
    return adapter;
  }

  let main;
  return {
    provider: 'postgres',
    adapterName: 'pglite-prisma-adapter',
    async connect() {
      // One instance for the main database, even in memory (each connect() must see the same data).
      main ??= openPglite(target.dataDir);
      return connectTo(await main);
    },
    async connectToShadowDb() {
      const shadow = await openPglite(undefined);
      const adapter = await connectTo(shadow);
      adapter.dispose = async () => {
        if (!shadow.closed) await shadow.close();
      };
      return adapter;
    },
  };
}

async function adapterFactoryFor(datasource) {
  const target = parseUrl(datasource?.url);
  const raw = target.kind === 'pglite' ? await pgliteAdapterFactory(target) : await pgAdapterFactory(target, datasource?.shadowDatabaseUrl);
  const { bindMigrationAwareSqlAdapterFactory } = await import('@prisma/driver-adapter-utils');
  return bindMigrationAwareSqlAdapterFactory(raw);
}

// ---------------------------------------------------------------- database-level commands

async function canConnect(datasource) {
  const target = parseUrl(datasource?.url);
  if (target.kind === 'pglite') return;
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: target.url });
  try {
    await client.connect();
  } catch (e) {
    throw pgConnectionError(e, target.url);
  } finally {
    await client.end().catch(() => {});
  }
}

async function createDatabase(datasource) {
  const target = parseUrl(datasource?.url);
  if (target.kind === 'pglite') {
    // PGlite initialises a directory on first open.
    if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
    return { databaseName: target.dataDir ?? 'memory' };
  }
  const pg = await loadPg();
  const name = databaseName(target.url);
  const admin = new pg.Client({ connectionString: withDatabase(target.url, 'postgres') });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } catch (e) {
    throw pgConnectionError(e, target.url);
  } finally {
    await admin.end().catch(() => {});
  }
  return { databaseName: name };
}

async function dropDatabase(datasource) {
  const target = parseUrl(datasource?.url);
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.rmSync(target.dataDir, { recursive: true, force: true });
    return;
  }
  const pg = await loadPg();
  const admin = new pg.Client({ connectionString: withDatabase(target.url, 'postgres') });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName(target.url))} WITH (FORCE)`);
  } finally {
    await admin.end().catch(() => {});
  }
}

function datasourceFromParam(param, fallback) {
  if (param && param.tag === 'ConnectionString' && param.url) return { url: param.url };
  return fallback;
}

// ---------------------------------------------------------------- the WASM engine

class WasmPanicRegistry {
  message = '';
  get() {
    return this.message;
  }
  set_message(value) {
    this.message = `RuntimeError: ${value}`;
  }
}

async function loadWasmEngine() {
  // Defined before the module runs: the panic hook of the WASM module writes into it.
  globalThis.PRISMA_WASM_PANIC_REGISTRY = new WasmPanicRegistry();
  const bgUrl = import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const bg = await import(bgUrl);
  const wasmFile = path.join(path.dirname(fileURLToPath(bgUrl)), 'schema_engine_bg.wasm');
  const module = new WebAssembly.Module(fs.readFileSync(wasmFile));
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return bg;
}

function readDatamodels(paths) {
  if (!paths.length) return undefined; // never an empty list: the engine panics
  return paths.map((p) => [p, fs.readFileSync(p, 'utf8')]);
}

// ---------------------------------------------------------------- JSON-RPC server

function toRpcError(e, errorRegistry) {
  const fromAdapter = errorRegistry?.lookupError?.(e);
  if (fromAdapter) {
    const err = fromAdapter.error ?? fromAdapter;
    const cause = err.cause ?? err;
    const message = [cause.message ?? err.message ?? String(err), cause.detail, cause.hint].filter(Boolean).join('\n');
    return { code: 4466, message: 'An error happened. Check the data field for details.', data: { is_panic: false, message, meta: null } };
  }
  if (e && e.name === 'RuntimeError') {
    const message = globalThis.PRISMA_WASM_PANIC_REGISTRY?.get() || e.message;
    return { code: 4466, message: 'An error happened. Check the data field for details.', data: { is_panic: true, message, meta: null } };
  }
  const message = e?.message ?? String(e);
  const data = { is_panic: false, message, meta: e?.meta ?? null };
  if (e && typeof e.code === 'string' && /^P\d{4}$/.test(e.code)) data.error_code = e.code;
  return { code: 4466, message: 'An error happened. Check the data field for details.', data };
}

async function serve(args) {
  const bg = await loadWasmEngine();
  const factory = await adapterFactoryFor(args.datasource);
  const datamodels = readDatamodels(args.datamodels);
  const log = (line) => {
    if (DEBUG) process.stderr.write(`[wasm] ${line}\n`);
  };
  let engine;
  try {
    engine = await bg.SchemaEngine.new({ datamodels }, log, factory);
  } catch (e) {
    const lookedUp = factory.errorRegistry.lookupError(e);
    throw lookedUp ? lookedUp.error : e;
  }
  onExit(() => engine.free());

  let nextOutgoingId = 1_000_000;
  const pendingOutgoing = new Map();
  const send = (msg) => process.stdout.write(JSON.stringify(msg) + '\n');
  /** Ask the CLI to print something (the native engine does the same for `migrate diff`). */
  const print = (content) =>
    new Promise((resolve) => {
      const id = nextOutgoingId++;
      pendingOutgoing.set(id, resolve);
      send({ jsonrpc: '2.0', id, method: 'print', params: { content } });
    });

  const call = async (method, params) => {
    switch (method) {
      case 'getDatabaseVersion':
      case 'version':
        return engine.version(params ?? undefined);
      case 'createDatabase':
        return createDatabase(datasourceFromParam(params?.datasource, args.datasource));
      case 'dropDatabase':
        await dropDatabase(datasourceFromParam(params?.datasource, args.datasource));
        return {};
      case 'diff': {
        const { stdout, ...rest } = await engine.diff(params);
        if (stdout) await print(stdout.endsWith('\n') ? stdout.slice(0, -1) : stdout);
        return rest;
      }
      case 'evaluateDataLoss':
        try {
          return await engine.evaluateDataLoss(params);
        } catch (e) {
          if (!/shadow/i.test(String(e?.message ?? ''))) throw e;
          debug('evaluateDataLoss asked for a shadow database; diagnosing history and retrying');
          await engine.diagnoseMigrationHistory({
            migrationsList: params.migrationsList,
            optInToShadowDatabase: true,
            filters: params.filters,
          });
          return await engine.evaluateDataLoss(params);
        }
      case 'applyMigrations':
      case 'createMigration':
      case 'dbExecute':
      case 'devDiagnostic':
      case 'diagnoseMigrationHistory':
      case 'ensureConnectionValidity':
      case 'introspect':
      case 'introspectSql':
      case 'markMigrationApplied':
      case 'markMigrationRolledBack':
      case 'reset':
      case 'schemaPush':
        // Keep the call on the engine object (`engine[method]`): detaching it loses the binding.
        return engine[method](params);
      case 'debugPanic':
        return engine.debugPanic();
      default:
        throw new Error(`Method not supported by the offline schema engine: ${method}`);
    }
  };

  let queue = Promise.resolve();
  const handle = async (msg) => {
    debug('->', msg.method, JSON.stringify(msg.params ?? {}).slice(0, 300));
    try {
      const result = await call(msg.method, msg.params);
      send({ jsonrpc: '2.0', id: msg.id, result: result === undefined ? {} : result });
      debug('<-', msg.method, 'ok');
    } catch (e) {
      debug('<-', msg.method, 'error', e?.stack ?? e);
      send({ jsonrpc: '2.0', id: msg.id, error: toRpcError(e, factory.errorRegistry) });
    }
  };

  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      logLine('ERROR', `Could not parse JSON-RPC line: ${line.slice(0, 200)}`);
      return;
    }
    if (msg.method === undefined && msg.id !== undefined && pendingOutgoing.has(msg.id)) {
      pendingOutgoing.get(msg.id)();
      pendingOutgoing.delete(msg.id);
      return;
    }
    queue = queue.then(() => handle(msg));
  });
  await new Promise((resolve) => rl.on('close', resolve));
  await queue;
}

// ---------------------------------------------------------------- main

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.version) {
    process.stdout.write(`schema-engine-cli ${ENGINE_COMMIT}\n`);
    return 0;
  }
  if (args.cli) {
    // The CLI drops the first stderr line of these sub-commands and parses the rest as JSON logs.
    logLine('INFO', `Starting schema engine CLI command ${args.cli}`);
    switch (args.cli) {
      case 'can-connect-to-database':
        await canConnect(args.datasource);
        return 0;
      case 'create-database': {
        const { databaseName: name } = await createDatabase(args.datasource);
        process.stdout.write(JSON.stringify({ databaseName: name }) + '\n');
        return 0;
      }
      case 'drop-database':
        await dropDatabase(args.datasource);
        return 0;
      default:
        throw new Error(`Unknown cli sub-command: ${args.cli}`);
    }
  }
  await serve(args);
  return 0;
}

const fail = async (e) => {
  const fields = {};
  if (e && typeof e.code === 'string' && /^P\d{4}$/.test(e.code)) fields.error_code = e.code;
  logLine('ERROR', e?.message ?? String(e), fields);
  if (DEBUG && e?.stack) process.stderr.write(e.stack + '\n');
  await runCleanups();
  process.exit(1);
};

process.on('unhandledRejection', fail);
process.on('uncaughtException', fail);

main().then(async (code) => {
  await runCleanups();
  process.exit(code);
}, fail);
