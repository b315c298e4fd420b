import type { Clock } from '../clock/index.ts';
import { MemoryRateLimiter } from './memory.ts';
import { RedisRateLimiter } from './redis.ts';
import type { RateLimiter } from './types.ts';

export type { RateLimitResult, RateLimiter } from './types.ts';
export { MemoryRateLimiter } from './memory.ts';
export { RedisRateLimiter } from './redis.ts';

export interface RateLimiterOptions {
  /** With a Redis URL, limits hold across every replica; otherwise per process. */
  redisUrl?: string | undefined;
  prefix?: string;
  clock?: Clock;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  return options.redisUrl
    ? new RedisRateLimiter({ url: options.redisUrl, prefix: options.prefix })
    : new MemoryRateLimiter({ clock: options.clock });
}
