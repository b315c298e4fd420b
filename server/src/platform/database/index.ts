// The relational database: PostgreSQL when a URL is configured, embedded PGlite otherwise.
//
// URLs (the same convention as prisma.config.ts and prisma/engine/schema-engine.mjs):
//   postgresql://user@host:5432/db      a real PostgreSQL server (@prisma/adapter-pg)
//   postgresql://pglite/<absolute dir>  embedded PGlite in that data directory
//   postgresql://pglite/memory          embedded PGlite in memory
// Without a URL, `pgliteDataDir` picks the PGlite directory ('memory://' = in memory, the default).
//
// PGlite runs in a worker thread (pgliteHost.ts, pgliteServer.ts) that speaks the PostgreSQL wire
// protocol, so a slow query does not block the event loop and both kinds go through @prisma/adapter-pg.
import fs from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { startPgliteHost, type PgliteHost } from './pgliteHost.ts';
import { statementNamer } from './statements.ts';

/**
 * Runs one raw statement and answers its rows, typed as `$queryRaw` types them (numeric as Decimal,
 * bigint as BigInt, timestamp as a Date in UTC, json parsed), but straight through Prisma's pool:
 * for the statements every chat answer runs. Prisma's query interpreter cost those more CPU than
 * the driver and PostgreSQL together (0.3 ms against 0.11 ms a statement, measured on this
 * machine), and it converts each value of a result one by one.
 */
export type SqlQuery = <Row>(statement: Prisma.Sql) => Promise<Row[]>;

export interface Database {
  prisma: PrismaClient;
  /** See SqlQuery: raw statements on the chat answer's path. Everything else goes through `prisma`. */
  query: SqlQuery;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** Disconnects Prisma and, for PGlite, closes the instance once its last user closes. */
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** A PostgreSQL URL, or a `postgresql://pglite/...` marker URL. */
  url?: string;
  /** PGlite data directory when no URL is given; 'memory://' (the default) keeps it in memory. */
  pgliteDataDir?: string;
  /** In-memory PGlite only: start from this data-directory tarball (from PGlite `dumpDataDir()`). */
  pgliteLoadDataDir?: Blob;
  /** Sees every SQL statement Prisma sends (benchmarks count them). */
  onQuery?: (sql: string) => void;
  /** The most connections this process keeps to PostgreSQL (pg.Pool's default, 10, unless set). */
  poolSize?: number;
}

function createPrismaClient(adapter: PrismaPg, onQuery?: (sql: string) => void): PrismaClient {
  if (!onQuery) return new PrismaClient({ adapter });
  const prisma = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  prisma.$on('query', (event) => onQuery(event.query));
  return prisma;
}

/** pg's readings of the types `$queryRaw` reads otherwise (pg's own for the rest). */
const RESULT_PARSERS: Record<number, (value: string) => unknown> = {
  20: (value) => BigInt(value),
  1114: (value) => new Date(`${value.replace(' ', 'T')}Z`),
  1700: (value) => new Prisma.Decimal(value),
};
const RESULT_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    (format !== 'binary' && RESULT_PARSERS[oid]) || pg.types.getTypeParser(oid, format as 'text'),
};

/** A statement's value as PostgreSQL reads it: dates in UTC (what Prisma writes), decimals and bigints as text. */
function parameterValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Prisma.Decimal.isDecimal(value) || typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(parameterValue);
  return value;
}

function sqlQuery(pool: pg.Pool, name: (query: { sql: string }) => string | undefined, onQuery?: (sql: string) => void): SqlQuery {
  return async <Row>(statement: Prisma.Sql) => {
    const text = statement.text;
    onQuery?.(text);
    const result = await pool.query({ name: name({ sql: text }), text, values: statement.values.map(parameterValue), types: RESULT_TYPES });
    return result.rows as Row[];
  };
}

/**
 * The adapter's statement names (see statements.ts). Its type wants a name for every
 * statement; pg runs a statement without one unprepared, which is what a text run rarely should get.
 */
function namedStatements(): (query: { sql: string }) => string {
  return statementNamer() as (query: { sql: string }) => string;
}

export const PGLITE_MEMORY = 'memory://';

/** How to reach the database underneath Prisma (used by migrate.ts). Internal to platform/database. */
export type DatabaseDriver =
  { kind: 'pglite'; url: string; host: PgliteHost } | { kind: 'postgres'; url: string; schema: string | undefined };

const drivers = new WeakMap<Database, DatabaseDriver>();

