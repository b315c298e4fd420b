// server/test/database.ts: every test file gets its own fresh, migrated database.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUrlForTests, type TestDatabase } from '../../../test/database.ts';
import { readMigrations } from './migrate.ts';

const names = readMigrations().map((m) => m.name);

async function appliedMigrations(db: TestDatabase): Promise<string[]> {
  const rows = await db.database.prisma.$queryRawUnsafe<{ migration_name: string }[]>(
    'SELECT "migration_name" FROM "_prisma_migrations" ORDER BY "migration_name"',
  );
  return rows.map((r) => r.migration_name);
}

describe('createTestDatabase', () => {
  const saved = process.env.DATABASE_URL;
  afterEach(() => {
    process.env.DATABASE_URL = saved;
  });

  it('gives fresh migrated in-memory PGlite databases without DATABASE_URL', async () => {
    process.env.DATABASE_URL = '';
    const first = await createTestDatabase();
    const second = await createTestDatabase(); // from the cached template when the first one wrote it
    try {
      expect(first.database.kind).toBe('pglite');
      expect(first.url).toBeUndefined();
      expect(await appliedMigrations(first)).toEqual(names);
      expect(await appliedMigrations(second)).toEqual(names);
      await first.database.prisma.demoSession.create({ data: { tokenHash: 'x', expiresAt: new Date() } });
      expect(await second.database.prisma.demoSession.count()).toBe(0);
    } finally {
      await first.drop();
      await second.drop();
    }
  });

  it('creates and drops a uniquely named PostgreSQL database when DATABASE_URL is set', async () => {
    process.env.DATABASE_URL = postgresUrlForTests();
    const db = await createTestDatabase();
    const name = new URL(db.url!).pathname.slice(1);
    try {
      expect(db.database.kind).toBe('postgres');
      expect(await appliedMigrations(db)).toEqual(names);
    } finally {
      await db.drop();
    }
    const admin = new pg.Client({ connectionString: postgresUrlForTests() });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
