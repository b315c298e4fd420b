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

  describe('named statements, shared by the connections', () => {
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseDriver(database).url });
      await client.connect();
      return client;
    };
    let clients: pg.Client[] = [];
    beforeAll(async () => {
      clients = await Promise.all([connect(), connect(), connect()]);
    });
    afterAll(() => Promise.all(clients.map((client) => client.end())));

    it('lets every connection prepare the same name, and answers each with its own parameters', async () => {
      const query = (client: pg.Client, value: number) =>
        client.query({ name: 'shared_double', text: 'SELECT $1::int * 2 AS doubled', values: [value] });
      // Each client prepares the name on its first run (PGlite's one session would refuse a second Parse
      // of it); the clients run at once, each one's runs in turn (pg sends a client's queries one by one).
      const answers = await Promise.all(
        clients.map(async (client, index) => {
          const doubled: number[] = [];
          for (const value of [1, 2, 3]) doubled.push((await query(client, index * 10 + value)).rows[0].doubled);
          return doubled;
        }),
      );
      expect(answers.flat()).toEqual([2, 4, 6, 22, 24, 26, 42, 44, 46]);
    });

    it('keeps a statement prepared whose first run failed after its Parse', async () => {
      const [first, second] = clients as [pg.Client, pg.Client];
      const query = (client: pg.Client, value: string) =>
        client.query({ name: 'shared_uuid', text: 'SELECT $1::uuid AS id', values: [value] });
      await expect(query(first, 'not a uuid')).rejects.toThrow('invalid input syntax for type uuid');
      const id = '0190b4f6-9a31-7cc0-8000-000000000001';
      expect((await query(second, id)).rows).toEqual([{ id }]);
      expect((await query(first, id)).rows).toEqual([{ id }]);
    });

    it('prepares nothing from a Parse that failed: each connection gets the error', async () => {
      const [first, second] = clients as [pg.Client, pg.Client];
      const broken = (client: pg.Client) => client.query({ name: 'shared_broken', text: 'SELEC 1', values: [] });
      await expect(broken(first)).rejects.toThrow('syntax error');
      await expect(broken(second)).rejects.toThrow('syntax error');
      expect((await second.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });

    it('forgets a name a connection closed, so the next Parse of it prepares it again', async () => {
      const [first, second] = clients as [pg.Client, pg.Client];
      const query = (client: pg.Client) => client.query({ name: 'shared_closed', text: 'SELECT 7 AS seven', values: [] });
      await query(first);
      const closed = new Promise<void>((resolve) => first.connection.once('readyForQuery', () => resolve()));
      // pg itself never closes a statement; a client that does sends Close and Sync.
      first.connection.close({ type: 'S', name: 'shared_closed' }, false);
      first.connection.sync();
      await closed;
      expect((await query(second)).rows).toEqual([{ seven: 7 }]);
    });
  });
});
