/**
 * When things were revoked, remembered only as long as anything issued before a revocation could
 * still be presented. Keys are opaque here; the auth domain decides what they name.
 */
export interface RevocationList {
  /** Records that `key` was revoked at `at`, for `ttlMs`; of two revocations of a key the later one stays. */
  revoke(key: string, at: Date, ttlMs: number): Promise<void>;
  /**
   * Revokes `key` at `at` for `ttlMs` unless it is revoked already: true when this call revoked it.
   * Atomic, so of any number of concurrent calls on every replica exactly one gets true: a
   * single-use value (a connect state) is spent with it.
   */
  revokeOnce(key: string, at: Date, ttlMs: number): Promise<boolean>;
  /** When each key was last revoked (ms since the epoch), or null for none, in the order asked. */
  revokedAt(keys: readonly string[]): Promise<(number | null)[]>;
  close(): Promise<void>;
}
