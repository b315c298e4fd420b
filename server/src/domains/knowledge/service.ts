import type { Document, Prisma } from '../../generated/prisma/client.ts';
import { notFoundError } from '../../errors.ts';
import type { Platform } from '../../platform/index.ts';
import { findOwnedBot, ownedBotsWhere } from '../bots/public.ts';
import type { EventRecorder } from '../events/service.ts';
import { prepend } from '../../platform/pubsub/streams.ts';
import type { DataChanges } from '../../platform/dataChanges.ts';
import type { WorkHolds } from '../admin/public.ts';
import { knowledgeErrors } from './errors.ts';
import { documentStatusEvent, documentStatusTopic, type DocumentStatusEvent } from './events.ts';
import { DocumentIngestion, DOCUMENT_UPLOAD_RULES, type UploadedFile, type UploadRules } from './documents/ingestion.ts';
import { RetrievalCache } from './retrieval/retrievalCache.ts';
import { Retriever, type RetrieveOptions } from './retrieval/retrieval.ts';
import type { RetrievedChunk } from './retrieval/retrievedChunk.ts';
import type { Section } from './parsing/sections.ts';
import { KnowledgeIndex, type IndexResult, type KnowledgeSource, type SourceRef } from './store.ts';

/** The spec's answer when documents are uploaded to a bot that does not exist (or is not the caller's). */
const BOT_NOT_SAVED = 'Bot Not Saved: Please Save the Bot to Upload Documents';

/** One of the viewer's documents, by id: a document of one of their bots. */
export function ownedDocumentWhere(viewerId: string | null, documentId: string): Prisma.DocumentWhereUniqueInput {
  return { id: documentId, bot: ownedBotsWhere(viewerId) };
}

/** How many current documents a new subscriber is sent before live changes. */
const SUBSCRIPTION_SNAPSHOT_LIMIT = 200;

type KnowledgePlatform = Pick<
  Platform,
  'prisma' | 'database' | 'blobs' | 'queue' | 'pubsub' | 'clock' | 'logger' | 'vectors' | 'embeddings' | 'revocations' | 'metrics'
>;

/**
 * A bot's knowledge. Customer-facing methods take the caller's user id and reach bots only through
 * `findOwnedBot` (another customer's bot is a 404). The core (`indexSections`, `removeSource`,
 * `retrieve`, `ingestUpload`, ...) takes bot ids whose access the caller has already checked, so it
 * serves demo bots (no owner) and the crawler too.
 */
export class KnowledgeService {
  readonly index: KnowledgeIndex;
  readonly retriever: Retriever;
  readonly ingestion: DocumentIngestion;

  constructor(
    private readonly platform: KnowledgePlatform,
    events?: EventRecorder,
    changes?: DataChanges,
    holds?: WorkHolds,
  ) {
    const logger = platform.logger.child({ component: 'knowledge' });
    const retrievalCache = new RetrievalCache({
      revocations: platform.revocations,
      clock: platform.clock,
      logger,
      lookups: platform.metrics.retrievalCacheLookups,
    });
    this.index = new KnowledgeIndex({
      prisma: platform.prisma,
      vectors: platform.vectors,
      embeddings: platform.embeddings,
      logger,
      // The embedded database's ANALYZE holds its only connection: less often there. PostgreSQL's, as autovacuum's naptime.
      refreshStatistics: { everyMs: platform.database.kind === 'pglite' ? 5 * 60_000 : 60_000 },
      retrievalCache,
    });
    this.retriever = new Retriever({
      prisma: platform.prisma,
      query: platform.database.query,
      vectors: platform.vectors,
      index: this.index,
      logger,
      cache: retrievalCache,
    });
    this.ingestion = new DocumentIngestion({ ...platform, events, changes, holds, logger, index: this.index });
  }

  // ------------------------------------------------------------ customer-facing (owner-scoped)

  async uploadDocument(ownerId: string, botId: string, upload: UploadedFile | null): Promise<Document> {
    const bot = await findOwnedBot(this.platform.prisma, ownerId, botId, BOT_NOT_SAVED);
    return this.ingestUpload(bot.id, upload, DOCUMENT_UPLOAD_RULES);
  }

