import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/serverProcess.ts';
import { chromaCli, waitForHeartbeat } from './localChroma.ts';
import { ChromaVectorStore, createVectorStore, startLocalChroma, type LocalChroma, type VectorItem } from './index.ts';

describe('ChromaVectorStore on a local Chroma', () => {
  let dataDir: string;
  let chroma: LocalChroma;
  let store: ChromaVectorStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'chroma-test-'));
    chroma = await startLocalChroma({ dataDir });
    store = new ChromaVectorStore({ url: chroma.url });
  });
  afterAll(async () => {
    await store?.close();
    await chroma?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const item = (id: string, embedding: number[], metadata: VectorItem['metadata']): VectorItem => ({
    id,
    embedding,
    metadata,
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('returns the nearest items first with cosine scores, filtered by metadata', async () => {
    await store.upsert('chunks-rank', [
      item('same', [1, 0, 0], { bot_id: '1', page: 1 }),
      item('close', [1, 1, 0], { bot_id: '1', page: 2 }),
      item('opposite', [-1, 0, 0], { bot_id: '1', page: 3 }),
      item('other-bot', [1, 0, 0], { bot_id: '2', page: 1 }),
    ]);
    const matches = await store.query('chunks-rank', [2, 0, 0], { topK: 10, where: { bot_id: '1' } });
    expect(matches.map((match) => match.id)).toEqual(['same', 'close', 'opposite']);
    expect(matches[0]).toEqual({ id: 'same', score: expect.closeTo(1, 5) });
    expect(matches[1]!.score).toBeCloseTo(Math.SQRT1_2, 5);
    expect(matches[2]!.score).toBeCloseTo(-1, 5);
  });

  it('answers queries sent together, each with its own nearest items', async () => {
    await store.upsert('chunks-together', [
      item('x', [1, 0, 0], { bot_id: '1' }),
      item('y', [0, 1, 0], { bot_id: '1' }),
      item('z', [0, 0, 1], { bot_id: '1' }),
    ]);
    const questions: [number[], string][] = [
      [[1, 0.1, 0], 'x'],
      [[0, 1, 0.1], 'y'],
      [[0.1, 0, 1], 'z'],
      [[0, 0.1, 1], 'z'],
      [[1, 0, 0.1], 'x'],
    ];
    const answers = await Promise.all(questions.map(([embedding]) => store.query('chunks-together', embedding, { topK: 2 })));
    expect(answers.map((matches) => matches[0]!.id)).toEqual(questions.map(([, nearest]) => nearest));
    expect(answers.every((matches) => matches.length === 2)).toBe(true);
  });

  it('honours topK and combines several filter keys', async () => {
    await store.upsert('chunks-filter', [
      item('a', [1, 0], { bot_id: '1', public: true }),
      item('b', [1, 0.1], { bot_id: '1', public: false }),
      item('c', [1, 0.2], { bot_id: '1', public: true }),
    ]);
    expect((await store.query('chunks-filter', [1, 0], { topK: 1, where: { bot_id: '1' } })).map((m) => m.id)).toEqual(['a']);
    const both = await store.query('chunks-filter', [1, 0], { topK: 5, where: { bot_id: '1', public: true } });
    expect(both.map((m) => m.id)).toEqual(['a', 'c']);
  });

  it('replaces items with the same id', async () => {
    await store.upsert('chunks-upsert', [item('x', [1, 0], { bot_id: '1' })]);
    await store.upsert('chunks-upsert', [item('x', [0, 1], { bot_id: '1', version: 2 })]);
    const matches = await store.query('chunks-upsert', [0, 1], { topK: 5, where: { bot_id: '1' } });
    expect(matches).toEqual([{ id: 'x', score: expect.closeTo(1, 5) }]);
    // The metadata was replaced too: the new version's filter finds it.
    await store.deleteWhere('chunks-upsert', { version: 2 });
    expect(await store.query('chunks-upsert', [0, 1], { topK: 5, where: { bot_id: '1' } })).toEqual([]);
  });

  it('upserts more items than one batch holds', async () => {
    const items = Array.from({ length: 600 }, (_, i) =>
      item(`chunk-${i}`, [Math.cos(i / 100), Math.sin(i / 100), 1], { bot_id: 'big', index: i }),
    );
    await store.upsert('chunks-batch', items);
    const matches = await store.query('chunks-batch', [Math.cos(5.99), Math.sin(5.99), 1], {
      topK: 3,
      where: { bot_id: 'big' },
    });
    expect(matches[0]!.id).toBe('chunk-599');
    const last = await store.query('chunks-batch', [1, 0, 1], { topK: 600, where: { bot_id: 'big' } });
    expect(last).toHaveLength(600);
  });

  it('deletes by metadata only what matches', async () => {
    await store.upsert('chunks-delete', [
      item('keep', [1, 0], { bot_id: '1', source_id: 's1' }),
      item('drop-1', [1, 0], { bot_id: '1', source_id: 's2' }),
      item('drop-2', [0, 1], { bot_id: '1', source_id: 's2' }),
    ]);
    await store.deleteWhere('chunks-delete', { bot_id: '1', source_id: 's2' });
    const left = await store.query('chunks-delete', [1, 0], { topK: 10, where: { bot_id: '1' } });
    expect(left.map((m) => m.id)).toEqual(['keep']);
  });

  it('refuses an empty filter, so nothing can be queried or deleted unscoped', async () => {
    await expect(store.query('chunks-rank', [1, 0, 0], { topK: 1, where: {} })).rejects.toThrow(/at least one/);
    await expect(store.deleteWhere('chunks-rank', {})).rejects.toThrow(/at least one/);
  });

  it('queries a whole collection without a filter, and drops a collection with its vectors', async () => {
    await store.upsert('chunks-bot-a', [item('a1', [1, 0], { source_id: 's1' }), item('a2', [0, 1], { source_id: 's2' })]);
    expect((await store.query('chunks-bot-a', [1, 0], { topK: 5 })).map((m) => m.id)).toEqual(['a1', 'a2']);
    await store.deleteCollection('chunks-bot-a');
    expect(await store.query('chunks-bot-a', [1, 0], { topK: 5 })).toEqual([]);
    await store.deleteCollection('chunks-never-made');
  });

  it('looks a collection up again after another client dropped it', async () => {
    await store.upsert('chunks-dropped', [item('d1', [1, 0], { bot_id: '1' })]);
    expect((await store.query('chunks-dropped', [1, 0], { topK: 1 })).map((m) => m.id)).toEqual(['d1']);
    // Another replica deletes the collection: this store still holds its id.
    const other = new ChromaVectorStore({ url: chroma.url });
    await other.deleteCollection('chunks-dropped');
    await other.close();
    await expect(store.query('chunks-dropped', [1, 0], { topK: 1 })).rejects.toMatchObject({ name: 'ChromaNotFoundError' });
    expect(await store.query('chunks-dropped', [1, 0], { topK: 1 })).toEqual([]);
  });

  it("reports Chroma's refusal of a query with its status", async () => {
    await store.upsert('chunks-refused', [item('r1', [1, 0, 0], { bot_id: '1' })]);
    // Two dimensions against a collection of three: Chroma refuses the query.
    await expect(store.query('chunks-refused', [1, 0], { topK: 1 })).rejects.toThrow(/Chroma answered 4\d\d/);
  });

  it('asks again, on a new connection, when Chroma closed the kept-alive one as a query was sent on it', async () => {
    // A proxy that drops any connection on which a second query arrives, as a server closing an idle socket would.
    const target = new URL(chroma.url);
    const proxy = net.createServer((client) => {
      let queries = 0;
      const upstream = net.connect(Number(target.port), target.hostname);
      client.on('data', (chunk: Buffer) => {
        if (/^POST \S+\/query /.test(chunk.toString('latin1')) && ++queries === 2) {
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new ChromaVectorStore({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
    try {
      await proxied.upsert('chunks-reset', [item('r1', [1, 0], { bot_id: '1' })]);
      for (let round = 0; round < 3; round++) {
        expect(await proxied.query('chunks-reset', [1, 0], { topK: 1 })).toEqual([{ id: 'r1', score: expect.closeTo(1, 5) }]);
      }
    } finally {
      await proxied.close();
      proxy.close();
    }
  });

  it('answers from what a collection holds now, whatever it answered before (Chroma keeps the collections it looked up)', async () => {
    const nearest = async (embedding: number[]) => (await store.query('chunks-now', embedding, { topK: 1 }))[0]?.id;
    await store.upsert('chunks-now', [item('first', [1, 0, 0], { bot_id: '1' })]);
    expect(await nearest([0, 1, 0])).toBe('first');
    await store.upsert('chunks-now', [item('second', [0, 1, 0], { bot_id: '1' })]);
    expect(await nearest([0, 1, 0])).toBe('second');
    // Past the point where Chroma moves its log into the vector index, then asked for the last one written.
    const many = Array.from({ length: 1_200 }, (_, index) =>
      item(`many-${index}`, [Math.cos(index / 400), Math.sin(index / 400), 0.5], { bot_id: '1' }),
    );
    await store.upsert('chunks-now', many);
    expect(await nearest(many.at(-1)!.embedding)).toBe('many-1199');
    await store.deleteWhere('chunks-now', { bot_id: '1' });
    expect(await store.query('chunks-now', [0, 1, 0], { topK: 5 })).toEqual([]);
    await store.deleteCollection('chunks-now');
    await store.upsert('chunks-now', [item('again', [0, 0, 1], { bot_id: '1' })]);
    expect(await store.query('chunks-now', [0, 1, 0], { topK: 5 })).toEqual([{ id: 'again', score: expect.any(Number) }]);
  });

  it('returns nothing from a collection never written to', async () => {
    expect(await store.query('chunks-empty', [1, 0], { topK: 3, where: { bot_id: '1' } })).toEqual([]);
  });
});

describe('local Chroma lifecycle', () => {
  it('createVectorStore starts Chroma in <dataDir>/chroma and stops it on close', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chroma-embedded-'));
    try {
      const store = await createVectorStore({ dataDir });
      await store.upsert('persisted', [{ id: 'a', embedding: [1, 0], metadata: { bot_id: '1' } }]);
      await store.close();
      await expect(store.ping()).rejects.toThrow();

      const reopened = await createVectorStore({ dataDir });
      const [match] = await reopened.query('persisted', [1, 0], { topK: 1, where: { bot_id: '1' } });
      expect(match?.id).toBe('a');
      await reopened.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reads the vectors of a data folder Chroma wrote when it was started with its own defaults', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chroma-defaults-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // How earlier versions started it: no configuration file, the data folder and address as flags.
    const before = spawn(process.execPath, [chromaCli(), 'run', '--path', dataDir, '--host', '127.0.0.1', '--port', String(port)], {
      stdio: 'ignore',
    });
    try {
      await waitForHeartbeat(url, 30_000, () => before.exitCode === null && before.signalCode === null);
      const written = new ChromaVectorStore({ url });
      await written.upsert('kept', [{ id: 'old', embedding: [0, 1], metadata: { bot_id: '1' } }]);
      await written.close();
      before.kill('SIGTERM');
      await once(before, 'exit');

      const now = await startLocalChroma({ dataDir });
      const reader = new ChromaVectorStore({ url: now.url });
      try {
        expect(await reader.query('kept', [0, 1], { topK: 1 })).toEqual([{ id: 'old', score: expect.closeTo(1, 5) }]);
      } finally {
        await reader.close();
        await now.stop();
      }
    } finally {
      before.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a port that is already taken instead of talking to another server', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chroma-conflict-'));
    const first = await startLocalChroma({ dataDir: path.join(dataDir, 'a') });
    try {
      const port = Number(new URL(first.url).port);
      await expect(startLocalChroma({ dataDir: path.join(dataDir, 'b'), port })).rejects.toThrow(/cannot use port/);
    } finally {
      await first.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a server that exits during startup, with its error output', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chroma-broken-'));
    try {
      await writeFile(path.join(dataDir, 'chroma.sqlite3'), 'not a database, but long enough to be read as one '.repeat(100));
      await expect(startLocalChroma({ dataDir })).rejects.toThrow(/did not start[\s\S]*panicked/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('dies with its parent, even one killed with SIGKILL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chroma-orphan-'));
    try {
      const module = new URL('./localChroma.ts', import.meta.url).href;
      const parent = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { startLocalChroma } = await import(${JSON.stringify(module)});
           const { url } = await startLocalChroma({ dataDir: ${JSON.stringify(dataDir)} });
           console.log(url);
           process.kill(process.pid, 'SIGKILL');`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let url = '';
      parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (url += chunk));
      await once(parent, 'exit');
      url = url.trim();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await expect(waitUntilDown(`${url}/api/v2/heartbeat`)).resolves.toBeUndefined();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

async function waitUntilDown(url: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
    } catch {
      return;
    }
    await sleep(100);
  }
  throw new Error(`${url} still answers`);
}
