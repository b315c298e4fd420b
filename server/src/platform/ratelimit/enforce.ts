import { RateLimitError } from '../../errors.ts';
import type { RateLimiter } from './index.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** A limit one attempt answers to: its key, its rule, and what a refusal says (given the seconds to wait). */
export interface RateLimitCheck {
  key: string;
  rule: RateLimitRule;
  message: (seconds: number) => string;
}

/**
 * Counts one attempt against `key` and refuses with a 429 (and its Retry-After) past the rule.
 * `message` receives the seconds to wait.
 */
export function enforceRateLimit(
  rateLimiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
  message: (seconds: number) => string,
): Promise<void> {
  return enforceRateLimits(rateLimiter, [{ key, rule, message }]);
}

/** Counts one attempt against each check in turn, in one round trip, refusing at the first one past its rule. */
export async function enforceRateLimits(rateLimiter: RateLimiter, checks: readonly RateLimitCheck[]): Promise<void> {
  const results = await rateLimiter.hitInTurn(checks.map(({ key, rule }) => ({ key, limit: rule.limit, windowMs: rule.windowMs })));
  const refused = results.at(-1);
  if (!refused || refused.allowed) return;
  const seconds = Math.max(1, Math.ceil(refused.retryAfterMs / 1000));
  throw new RateLimitError(checks[results.length - 1]!.message(seconds), seconds);
}

/** Takes back a hit counted by `enforceRateLimit` (e.g. a sign-in that succeeded). */
export function refundRateLimit(rateLimiter: RateLimiter, key: string, rule: RateLimitRule): Promise<void> {
  return rateLimiter.refund(key, rule.windowMs);
}
