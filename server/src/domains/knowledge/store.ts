import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Prisma, PrismaClient, VectorRemoval } from '../../generated/prisma/client.ts';
import { searchTermsOf, STEMMING_VERSION, type Embeddings } from '../../platform/embeddings/index.ts';
import type { VectorItem, VectorMetadata, VectorStore } from '../../platform/vectors/index.ts';
import { collectionForBot, collectionOfChunk, VECTOR_LAYOUT_VERSION } from './collections.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { RetrievalCache } from './retrieval/retrievalCache.ts';
import type { SourceType } from './retrieval/retrievedChunk.ts';
import type { Section } from './parsing/sections.ts';
import { DEFAULT_SPLIT, splitSections, type ChunkDraft, type SplitOptions } from './parsing/split.ts';

/** What a chunk came from: an uploaded document or a crawled web page. */
export interface KnowledgeSource {
  type: SourceType;
  /** The Document id or the WebPage id. */
  id: string;
  /** The document's file name or the page's title. */
  title: string;
  url?: string | null;
}

export interface SourceRef {
  type: SourceType;
  id: string;
}

/** How far indexing a source has gone: chunks written of the chunks it splits into. */
export interface IndexProgress {
  written: number;
  expected: number;
}

export interface IndexResult {
  chunkCount: number;
  /** Chroma was away: the chunks are searchable by full text, their vectors follow with the vector sync. */
  vectorsPending: boolean;
}

/** Texts per embeddings call: one request to a remote model, a slice of CPU for the local one. */
const EMBED_BATCH = 128;
/**
 * Chunks embedded and written at a time, each batch in a transaction of its own: bounds the work
 * (and the embedded database's time) behind one transaction, whatever the size of the source.
 */
const WRITE_BATCH = 500;
/**
 * Room for one batch's transaction on a loaded machine (it takes well under a second): Prisma's
 * default of 5 s is no limit the size of an upload should ever meet, and WRITE_BATCH makes sure it does not.
 */
const BATCH_TRANSACTION_TIMEOUT_MS = 60_000;
/** Chunks per step of the boot-time refresh: bounds memory and the length of each statement. */
const REFRESH_BATCH = 500;
/** Sources (or removals) per step of the vector sync. */
const SYNC_BATCH = 50;

export interface KnowledgeIndexDependencies {
  prisma: PrismaClient;
  vectors: VectorStore;
  embeddings: Embeddings;
  logger?: Pick<Logger, 'warn'>;
  split?: SplitOptions;
  /**
   * Refresh the chunks' planner statistics after indexing, when autovacuum has not (see
   * `statisticsStale`): at most once per `everyMs`, and once more at its end when indexing went on
   * meanwhile. Retrieval reads its common words from them, and a bot's questions probe every word
   * alone until they count its frequent ones. The embedded database has no autovacuum, and a
   * PostgreSQL server may run without it (or an ingestion outrun it).
   */
  refreshStatistics?: { everyMs: number };
  /** Told of every change to a bot's chunks or vectors, once it is written (see RetrievalCache). */
  retrievalCache?: Pick<RetrievalCache, 'knowledgeChanged'>;
}

/** What PostgreSQL tells of the chunks' statistics (pg_stat_user_tables, pg_stats). */
export interface StatisticsState {
  analyzed: boolean;
  hasStatistics: boolean;
  modifiedSinceAnalyze: number;
  liveRows: number;
}

/**
 * Whether the chunks' statistics need an ANALYZE: never analyzed, none on the search column, or
 * autovacuum's own default rule, rows changed since the last one beyond 50 plus a tenth of the table.
 */
export function statisticsStale(table: StatisticsState): boolean {
  return !table.analyzed || !table.hasStatistics || table.modifiedSinceAnalyze > 50 + 0.1 * table.liveRows;
}

/** Vectors to remove from one collection: a source's, every one of a bot's, or the whole collection. */
type VectorRemovalDraft = Pick<VectorRemoval, 'collection' | 'botId' | 'sourceId' | 'wholeCollection'>;

