import { RateLimitError } from '../../errors.ts';
import type { RateLimiter } from './index.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt against `key` and refuses with a 429 (and its Retry-After) past the rule.
 * `message` receives the seconds to wait.
 */
export async function enforceRateLimit(
  rateLimiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
  message: (seconds: number) => string,
): Promise<void> {
  const result = await rateLimiter.hit(key, rule.limit, rule.windowMs);
  if (result.allowed) return;
  const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
  throw new RateLimitError(message(seconds), seconds);
}

/** Takes back a hit counted by `enforceRateLimit` (e.g. a sign-in that succeeded). */
export function refundRateLimit(rateLimiter: RateLimiter, key: string, rule: RateLimitRule): Promise<void> {
  return rateLimiter.refund(key, rule.windowMs);
}
