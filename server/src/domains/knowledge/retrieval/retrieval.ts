import type { Logger } from 'pino';
import { Prisma, type PrismaClient } from '../../../generated/prisma/client.ts';
import { detectLanguage, isContentWord, searchWords, stemWord, type StemLanguage } from '../../../platform/embeddings/index.ts';
import { BatchWhileBusy } from '../../../platform/batchWhileBusy.ts';
import type { SqlQuery } from '../../../platform/database/index.ts';
import type { VectorStore } from '../../../platform/vectors/index.ts';
import type { RetrievalCache } from './retrievalCache.ts';
import { reciprocalRankFusion, RRF_K } from './rrf.ts';
import type { RetrievedChunk, SourceType } from './retrievedChunk.ts';
import { sourceRefOf, type KnowledgeIndex } from '../store.ts';

export interface RetrieveOptions {
  /** How many chunks to return (default 5, at most 50). */
  topK?: number;
  /** The question's language, for stemming it as the chunks were; by default, guessed from the query (else English). */
  language?: StemLanguage;
}

const DEFAULT_TOP_K = 5;
const MAX_TOP_K = 50;
/** Each search contributes this many candidates per result asked for (at least MIN_CANDIDATES). */
const CANDIDATES_PER_RESULT = 4;
const MIN_CANDIDATES = 20;
const MAX_QUERY_TERMS = 32;
const MAX_QUERY_LENGTH = 2_000;
/**
 * The weight in the fusion of the full-text search for a question's words stemmed as the bot's
 * chunks are, when the two are in different languages: it meets the words both languages share
 * (names, commands, loanwords such as "package" or "upgrade" in a French manual) but is only a
 * second reading of the question, so it counts less than the question's own (QA bench, dev split:
 * recall@5 67 -> 68 of 72 at 0.5 as at 1, right answers unchanged).
 */
const OTHER_LANGUAGE_WEIGHT = 0.5;
/**
 * The weight in the fusion of a ranking of the chunks that hold every word of the question: the
 * full-text search already puts them first, but a chunk found by both searches would otherwise beat
 * one found by full-text alone. Passages alike but for a number (a volume, a model, an order) are
 * near-identical vectors, so the vector search may rank another's first; the number is the point of
 * the question (the million-chunk bench answered volume 65 with volume 50's page without it). QA
 * bench, dev split: right answers and recall@5 unchanged at 0.5, 1 and 2.
 */
const ALL_WORDS_WEIGHT = 1;
/** Chunks read to tell which language a bot's knowledge is in. */
const CORPUS_LANGUAGE_SAMPLE = 40;

/**
 * The stems of a question's words for PostgreSQL's full-text search (each once, at most 32), in
 * `language`, as chunks are indexed (see stems.ts); without function words unless nothing else is left.
 */
export function queryTerms(query: string, language: StemLanguage = 'en'): string[] {
  // "or" is an operator to websearch_to_tsquery, and a function word anyway.
  const words = searchWords(query).filter((word) => word !== 'or');
  const content = words.filter(isContentWord);
  const stems = (content.length > 0 ? content : words).map((word) => stemWord(word, language));
  return [...new Set(stems)].slice(0, MAX_QUERY_TERMS);
}

/**
 * Bounds on the work of one full-text search. A word found in most of a bot's chunks (its company
 * name, say) would otherwise make every question read and rank the whole bot; such a word says
 * little about which chunk answers, so a sample of its matches loses little, while the matches of
 * the rare words that do tell (a product code, a name) fit within the bound.
 */
const FULL_TEXT_LIMITS = {
  /** Chunks read per probe (all the words together, then each word alone). A constant, so the planner uses the GIN index. */
  perProbe: 100,
  /** Words of the question probed one by one (the most telling first, see `probeOrder`). */
  words: 5,
  /**
   * A word PostgreSQL's statistics find in more chunks than this (all bots') is not probed alone: the
   * probe would read its whole posting list to return an arbitrary hundred of them. It still counts
   * in the all-words probe, where GIN skips through it by the rarer words, and in the ranking (see
   * `soloProbes` for a question of common words only).
   */
  commonWordChunks: 1_000,
  /** How long the common words, read from pg_stats, are trusted. */
  commonWordsTtlMs: 60_000,
} as const;

