import { systemClock, type Clock } from '../clock/index.ts';
import { toResult, type RateLimitHit, type RateLimitResult, type RateLimiter } from './types.ts';

export interface MemoryRateLimiterOptions {
  clock?: Clock;
  /** Most windows kept at once; past it the oldest window is forgotten. */
  maxKeys?: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly clock: Clock;
  private readonly maxKeys: number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.clock.now().getTime();
    const id = `${windowMs}:${key}`;
    let window = this.windows.get(id);
    if (!window || window.resetAt <= now) {
      this.windows.delete(id); // re-inserted below, at the back of the Map's order
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(id, window);
      this.evict(now);
    }
    window.count += 1;
    return toResult(window.count, limit, window.resetAt - now);
  }

  async hitInTurn(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]> {
    const results: RateLimitResult[] = [];
    for (const { key, limit, windowMs } of hits) {
      const result = await this.hit(key, limit, windowMs);
      results.push(result);
      if (!result.allowed) break;
    }
    return results;
  }

  async refund(key: string, windowMs: number): Promise<void> {
    const window = this.windows.get(`${windowMs}:${key}`);
    if (window && window.resetAt > this.clock.now().getTime() && window.count > 0) window.count -= 1;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Windows sit in the Map in the order they opened, so expired ones gather at the front. */
  private evict(now: number): void {
    for (const [id, window] of this.windows) {
      if (window.resetAt > now && this.windows.size <= this.maxKeys) break;
      this.windows.delete(id);
    }
  }
}
