import type { RateLimitResult, RateLimiter } from './types.ts';

/** The part of a pino logger the fallback reports with. */
interface FallbackLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** After `shared` failed, how long requests count locally before it is asked again. */
const RETRY_SHARED_AFTER_MS = 5_000;

/**
 * Limits shared through `shared` (Redis) while it answers, and this process's own (`local`) while it
 * does not: a Redis outage loosens the limits to one replica's count instead of refusing every
 * request or holding it until Redis is back. Said once when it starts, and once when it ends.
 */
export class FallbackRateLimiter implements RateLimiter {
  private degraded = false;
  /** Until then (ms since the epoch), `shared` is not asked: it failed a moment ago. */
  private localUntil = 0;

  constructor(
    private readonly shared: RateLimiter,
    private readonly local: RateLimiter,
    private readonly logger: FallbackLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    if (this.now() < this.localUntil) return this.local.hit(key, limit, windowMs);
    try {
      const result = await this.shared.hit(key, limit, windowMs);
      this.recovered();
      return result;
    } catch (error) {
      this.failed(error);
      return this.local.hit(key, limit, windowMs);
    }
  }

  async refund(key: string, windowMs: number): Promise<void> {
    if (this.now() < this.localUntil) return this.local.refund(key, windowMs);
    try {
      await this.shared.refund(key, windowMs);
    } catch (error) {
      this.failed(error);
      await this.local.refund(key, windowMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close(), this.local.close()]);
  }

  private failed(error: unknown): void {
    this.localUntil = this.now() + RETRY_SHARED_AFTER_MS;
    if (this.degraded) return;
    this.degraded = true;
    this.logger.warn({ err: error }, 'rate limits unreachable in Redis: counting in this process until it is back');
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.logger.info({}, 'rate limits counted in Redis again');
  }
}