/**
 * The searchable knowledge of bots, whoever owns them (customer and demo bots alike): chunks in
 * PostgreSQL (full text kept by a trigger) and their vectors in each bot's Chroma collection of the
 * current embedding model. Callers check ownership before calling. PostgreSQL is the record: while
 * Chroma is away, chunks are still written and removed, and `syncVectors` brings Chroma up to date
 * once it is back.
 */
export class KnowledgeIndex {
  private statisticsCheckedAt = -Infinity;
  /** The pending or running check of the statistics, if any (see `refreshStatistics`). */
  private statisticsCheck: { running: boolean; askedAgain: boolean } | null = null;

  constructor(private readonly deps: KnowledgeIndexDependencies) {}

  /** The collection a bot's vectors are written to and searched in. */
  collectionFor(botId: string): string {
    return collectionForBot(this.deps.embeddings.modelId, botId);
  }

  get embeddings(): Embeddings {
    return this.deps.embeddings;
  }

  /**
   * Makes `sections` the whole knowledge of `source` in the bot: splits, then embeds and writes the
   * chunks WRITE_BATCH at a time, each batch replacing the source's chunks at its ordinals in a short
   * transaction of its own, and finally removes the chunks past the last ordinal (re-indexing a page or
   * document updates it in place). No transaction grows with the source, so its size is bounded only
   * by the upload's. Throws when PostgreSQL fails; calling again with the same input repairs a
   * half-done run, without doubling a chunk. When Chroma fails, the chunks are still written, marked
   * for the vector sync. `onProgress` hears of each batch written.
   */
  async indexSections(
    botId: string,
    source: KnowledgeSource,
    sections: Section[],
    onProgress?: (progress: IndexProgress) => Promise<void>,
  ): Promise<IndexResult> {
    const drafts = await splitSections(sections, this.deps.split ?? DEFAULT_SPLIT);
    const expected = drafts.length;
    await onProgress?.({ written: 0, expected });
    const target = this.collectionFor(botId);
    const previous = await this.collectionsOf({ botId, ...sourceFilter(source) });
    const { vectors } = this.deps;

    // Chroma is written beside PostgreSQL, batch by batch, until it fails once; the vector sync does the rest.
    let vectorFailure: unknown = null;
    const writeVectors = async (items: VectorItem[], first: boolean) => {
      if (vectorFailure) return;
      try {
        if (first) {
          for (const collection of previous.keys())
            if (collection !== target) await vectors.deleteWhere(collection, vectorFilter(botId, source));
          await vectors.deleteWhere(target, vectorFilter(botId, source));
        }
        await vectors.upsert(target, items);
      } catch (error) {
        vectorFailure = error;
      }
    };

    try {
      let written = 0;
      let writing: Promise<void> = Promise.resolve();
      for (const [index, batch] of batches(drafts, WRITE_BATCH).entries()) {
        // Each batch is embedded (CPU, on this thread) while the one before is written (the
        // databases' work): measured on a 9.5 MB file, embedding took a sixth of the time.
        const embeddings = await this.embed(batch.map((draft) => embeddingText(source, draft)));
        await writing;
        const chunks = batch.map((draft) => ({ ...draft, id: uuidv7() }));
        const items = chunks.map((chunk, at) => ({
          id: chunk.id,
          embedding: embeddings[at]!,
          metadata: vectorMetadata(botId, source, chunk.page),
        }));
        // Independent stores, written side by side.
        writing = Promise.all([this.replaceChunkRange(botId, source, chunks), writeVectors(items, index === 0)]).then(() => {
          written += chunks.length;
          return onProgress?.({ written, expected });
        });
        // Awaited at the next batch or after the last; a failure meanwhile is not "unhandled".
        writing.catch(() => undefined);
      }
      await writing;
      await this.deps.prisma.chunk.deleteMany({ where: { botId, ...sourceFilter(source), ordinal: { gte: expected } } });
      if (expected === 0) await writeVectors([], true);
    } finally {
      // Whatever was written may have changed what a question finds.
      await this.knowledgeChanged([botId]);
    }
    this.refreshStatistics();
    if (!vectorFailure) return { chunkCount: expected, vectorsPending: false };
    this.deps.logger?.warn(
      { err: vectorFailure, botId, sourceId: source.id },
      'vector store unavailable; the vectors are written once it is back',
    );
    const { prisma } = this.deps;
    await prisma.$transaction([
      prisma.chunk.updateMany({ where: { botId, ...sourceFilter(source) }, data: { vectorPending: true } }),
      prisma.vectorRemoval.createMany({
        data: [...previous.keys()]
          .filter((collection) => collection !== target)
          .map((collection) => ({ collection, botId, sourceId: source.id, wholeCollection: false })),
      }),
    ]);
    return { chunkCount: expected, vectorsPending: true };
  }

