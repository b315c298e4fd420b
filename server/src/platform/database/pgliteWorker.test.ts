// The embedded database runs in a worker thread: a slow query leaves the server free to answer, and
// a data directory (written before by PGlite in the server's own thread, or by an earlier instance)
// is read back on the next start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/harness.ts';
import { createDatabase, databaseDriver, type Database } from './index.ts';
import { applyMigrations } from './migrate.ts';

describe('embedded PGlite in a data directory', () => {
  let dir: string;
  let url: string;
  let database: Database | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-worker-'));
    url = `postgresql://pglite${dir}`;
    // Written the way the server did before PGlite moved to a worker: in this thread, same version.
    const earlier = await PGlite.create(dir);
    await earlier.exec("CREATE TABLE earlier_note (body text); INSERT INTO earlier_note VALUES ('written in-process')");
    await earlier.close();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads data written by in-process PGlite, then migrates', async () => {
    database = await createDatabase({ url });
    expect(database.kind).toBe('pglite');
    expect(await database.prisma.$queryRawUnsafe('SELECT body FROM earlier_note')).toEqual([{ body: 'written in-process' }]);
    await applyMigrations(database);
  }, 60_000);

  it('answers /healthz while a slow query runs on the database', async () => {
    const server = await startTestServer({}, { database: database! });
    try {
      const order: string[] = [];
      const slow = database!.prisma.$queryRawUnsafe('SELECT pg_sleep(2)::text').then(() => order.push('slow query'));
      const health = fetch(`${server.url}/healthz`).then((response) => {
        order.push('healthz');
        return response.status;
      });
      expect(await health).toBe(200);
      await slow;
      expect(order).toEqual(['healthz', 'slow query']);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('reads back after a restart what the previous instance wrote', async () => {
    await database!.prisma.demoSession.create({ data: { tokenHash: 'before-restart', expiresAt: new Date() } });
    await database!.close();
    database = await createDatabase({ url });
    const sessions = await database.prisma.demoSession.findMany({ select: { tokenHash: true } });
    expect(sessions).toEqual([{ tokenHash: 'before-restart' }]);
    expect(await applyMigrations(database)).toEqual({ applied: [], unknown: [] });
  }, 60_000);
});

describe('embedded PGlite sessions', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createDatabase({});
  }, 60_000);

  afterAll(() => database.close());

  it("keeps another connection's statements out of an open transaction", async () => {
    await database.prisma.$executeRawUnsafe('CREATE TABLE counter (n int)');
    await database.prisma.$executeRawUnsafe('INSERT INTO counter VALUES (0)');
    const rolledBack = database.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('UPDATE counter SET n = n + 1');
      await tx.$queryRawUnsafe('SELECT pg_sleep(0.2)::text');
      throw new Error('roll back');
    });
    // Sent while the transaction is open: had it run inside it, the rollback would undo it.
    const outside = Promise.all(Array.from({ length: 5 }, () => database.prisma.$executeRawUnsafe('UPDATE counter SET n = n + 10')));
    await expect(rolledBack).rejects.toThrow('roll back');
    await outside;
    expect(await database.prisma.$queryRawUnsafe('SELECT n FROM counter')).toEqual([{ n: 50 }]);
  }, 60_000);

  it('rolls back the transaction of a connection that leaves, then serves the others', async () => {
    const client = new pg.Client({ connectionString: databaseDriver(database).url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO counter VALUES (1000)');
    const total = database.prisma.$queryRawUnsafe('SELECT sum(n)::int AS total FROM counter'); // waits for the transaction
    await client.end();
    expect(await total).toEqual([{ total: 50 }]);
  }, 60_000);
});
