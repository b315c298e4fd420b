import type { Viewer } from '../domains/auth/viewer.ts';
import type { DataChanges } from '../platform/dataChanges.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Clock } from '../platform/clock/index.ts';
import type { OutageLogger } from '../platform/outage.ts';
import { RevocableCache, type RevocableCacheLimits } from '../platform/revocableCache.ts';
import type { RevocationList } from '../platform/revocations/index.ts';

export const RESPONSE_CACHE_LIMITS = {
  ttlMs: 10_000,
  entries: 2_000,
  /** Larger answers (in UTF-16 code units, as strings are kept) are not kept. */
  entrySize: 256 * 1024,
  totalSize: 32 * 1024 * 1024,
  clockMarginMs: 100,
  botOwners: 10_000,
} as const satisfies RevocableCacheLimits & { botOwners: number };

/** What identifies one response: the operation, its variables, and what its headers depend on. */
export interface CachedRequest {
  query: string;
  variables?: unknown;
  operationName?: string | null;
  language: string;
  /** The content type is negotiated from it. */
  accept: string;
  /** CORS headers answer it. */
  origin: string;
}

export interface CachedResponse {
  userId: string;
  body: string;
  /** As the executed response had them, replayed with the body. */
  headers: [string, string][];
  /** When the request that produced it started: a change at or after this time revokes it. */
  cachedAt: number;
}

/**
 * What is revoked, in the revocation list, when data changes (see DataChanges); the caches that keep
 * values read from a customer's data keep them under these keys. The revocations are remembered for
 * RESPONSE_CACHE_LIMITS.ttlMs: a cache kept under them serves its values no longer than that.
 */
export const CHANGE_KEYS = {
  customer: (userId: string) => `changes:${userId}`,
  conversations: (userId: string) => `changes:${userId}:conversations`,
  everything: 'changes:*',
} as const;

/** The user ids among `userIds`, once each. */
const customers = (userIds: readonly (string | null | undefined)[]) => [
  ...new Set(userIds.filter((userId): userId is string => Boolean(userId))),
];

/**
 * Customers' GraphQL query responses, per customer, for a few seconds: a dashboard reloaded, a screen
 * opened again or polled answers from here without running its statements again. A response is
 * served only if nothing of its customer changed since the request that produced it started; the
 * changes are remembered in the revocation list, so with Redis every replica knows of each one
 * before the writer answers (one MGET per cached answer). Responses with errors are never kept.
 */
export class ResponseCache implements DataChanges {
  private readonly cache: RevocableCache<CachedResponse>;
  /** A bot's owner never changes, so it is looked up once per bot for `botChanged`. */
  private readonly botOwners = new Map<string, string | null>();

  constructor(private readonly deps: { revocations: RevocationList; clock: Clock; prisma: PrismaClient; logger: OutageLogger }) {
    this.cache = new RevocableCache({
      revocations: deps.revocations,
      clock: deps.clock,
      logger: deps.logger,
      outage: {
        started: 'the record of data changes is unreachable (Redis); GraphQL answers are not cached meanwhile',
        ended: 'the record of data changes is reachable again',
      },
      limits: RESPONSE_CACHE_LIMITS,
      sizeOf: (response) => response.body.length,
    });
  }

  /** The key of one customer's request; null for variables too deeply nested to write out (GraphQL refuses them). */
  keyOf(userId: string, request: CachedRequest): string | null {
    const { language, accept, origin, operationName, variables, query } = request;
    let variablesText: string;
    try {
      variablesText = JSON.stringify(variables ?? null);
    } catch {
      return null;
    }
    return [userId, language, accept, origin, operationName ?? '', variablesText, query].join('\u0000');
  }

  /** The time a request starts at: what it reads is at least this fresh. */
  now(): number {
    return this.cache.now();
  }

  /** The response stored under `key`, if nothing of its customer changed since it was produced. */
  read(key: string): Promise<CachedResponse | null> {
    return this.cache.read(key);
  }

  write(key: string, entry: CachedResponse): void {
    const { userId } = entry;
    this.cache.write(key, entry, entry.cachedAt, [CHANGE_KEYS.customer(userId), CHANGE_KEYS.conversations(userId), CHANGE_KEYS.everything]);
  }

  async customersChanged(userIds: readonly (string | null | undefined)[]): Promise<void> {
    await this.cache.revoke(customers(userIds).map(CHANGE_KEYS.customer));
  }

  async conversationsChanged(userIds: readonly (string | null | undefined)[]): Promise<void> {
    await this.cache.revoke(customers(userIds).map(CHANGE_KEYS.conversations));
  }

  async botChanged(botId: string): Promise<void> {
    let owner = this.botOwners.get(botId);
    if (owner === undefined) {
      owner = (await this.deps.prisma.bot.findUnique({ where: { id: botId }, select: { ownerId: true } }))?.ownerId ?? null;
      if (this.botOwners.size >= RESPONSE_CACHE_LIMITS.botOwners) this.botOwners.clear();
      this.botOwners.set(botId, owner);
    }
    await this.customersChanged([owner]);
  }

  /** After a write by `viewer`: an admin's may change what any customer reads. */
  changedBy(viewer: Viewer): Promise<void> {
    return viewer.role === 'ADMIN' ? this.everythingChanged() : this.customersChanged([viewer.id]);
  }

  async everythingChanged(): Promise<void> {
    await this.cache.revoke([CHANGE_KEYS.everything]);
  }
}