  /**
   * Makes `chunks` (consecutive ordinals) the source's chunks at their ordinals, in one short
   * transaction: its length is bounded by WRITE_BATCH, never by the size of the source.
   */
  private replaceChunkRange(botId: string, source: KnowledgeSource, chunks: (ChunkDraft & { id: string })[]) {
    const { prisma } = this.deps;
    const ordinal = { gte: chunks[0]!.ordinal, lte: chunks.at(-1)!.ordinal };
    return prisma.$transaction(
      [
        // One writer per source at a time: two runs of the same job (a lock lost while Redis was
        // away) would otherwise both delete nothing and both insert, doubling the chunks.
        prisma.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`knowledge.chunks:${source.id}`}))`,
        prisma.chunk.deleteMany({ where: { botId, ...sourceFilter(source), ordinal } }),
        insertChunks(prisma, botId, source, this.deps.embeddings.modelId, chunks),
      ],
      { timeout: BATCH_TRANSACTION_TIMEOUT_MS },
    );
  }

  /** ANALYZE in the background when stale, as autovacuum would (see `refreshStatistics` in the dependencies). */
  private refreshStatistics(): void {
    const every = this.deps.refreshStatistics?.everyMs;
    if (every === undefined) return;
    // A check under way may have read the table before this indexing's rows: one more after it.
    if (this.statisticsCheck) {
      if (this.statisticsCheck.running) this.statisticsCheck.askedAgain = true;
      return;
    }
    this.statisticsCheck = { running: false, askedAgain: false };
    setTimeout(() => void this.analyzeIfStale(), Math.max(0, this.statisticsCheckedAt + every - Date.now())).unref();
  }

  private async analyzeIfStale(): Promise<void> {
    this.statisticsCheckedAt = Date.now();
    this.statisticsCheck!.running = true;
    try {
      const [table] = await this.deps.prisma.$queryRaw<StatisticsState[]>`
        SELECT (s."last_analyze" IS NOT NULL OR s."last_autoanalyze" IS NOT NULL) AS "analyzed",
          EXISTS (SELECT 1 FROM "pg_stats" p WHERE p."schemaname" = s."schemaname" AND p."tablename" = s."relname" AND p."attname" = 'searchVector') AS "hasStatistics",
          s."n_mod_since_analyze"::float8 AS "modifiedSinceAnalyze", s."n_live_tup"::float8 AS "liveRows"
        FROM "pg_stat_user_tables" s WHERE s."relid" = to_regclass('"chunks"')`;
      if (!table || statisticsStale(table)) await this.deps.prisma.$executeRawUnsafe('ANALYZE "chunks"');
    } catch (error) {
      this.deps.logger?.warn({ err: error }, 'could not refresh the statistics of the chunks');
    } finally {
      const { askedAgain } = this.statisticsCheck!;
      this.statisticsCheck = null;
      if (askedAgain) this.refreshStatistics();
    }
  }

  /** Removes a source's chunks and its vectors (in every collection it was indexed in). */
  async removeSource(botId: string, source: SourceRef): Promise<void> {
    const collections = new Set([...(await this.collectionsOf({ botId, ...sourceFilter(source) })).keys(), this.collectionFor(botId)]);
    await this.deps.prisma.chunk.deleteMany({ where: { botId, ...sourceFilter(source) } });
    // Vectors whose chunks are gone never surface: the change is whole once the chunks are.
    await this.knowledgeChanged([botId]);
    await this.removeVectors([...collections].map((collection) => ({ collection, botId, sourceId: source.id, wholeCollection: false })));
  }

  /** Removes every chunk and vector of a bot (before the bot itself is deleted): its own collections go whole. */
  async removeBot(botId: string): Promise<void> {
    const collections = await this.collectionsOf({ botId });
    collections.set(this.collectionFor(botId), true);
    await this.deps.prisma.chunk.deleteMany({ where: { botId } });
    await this.knowledgeChanged([botId]);
    await this.removeVectors(
      [...collections].map(([collection, ownedByBot]) => ({ collection, botId, sourceId: null, wholeCollection: ownedByBot })),
    );
  }

  /**
   * Brings Chroma up to date with PostgreSQL after an outage: removes the vectors recorded for
   * removal, then writes the vectors of the chunks indexed meanwhile, a source at a time. Rejects
   * while Chroma is still away; what is done stays done and the next run goes on from there.
   */
  async syncVectors(batchSize = SYNC_BATCH): Promise<{ removed: number; written: number }> {
    const { prisma } = this.deps;
    let removed = 0;
    for (;;) {
      const removals = await prisma.vectorRemoval.findMany({ orderBy: { id: 'asc' }, take: batchSize });
      if (removals.length === 0) break;
      for (const removal of removals) {
        await this.applyRemoval(removal);
        await prisma.vectorRemoval.delete({ where: { id: removal.id } });
        removed += 1;
      }
    }
    let written = 0;
    for (;;) {
      const sources = await prisma.$queryRaw<
        { botId: string; sourceType: SourceType; documentId: string | null; webPageId: string | null }[]
      >`
        SELECT DISTINCT "botId", "sourceType", "documentId", "webPageId" FROM "chunks" WHERE "vectorPending" LIMIT ${batchSize}`;
      if (sources.length === 0) break;
      for (const row of sources) written += await this.writeSourceVectors(row.botId, sourceRefOf(row));
    }
    return { removed, written };
  }

  /** Replaces a source's vectors in the bot's collection with its chunks' current ones. */
  private async writeSourceVectors(botId: string, source: SourceRef): Promise<number> {
    const { prisma } = this.deps;
    const rows = await prisma.chunk.findMany({
      where: { botId, ...sourceFilter(source) },
      select: { id: true, title: true, url: true, heading: true, content: true, page: true },
      orderBy: { ordinal: 'asc' },
    });
    const embeddings = await this.embed(rows.map((row) => embeddingText(row, row)));
    await this.replaceVectors(
      botId,
      source,
      rows.map((row, index) => ({
        id: row.id,
        embedding: embeddings[index]!,
        metadata: vectorMetadata(botId, { ...source, title: row.title, url: row.url }, row.page),
      })),
    );
    await prisma.chunk.updateMany({
      where: { id: { in: rows.map((row) => row.id) } },
      data: { vectorPending: false, embeddingModel: this.deps.embeddings.modelId, vectorLayout: VECTOR_LAYOUT_VERSION },
    });
    await this.knowledgeChanged([botId]);
    return rows.length;
  }

  /** Makes `items` the source's whole set of vectors in the bot's collection. */
  private async replaceVectors(botId: string, source: SourceRef, items: VectorItem[]): Promise<void> {
    const target = this.collectionFor(botId);
    await this.deps.vectors.deleteWhere(target, vectorFilter(botId, source));
    await this.deps.vectors.upsert(target, items);
  }

  /** Removes vectors now or, Chroma being away, records the rest for the vector sync. */
  private async removeVectors(removals: VectorRemovalDraft[]): Promise<void> {
    for (const [index, removal] of removals.entries()) {
      try {
        await this.applyRemoval(removal);
      } catch (error) {
        this.deps.logger?.warn({ err: error, botId: removal.botId }, 'vector store unavailable; the vectors are removed once it is back');
        await this.deps.prisma.vectorRemoval.createMany({ data: removals.slice(index) });
        return;
      }
    }
  }

  private applyRemoval(removal: VectorRemovalDraft): Promise<void> {
    if (removal.wholeCollection) return this.deps.vectors.deleteCollection(removal.collection);
    const where: VectorMetadata = removal.sourceId ? { bot_id: removal.botId, source_id: removal.sourceId } : { bot_id: removal.botId };
    return this.deps.vectors.deleteWhere(removal.collection, where);
  }

  /**
   * Brings chunks written by an older version up to date, from their text in PostgreSQL (no file
   * is parsed again): stems the ones an older stemming version wrote, and re-embeds into their
   * bot's collection of the current model the ones embedded with another model (a new version of
   * the local embedding, say) or laid out in an older way (the shared collection of layout 0).
   * Runs at boot; safe to run twice at once or to stop half-way.
   */
  async refreshStaleChunks(batchSize = REFRESH_BATCH): Promise<{ restemmed: number; reembedded: number }> {
    const { prisma, vectors } = this.deps;
    let restemmed = 0;
    for (;;) {
      const rows = await prisma.chunk.findMany({
        where: { searchVersion: { lt: STEMMING_VERSION } },
        select: { id: true, botId: true, title: true, heading: true, content: true },
        orderBy: { id: 'asc' },
        take: batchSize,
      });
      if (rows.length === 0) break;
      await prisma.$executeRaw`
        UPDATE "chunks" c SET "searchTerms" = t."searchTerms", "searchVersion" = ${STEMMING_VERSION}
        FROM unnest(${rows.map((row) => row.id)}::text[], ${rows.map((row) => chunkSearchTerms(row.title, row))}::text[]) AS t("id", "searchTerms")
        WHERE c."id" = t."id"`;
      await this.knowledgeChanged(rows.map((row) => row.botId));
      restemmed += rows.length;
      await yieldToEventLoop();
    }

    const modelId = this.deps.embeddings.modelId;
    let reembedded = 0;
    for (;;) {
      const rows = await prisma.chunk.findMany({
        // Two ranges rather than "not equal", so the index on embeddingModel finds them.
        where: {
          OR: [{ embeddingModel: { lt: modelId } }, { embeddingModel: { gt: modelId } }, { vectorLayout: { lt: VECTOR_LAYOUT_VERSION } }],
        },
        select: {
          id: true,
          botId: true,
          sourceType: true,
          documentId: true,
          webPageId: true,
          title: true,
          url: true,
          heading: true,
          content: true,
          page: true,
          embeddingModel: true,
          vectorLayout: true,
        },
        orderBy: { id: 'asc' },
        take: batchSize,
      });
      if (rows.length === 0) break;
      const embeddings = await this.embed(rows.map((row) => embeddingText({ title: row.title }, row)));
      const sourceOf = (row: (typeof rows)[number]): KnowledgeSource => ({ ...sourceRefOf(row), title: row.title, url: row.url });
      const itemsByBot = new Map<string, VectorItem[]>();
      rows.forEach((row, index) => {
        const item = {
          id: row.id,
          embedding: embeddings[index]!,
          metadata: vectorMetadata(row.botId, sourceOf(row), row.page),
        };
        itemsByBot.set(row.botId, [...(itemsByBot.get(row.botId) ?? []), item]);
      });
      for (const [botId, items] of itemsByBot) await vectors.upsert(this.collectionFor(botId), items);
      await prisma.chunk.updateMany({
        where: { id: { in: rows.map((row) => row.id) } },
        data: { embeddingModel: modelId, vectorLayout: VECTOR_LAYOUT_VERSION },
      });
      const staleSources = new Map(rows.map((row) => [`${collectionOfChunk(row)}\u0000${sourceOf(row).id}`, row]));
      for (const row of staleSources.values()) await vectors.deleteWhere(collectionOfChunk(row), vectorFilter(row.botId, sourceOf(row)));
      await this.knowledgeChanged(itemsByBot.keys());
      reembedded += rows.length;
    }
    return { restemmed, reembedded };
  }

  /** The collections the matching chunks' vectors were written to, each with whether it holds one bot's vectors only. */
  private async collectionsOf(where: Prisma.ChunkWhereInput & { botId: string }): Promise<Map<string, boolean>> {
    const rows = await this.deps.prisma.chunk.findMany({
      where,
      distinct: ['embeddingModel', 'vectorLayout'],
      select: { embeddingModel: true, vectorLayout: true },
    });
    return new Map(rows.map((row) => [collectionOfChunk({ ...row, botId: where.botId }), row.vectorLayout >= 1]));
  }

  /** Revokes the bots' cached retrievals: what their questions find has changed (chunks, or a source's readiness). */
  async knowledgeChanged(botIds: Iterable<string>): Promise<void> {
    await this.deps.retrievalCache?.knowledgeChanged(botIds);
  }

  private async embed(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (const batch of batches(texts, EMBED_BATCH)) {
      vectors.push(...(await this.deps.embeddings.embedDocuments(batch)));
      // The local embedding runs on this thread: let requests in between batches.
      await yieldToEventLoop();
    }
    return vectors;
  }
}

/** The document or web page a chunk row came from. */
export function sourceRefOf(row: { sourceType: SourceType; documentId: string | null; webPageId: string | null }): SourceRef {
  return { type: row.sourceType, id: (row.sourceType === 'document' ? row.documentId : row.webPageId) ?? '' };
}

function sourceFilter(source: SourceRef): { documentId: string } | { webPageId: string } {
  return source.type === 'document' ? { documentId: source.id } : { webPageId: source.id };
}

function vectorFilter(botId: string, source: SourceRef): VectorMetadata {
  return { bot_id: botId, source_id: source.id };
}

function vectorMetadata(botId: string, source: KnowledgeSource, page: number | null): VectorMetadata {
  const metadata: VectorMetadata = { bot_id: botId, source_type: source.type, source_id: source.id, title: source.title };
  if (source.url) metadata.url = source.url;
  if (page !== null) metadata.page = page;
  return metadata;
}

/** What gets embedded: the chunk with the title and heading it sits under, which often name its topic. */
function embeddingText(source: Pick<KnowledgeSource, 'title'>, draft: Pick<ChunkDraft, 'heading' | 'content'>): string {
  return [source.title, draft.heading, draft.content].filter(Boolean).join('\n');
}

/**
 * One INSERT per batch with the columns as arrays (`unnest`): several times faster than a
 * multi-row insert with one parameter per value. The trigger fills "searchVector" from "searchTerms".
 */
function insertChunks(
  prisma: PrismaClient,
  botId: string,
  source: KnowledgeSource,
  modelId: string,
  chunks: (ChunkDraft & { id: string })[],
) {
  const documentId = source.type === 'document' ? source.id : null;
  const webPageId = source.type === 'web_page' ? source.id : null;
  return prisma.$executeRaw`
    INSERT INTO "chunks" ("id", "botId", "sourceType", "documentId", "webPageId", "ordinal", "content", "tokenCount", "page", "heading", "title", "url", "embeddingModel", "searchTerms", "searchVersion", "vectorLayout")
    SELECT t."id", ${botId}, ${source.type}::"SourceType", ${documentId}, ${webPageId}, t."ordinal", t."content", t."tokenCount", t."page", t."heading", ${source.title}, ${source.url ?? null}, ${modelId}, t."searchTerms", ${STEMMING_VERSION}, ${VECTOR_LAYOUT_VERSION}
    FROM unnest(
      ${chunks.map((chunk) => chunk.id)}::text[],
      ${chunks.map((chunk) => chunk.ordinal)}::int[],
      ${chunks.map((chunk) => chunk.content)}::text[],
      ${chunks.map((chunk) => chunk.tokenCount)}::int[],
      ${chunks.map((chunk) => chunk.page)}::int[],
      ${chunks.map((chunk) => chunk.heading)}::text[],
      ${chunks.map((chunk) => chunkSearchTerms(source.title, chunk))}::text[]
    ) AS t("id", "ordinal", "content", "tokenCount", "page", "heading", "searchTerms")`;
}

/** What full-text search matches a chunk by: the stems of its title, heading and content. */
function chunkSearchTerms(title: string, chunk: { heading: string | null; content: string }): string {
  return searchTermsOf([title, chunk.heading, chunk.content].filter(Boolean).join('\n'));
}

export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
