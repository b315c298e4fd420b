import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../platform/database/index.ts';
import { applyMigrations, defaultMigrationsDir, readMigrations } from '../../platform/database/migrate.ts';
import { EVENT_CATEGORIES } from './service.ts';

const MIGRATION = '20261127000000_event_categories';

// Events recorded before categories were all lowercase codes read like the ones recorded after.
describe(`migration ${MIGRATION}`, () => {
  let database: Database;
  let before: string;

  beforeAll(async () => {
    before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
    for (const { name } of readMigrations().filter((migration) => migration.name < MIGRATION)) {
      fs.cpSync(path.join(defaultMigrationsDir(), name), path.join(before, name), { recursive: true });
    }
    database = await createDatabase({ pgliteDataDir: 'memory://' });
    await applyMigrations(database, { migrationsDir: before });
  });

  afterAll(async () => {
    await database?.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('turns the two capitalised categories into their codes and leaves the rest alone', async () => {
    const recorded = { Integrations: 'integrations', WhatsApp: 'whatsapp', auth: 'auth', Custom: 'Custom' };
    for (const category of Object.keys(recorded)) {
      await database.prisma.systemEvent.create({ data: { event: `An event of ${category}`, category } });
    }
    expect((await applyMigrations(database)).applied[0]).toBe(MIGRATION);
    const events = await database.prisma.systemEvent.findMany({ select: { event: true, category: true } });
    expect(Object.fromEntries(events.map((event) => [event.event.replace('An event of ', ''), event.category]))).toEqual(recorded);
    expect(EVENT_CATEGORIES).toEqual(expect.arrayContaining(['integrations', 'whatsapp']));
  });
});
