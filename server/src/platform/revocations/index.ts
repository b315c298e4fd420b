import type { Clock } from '../clock/index.ts';
import { MemoryRevocationList } from './memory.ts';
import { RedisRevocationList } from './redis.ts';
import type { RevocationList } from './types.ts';

export type { RevocationList } from './types.ts';
export { MemoryRevocationList } from './memory.ts';
export { RedisRevocationList } from './redis.ts';

export interface RevocationListOptions {
  /** With a Redis URL, a revocation holds on every replica at once; otherwise in this process. */
  redisUrl?: string | undefined;
  prefix?: string;
  clock?: Clock;
}

export function createRevocationList(options: RevocationListOptions = {}): RevocationList {
  return options.redisUrl
    ? new RedisRevocationList({ url: options.redisUrl, prefix: options.prefix })
    : new MemoryRevocationList({ clock: options.clock });
}
