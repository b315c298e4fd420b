import path from 'node:path';
import { ChromaVectorStore } from './chroma.ts';
import { startLocalChroma } from './localChroma.ts';
import type { VectorStore } from './types.ts';

export type { VectorItem, VectorMatch, VectorMetadata, VectorQueryOptions, VectorStore } from './types.ts';
export { ChromaVectorStore } from './chroma.ts';
export { startLocalChroma, type LocalChroma, type LocalChromaOptions } from './localChroma.ts';

export interface VectorStoreOptions {
  /** A running Chroma server; without it one is started as a child process on `<dataDir>/chroma`. */
  chromaUrl?: string | undefined;
  dataDir: string;
}

export async function createVectorStore(options: VectorStoreOptions): Promise<VectorStore> {
  if (options.chromaUrl) return new ChromaVectorStore({ url: options.chromaUrl });
  const local = await startLocalChroma({ dataDir: path.join(options.dataDir, 'chroma') });
  return new ChromaVectorStore({ url: local.url, onClose: local.stop });
}
