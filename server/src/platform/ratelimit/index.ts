import type { Clock } from '../clock/index.ts';
import { FallbackRateLimiter } from './fallback.ts';
import { MemoryRateLimiter } from './memory.ts';
import { RedisRateLimiter } from './redis.ts';
import type { RateLimiter } from './types.ts';

export type { RateLimitHit, RateLimitResult, RateLimiter } from './types.ts';
export { MemoryRateLimiter } from './memory.ts';
export { RedisRateLimiter } from './redis.ts';
export { FallbackRateLimiter } from './fallback.ts';

export interface RateLimiterOptions {
  /** With a Redis URL, limits hold across every replica; otherwise per process. */
  redisUrl?: string | undefined;
  prefix?: string;
  clock?: Clock;
  /** Told when Redis stops answering and the limits fall back to this process's, and when it is back. */
  logger?: ConstructorParameters<typeof FallbackRateLimiter>[2];
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const local = new MemoryRateLimiter({ clock: options.clock });
  if (!options.redisUrl) return local;
  const shared = new RedisRateLimiter({ url: options.redisUrl, prefix: options.prefix });
  return new FallbackRateLimiter(shared, local, options.logger ?? { warn: () => undefined, info: () => undefined });
}
