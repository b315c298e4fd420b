import type { Clock } from './clock/index.ts';
import { Outage, type OutageLogger } from './outage.ts';
import type { RevocationList } from './revocations/index.ts';

export interface RevocableCacheLimits {
  /** A value is served for this long at most, even if a change went unannounced. */
  ttlMs: number;
  entries: number;
  /** Larger values (by `sizeOf`) are not kept. */
  entrySize: number;
  /** All the kept values together: the oldest go first. */
  totalSize: number;
  /**
   * A change revokes what was cached until this far ahead of its own clock: replicas' clocks differ
   * by a few milliseconds, and a value read on one just before a write on another must not pass
   * for a later one.
   */
  clockMarginMs: number;
}

export interface RevocableCacheDependencies<V> {
  revocations: RevocationList;
  clock: Clock;
  logger: OutageLogger;
  /** What is logged when the revocation list (Redis) stops answering, and when it answers again. */
  outage: { started: string; ended: string };
  limits: RevocableCacheLimits;
  sizeOf: (value: V) => number;
}

interface Entry<V> {
  value: V;
  cachedAt: number;
  /** Served until then at most: the TTL's end, or the value's own end if sooner. */
  expiresAt: number;
  revokedBy: readonly string[];
  size: number;
}

/**
 * Values kept in this process for a few seconds, each served only while none of the revocation
 * keys it was kept under has been revoked since the work that produced it started. Revocations go
 * to the revocation list, so with Redis every replica knows of each one before the writer answers
 * (one MGET per value served); in one process, a Map lookup.
 */
export class RevocableCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly outage: Outage;
  private size = 0;

  constructor(private readonly deps: RevocableCacheDependencies<V>) {
    this.outage = new Outage(deps.outage, deps.logger);
  }

  /** The time work starts at: what it reads is at least this fresh (see `write`). */
  now(): number {
    return this.deps.clock.now().getTime();
  }

  /** The value stored under `key`, if none of its revocation keys was revoked since it was produced. */
  async read(key: string): Promise<V | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.forget(key);
      return null;
    }
    if (this.outage.skipping) return null;
    let changes: (number | null)[];
    try {
      changes = await this.deps.revocations.revokedAt(entry.revokedBy);
      this.outage.answered();
    } catch (error) {
      this.unreachable(error);
      return null;
    }
    if (changes.some((changedAt) => changedAt !== null && changedAt >= entry.cachedAt)) {
      this.forget(key);
      return null;
    }
    return entry.value;
  }

  /**
   * Keeps `value`, produced by work that started at `cachedAt` (from `now`), until one of `revokedBy`
   * is revoked, or until `endsAt` if the value stops holding by itself before the TTL is over.
   */
  write(key: string, value: V, cachedAt: number, revokedBy: readonly string[], endsAt = Infinity): void {
    const size = this.deps.sizeOf(value);
    if (size > this.deps.limits.entrySize || this.outage.skipping) return;
    this.forget(key);
    this.entries.set(key, { value, cachedAt, expiresAt: Math.min(cachedAt + this.deps.limits.ttlMs, endsAt), revokedBy, size });
    this.size += size;
    // The Map keeps insertion order: the first key is the least recently written.
    while (this.entries.size > this.deps.limits.entries || this.size > this.deps.limits.totalSize) {
      this.forget(this.entries.keys().next().value!);
    }
  }

  /**
   * Every value kept under one of `keys`, on every replica, is served no more. A change that cannot
   * be recorded does not fail its writer (its data is written): this replica forgets what it kept,
   * and the others, which cannot read the record either, serve nothing kept.
   */
  async revoke(keys: readonly string[]): Promise<void> {
    const { ttlMs, clockMarginMs } = this.deps.limits;
    const at = new Date(this.now() + clockMarginMs);
    try {
      await Promise.all(keys.map((key) => this.deps.revocations.revoke(key, at, ttlMs + clockMarginMs)));
    } catch (error) {
      this.unreachable(error);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
  }

  private unreachable(error: unknown): void {
    this.entries.clear();
    this.size = 0;
    this.outage.failed(error);
  }
}
