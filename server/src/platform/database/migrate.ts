// Applies the committed Prisma migrations (prisma/migrations/*/migration.sql) at boot.
//
// Rows are written to `_prisma_migrations` exactly as Prisma Migrate writes them (checksum = sha256
// hex of the file), so `prisma migrate deploy` / `migrate status` agree with what happened here.
// Each migration runs in its own transaction together with its bookkeeping row: a failing
// migration leaves nothing behind and is reported. On PostgreSQL the whole run holds Prisma's own
// advisory lock, so two processes booting at once (or a concurrent `prisma migrate deploy`) take
// turns. Migrations must therefore be transaction-safe (no CREATE INDEX CONCURRENTLY). PGlite is
// reached the same way, through its worker's socket; its runs in one process are queued instead
// (its connections share one session, where an advisory lock excludes nobody).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseDriver, type Database } from './index.ts';
import type { PgliteHost } from './pgliteHost.ts';

/** The advisory lock key Prisma Migrate takes on PostgreSQL. */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

const INSERT_APPLIED = `INSERT INTO "_prisma_migrations"
  ("id", "checksum", "finished_at", "migration_name", "logs", "rolled_back_at", "started_at", "applied_steps_count")
  VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, $4, 1)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface ApplyMigrationsOptions {
  /** Defaults to <repo root>/prisma/migrations. */
  migrationsDir?: string;
}

export interface ApplyMigrationsResult {
  /** Names of the migrations applied by this call, in order (empty when already up to date). */
  applied: string[];
  /** Applied migrations recorded in the database but missing from the migrations directory. */
  unknown: string[];
}

class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Finds prisma/migrations by walking up from this file (works from src/ and from a build output). */
export function defaultMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'prisma', 'migrations');
    if (fs.existsSync(path.join(candidate, 'migration_lock.toml'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new MigrationError(`prisma/migrations not found above ${path.dirname(fileURLToPath(import.meta.url))}`);
    }
    dir = parent;
  }
}

export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/** The committed migrations, in Prisma's order (directory names compared with localeCompare). */
export function readMigrations(migrationsDir: string = defaultMigrationsDir()): MigrationFile[] {
  const entries = fs.readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  return entries
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b))
    .map((name) => {
      const file = path.join(migrationsDir, name, 'migration.sql');
      if (!fs.existsSync(file)) throw new MigrationError(`Migration ${name} has no migration.sql (${file})`);
      const sql = fs.readFileSync(file, 'utf8');
      return { name, sql, checksum: migrationChecksum(sql) };
    });
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/** What a migration run needs from a connection that holds the lock. */
interface Session {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  /** Runs the script and its bookkeeping insert in one transaction. */
  applyInTransaction(script: string, insertParams: unknown[]): Promise<void>;
}

export async function applyMigrations(database: Database, options: ApplyMigrationsOptions = {}): Promise<ApplyMigrationsResult> {
  const migrations = readMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const driver = databaseDriver(database);
  if (driver.kind === 'pglite') {
    return withPgliteQueue(driver.host, () => withPostgresLock(driver.url, undefined, (session) => run(session, migrations)));
  }
  return withPostgresLock(driver.url, driver.schema, (session) => run(session, migrations));
}

async function run(session: Session, migrations: MigrationFile[]): Promise<ApplyMigrationsResult> {
  await session.exec(MIGRATIONS_TABLE_DDL);
  const rows = await session.rows<MigrationRow>(
    `SELECT "migration_name", "checksum", "finished_at", "rolled_back_at" FROM "_prisma_migrations" ORDER BY "started_at" ASC`,
  );
  const live = rows.filter((r) => r.rolled_back_at === null || r.rolled_back_at === undefined);
  const failed = live.filter((r) => r.finished_at === null || r.finished_at === undefined);
  if (failed.length > 0) {
    throw new MigrationError(
      `Failed migration(s) recorded in _prisma_migrations: ${failed.map((r) => r.migration_name).join(', ')}. ` +
        'Fix the database, then mark them with `npx prisma migrate resolve --rolled-back <name>` (or --applied).',
    );
  }
  const applied = new Map(live.map((r) => [r.migration_name, r.checksum]));
  const onDisk = new Set(migrations.map((m) => m.name));

  for (const m of migrations) {
    const checksum = applied.get(m.name);
    if (checksum !== undefined && checksum !== m.checksum) {
      throw new MigrationError(
        `Migration ${m.name} was modified after it was applied (checksum in the database ${checksum}, ` +
          `on disk ${m.checksum}). Never edit an applied migration: restore it and add a new migration instead.`,
      );
    }
  }

  const done: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    try {
      await session.applyInTransaction(m.sql, [randomUUID(), m.checksum, m.name, new Date()]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MigrationError(`Migration ${m.name} failed and was rolled back: ${reason}`, { cause: error });
    }
    done.push(m.name);
  }
  return { applied: done, unknown: [...applied.keys()].filter((name) => !onDisk.has(name)) };
}

// ---------------------------------------------------------------- PGlite

const pgliteQueues = new WeakMap<PgliteHost, Promise<unknown>>();

/** Serialises runs on the same PGlite instance. */
function withPgliteQueue<T>(host: PgliteHost, fn: () => Promise<T>): Promise<T> {
  const previous = pgliteQueues.get(host) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  pgliteQueues.set(
    host,
    next.catch(() => undefined),
  );
  return next;
}

// ---------------------------------------------------------------- PostgreSQL

async function withPostgresLock<T>(url: string, schema: string | undefined, fn: (session: Session) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    if (schema) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await client.query(`SET search_path TO ${quoteIdent(schema)}`);
    }
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    try {
      return await fn({
        async exec(sql) {
          await client.query(sql);
        },
        async rows<R>(sql: string) {
          return (await client.query(sql)).rows as R[];
        },
        async applyInTransaction(script, params) {
          await client.query('BEGIN');
          try {
            // No parameters: the simple-query protocol runs the whole multi-statement script.
            await client.query(script);
            await client.query(INSERT_APPLIED, params);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        },
      });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
