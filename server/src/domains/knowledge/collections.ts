import { createHash } from 'node:crypto';

/**
 * How chunks' vectors are laid out in Chroma, stored per chunk so that a new layout can be brought
 * in at boot: 0, one collection per embedding model shared by every bot (a bot's query filtered
 * the whole collection by metadata); 1, one collection per model and bot (a query searches only
 * its bot's vectors, deleting a bot drops its collection).
 */
export const VECTOR_LAYOUT_VERSION = 1;

/**
 * The collection prefix of one embedding model: vectors of different models never share a
 * collection, so switching models cannot compare incompatible vectors. Names follow Chroma's rules
 * (3 to 512 characters of letters, digits, `.`, `_`, `-`, starting and ending with a letter or
 * digit); the hash keeps two ids that slug alike apart.
 */
export function collectionForModel(modelId: string): string {
  const slug = modelId
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .slice(0, 100);
  const hash = createHash('sha256').update(modelId).digest('hex').slice(0, 8);
  return `knowledge-${slug ? `${slug}-` : ''}${hash}`;
}

/** The collection of one bot's vectors of one model (layout 1). */
export function collectionForBot(modelId: string, botId: string): string {
  return `${collectionForModel(modelId)}-${botId.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`;
}

/** Where a chunk's vector was written, from what its row says. */
export function collectionOfChunk(chunk: { embeddingModel: string; vectorLayout: number; botId: string }): string {
  return chunk.vectorLayout >= 1 ? collectionForBot(chunk.embeddingModel, chunk.botId) : collectionForModel(chunk.embeddingModel);
}
