import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, createTestDatabase, postgresUrlForTests, type TestDatabase } from '../../../test/database.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from './index.ts';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});

afterAll(async () => {
  await test?.drop();
});

describe('database.query', () => {
  it.each([
    { type: 'numeric', statement: Prisma.sql`SELECT ${'12.50'}::numeric AS "value", NULL::numeric AS "none"` },
    { type: 'bigint', statement: Prisma.sql`SELECT count(*) AS "value", 9007199254740993::bigint AS "big"` },
    { type: 'timestamp', statement: Prisma.sql`SELECT ${new Date('2026-11-27T01:02:03.456Z')}::timestamp(3) AS "value"` },
    { type: 'timestamptz', statement: Prisma.sql`SELECT '2026-11-27 01:02:03.456+02'::timestamptz AS "value"` },
    { type: 'json', statement: Prisma.sql`SELECT json_build_array(1, 'two', NULL) AS "value", '{"a":[1]}'::jsonb AS "object"` },
    { type: 'arrays', statement: Prisma.sql`SELECT ${['a', 'b,"c"']}::text[] AS "value", ${[1, 2]}::int[] AS "numbers"` },
    { type: 'scalars', statement: Prisma.sql`SELECT 1::int AS "int", 0.5::float8 AS "float", true AS "bool", 'text' AS "text"` },
    {
      type: 'parameters',
      statement: Prisma.sql`SELECT ${new Prisma.Decimal('3.25')}::numeric + 1 AS "sum",
        (${[new Date('2026-01-01T00:00:00.000Z')]}::timestamp(3)[])[1] AS "date"`,
    },
  ])('reads $type as a raw query through Prisma does', async ({ statement }) => {
    const direct = await test.database.query<Record<string, unknown>>(statement);
    const prisma = await test.database.prisma.$queryRaw<Record<string, unknown>[]>(statement);
    expect(direct).toEqual(prisma);
  });

  it('fails with the database error of a wrong statement, and answers the next one', async () => {
    await expect(test.database.query(Prisma.sql`SELECT * FROM "no_such_table"`)).rejects.toMatchObject({ code: '42P01' });
    await expect(test.database.query(Prisma.sql`SELECT 1 AS "one"`)).resolves.toEqual([{ one: 1 }]);
  });

  it('keeps at most DATABASE_POOL_SIZE connections to PostgreSQL, however many statements wait', async () => {
    const scratch = await createScratchPostgresDatabase(postgresUrlForTests(), 'pool');
    const config = loadConfig({ DATA_DIR: '/tmp/unused', DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '2' });
    const database = await createDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          database.query<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS "pid", pg_sleep(0.05)::text`),
        ),
      );
      expect(new Set(answers.map(([row]) => row!.pid)).size).toBe(2);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
