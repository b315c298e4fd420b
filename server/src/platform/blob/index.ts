import path from 'node:path';
import { LocalBlobStore } from './local.ts';
import type { BlobStore } from './types.ts';

export { BlobNotFoundError, assertBlobKey, assertBlobPrefix, type BlobStore } from './types.ts';
export { LocalBlobStore } from './local.ts';

export interface BlobStoreOptions {
  /** Blobs live in `<dataDir>/blobs/`. */
  dataDir: string;
}

export function createBlobStore(options: BlobStoreOptions): BlobStore {
  return new LocalBlobStore(path.join(options.dataDir, 'blobs'));
}