/**
 * One bot's full-text searches (and chunk reads) that arrive while one is out are sent together,
 * as one statement (see BatchWhileBusy): visitors of a busy bot share a round trip to the database.
 */
const MAX_BATCH = 32;

/**
 * Whether chunk `c` is knowledge yet: a document is once processed (its chunks are written in
 * batches before that); web pages are as soon as written. Every read of chunks for an answer
 * applies it, the full-text probes included, so a document still processing cannot take the
 * places of ones that answer.
 */
const IS_KNOWLEDGE = Prisma.sql`(c."documentId" IS NULL OR EXISTS (SELECT 1 FROM "documents" d WHERE d."id" = c."documentId" AND d."status" = 'completed'))`;

/** One question's full-text search: its probes (see `textSearch`) and its words OR-ed, for ranking. */
interface TextSearch {
  botId: string;
  limit: number;
  probes: string[];
  allWords: boolean[];
  anyWord: string;
}

interface TextHit {
  id: string;
  rank: number;
  /** The chunk holds every word of a question of several (the all-words probe found it). */
  allWords: boolean;
}

interface RetrieverDependencies {
  prisma: PrismaClient;
  /** The searches every answer runs (see SqlQuery). */
  query: SqlQuery;
  vectors: VectorStore;
  index: KnowledgeIndex;
  logger: Pick<Logger, 'warn'>;
  /** Results kept for questions asked again (none: every question searches). */
  cache?: RetrievalCache;
}

/**
 * Hybrid search over one bot's knowledge: vector search in Chroma (filtered by bot_id) and
 * PostgreSQL full-text search, fused by reciprocal rank. No ownership check: callers (chat, demo,
 * the customer-facing service) decide who may search which bot. If one search fails (vector
 * store or embeddings provider unreachable) the other still answers.
 */
export class Retriever {
  private readonly textSearches = new BatchWhileBusy<TextSearch, TextHit[]>((batch) => this.textSearchBatch(batch), MAX_BATCH);
  private readonly chunkReads = new BatchWhileBusy<{ botId: string; ids: string[] }, ChunkRow[]>(
    (batch) => this.readChunkBatch(batch),
    MAX_BATCH,
  );

  private commonWords: { words: Promise<Set<string>>; readAt: number } | null = null;

  constructor(private readonly deps: RetrieverDependencies) {}

  /**
   * The bot's `topK` chunks that best answer `rawQuery`. A question asked again of unchanged
   * knowledge is answered from the retrieval cache; a result found while the vector search failed
   * is never kept, so the vectors count again as soon as Chroma is back.
   */
  async retrieve(botId: string, rawQuery: string, options: RetrieveOptions = {}): Promise<readonly RetrievedChunk[]> {
    const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
    const topK = Math.min(Math.max(Math.trunc(options.topK ?? DEFAULT_TOP_K), 1), MAX_TOP_K);
    if (!query) return [];
    const language = options.language ?? detectLanguage(query) ?? 'en';
    const { cache } = this.deps;
    if (!cache) return (await this.search(botId, query, topK, language)).chunks;
    // The collection names the bot and the embedding model the question is embedded with.
    const key = [this.deps.index.collectionFor(botId), language, topK, query].join('\u0000');
    const kept = await cache.read(key);
    if (kept) return kept;
    const startedAt = cache.now();
    const { chunks, vectorsSearched } = await this.search(botId, query, topK, language);
    if (vectorsSearched) cache.write(botId, key, Object.freeze(chunks), startedAt);
    return chunks;
  }

