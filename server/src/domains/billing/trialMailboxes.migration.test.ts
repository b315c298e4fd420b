import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedUpTo } from '../../../test/migrations.ts';
import type { Database } from '../../platform/database/index.ts';
import { applyMigrations } from '../../platform/database/migrate.ts';
import { trialMailbox } from './trial.ts';

const MIGRATION = '20261128100000_sign_in_codes_and_trial_mailboxes';

// Trials given before mailboxes were recorded hold their mailbox too: a variant signing up later gets none.
describe(`migration ${MIGRATION}`, () => {
  let before: Awaited<ReturnType<typeof migratedUpTo>>;
  let database: Database;

  beforeAll(async () => {
    before = await migratedUpTo(MIGRATION);
    database = before.database;
  });

  afterAll(() => before?.close());

  it('records the mailbox of every trial already given, in the same canonical form, the earliest trial holding it', async () => {
    const { prisma } = database;
    // In SQL: the client knows the plan's and the user's columns of later migrations, which this database has not got yet.
    const plan = { id: 'plan-starter' };
    await prisma.$executeRaw`INSERT INTO "payment_plans" ("id", "name", "type", "price", "billingPeriod", "updatedAt")
      VALUES (${plan.id}, 'Starter', 'subscription', 9, 'month', now())`;
    const customer = async (email: string, trialStartedAt?: Date, status: 'trialing' | 'active' = 'trialing') => {
      const [user] = await prisma.$queryRaw<{ id: string }[]>`INSERT INTO "users" ("id", "email", "fullName", "updatedAt")
        VALUES (gen_random_uuid()::text, ${email}, ${email}, now()) RETURNING "id"`;
      if (trialStartedAt) {
        await prisma.subscription.create({
          data: { userId: user!.id, planId: plan.id, status, billingPeriod: 'month', startedAt: trialStartedAt, expiresAt: trialStartedAt },
        });
      }
      return user!.id;
    };
    const early = await customer('a.b+first@googlemail.com', new Date('2026-01-01T00:00:00Z'));
    await customer('ab@gmail.com', new Date('2026-02-01T00:00:00Z'));
    const plain = await customer('Jo.Smith+x@Example.org', new Date('2026-03-01T00:00:00Z'));
    await customer('payer@example.org', new Date('2026-03-01T00:00:00Z'), 'active');
    await customer('never@example.org');

    expect((await applyMigrations(database)).applied[0]).toBe(MIGRATION);
    const rows = await prisma.trialMailbox.findMany({ orderBy: { mailbox: 'asc' }, select: { mailbox: true, userId: true } });
    expect(rows).toEqual([
      { mailbox: trialMailbox('a.b+first@googlemail.com'), userId: early },
      { mailbox: trialMailbox('Jo.Smith+x@Example.org'), userId: plain },
    ]);
    expect(rows.map((row) => row.mailbox)).toEqual(['ab@gmail.com', 'jo.smith@example.org']);
  });
});