export function databaseDriver(database: Database): DatabaseDriver {
  const driver = drivers.get(database);
  if (!driver) throw new Error('This Database was not created by createDatabase() from platform/database');
  return driver;
}

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; schema: string | undefined };

/** Reads a database URL (or, without one, the PGlite directory) into a target. */
function resolveDatabaseTarget(options: CreateDatabaseOptions = {}): DatabaseTarget {
  if (options.url) {
    const url = new URL(options.url);
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      throw new Error(`Unsupported database URL protocol "${url.protocol}" (expected postgresql://)`);
    }
    if (url.hostname === 'pglite') {
      const dir = decodeURIComponent(url.pathname);
      const memory = dir === '' || dir === '/' || dir === '/memory';
      return { kind: 'pglite', dataDir: memory ? PGLITE_MEMORY : dir };
    }
    const schema = url.searchParams.get('schema') ?? undefined;
    url.searchParams.delete('schema');
    return { kind: 'postgres', url: url.toString(), schema };
  }
  const dir = options.pgliteDataDir ?? PGLITE_MEMORY;
  return { kind: 'pglite', dataDir: isMemory(dir) ? PGLITE_MEMORY : path.resolve(dir) };
}

function isMemory(dir: string): boolean {
  return dir === PGLITE_MEMORY || dir === 'memory' || dir === ':memory:';
}

// One PGlite worker per data directory and process (a directory cannot be opened twice).
const sharedHosts = new Map<string, { host: Promise<PgliteHost>; users: number }>();

async function acquirePglite(dataDir: string, loadDataDir: Blob | undefined): Promise<{ host: PgliteHost; release(): Promise<void> }> {
  if (dataDir === PGLITE_MEMORY) {
    const host = await startPgliteHost(dataDir, loadDataDir);
    return { host, release: () => host.close() };
  }
  let entry = sharedHosts.get(dataDir);
  if (!entry) {
    fs.mkdirSync(dataDir, { recursive: true });
    entry = { host: startPgliteHost(dataDir, undefined), users: 0 };
    sharedHosts.set(dataDir, entry);
    entry.host.catch(() => sharedHosts.delete(dataDir));
  }
  entry.users++;
  const current = entry;
  const host = await current.host;
  let released = false;
  return {
    host,
    async release() {
      if (released) return;
      released = true;
      current.users--;
      if (current.users === 0) {
        sharedHosts.delete(dataDir);
        await host.close();
      }
    },
  };
}

export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<Database> {
  const target = resolveDatabaseTarget(options);

  if (target.kind === 'postgres') {
    const database = connect(target.url, target.schema, 'postgres', options, async () => {});
    drivers.set(database, { kind: 'postgres', url: target.url, schema: target.schema });
    return database;
  }

  if (options.pgliteLoadDataDir && target.dataDir !== PGLITE_MEMORY) {
    throw new Error('pgliteLoadDataDir only applies to an in-memory PGlite');
  }
  const { host, release } = await acquirePglite(target.dataDir, options.pgliteLoadDataDir);
  // Named statements as on PostgreSQL: the pool's connections share PGlite's one session, and its
  // multiplexer prepares each name once for all of them (see pgliteServer.ts).
  const database = connect(host.url, undefined, 'pglite', options, release);
  drivers.set(database, { kind: 'pglite', url: host.url, host });
  return database;
}

/** Prisma and `query` on one pool, its statements named once for both (see statements.ts). */
function connect(
  url: string,
  schema: string | undefined,
  kind: Database['kind'],
  { onQuery, poolSize }: Pick<CreateDatabaseOptions, 'onQuery' | 'poolSize'>,
  afterDisconnect: () => Promise<void>,
): Database {
  const pool = new pg.Pool({ connectionString: url, ...(poolSize ? { max: poolSize } : {}) });
  // An idle connection that fails (the server restarting) is the pool's to drop; the next statement connects anew.
  pool.on('error', () => {});
  const name = namedStatements();
  const adapter = new PrismaPg(pool, { statementNameGenerator: name, ...(schema ? { schema } : {}) });
  const prisma = createPrismaClient(adapter, onQuery);
  let closing: Promise<void> | undefined;
  return {
    prisma,
    query: sqlQuery(pool, name, onQuery),
    kind,
    async ping() {
      await prisma.$queryRawUnsafe('SELECT 1');
    },
    close() {
      closing ??= (async () => {
        try {
          await prisma.$disconnect();
          await pool.end();
        } finally {
          await afterDisconnect();
        }
      })();
      return closing;
    },
  };
}
