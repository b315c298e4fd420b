import { systemClock, type Clock } from '../clock/index.ts';
import type { RevocationList } from './types.ts';

interface Revocation {
  at: number;
  expiresAt: number;
}

/** One process's revocations, in a Map: checking one is a lookup, with no round trip to anything. */
export class MemoryRevocationList implements RevocationList {
  private readonly revocations = new Map<string, Revocation>();
  private readonly clock: Clock;

  constructor(options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? systemClock;
  }

  async revoke(key: string, at: Date, ttlMs: number): Promise<void> {
    const now = this.clock.now().getTime();
    const kept = this.live(key, now);
    this.revocations.delete(key); // re-inserted below, at the back of the Map's order
    this.revocations.set(key, { at: Math.max(at.getTime(), kept?.at ?? -Infinity), expiresAt: now + ttlMs });
    this.evict(now);
  }

  async revokeOnce(key: string, at: Date, ttlMs: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (this.live(key, now)) return false;
    this.revocations.delete(key);
    this.revocations.set(key, { at: at.getTime(), expiresAt: now + ttlMs });
    this.evict(now);
    return true;
  }

  async revokedAt(keys: readonly string[]): Promise<(number | null)[]> {
    const now = this.clock.now().getTime();
    return keys.map((key) => this.live(key, now)?.at ?? null);
  }

  async close(): Promise<void> {
    this.revocations.clear();
  }

  private live(key: string, now: number): Revocation | undefined {
    const revocation = this.revocations.get(key);
    return revocation && revocation.expiresAt > now ? revocation : undefined;
  }

  /** Entries sit in the Map in the order they were written, so with one TTL the expired ones gather at the front. */
  private evict(now: number): void {
    for (const [key, revocation] of this.revocations) {
      if (revocation.expiresAt > now) break;
      this.revocations.delete(key);
    }
  }
}
