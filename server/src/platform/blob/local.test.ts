import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, LocalBlobStore, createBlobStore } from './index.ts';

describe('LocalBlobStore', () => {
  let dataDir: string;
  let store: LocalBlobStore;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'blob-test-'));
    store = new LocalBlobStore(path.join(dataDir, 'blobs'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a buffer and reads it back whole or streamed', async () => {
    await store.put('bots/1/sources/a.txt', Buffer.from('hello'), 'text/plain');
    expect((await store.get('bots/1/sources/a.txt')).toString()).toBe('hello');
    expect(await text(await store.stream('bots/1/sources/a.txt'))).toBe('hello');
    expect(await store.exists('bots/1/sources/a.txt')).toBe(true);
  });

  it('stores a stream and replaces an existing blob', async () => {
    await store.put('report.pdf', Buffer.from('old'));
    await store.put('report.pdf', Readable.from([Buffer.from('new '), Buffer.from('content')]));
    expect((await store.get('report.pdf')).toString()).toBe('new content');
  });

  it('leaves no partial file and keeps the old blob when the source stream fails', async () => {
    await store.put('doc.txt', Buffer.from('kept'));
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('upload aborted'));
      },
    });
    await expect(store.put('doc.txt', failing)).rejects.toThrow('upload aborted');
    expect((await store.get('doc.txt')).toString()).toBe('kept');
    expect(await readdir(path.join(dataDir, 'blobs'))).toEqual(['doc.txt']);
  });

  it('reports missing blobs with BlobNotFoundError, and directories are not blobs', async () => {
    await store.put('bots/1/a.txt', Buffer.from('x'));
    for (const key of ['missing.txt', 'bots/1', 'bots/1/a.txt/b']) {
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.stream(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.exists(key)).toBe(false);
    }
  });

  it('deletes one key, and deleting a missing key is fine', async () => {
    await store.put('a.txt', Buffer.from('x'));
    await store.delete('a.txt');
    await store.delete('a.txt');
    expect(await store.exists('a.txt')).toBe(false);
  });

  it('deletes everything under a prefix and nothing else', async () => {
    await store.put('bots/1/a.txt', Buffer.from('x'));
    await store.put('bots/1/deep/b.txt', Buffer.from('x'));
    await store.put('bots/10/c.txt', Buffer.from('x'));
    await store.deletePrefix('bots/1/');
    expect(await store.exists('bots/1/a.txt')).toBe(false);
    expect(await store.exists('bots/1/deep/b.txt')).toBe(false);
    expect(await store.exists('bots/10/c.txt')).toBe(true);
    await store.deletePrefix('bots/404/');
  });

  it.each([
    '',
    '/etc/passwd',
    '../outside.txt',
    'bots/../../outside.txt',
    'bots/./a.txt',
    'bots//a.txt',
    'bots/a.txt/',
    '.hidden',
    'bots/.partial',
    'back\\slash',
    'nul\0byte',
    'a'.repeat(1025),
  ])('rejects the key %j before touching the disk', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
    await expect(store.exists(key)).rejects.toThrow(/Invalid blob key/);
    await expect(store.delete(key)).rejects.toThrow(/Invalid blob key/);
  });

  it.each(['', '/', 'bots', '../', 'bots/../', '/bots/'])('rejects the prefix %j', async (prefix) => {
    await expect(store.deletePrefix(prefix)).rejects.toThrow(/Invalid blob/);
  });

  it('createBlobStore keeps blobs in <dataDir>/blobs', async () => {
    const created = createBlobStore({ dataDir });
    await created.put('x.txt', Buffer.from('x'));
    expect(await readdir(path.join(dataDir, 'blobs'))).toEqual(['x.txt']);
  });
});
