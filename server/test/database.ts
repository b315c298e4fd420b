// Test helper: a fresh, migrated database per test file.
//
//   DATABASE_URL set to a PostgreSQL server -> a uniquely named database on that server, dropped by drop()
//   otherwise (or a postgresql://pglite/... URL) -> an in-memory PGlite, closed by drop()
//
//   const db = await createTestDatabase();
//   afterAll(() => db.drop());
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  createDatabase,
  databaseDriver,
  PGLITE_MEMORY,
  type CreateDatabaseOptions,
  type Database,
} from '../src/platform/database/index.ts';
import { applyMigrations, readMigrations } from '../src/platform/database/migrate.ts';

export interface TestDatabase {
  database: Database;
  /** The database's URL (PostgreSQL only). */
  url?: string;
  /** Closes the database and, on PostgreSQL, drops it. Safe to call twice. */
  drop(): Promise<void>;
}

/** A PostgreSQL server URL from DATABASE_URL, or undefined (unset, or a PGlite marker URL). */
export function postgresServerUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.DATABASE_URL?.trim();
  if (!url) return undefined;
  return new URL(url).hostname === 'pglite' ? undefined : url;
}

/** The local PostgreSQL that runs on every machine of the project, for tests that need PostgreSQL itself. */
export const LOCAL_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** For tests that need PostgreSQL itself: TEST_POSTGRES_URL, else a PostgreSQL DATABASE_URL, else the local server. */
export function postgresUrlForTests(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_POSTGRES_URL?.trim() || postgresServerUrl(env) || LOCAL_POSTGRES_URL;
}

export interface ScratchPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a random name on the server of `serverUrl`. */
export async function createScratchPostgresDatabase(serverUrl: string, prefix = 'test'): Promise<ScratchPostgres> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    name,
    drop() {
      dropped ??= adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return dropped;
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** With `onQuery`, the database tells it every statement sent (to count a request's statements). */
export async function createTestDatabase(options: Pick<CreateDatabaseOptions, 'onQuery'> = {}): Promise<TestDatabase> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) {
    const database = await createMigratedPglite(options);
    return { database, drop: () => database.close() };
  }
  return openScratchPostgresDatabase(serverUrl, 'test', options);
}

/** A new, migrated database on the server of `serverUrl` (named with `prefix`), dropped by drop(). */
export async function openScratchPostgresDatabase(
  serverUrl: string,
  prefix = 'test',
  options: Pick<CreateDatabaseOptions, 'onQuery'> = {},
): Promise<TestDatabase & { url: string }> {
  const scratch = await createScratchPostgresDatabase(serverUrl, prefix);
  let database: Database | undefined;
  try {
    database = await createDatabase({ ...options, url: scratch.url });
    await applyMigrations(database);
  } catch (error) {
    await database?.close();
    await scratch.drop();
    throw error;
  }
  const opened = database;
  return {
    database: opened,
    url: scratch.url,
    async drop() {
      try {
        await opened.close();
      } finally {
        await scratch.drop();
      }
    },
  };
}

// ---------------------------------------------------------------- PGlite template

// A fresh PGlite spends ~3 s in initdb; starting from a tarball of an already migrated one takes
// under 1 s. The tarball is cached on disk, keyed by the PGlite version and the migrations, so every
// test process shares it. TEST_PGLITE_TEMPLATE=0 turns the cache off.

function templateFile(): string | undefined {
  if (process.env.TEST_PGLITE_TEMPLATE === '0') return undefined;
  const root = repoRoot();
  const require = createRequire(path.join(root, 'server', 'package.json'));
  let pkg = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(pkg, 'package.json')) && path.dirname(pkg) !== pkg) pkg = path.dirname(pkg);
  const pgliteVersion = (JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(pgliteVersion)
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.checksum}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  return path.join(root, 'node_modules', '.cache', 'chatbot-test-pglite', `${key}.tar`);
}

async function createMigratedPglite(options: Pick<CreateDatabaseOptions, 'onQuery'>): Promise<Database> {
  const file = templateFile();
  let template: Blob | undefined;
  if (file && fs.existsSync(file)) template = new Blob([fs.readFileSync(file)]);

  let database: Database | undefined;
  if (template) {
    database = await createDatabase({ ...options, pgliteDataDir: PGLITE_MEMORY, pgliteLoadDataDir: template }).catch(() => undefined);
  }
  const fromTemplate = database !== undefined;
  database ??= await createDatabase({ ...options, pgliteDataDir: PGLITE_MEMORY });
  try {
    const { applied } = await applyMigrations(database);
    if (file && (!fromTemplate || applied.length > 0)) await saveTemplate(database, file);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function saveTemplate(database: Database, file: string): Promise<void> {
  const driver = databaseDriver(database);
  if (driver.kind !== 'pglite') return;
  try {
    const dump = await driver.host.dumpDataDir();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file); // atomic: concurrent test processes never read a half-written file
  } catch {
    // The cache is an optimisation only.
  }
}

// ---------------------------------------------------------------- Prisma CLI (through the offline engine)

/** The monorepo root (the directory holding prisma.config.ts). */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'prisma.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('prisma.config.ts not found above server/test');
    dir = parent;
  }
  return dir;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `prisma <args>` from the repo root (so prisma.config.ts and its schema-engine shim apply)
 * with DATABASE_URL = `databaseUrl`. The CLI can exit 0 when the engine dies: check the output.
 */
export function runPrismaCli(args: string[], databaseUrl: string, timeoutMs = 60_000): Promise<CliResult> {
  const root = repoRoot();
  const require = createRequire(path.join(root, 'package.json'));
  const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, CI: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1', NO_COLOR: '1' },
        timeout: timeoutMs,
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}
