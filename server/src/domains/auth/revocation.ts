import { ACCESS_TOKEN_TTL_SECONDS, type VerifiedAccess } from './tokens.ts';

/**
 * How long a revocation is remembered: by then every access token it stops has expired on its own.
 * The extra minute covers replicas whose clocks run a little behind the one that revoked.
 */
export const REVOCATION_TTL_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;

/** Logging out revokes one session (a refresh-token family) and the access tokens issued in it. */
export const sessionRevocation = (familyId: string) => `session:${familyId}`;

/** Suspending revokes every access token a user holds, whichever session issued it. */
export const userRevocation = (userId: string) => `user:${userId}`;

/** The revocations that can stop a token: its session's and its user's. */
export const revocationsOf = (access: VerifiedAccess): [string, string] => [
  sessionRevocation(access.familyId),
  userRevocation(access.userId),
];

/**
 * A token stops when its session or its user was revoked at or after the second it was issued. A
 * token issued later (a customer enabled again signs in) is not stopped; JWTs count whole seconds,
 * so one issued in the very second of a revocation counts as before it.
 */
export function isRevoked(issuedAtSeconds: number, revokedAtMs: readonly (number | null)[]): boolean {
  return revokedAtMs.some((revokedAt) => revokedAt !== null && issuedAtSeconds * 1000 <= revokedAt);
}
