// Drift guard: the committed migrations must build exactly the schema that prisma/schema.prisma
// describes. Database A gets the migrations (applyMigrations); database B gets what Prisma would
// generate from the schema alone (`prisma migrate diff --from-empty --to-schema ... --script`). Their
// catalogs must match, triggers and `_prisma_migrations` aside.
//
// When this fails you changed schema.prisma without a migration. Create one with
//   npx prisma migrate dev --create-only --name <what-changed>      (from the repo root)
// review it, and commit it.
//
// DRIFT_TEST_SCHEMA=<schema file> and DRIFT_TEST_MIGRATIONS=<migrations dir> swap in other inputs
// (used to prove that the test fails on drift and passes once a migration covers the change).
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchPostgresDatabase,
  postgresUrlForTests,
  repoRoot,
  runPrismaCli,
  type ScratchPostgres,
} from '../../../test/database.ts';
import { createDatabase } from './index.ts';
import { applyMigrations } from './migrate.ts';

const CATALOG_QUERIES = {
  tables: `
    SELECT c.relname AS table, c.relkind AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      AND c.relname <> '_prisma_migrations'
    ORDER BY 1`,
  columns: `
    SELECT table_name AS table, column_name AS column, data_type, udt_name, character_maximum_length,
           numeric_precision, numeric_scale, datetime_precision, is_nullable, column_default,
           is_identity, is_generated, generation_expression, collation_name
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'
    ORDER BY 1, 2`,
  indexes: `
    SELECT tablename AS table, indexname AS index, indexdef AS definition
    FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'
    ORDER BY 1, 2`,
  constraints: `
    SELECT cl.relname AS table, co.conname AS constraint, co.contype AS type,
           pg_get_constraintdef(co.oid) AS definition, co.condeferrable AS deferrable
    FROM pg_constraint co
    JOIN pg_class cl ON cl.oid = co.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    WHERE n.nspname = current_schema() AND cl.relname <> '_prisma_migrations'
    ORDER BY 1, 2`,
  // Labels sorted: ALTER TYPE ... ADD VALUE appends, so a migrated enum may legitimately list its
  // values in another order than a fresh CREATE TYPE.
  enums: `
    SELECT t.typname AS enum, array_agg(e.enumlabel::text ORDER BY e.enumlabel::text) AS labels
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = current_schema()
    GROUP BY 1 ORDER BY 1`,
  sequences: `
    SELECT sequence_name AS sequence, data_type FROM information_schema.sequences
    WHERE sequence_schema = current_schema() ORDER BY 1`,
  extensions: `SELECT extname AS extension FROM pg_extension ORDER BY 1`,
} as const;

type CatalogDump = Record<keyof typeof CATALOG_QUERIES, unknown[]>;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function dumpCatalog(url: string): Promise<CatalogDump> {
  return withClient(url, async (client) => {
    const dump = {} as CatalogDump;
    for (const [key, sql] of Object.entries(CATALOG_QUERIES)) {
      dump[key as keyof CatalogDump] = (await client.query(sql)).rows;
    }
    return dump;
  });
}

describe('schema drift', () => {
  const schemaPath = process.env.DRIFT_TEST_SCHEMA
    ? path.resolve(process.env.DRIFT_TEST_SCHEMA)
    : path.join(repoRoot(), 'prisma', 'schema.prisma');
  let fromMigrations: ScratchPostgres;
  let fromSchema: ScratchPostgres;

  beforeAll(async () => {
    const server = postgresUrlForTests();
    [fromMigrations, fromSchema] = await Promise.all([
      createScratchPostgresDatabase(server, 'drift_migrations'),
      createScratchPostgresDatabase(server, 'drift_schema'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fromMigrations?.drop(), fromSchema?.drop()]);
  });

  it('the committed migrations build exactly the schema in prisma/schema.prisma', async () => {
    const diff = runPrismaCli(['migrate', 'diff', '--from-empty', '--to-schema', schemaPath, '--script'], fromSchema.url);

    const database = await createDatabase({ url: fromMigrations.url });
    try {
      await applyMigrations(database, { migrationsDir: process.env.DRIFT_TEST_MIGRATIONS || undefined });
    } finally {
      await database.close();
    }

    const { code, stdout, stderr } = await diff;
    expect(code, stderr).toBe(0);
    // The CLI can exit 0 when the engine dies: make sure a real script came back.
    expect(stdout).toMatch(/CREATE TABLE/);
    await withClient(fromSchema.url, (client) => client.query(stdout));

    const [migrated, generated] = await Promise.all([dumpCatalog(fromMigrations.url), dumpCatalog(fromSchema.url)]);
    expect(migrated.tables.length).toBeGreaterThan(0);
    expect(migrated, 'The migrations differ from prisma/schema.prisma: run `npx prisma migrate dev --create-only --name <change>`').toEqual(
      generated,
    );
  }, 120_000);
});
