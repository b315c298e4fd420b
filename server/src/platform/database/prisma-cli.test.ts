// The Prisma CLI (through prisma/engine/schema-engine.mjs) and applyMigrations agree with each other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, postgresUrlForTests, runPrismaCli, type ScratchPostgres } from '../../../test/database.ts';
import { createDatabase } from './index.ts';
import { applyMigrations, readMigrations } from './migrate.ts';

const names = readMigrations().map((m) => m.name);
// Each CLI run starts Node, loads the config and the WASM engine: allow for a busy machine.
const CLI_TIMEOUT = 120_000;

// The CLI runs are independent and mostly wait on child processes: run them side by side.
describe.concurrent('prisma CLI on PostgreSQL', () => {
  const scratches: ScratchPostgres[] = [];
  const scratch = async (prefix: string) => {
    const db = await createScratchPostgresDatabase(postgresUrlForTests(), prefix);
    scratches.push(db);
    return db;
  };
  afterAll(async () => {
    await Promise.all(scratches.map((s) => s.drop()));
  });

  it(
    '`migrate status` and `migrate deploy` see a database migrated by applyMigrations as up to date',
    async () => {
      const target = await scratch('cli_status');
      const database = await createDatabase({ url: target.url });
      try {
        expect((await applyMigrations(database)).applied).toEqual(names);
      } finally {
        await database.close();
      }
      const [status, deploy] = await Promise.all([
        runPrismaCli(['migrate', 'status'], target.url),
        runPrismaCli(['migrate', 'deploy'], target.url),
      ]);
      expect(status.stdout).toContain('Database schema is up to date!');
      expect(status.code).toBe(0);
      expect(deploy.stdout).toContain('No pending migrations to apply.');
      expect(deploy.code).toBe(0);
    },
    CLI_TIMEOUT,
  );

  it(
    'applyMigrations sees a database migrated by `prisma migrate deploy` as up to date',
    async () => {
      const target = await scratch('cli_deploy');
      const deploy = await runPrismaCli(['migrate', 'deploy'], target.url);
      expect(deploy.stdout).toContain('All migrations have been successfully applied.');
      const database = await createDatabase({ url: target.url });
      try {
        expect(await applyMigrations(database)).toEqual({ applied: [], unknown: [] });
        const tables = await database.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = 'chunks_search_vector_trigger'`,
        );
        expect(tables[0]!.n).toBe(1);
      } finally {
        await database.close();
      }
    },
    CLI_TIMEOUT,
  );
});

describe.concurrent('prisma CLI on PGlite', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-cli-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    '`migrate status` sees a PGlite directory migrated by applyMigrations as up to date',
    async () => {
      const database = await createDatabase({ pgliteDataDir: dir });
      try {
        expect((await applyMigrations(database)).applied).toEqual(names);
      } finally {
        await database.close(); // one process at a time may open a PGlite directory
      }
      const status = await runPrismaCli(['migrate', 'status'], `postgresql://pglite${dir}`);
      expect(status.stdout).toContain('Database schema is up to date!');
      expect(status.code).toBe(0);
    },
    CLI_TIMEOUT,
  );
});
