import type { Redis } from 'ioredis';
import { failFastRedis } from '../failFastRedis.ts';
import { toResult, type RateLimitHit, type RateLimitResult, type RateLimiter } from './types.ts';

export interface RedisRateLimiterOptions {
  url: string;
  /** Prepended to every key, e.g. `chatbot:`; tests use a unique one. */
  prefix?: string;
}

// One round trip, atomic: for each key in turn (its window and limit in ARGV), count the hit, open
// the window on the first one, report its TTL; stop after a refused hit. The PTTL < 0 branch repairs
// a key left without expiry, which would otherwise block forever.
const HIT_SCRIPT = `
local results = {}
for index, key in ipairs(KEYS) do
  local window = ARGV[index * 2 - 1]
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, window) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, window)
    ttl = tonumber(window)
  end
  results[#results + 1] = count
  results[#results + 1] = ttl
  if count > tonumber(ARGV[index * 2]) then break end
end
return results
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
    const [result] = await this.hitInTurn([{ key, limit, windowMs }]);
    return result!;
  }

  async hitInTurn(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]> {
    if (hits.length === 0) return [];
    const counted = (await this.redis.eval(
      HIT_SCRIPT,
      hits.length,
      ...hits.map(({ key, windowMs }) => this.keyFor(key, windowMs)),
      ...hits.flatMap(({ limit, windowMs }) => [windowMs, limit]),
    )) as number[];
    return hits.slice(0, counted.length / 2).map(({ limit }, index) => toResult(counted[index * 2]!, limit, counted[index * 2 + 1]!));
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
