import type { Counter } from 'prom-client';
import type { Clock } from '../../platform/clock/index.ts';
import type { OutageLogger } from '../../platform/outage.ts';
import { RevocableCache, type RevocableCacheLimits } from '../../platform/revocableCache.ts';
import type { RevocationList } from '../../platform/revocations/index.ts';
import type { RetrievedChunk } from './retrieval.ts';

export const RETRIEVAL_CACHE_LIMITS = {
  ttlMs: 60_000,
  entries: 2_000,
  /** In UTF-16 code units of the chunks' texts, as strings are kept. */
  entrySize: 256 * 1024,
  totalSize: 16 * 1024 * 1024,
  clockMarginMs: 100,
} as const satisfies RevocableCacheLimits;

/** What a kept chunk costs besides its text: its ids, title, url and scores. */
const CHUNK_OVERHEAD = 256;

const knowledgeOf = (botId: string) => `retrieval:${botId}`;

/**
 * Retrieval results of the last minute, per bot and question: the visitors of one bot ask the same
 * questions again and again (its suggested ones, the ones every customer has), and a question asked
 * again of the same knowledge finds the same chunks, so it costs no embedding, no vector search and
 * no full-text search. The knowledge index revokes a bot's results whenever its chunks or vectors
 * change, on every replica (see RevocableCache); a result served never predates a change written
 * before its question was asked.
 */
export class RetrievalCache {
  private readonly cache: RevocableCache<readonly RetrievedChunk[]>;

  constructor(
    private readonly deps: {
      revocations: RevocationList;
      clock: Clock;
      logger: OutageLogger;
      /** Counts each lookup, by whether it was answered from the cache. */
      lookups?: Pick<Counter<'result'>, 'inc'>;
    },
  ) {
    this.cache = new RevocableCache({
      revocations: deps.revocations,
      clock: deps.clock,
      logger: deps.logger,
      outage: {
        started: 'the record of knowledge changes is unreachable (Redis); retrieval results are not reused meanwhile',
        ended: 'the record of knowledge changes is reachable again',
      },
      limits: RETRIEVAL_CACHE_LIMITS,
      sizeOf: (chunks) => chunks.reduce((size, chunk) => size + chunk.content.length + CHUNK_OVERHEAD, 0),
    });
  }

  /** When a retrieval starts: the time its result is kept from (see `write`). */
  now(): number {
    return this.cache.now();
  }

  async read(key: string): Promise<readonly RetrievedChunk[] | null> {
    const kept = await this.cache.read(key);
    this.deps.lookups?.inc({ result: kept ? 'hit' : 'miss' });
    return kept;
  }

  /** Keeps a complete result of `botId`'s knowledge, found by a retrieval that started at `startedAt`. */
  write(botId: string, key: string, chunks: readonly RetrievedChunk[], startedAt: number): void {
    this.cache.write(key, chunks, startedAt, [knowledgeOf(botId)]);
  }

  /** These bots' chunks or vectors changed: their kept results are served no more, on any replica. */
  knowledgeChanged(botIds: Iterable<string>): Promise<void> {
    return this.cache.revoke([...new Set(botIds)].map(knowledgeOf));
  }
}
