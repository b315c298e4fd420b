import type { Redis } from 'ioredis';
import { failFastRedis } from '../failFastRedis.ts';
import { toResult, type RateLimitResult, type RateLimiter } from './types.ts';

export interface RedisRateLimiterOptions {
  url: string;
  /** Prepended to every key, e.g. `chatbot:`; tests use a unique one. */
  prefix?: string;
}

// One round trip, atomic: count the hit, open the window on the first one, report its TTL. The
// PTTL < 0 branch repairs a key left without expiry, which would otherwise block forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

// Only an open window is decremented: a refund never creates a key, nor drives one below zero.
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count
`;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(options: RedisRateLimiterOptions) {
    // Fails fast while Redis is away, so that a request falls back to this process's limits (see FallbackRateLimiter).
    this.redis = failFastRedis(options.url);
    this.prefix = options.prefix ?? '';
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.keyFor(key, windowMs), windowMs)) as [number, number];
    return toResult(count, limit, ttl);
  }

  async refund(key: string, windowMs: number): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, this.keyFor(key, windowMs));
  }

  private keyFor(key: string, windowMs: number): string {
    return `${this.prefix}ratelimit:${windowMs}:${key}`;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
