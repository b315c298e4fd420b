import { Outage, type OutageLogger } from '../outage.ts';
import type { RateLimitHit, RateLimitResult, RateLimiter } from './types.ts';

/**
 * Limits shared through `shared` (Redis) while it answers, and this process's own (`local`) while it
 * does not: a Redis outage loosens the limits to one replica's count instead of refusing every
 * request or holding it until Redis is back. Said once when it starts, and once when it ends.
 */
export class FallbackRateLimiter implements RateLimiter {
  private readonly outage: Outage;

  constructor(
    private readonly shared: RateLimiter,
    private readonly local: RateLimiter,
    logger: OutageLogger,
    now: () => number = Date.now,
  ) {
    this.outage = new Outage(
      {
        started: 'rate limits unreachable in Redis: counting in this process until it is back',
        ended: 'rate limits counted in Redis again',
      },
      logger,
      now,
    );
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    return this.counted((limiter) => limiter.hit(key, limit, windowMs));
  }

  hitInTurn(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]> {
    return this.counted((limiter) => limiter.hitInTurn(hits));
  }

  /** Counted in Redis while it answers, else here. */
  private async counted<T>(count: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (this.outage.skipping) return count(this.local);
    try {
      const result = await count(this.shared);
      this.outage.answered();
      return result;
    } catch (error) {
      this.outage.failed(error);
      return count(this.local);
    }
  }

  async refund(key: string, windowMs: number): Promise<void> {
    if (this.outage.skipping) return this.local.refund(key, windowMs);
    try {
      await this.shared.refund(key, windowMs);
    } catch (error) {
      this.outage.failed(error);
      await this.local.refund(key, windowMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close(), this.local.close()]);
  }
}
