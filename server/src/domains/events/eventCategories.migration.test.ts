import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedUpTo } from '../../../test/migrations.ts';
import type { Database } from '../../platform/database/index.ts';
import { applyMigrations } from '../../platform/database/migrate.ts';
import { EVENT_CATEGORIES } from './service.ts';

const MIGRATION = '20261127000000_event_categories';

// Events recorded before categories were all lowercase codes read like the ones recorded after.
describe(`migration ${MIGRATION}`, () => {
  let before: Awaited<ReturnType<typeof migratedUpTo>>;
  let database: Database;

  beforeAll(async () => {
    before = await migratedUpTo(MIGRATION);
    database = before.database;
  });

  afterAll(() => before?.close());

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
