import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, assertBlobKey, assertBlobPrefix, type BlobStore } from './types.ts';

/**
 * Blobs as files under one root directory. The content type is not kept: nothing reads it back
 * locally, and the S3 implementation will store it as object metadata.
 */
export class LocalBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, data: Buffer | Readable, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed, so readers see the old blob or the whole new one. Valid keys
    // never start with a dot, so the temporary name cannot collide with a blob.
    const partial = path.join(path.dirname(file), `.${randomUUID()}.partial`);
    try {
      if (Buffer.isBuffer(data)) await writeFile(partial, data);
      else await pipeline(data, createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      throw notFoundOr(error, key);
    }
  }

  async stream(key: string): Promise<Readable> {
    let handle;
    try {
      handle = await open(this.pathOf(key));
    } catch (error) {
      throw notFoundOr(error, key);
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertBlobPrefix(prefix);
    await rm(this.resolveInside(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (notFoundOr(error, key) instanceof BlobNotFoundError) return false;
      throw error;
    }
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    return this.resolveInside(key);
  }

  /** Defence in depth: validated keys cannot escape the root, and this would catch it if they did. */
  private resolveInside(relative: string): string {
    const resolved = path.resolve(this.root, ...relative.split('/'));
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Invalid blob key: ${JSON.stringify(relative)}`);
    return resolved;
  }
}

function notFoundOr(error: unknown, key: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' ? new BlobNotFoundError(key) : error;
}
