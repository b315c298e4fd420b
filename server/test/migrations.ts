// A database migrated up to just before a given migration, for tests of what that migration does to
// the rows it finds:
//
//   const before = await migratedUpTo('20261127000000_event_categories');
//   ... rows written as the older schema had them ...
//   expect((await applyMigrations(before.database)).applied[0]).toBe('20261127000000_event_categories');
//   await before.close();
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../src/platform/database/index.ts';
import { applyMigrations, defaultMigrationsDir, readMigrations } from '../src/platform/database/migrate.ts';

export async function migratedUpTo(migration: string): Promise<{ database: Database; close(): Promise<void> }> {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  for (const { name } of readMigrations().filter((candidate) => candidate.name < migration)) {
    fs.cpSync(path.join(defaultMigrationsDir(), name), path.join(before, name), { recursive: true });
  }
  const database = await createDatabase({ pgliteDataDir: 'memory://' });
  await applyMigrations(database, { migrationsDir: before });
  return {
    database,
    async close() {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    },
  };
}