  /** REST: the document must belong to that bot, and the bot to the caller. */
  async deleteDocument(ownerId: string, botId: string, documentId: string): Promise<Document> {
    const bot = await findOwnedBot(this.platform.prisma, ownerId, botId);
    const document = await this.platform.prisma.document.findFirst({ where: { id: documentId, botId: bot.id } });
    if (!document) throw notFoundError('Document');
    await this.removeDocument(document);
    return document;
  }

  /** GraphQL: by document id alone, among the caller's bots. */
  async deleteDocumentById(ownerId: string, documentId: string): Promise<Document> {
    const document = await this.platform.prisma.document.findUnique({ where: ownedDocumentWhere(ownerId, documentId) });
    if (!document) throw notFoundError('Document');
    await this.removeDocument(document);
    return document;
  }

  /**
   * Live document statuses of one of the caller's bots: first the current state of its most
   * recently changed documents (so a client that connects late or reconnects misses nothing),
   * then each change as it happens. Rejects with a 404-style error for a bot that is not the caller's.
   */
  async subscribeToDocumentStatus(ownerId: string, botId: string): Promise<AsyncIterableIterator<DocumentStatusEvent>> {
    const bot = await findOwnedBot(this.platform.prisma, ownerId, botId);
    const live = this.platform.pubsub.subscribe(documentStatusTopic(bot.id));
    const snapshot = async () => {
      await live.ready;
      const documents = await this.platform.prisma.document.findMany({
        where: { botId: bot.id },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
        take: SUBSCRIPTION_SNAPSHOT_LIMIT,
      });
      return documents.reverse().map(documentStatusEvent);
    };
    return prepend(snapshot, live as AsyncIterableIterator<DocumentStatusEvent>);
  }

  // ------------------------------------------------------------ core (callers check access)

  /** Accepts a file into any bot's knowledge under `rules` (the demo uses its own). */
  async ingestUpload(botId: string, upload: UploadedFile | null, rules: UploadRules = DOCUMENT_UPLOAD_RULES): Promise<Document> {
    if (!upload) throw knowledgeErrors.documentMissing();
    return this.ingestion.accept(botId, upload, rules);
  }

  /** A bot's documents, newest first (the caller has the bot from an owner-filtered lookup). */
  documentsOf(botId: string): Promise<Document[]> {
    return this.platform.prisma.document.findMany({ where: { botId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /** Replaces the knowledge of one source (a crawled page, a document) with these sections. */
  indexSections(botId: string, source: KnowledgeSource, sections: Section[]): Promise<IndexResult> {
    return this.index.indexSections(botId, source, sections);
  }

  /** Removes a source's chunks and vectors (not the Document / WebPage row itself). */
  removeSource(botId: string, source: SourceRef): Promise<void> {
    return this.index.removeSource(botId, source);
  }

  /** Hybrid top-k search in one bot's knowledge. */
  retrieve(botId: string, query: string, options: RetrieveOptions = {}): Promise<readonly RetrievedChunk[]> {
    return this.retriever.retrieve(botId, query, options);
  }

  /** Before a bot is deleted: its vectors (every model), chunks and stored document files. */
  async removeBot(botId: string): Promise<void> {
    await this.index.removeBot(botId);
    await this.platform.blobs.deletePrefix(`bots/${botId}/documents/`);
  }

  /**
   * Queues a duplicate's copy of each completed document of the original: each is `pending` with its
   * own file when this resolves, and is processed like an upload (boot recovery resumes it after a stop).
   */
  async copyDocuments(fromBotId: string, toBotId: string): Promise<void> {
    const documents = await this.platform.prisma.document.findMany({
      where: { botId: fromBotId, status: 'completed' },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    for (const document of documents) await this.ingestion.acceptCopy(toBotId, document);
  }

  /** At boot: resumes or fails documents a stopped process left pending or processing. */
  recoverInterruptedWork(): Promise<{ resumed: number; failed: number }> {
    return this.ingestion.recoverInterruptedWork();
  }

  private async removeDocument(document: Document): Promise<void> {
    await this.index.removeSource(document.botId, { type: 'document', id: document.id });
    await this.platform.prisma.document.deleteMany({ where: { id: document.id } });
    await this.platform.blobs.delete(document.storageKey);
  }
}
