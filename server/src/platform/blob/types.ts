import type { Readable } from 'node:stream';

/**
 * Object storage with S3 semantics: flat keys whose `/`-separated segments look like paths.
 * Keys are validated by every implementation (see `assertBlobKey`).
 */
export interface BlobStore {
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  /** Rejects with BlobNotFoundError when the key does not exist. */
  get(key: string): Promise<Buffer>;
  /** Rejects with BlobNotFoundError when the key does not exist. */
  stream(key: string): Promise<Readable>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every key under `prefix`, which is whole segments ending in `/` (e.g. `bots/42/`). */
  deletePrefix(prefix: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 1024;

/**
 * A key is 1 to 1024 characters of `/`-separated segments, each starting with a letter or digit
 * and made of letters, digits, `.`, `_` and `-`. So no `..`, no absolute paths, no hidden files.
 */
export function assertBlobKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !key.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}

export function assertBlobPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`Invalid blob prefix (must end with "/"): ${JSON.stringify(prefix)}`);
  assertBlobKey(prefix.slice(0, -1));
}