  private async search(
    botId: string,
    query: string,
    topK: number,
    language: StemLanguage,
  ): Promise<{ chunks: RetrievedChunk[]; vectorsSearched: boolean }> {
    const candidates = Math.max(topK * CANDIDATES_PER_RESULT, MIN_CANDIDATES);
    const terms = queryTerms(query, language);
    const [vectorHits, textHits, otherLanguageHits] = await Promise.all([
      this.searchVectors(botId, query, candidates),
      this.termSearch(botId, terms, candidates),
      this.otherLanguageTextSearch(botId, query, terms, candidates, language),
    ]);
    const vectorsSearched = vectorHits !== null;
    const vectorScores = new Map((vectorHits ?? []).map((hit) => [hit.id, hit.score]));
    const textRanks = new Map([...otherLanguageHits, ...textHits].map((hit) => [hit.id, hit.rank]));
    const allWordsHits = textHits.filter((hit) => hit.allWords);
    const fused = reciprocalRankFusion(
      [
        (vectorHits ?? []).map((hit) => hit.id),
        textHits.map((hit) => hit.id),
        otherLanguageHits.map((hit) => hit.id),
        allWordsHits.map((hit) => hit.id),
      ],
      RRF_K,
      [1, 1, OTHER_LANGUAGE_WEIGHT, ALL_WORDS_WEIGHT],
    );
    if (fused.length === 0) return { chunks: [], vectorsSearched };

    // Chunks come from PostgreSQL, scoped to the bot again: a vector whose chunk is gone never surfaces.
    const wanted = fused.slice(0, topK * 2);
    const rows = await this.chunkReads.run(botId, { botId, ids: wanted.map((hit) => hit.id) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const chunks: RetrievedChunk[] = [];
    for (const { id, score } of wanted) {
      const row = byId.get(id);
      if (!row) continue;
      chunks.push({
        chunkId: row.id,
        content: row.content,
        score,
        vectorScore: vectorScores.get(id) ?? null,
        textRank: textRanks.get(id) ?? null,
        heading: row.heading,
        source: { ...sourceRefOf(row), title: row.title, url: row.url, page: row.page },
      });
      if (chunks.length === topK) break;
    }
    return { chunks, vectorsSearched };
  }

  /** The vector half of `retrieve`: chunk ids by cosine similarity, best first ([] if the store fails). */
  async vectorSearch(botId: string, query: string, limit: number): Promise<{ id: string; score: number }[]> {
    return (await this.searchVectors(botId, query, limit)) ?? [];
  }

  /** The vector search, or null when the embeddings provider or the vector store failed (logged). */
  private async searchVectors(botId: string, query: string, limit: number): Promise<{ id: string; score: number }[] | null> {
    try {
      const embedding = await this.deps.index.embeddings.embedQuery(query);
      if (!embedding.some((value) => value !== 0)) return [];
      // The bot's own collection: the search reads its vectors only, never a filter over every bot's.
      const matches = await this.deps.vectors.query(this.deps.index.collectionFor(botId), embedding, { topK: limit });
      return matches.map((match) => ({ id: match.id, score: match.score }));
    } catch (error) {
      this.deps.logger.warn({ err: error, botId }, 'vector search failed; answering from full-text search only');
      return null;
    }
  }

  /**
   * Full-text search in one statement: probes for all the words together (`websearch_to_tsquery`
   * ANDs them) and for each word alone, each reading at most FULL_TEXT_LIMITS.perProbe matches
   * through the GIN index; chunks with every word rank first, then by ts_rank against the words
   * OR-ed (ts_rank's AND mode is far slower and adds little here). The probes come from `unnest`,
   * so the planner cannot see their words: it plans the index scan it should, where it would pick
   * a sequential scan for frequent words and then detoast every tsvector of the table.
   */
  textSearch(botId: string, query: string, limit: number, language: StemLanguage = 'en'): Promise<TextHit[]> {
    return this.termSearch(botId, queryTerms(query, language), limit);
  }

  /** `textSearch` for a question's stems (see `queryTerms`). */
  private async termSearch(botId: string, terms: string[], limit: number): Promise<TextHit[]> {
    if (terms.length === 0) return [];
    const words = soloProbes(terms, await this.common());
    const probes = terms.length > 1 ? [terms.join(' '), ...words] : words;
    const allWords = probes.map((_, index) => terms.length > 1 && index === 0);
    return this.textSearches.run(`${botId} ${limit}`, { botId, limit, probes, allWords, anyWord: terms.join(' or ') });
  }

  /**
   * The full-text search for a question asked in another language than the bot's knowledge, its
   * words stemmed as the chunks' are; none when the languages are the same or the bot's cannot be
   * told. `terms` are the question's stems in its own language.
   */
  private async otherLanguageTextSearch(
    botId: string,
    query: string,
    terms: string[],
    limit: number,
    language: StemLanguage,
  ): Promise<TextHit[]> {
    const corpusLanguage = await this.corpusLanguage(botId);
    if (!corpusLanguage || corpusLanguage === language) return [];
    const corpusTerms = queryTerms(query, corpusLanguage);
    // Words stemmed alike in both languages would only count the question's own ranking again.
    if (corpusTerms.join(' ') === terms.join(' ')) return [];
    return this.termSearch(botId, corpusTerms, limit);
  }

  /**
   * The language most of a bot's knowledge is written in, from a sample of its chunks; null when it
   * cannot tell. Kept in the retrieval cache, so it is read again once the bot's knowledge changes.
   */
  private async corpusLanguage(botId: string): Promise<StemLanguage | null> {
    const { cache } = this.deps;
    const kept = await cache?.readCorpusLanguage(botId);
    if (kept) return kept.language;
    const startedAt = cache?.now() ?? 0;
    try {
      const rows = await this.deps.query<{ content: string }>(Prisma.sql`
        SELECT c."content" FROM "chunks" c WHERE c."botId" = ${botId} AND ${IS_KNOWLEDGE}
        LIMIT ${Prisma.raw(String(CORPUS_LANGUAGE_SAMPLE))}`);
      const language = detectLanguage(rows.map((row) => row.content).join('\n'));
      cache?.writeCorpusLanguage(botId, language, startedAt);
      return language;
    } catch (error) {
      this.deps.logger.warn({ err: error, botId }, "could not tell the language of the bot's knowledge; searching in the question's only");
      return null;
    }
  }

  /**
   * The words in more than FULL_TEXT_LIMITS.commonWordChunks chunks, from the statistics ANALYZE (or
   * autovacuum) keeps on the tsvector column: none before the first ANALYZE, or when they cannot be read.
   */
  private common(): Promise<Set<string>> {
    const now = Date.now();
    if (!this.commonWords || now - this.commonWords.readAt > FULL_TEXT_LIMITS.commonWordsTtlMs) {
      this.commonWords = { readAt: now, words: this.readCommonWords() };
    }
    return this.commonWords.words;
  }

  private async readCommonWords(): Promise<Set<string>> {
    try {
      const [stats] = await this.deps.prisma.$queryRaw<{ words: string[] | null; shares: number[] | null; chunks: number }[]>`
        SELECT s."most_common_elems"::text::text[] AS "words", s."most_common_elem_freqs"::float8[] AS "shares", c."reltuples"::float8 AS "chunks"
        FROM "pg_class" c
        JOIN "pg_namespace" n ON n."oid" = c."relnamespace"
        JOIN "pg_stats" s ON s."schemaname" = n."nspname" AND s."tablename" = c."relname" AND s."attname" = 'searchVector'
        WHERE c."oid" = to_regclass('"chunks"')`;
      return commonWordsOf(stats?.words ?? [], stats?.shares ?? [], stats?.chunks ?? 0);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'could not read the full-text statistics; every word is probed');
      return new Set();
    }
  }

  /** Several questions' full-text searches in one bot, in one statement; each question's hits ranked within it. */
  private async textSearchBatch(batch: TextSearch[]): Promise<TextHit[][]> {
    const { botId, limit } = batch[0]!;
    const searches = batch.flatMap((search, index) => search.probes.map(() => index + 1));
    const rows = await this.deps.query<{ search: number; id: string; rank: number; allWords: boolean }>(Prisma.sql`
      SELECT ranked."search", ranked."id", ranked."rank", ranked."allWords"
      FROM (
        SELECT m."search", m."id", m."rank", m."allWords",
          row_number() OVER (PARTITION BY m."search" ORDER BY m."allWords" DESC, m."rank" DESC, m."id") AS "place"
        FROM (
          SELECT d."search", d."id", d."allWords", ts_rank(d."searchVector", w."query")::float8 AS "rank"
          FROM (
            SELECT DISTINCT ON (p."search", hit."id") p."search", hit."id", hit."searchVector", p."allWords"
            FROM unnest(${searches}::int[], ${batch.flatMap((search) => search.probes)}::text[],
              ${batch.flatMap((search) => search.allWords)}::boolean[]) AS p("search", "probe", "allWords")
            CROSS JOIN LATERAL (
              SELECT c."id", c."searchVector"
              FROM "chunks" c
              WHERE c."botId" = ${botId} AND c."searchVector" @@ websearch_to_tsquery('simple', p."probe") AND ${IS_KNOWLEDGE}
              LIMIT ${Prisma.raw(String(FULL_TEXT_LIMITS.perProbe))}
            ) hit
            ORDER BY p."search", hit."id", p."allWords" DESC
          ) d
          JOIN (
            SELECT "search"::int, websearch_to_tsquery('simple', "anyWord") AS "query"
            FROM unnest(${batch.map((search) => search.anyWord)}::text[]) WITH ORDINALITY AS a("anyWord", "search")
          ) w ON w."search" = d."search"
        ) m
      ) ranked
      WHERE ranked."place" <= ${limit}
      ORDER BY ranked."search", ranked."place"`);
    const hits = batch.map((): TextHit[] => []);
    for (const row of rows) hits[Number(row.search) - 1]!.push({ id: row.id, rank: Number(row.rank), allWords: row.allWords });
    return hits;
  }

  /**
   * Several answers' chunks of one bot, in one statement; each answer gets the rows it asked for.
   * The ids go as one array, so the statement's text is the same for any number of them and is
   * prepared once (an IN list would make a statement of each length, see statements.ts).
   */
  private async readChunkBatch(batch: { botId: string; ids: string[] }[]): Promise<ChunkRow[][]> {
    const ids = [...new Set(batch.flatMap((read) => read.ids))];
    const rows = await this.deps.query<ChunkRow>(Prisma.sql`
      SELECT c."id", c."content", c."heading", c."sourceType"::text AS "sourceType", c."documentId", c."webPageId", c."title", c."url", c."page"
      FROM "chunks" c
      WHERE c."botId" = ${batch[0]!.botId} AND c."id" = ANY(${ids}::text[])
        AND ${IS_KNOWLEDGE}`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return batch.map((read) => read.ids.flatMap((id) => byId.get(id) ?? []));
  }
}

/** The words whose share of the chunks (pg_stats' element frequencies) makes more than the common-word count. */
export function commonWordsOf(words: readonly string[], shares: readonly number[], chunks: number): Set<string> {
  return new Set(words.filter((_, index) => (shares[index] ?? 0) * chunks > FULL_TEXT_LIMITS.commonWordChunks));
}

/**
 * The words probed alone: the most telling first, common ones left out. A question of common words
 * only is left to its all-words probe (at 100k chunks, probing each of them alone made such
 * questions 2-4 times as slow as the others, the slowest twentieth of all: 36-79 ms); a one-word
 * question has no other probe, so its word is probed whatever it is.
 */
export function soloProbes(terms: readonly string[], common: ReadonlySet<string>): string[] {
  if (terms.length === 1) return [...terms];
  return probeOrder(terms.filter((term) => !common.has(term))).slice(0, FULL_TEXT_LIMITS.words);
}

/**
 * Words most likely to pick out the answer first: with digits (codes, models, prices), then the
 * longer ones (rare words tend to be long); the question's order breaks ties. Every probe reads
 * its word's whole posting list, so probing fewer, better words keeps long questions cheap.
 */
export function probeOrder(terms: string[]): string[] {
  const score = (term: string) => (/\d/.test(term) ? 1_000 : 0) + Math.min(term.length, 20);
  return terms
    .map((term, index) => ({ term, index }))
    .sort((a, b) => score(b.term) - score(a.term) || a.index - b.index)
    .map(({ term }) => term);
}

/** A chunk as an answer cites it. */
interface ChunkRow {
  id: string;
  content: string;
  heading: string | null;
  sourceType: SourceType;
  documentId: string | null;
  webPageId: string | null;
  title: string;
  url: string | null;
  page: number | null;
}
