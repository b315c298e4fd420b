import type { Counter } from 'prom-client';
import type { Clock } from '../../../platform/clock/index.ts';
import type { OutageLogger } from '../../../platform/outage.ts';
import { RevocableCache, type RevocableCacheLimits } from '../../../platform/revocableCache.ts';
import type { RevocationList } from '../../../platform/revocations/index.ts';
import type { StemLanguage } from '../../../platform/embeddings/index.ts';
import type { RetrievedChunk } from './retrievedChunk.ts';

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
/** Retrieval keys start with the bot's collection name, never with this. */
const corpusLanguageKey = (botId: string) => `corpus-language\u0000${botId}`;

/** What the cache keeps: a question's result, or the language a bot's knowledge is written in. */
type Kept = { chunks: readonly RetrievedChunk[] } | { corpusLanguage: StemLanguage | null };

/**
 * Retrieval results of the last minute, per bot and question: the visitors of one bot ask the same
 * questions again and again (its suggested ones, the ones every customer has), and a question asked
 * again of the same knowledge finds the same chunks, so it costs no embedding, no vector search and
 * no full-text search. It also keeps the language each bot's knowledge is written in, which every
question in another language needs. The knowledge index revokes a bot's results whenever its chunks or vectors
 * change, on every replica (see RevocableCache); a result served never predates a change written
 * before its question was asked.
 */
export class RetrievalCache {
  private readonly cache: RevocableCache<Kept>;

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
      sizeOf: (kept) =>
        'chunks' in kept ? kept.chunks.reduce((size, chunk) => size + chunk.content.length + CHUNK_OVERHEAD, 0) : CHUNK_OVERHEAD,
    });
  }

  /** When a retrieval starts: the time its result is kept from (see `write`). */
  now(): number {
    return this.cache.now();
  }

  async read(key: string): Promise<readonly RetrievedChunk[] | null> {
    const kept = await this.cache.read(key);
    const chunks = kept && 'chunks' in kept ? kept.chunks : null;
    this.deps.lookups?.inc({ result: chunks ? 'hit' : 'miss' });
    return chunks;
  }

  /** Keeps a complete result of `botId`'s knowledge, found by a retrieval that started at `startedAt`. */
  write(botId: string, key: string, chunks: readonly RetrievedChunk[], startedAt: number): void {
    this.cache.write(key, { chunks }, startedAt, [knowledgeOf(botId)]);
  }

  /** The language `botId`'s knowledge was last found written in, if kept. */
  async readCorpusLanguage(botId: string): Promise<{ language: StemLanguage | null } | null> {
    const kept = await this.cache.read(corpusLanguageKey(botId));
    return kept && 'corpusLanguage' in kept ? { language: kept.corpusLanguage } : null;
  }

  /** Keeps the language of `botId`'s knowledge, read from chunks by a look that started at `startedAt`. */
  writeCorpusLanguage(botId: string, language: StemLanguage | null, startedAt: number): void {
    this.cache.write(corpusLanguageKey(botId), { corpusLanguage: language }, startedAt, [knowledgeOf(botId)]);
  }

  /** These bots' chunks or vectors changed: their kept results are served no more, on any replica. */
  knowledgeChanged(botIds: Iterable<string>): Promise<void> {
    return this.cache.revoke([...new Set(botIds)].map(knowledgeOf));
  }
}
