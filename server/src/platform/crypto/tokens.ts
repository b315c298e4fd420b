import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token (32 bytes = 256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** For storing tokens (sessions, reset links, API keys) so a database leak does not leak them. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of a secret someone presented with the one we hold; empty never matches. */
export function sameSecret(given: string | undefined | null, expected: string | undefined | null): boolean {
  if (!given || !expected) return false;
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
