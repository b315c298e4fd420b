import type { RateLimitHit, RateLimiter, RateLimitResult } from '../../platform/ratelimit/index.ts';
import type { EventRecorder } from './service.ts';

/** The limit a key counts for, without who it counts (`auth:login:ada@example.org` → `auth:login`). */
export function rateLimitFamily(key: string): string {
  const parts = key.split(':');
  return parts.length > 1 ? parts.slice(0, -1).join(':') : key;
}

/**
 * A rate limiter that writes the first refusal of each window to the system log, so the admin sees
 * limits being hit without one row per refused request.
 */
export function recordingRefusals(limiter: RateLimiter, events: EventRecorder, onError: (error: unknown) => void): RateLimiter {
  const recordRefusal = async ({ key, windowMs }: Pick<RateLimitHit, 'key' | 'windowMs'>) => {
    if ((await limiter.hit(`refusal-logged:${key}`, 1, windowMs)).allowed) {
      // The log must never turn a refusal into a failure.
      await events.record({ event: `Rate limit reached: ${rateLimitFamily(key)}`, category: 'security', details: key }).catch(onError);
    }
  };
  return {
    async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      const result = await limiter.hit(key, limit, windowMs);
      if (!result.allowed) await recordRefusal({ key, windowMs });
      return result;
    },
    async hitInTurn(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]> {
      const results = await limiter.hitInTurn(hits);
      // Only the last hit counted can have been refused.
      if (results.at(-1)?.allowed === false) await recordRefusal(hits[results.length - 1]!);
      return results;
    },
    refund: (key, windowMs) => limiter.refund(key, windowMs),
    close: () => limiter.close(),
  };
}
