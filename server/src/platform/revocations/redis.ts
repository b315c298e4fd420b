import type { Redis } from 'ioredis';
import { BatchWhileBusy } from '../batchWhileBusy.ts';
import { failFastRedis } from '../failFastRedis.ts';
import type { RevocationList } from './types.ts';

export interface RedisRevocationListOptions {
  url: string;
  /** Prepended to every key, e.g. `chatbot:revoked:`; tests use a unique one. */
  prefix?: string;
}

// Atomic, so that of two replicas revoking one key at once the later time stays.
const REVOKE_SCRIPT = `
local at = ARGV[1]
local current = redis.call('GET', KEYS[1])
if current and tonumber(current) > tonumber(at) then at = current end
redis.call('SET', KEYS[1], at, 'PX', ARGV[2])
`;

/** The most checks one MGET answers. */
const MAX_CHECKS_PER_READ = 64;

/**
 * Revocations every replica sees, and Redis forgets each one when its TTL ends. A check is one MGET;
 * the checks made while one is out share the next (an answer checks its cached retrieval, Q&A pairs
 * and context at about the same moment, and so do the answers around it).
 */
export class RedisRevocationList implements RevocationList {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly checks = new BatchWhileBusy<readonly string[], (number | null)[]>(async (keyLists) => {
    const values = await this.redis.mget(keyLists.flat().map((key) => this.prefix + key));
    let next = 0;
    return keyLists.map((keys) => values.slice(next, (next += keys.length)).map((value) => (value === null ? null : Number(value))));
  }, MAX_CHECKS_PER_READ);

  constructor(options: RedisRevocationListOptions) {
    // Fails fast while Redis is away: the auth domain then checks tokens against the rows it keeps.
    this.redis = failFastRedis(options.url);
    this.prefix = options.prefix ?? '';
  }

  async revoke(key: string, at: Date, ttlMs: number): Promise<void> {
    await this.redis.eval(REVOKE_SCRIPT, 1, this.prefix + key, at.getTime(), Math.ceil(ttlMs));
  }

  async revokeOnce(key: string, at: Date, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, at.getTime(), 'PX', Math.ceil(ttlMs), 'NX')) === 'OK';
  }

  async revokedAt(keys: readonly string[]): Promise<(number | null)[]> {
    if (keys.length === 0) return [];
    return this.checks.run('', keys);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
