import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, postgresUrlForTests, type ScratchPostgres } from '../../../test/database.ts';
import { createDatabase, type Database } from './index.ts';
import { applyMigrations, defaultMigrationsDir, migrationChecksum, readMigrations } from './migrate.ts';

const migrations = readMigrations();
const names = migrations.map((m) => m.name);

interface Row {
  migration_name: string;
  checksum: string;
  applied_steps_count: number;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
  id: string;
}

function migrationRows(database: Database): Promise<Row[]> {
  return database.prisma.$queryRawUnsafe<Row[]>(
    'SELECT "id", "migration_name", "checksum", "applied_steps_count", "finished_at", "rolled_back_at", "logs" FROM "_prisma_migrations" ORDER BY "migration_name"',
  );
}

function sharedBehaviour(open: () => Promise<Database>) {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('applies every committed migration in order, then does nothing', async () => {
    expect(names.length).toBeGreaterThanOrEqual(2);
    const first = await applyMigrations(database);
    expect(first.applied).toEqual(names);
    const second = await applyMigrations(database);
    expect(second).toEqual({ applied: [], unknown: [] });
    await database.ping();
  });

  it("records them in Prisma's _prisma_migrations format", async () => {
    const rows = await migrationRows(database);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(migrationChecksum(migrations[i]!.sql));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
    }
  });

  it('keeps chunks.searchVector up to date with a trigger', async () => {
    const { prisma } = database;
    const bot = await prisma.bot.create({
      data: { name: 'b', displayName: 'B', useCase: 'support', widgetToken: `w-${Math.random()}` },
    });
    const chunk = await prisma.chunk.create({
      data: {
        botId: bot.id,
        sourceType: 'document',
        ordinal: 0,
        title: 'Pricing',
        heading: 'Plans',
        content: 'Monthly subscriptions',
        embeddingModel: 'test',
      },
    });
    const read = async () =>
      (await prisma.$queryRawUnsafe<{ v: string }[]>('SELECT "searchVector"::text AS v FROM "chunks" WHERE "id" = $1', chunk.id))[0]!.v;
    expect(await read()).toBe("'monthly':3 'plans':2 'pricing':1 'subscriptions':4");
    await prisma.chunk.update({ where: { id: chunk.id }, data: { heading: null, content: 'Yearly' } });
    expect(await read()).toBe("'pricing':1 'yearly':2");
    const hits = await prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT "id" FROM "chunks" WHERE "searchVector" @@ plainto_tsquery('simple', $1)`,
      'yearly',
    );
    expect(hits.map((h) => h.id)).toEqual([chunk.id]);
  });

  it('refuses to run when an applied migration was edited', async () => {
    const name = names[0]!;
    await database.prisma.$executeRawUnsafe(
      `UPDATE "_prisma_migrations" SET "checksum" = $1 WHERE "migration_name" = $2`,
      'f'.repeat(64),
      name,
    );
    try {
      await expect(applyMigrations(database)).rejects.toThrow(new RegExp(`Migration ${name} was modified after it was applied`));
    } finally {
      await database.prisma.$executeRawUnsafe(
        `UPDATE "_prisma_migrations" SET "checksum" = $1 WHERE "migration_name" = $2`,
        migrations[0]!.checksum,
        name,
      );
    }
    expect((await applyMigrations(database)).applied).toEqual([]);
  });

  it('rolls a failing migration back entirely and records nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      fs.cpSync(defaultMigrationsDir(), dir, { recursive: true });
      const broken = '99990101000000_broken';
      fs.mkdirSync(path.join(dir, broken));
      fs.writeFileSync(
        path.join(dir, broken, 'migration.sql'),
        'CREATE TABLE "half_done" ("id" INTEGER);\nALTER TABLE "no_such_table" ADD COLUMN "x" INTEGER;\n',
      );
      await expect(applyMigrations(database, { migrationsDir: dir })).rejects.toThrow(
        /Migration 99990101000000_broken failed and was rolled back: .*no_such_table/,
      );
      const leftovers = await database.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_class WHERE relname = 'half_done'`,
      );
      expect(leftovers[0]!.n).toBe(0);
      expect((await migrationRows(database)).map((r) => r.migration_name)).toEqual(names);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

describe('applyMigrations on PGlite (in memory)', () => {
  sharedBehaviour(() => createDatabase({ pgliteDataDir: 'memory://' }));
});

describe('applyMigrations on PostgreSQL', () => {
  const serverUrl = postgresUrlForTests();
  let scratch: ScratchPostgres;
  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(serverUrl, 'migrate_test');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  sharedBehaviour(() => createDatabase({ url: scratch.url }));

  it('lets two processes boot at once (advisory lock)', async () => {
    const other = await createScratchPostgresDatabase(serverUrl, 'migrate_race');
    const a = await createDatabase({ url: other.url });
    const b = await createDatabase({ url: other.url });
    try {
      const [ra, rb] = await Promise.all([applyMigrations(a), applyMigrations(b)]);
      expect([...ra.applied, ...rb.applied].sort()).toEqual(names);
      const rows = await migrationRows(a);
      expect(rows.map((r) => r.migration_name)).toEqual(names);
    } finally {
      await a.close();
      await b.close();
      await other.drop();
    }
  });
});
