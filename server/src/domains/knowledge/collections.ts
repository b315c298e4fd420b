import { createHash } from 'node:crypto';

/**
 * The Chroma collection holding the vectors of one embedding model: vectors of different models
 * never share a collection, so switching models cannot compare incompatible vectors. Names follow
 * Chroma's rules (3 to 512 characters of letters, digits, `.`, `_`, `-`, starting and ending with a
 * letter or digit); the hash keeps two ids that slug alike apart.
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
