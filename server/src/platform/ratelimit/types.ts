export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window. */
  remaining: number;
  /** 0 when allowed; otherwise how long until the window resets (for Retry-After). */
  retryAfterMs: number;
}

/** One hit to count: on `key`, at most `limit` in a window of `windowMs`. */
export interface RateLimitHit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counting: the first hit on a key opens a window of `windowMs`, and at most
 * `limit` hits are allowed in it. Limits with different windows on one key count separately.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Counts `hits` one after the other, as that many `hit` calls would, stopping at the first one
   * refused: the results of the hits counted, the refused one last. One round trip where the
   * counters are shared (a request that answers to several limits).
   */
  hitInTurn(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]>;
  /** Takes back one hit from the key's open window (none if the window has closed). */
  refund(key: string, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

export function toResult(count: number, limit: number, msUntilReset: number): RateLimitResult {
  const allowed = count <= limit;
  return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : msUntilReset };
}
