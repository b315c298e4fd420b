import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Document, PrismaClient } from '../../../generated/prisma/client.ts';
import { ServiceUnavailableError } from '../../../errors.ts';
import { BlobNotFoundError, type BlobStore } from '../../../platform/blob/index.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import type { PubSub } from '../../../platform/pubsub/index.ts';
import type { JobContext, JobQueue } from '../../../platform/queue/index.ts';
import type { DataChanges } from '../../../platform/dataChanges.ts';
import type { WorkHolds } from '../../admin/public.ts';
import type { EventRecorder } from '../../events/service.ts';
import { knowledgeErrors } from '../errors.ts';
import { documentStatusEvent, documentStatusTopic } from '../events.ts';
import { uuidv7 } from '../../../platform/ids.ts';
import { WorkerDocumentParser, type DocumentParser } from '../parsing/parseWorker.ts';
import { DocumentProcessingError } from './problems.ts';
import { DOCUMENT_MIME_TYPES, sniffDocumentType, type DocumentKind } from '../parsing/sniff.ts';
import type { KnowledgeIndex } from '../store.ts';

const INGEST_DOCUMENT_QUEUE = 'knowledge.ingest-document';

/**
 * Tries at processing one document, counted in the database before each starts: a file that kills
 * the process mid-parse is failed after this many, instead of being resumed at every boot forever.
 */
export const MAX_PROCESSING_ATTEMPTS = 3;
/** The wait before the first retry of a document; each later one waits twice as long (the queue's backoff). */
const RETRY_BACKOFF_MS = 2_000;

export interface UploadedFile {
  /** The name the browser sent; shown to people, never trusted for the type. */
  fileName: string;
  data: Buffer;
  /** True when the upload went over the transport's limit and `data` is cut short. */
  truncated: boolean;
}

export interface UploadRules {
  maxBytes: number;
  accepted: readonly DocumentKind[];
}

/** The bot editor's rule (spec: pdf, docx, txt, md; at most 10 MB per file). */
export const DOCUMENT_UPLOAD_RULES: UploadRules = { maxBytes: 10 * 1024 * 1024, accepted: ['pdf', 'docx', 'txt', 'md'] };

export const UPLOAD_MESSAGES = {
  fileLost: 'The uploaded file was lost before it could be processed. Please upload it again.',
  processingFailed: 'The document could not be processed because of a temporary problem. Please delete it and upload it again.',
  queueUnavailable: 'Uploads are paused for a moment: the document could not be queued for processing. Please upload it again in a minute.',
  tooManyAttempts:
    `The document could not be processed after ${MAX_PROCESSING_ATTEMPTS} attempts. ` +
    'Please delete it and upload it again, or split it into smaller files.',
} as const;

export interface DocumentIngestionDependencies {
  prisma: PrismaClient;
  /** The admin's system log: failed documents are written there. */
  events?: EventRecorder;
  /** Told of every status change: the owner's cached responses show the old one. */
  changes?: DataChanges;
  blobs: BlobStore;
  queue: JobQueue;
  pubsub: PubSub;
  clock: Clock;
  logger: Logger;
  index: KnowledgeIndex;
  /** Asked before a document is processed: a suspended owner's document waits (stays `pending`). */
  holds?: WorkHolds;
  /** Ingestion jobs run at most this many at a time per process. */
  concurrency?: number;
  /** Defaults to a worker thread per document with the limits of parseLimits.ts. */
  parser?: DocumentParser;
}

/**
 * Uploaded documents, from the upload to searchable chunks: `pending` on upload, then a job moves
 * each to `processing` and to `completed` or `failed` (with a message for the customer). Every
 * change is published on the bot's topic. Ownership is the caller's business.
 */
export class DocumentIngestion {
  private readonly parser: DocumentParser;

  constructor(private readonly deps: DocumentIngestionDependencies) {
    this.parser = deps.parser ?? new WorkerDocumentParser();
    deps.queue.register<{ documentId: string }>(INGEST_DOCUMENT_QUEUE, (payload, job) => this.runJob(payload.documentId, job), {
      concurrency: deps.concurrency ?? 2,
      attempts: MAX_PROCESSING_ATTEMPTS,
      backoffMs: RETRY_BACKOFF_MS,
      onFailed: (payload, error) => this.giveUp(payload.documentId, error),
    });
  }

  /**
   * Checks an upload (size, type sniffed from the content, not already in the bot), stores the
   * file and queues its processing. Resolves with the `pending` document.
   */
  async accept(botId: string, upload: UploadedFile, rules: UploadRules = DOCUMENT_UPLOAD_RULES): Promise<Document> {
    if (upload.truncated || upload.data.length > rules.maxBytes) throw knowledgeErrors.documentTooLarge(rules.maxBytes);
    if (upload.data.length === 0) throw knowledgeErrors.documentEmpty();
    const sniffed = await sniffDocumentType(upload.data, upload.fileName);
    if (sniffed.kind === null || !rules.accepted.includes(sniffed.kind)) {
      const detected = sniffed.kind === null ? sniffed.detected : sniffed.kind;
      throw knowledgeErrors.unsupportedDocumentType(detected, rules.accepted);
    }
    const contentHash = createHash('sha256').update(upload.data).digest('hex');
    const fileName = cleanFileName(upload.fileName, sniffed.kind);

    const document = await this.deps.prisma.$transaction(async (tx) => {
      // One upload at a time per bot, so the same content sent twice at once is still caught.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`knowledge.documents:${botId}`}))`;
      const duplicate = await tx.document.findFirst({
        where: { botId, contentHash, status: { not: 'failed' } },
        select: { fileName: true },
      });
      if (duplicate) throw knowledgeErrors.duplicateDocument(duplicate.fileName);
      const id = uuidv7();
      return tx.document.create({
        data: {
          id,
          botId,
          fileName,
          mimeType: sniffed.mimeType,
          sizeBytes: upload.data.length,
          contentHash,
          storageKey: documentBlobKey(botId, id),
        },
      });
    });

    await this.storeAndQueue(document, upload.data);
    return document;
  }

  /**
   * A duplicate's copy of one of the original's documents: its file stored under the copy, then
   * processed by the same job as an upload (the owner sees it go from `pending` to `completed`).
   * From here on it needs nothing of the original, which may be deleted.
   */
  async acceptCopy(botId: string, original: Document): Promise<Document> {
    const data = await this.deps.blobs.get(original.storageKey);
    const id = uuidv7();
    const { fileName, mimeType, sizeBytes, contentHash } = original;
    const document = await this.deps.prisma.document.create({
      data: { id, botId, fileName, mimeType, sizeBytes, contentHash, storageKey: documentBlobKey(botId, id) },
    });
    await this.storeAndQueue(document, data);
    return document;
  }

  /** Stores a `pending` document's file and queues its processing; on failure the document goes again. */
  private async storeAndQueue(document: Document, data: Buffer): Promise<void> {
    try {
      await this.deps.blobs.put(document.storageKey, data, document.mimeType);
      await this.deps.queue
        .enqueue(INGEST_DOCUMENT_QUEUE, { documentId: document.id }, { jobId: jobIdFor(document.id) })
        .catch((error: unknown) => {
          // The queue (Redis) is away: nothing would ever process the document. Not a bug of ours: a 503 to try again.
          this.deps.logger.warn({ err: error, documentId: document.id }, 'could not queue an uploaded document');
          throw new ServiceUnavailableError(UPLOAD_MESSAGES.queueUnavailable, 'QUEUE_UNAVAILABLE');
        });
    } catch (error) {
      await this.deps.prisma.document.deleteMany({ where: { id: document.id } });
      await this.deps.blobs.delete(document.storageKey).catch(() => undefined);
      throw error;
    }
    await this.publish(document);
  }

  /**
   * One run of the job: a temporary failure the queue will retry is written on the document (still
   * `processing`) with when the next try comes, so the customer knows it is not stuck.
   */
  private async runJob(documentId: string, job: JobContext): Promise<void> {
    try {
      await this.process(documentId);
    } catch (error) {
      this.deps.logger.warn({ err: error, documentId, attempt: job.attempt }, 'document processing failed');
      await this.noteRetry(documentId, job).catch(() => undefined);
      throw error;
    }
  }

  private async noteRetry(documentId: string, job: JobContext): Promise<void> {
    const found = await this.deps.prisma.document.findUnique({ where: { id: documentId }, select: { processingAttempts: true } });
    const notice = found && retryNotice({ jobAttempt: job.attempt, processingAttempts: found.processingAttempts });
    if (notice) await this.transition(documentId, ['processing'], { errorMessage: notice });
  }

  /**
   * The job: parse, index (publishing the progress, batch by batch), complete. Expected problems fail the document at once; others are retried,
   * up to MAX_PROCESSING_ATTEMPTS tries in all, however many processes they take.
   */
  async process(documentId: string): Promise<void> {
    const { prisma, blobs, index } = this.deps;
    const found = await prisma.document.findUnique({ where: { id: documentId }, include: { bot: { select: { ownerId: true } } } });
    if (!found || found.status === 'completed' || found.status === 'failed') return;
    const job = { queue: INGEST_DOCUMENT_QUEUE, key: jobIdFor(documentId), payload: { documentId } };
    if (await this.deps.holds?.holdIfSuspended(found.bot.ownerId, job)) return;
    if (found.processingAttempts >= MAX_PROCESSING_ATTEMPTS) return void (await this.fail(documentId, UPLOAD_MESSAGES.tooManyAttempts));
    const started = await this.transition(documentId, ['pending', 'processing'], {
      status: 'processing',
      errorMessage: null,
      // This run's progress: chunks an interrupted one wrote are replaced as it goes.
      chunkCount: 0,
      processingAttempts: { increment: 1 },
    });
    if (!started) return;

    let data: Buffer;
    try {
      data = await blobs.get(started.storageKey);
    } catch (error) {
      if (error instanceof BlobNotFoundError) return void (await this.fail(documentId, UPLOAD_MESSAGES.fileLost));
      throw error;
    }

    const parseStarted = performance.now();
    let parsed;
    try {
      parsed = await this.parser.parse(kindOf(started.mimeType), data);
    } catch (error) {
      if (error instanceof DocumentProcessingError) {
        this.deps.logger.info({ documentId, problem: error.problem, detail: error.detail }, 'document rejected');
        return void (await this.fail(documentId, error.message));
      }
      throw error;
    }

    const source = { type: 'document' as const, id: documentId, title: started.fileName };
    const indexStarted = performance.now();
    let chunkCount: number;
    try {
      ({ chunkCount } = await index.indexSections(started.botId, source, parsed.sections, ({ written, expected }) =>
        this.transition(documentId, ['processing'], { chunkCount: written, chunksExpected: expected }).then(() => undefined),
      ));
    } catch (error) {
      // Deleted while we worked (its chunks' foreign key fails): clean up what reached Chroma.
      if (!(await prisma.document.count({ where: { id: documentId } }))) return void (await index.removeSource(started.botId, source));
      throw error;
    }
    const completed = await this.transition(documentId, ['processing'], {
      status: 'completed',
      chunkCount,
      pageCount: parsed.pageCount,
      processedAt: this.deps.clock.now(),
    });
    if (!completed) return void (await index.removeSource(started.botId, source));
    // Retrieval skips a document's chunks until it is completed: results cached meanwhile lack it.
    await index.knowledgeChanged([started.botId]);
    this.deps.logger.info(
      {
        documentId,
        pages: parsed.pageCount,
        truncated: parsed.truncated,
        chunks: chunkCount,
        parseMs: Math.round(indexStarted - parseStarted),
        indexMs: Math.round(performance.now() - indexStarted),
      },
      'document processed',
    );
  }

  /**
   * At boot: documents left `pending` or `processing` by a stopped process are queued again (a job
   * still queued or running on BullMQ keeps its id, so nothing runs twice); those whose file is gone,
   * or that were already tried MAX_PROCESSING_ATTEMPTS times (the file may be what stopped the
   * process), are failed. Nothing stays stuck, nothing loops.
   */
  async recoverInterruptedWork(): Promise<{ resumed: number; failed: number }> {
    const interrupted = await this.deps.prisma.document.findMany({
      where: { status: { in: ['pending', 'processing'] } },
      select: { id: true, storageKey: true, processingAttempts: true },
      orderBy: { createdAt: 'asc' },
    });
    let resumed = 0;
    let failed = 0;
    for (const document of interrupted) {
      const reason = await this.unresumable(document);
      if (reason) {
        await this.fail(document.id, reason);
        failed += 1;
        continue;
      }
      await this.deps.queue.enqueue(INGEST_DOCUMENT_QUEUE, { documentId: document.id }, { jobId: jobIdFor(document.id) });
      resumed += 1;
    }
    if (interrupted.length > 0) this.deps.logger.info({ resumed, failed }, 'resumed interrupted document processing');
    return { resumed, failed };
  }

  /** Why a document a stopped process left in progress cannot be resumed, or null when it can. */
  private async unresumable(document: Pick<Document, 'storageKey' | 'processingAttempts'>): Promise<string | null> {
    if (document.processingAttempts >= MAX_PROCESSING_ATTEMPTS) return UPLOAD_MESSAGES.tooManyAttempts;
    if (!(await this.deps.blobs.exists(document.storageKey))) return UPLOAD_MESSAGES.fileLost;
    return null;
  }

  /**
   * Marks a document failed (if it is still in progress) and tells subscribers. The row stays so
   * the customer sees why; its stored file goes, since nothing will read it again, and so do the
   * chunks an interrupted run may have written.
   */
  async fail(documentId: string, message: string): Promise<void> {
    const failed = await this.transition(
      documentId,
      ['pending', 'processing'],
      { status: 'failed', errorMessage: message, chunkCount: 0 },
      async (document) => {
        await this.deps.index.removeSource(document.botId, { type: 'document', id: documentId }).catch((error: unknown) => {
          this.deps.logger.warn({ err: error, documentId }, 'could not remove the chunks of a failed document');
        });
        await this.deps.blobs.delete(document.storageKey).catch(() => undefined);
      },
    );
    if (failed) await this.recordFailure(failed, message);
  }

  private async recordFailure(document: Document, message: string): Promise<void> {
    if (!this.deps.events) return;
    try {
      const bot = await this.deps.prisma.bot.findUnique({ where: { id: document.botId }, select: { name: true, ownerId: true } });
      await this.deps.events.record({
        event: `Document processing failed: ${document.fileName}`,
        category: 'knowledge',
        details: `${bot?.name ?? 'demo bot'}: ${message}`,
        userId: bot?.ownerId ?? null,
      });
    } catch (error) {
      this.deps.logger.warn({ err: error, documentId: document.id }, 'could not record a document failure');
    }
  }

  async publish(document: Document): Promise<void> {
    try {
      await this.deps.changes?.botChanged(document.botId);
      await this.deps.pubsub.publish(documentStatusTopic(document.botId), documentStatusEvent(document));
    } catch (error) {
      // Live status is a convenience: the database holds the truth.
      this.deps.logger.warn({ err: error, documentId: document.id }, 'could not publish a document status');
    }
  }

  private async giveUp(documentId: string, error: Error): Promise<void> {
    this.deps.logger.error({ err: error, documentId }, 'document processing failed');
    await this.fail(documentId, UPLOAD_MESSAGES.processingFailed);
  }

  /**
   * Moves a document from one of `from` to a new state, runs `settle` (before anyone hears of the
   * change) and publishes it; null when the document was deleted or had moved on.
   */
  private async transition(
    documentId: string,
    from: Document['status'][],
    data: Partial<Pick<Document, 'status' | 'errorMessage' | 'chunkCount' | 'chunksExpected' | 'pageCount' | 'processedAt'>> & {
      processingAttempts?: { increment: number };
    },
    settle?: (document: Document) => Promise<unknown>,
  ): Promise<Document | null> {
    const { count } = await this.deps.prisma.document.updateMany({ where: { id: documentId, status: { in: from } }, data });
    if (count === 0) return null;
    const document = await this.deps.prisma.document.findUnique({ where: { id: documentId } });
    if (!document) return null;
    await settle?.(document);
    await this.publish(document);
    return document;
  }
}

/**
 * What a document waiting for its next try says, or null when no try follows (the queue gives up
 * after MAX_PROCESSING_ATTEMPTS runs of its job, and a document tried that often across processes
 * is failed at its next run). The queue waits RETRY_BACKOFF_MS * 2^(n-1) before retry n.
 */
export function retryNotice({ jobAttempt, processingAttempts }: { jobAttempt: number; processingAttempts: number }): string | null {
  if (jobAttempt >= MAX_PROCESSING_ATTEMPTS || processingAttempts >= MAX_PROCESSING_ATTEMPTS) return null;
  const seconds = (RETRY_BACKOFF_MS * 2 ** (jobAttempt - 1)) / 1000;
  return (
    `A temporary problem interrupted processing (try ${processingAttempts} of ${MAX_PROCESSING_ATTEMPTS}). ` +
    `It is tried again in ${seconds} seconds: nothing to do for now.`
  );
}

export function documentBlobKey(botId: string, documentId: string): string {
  return `bots/${botId}/documents/${documentId}`;
}

function jobIdFor(documentId: string): string {
  return `document-${documentId}`;
}

function kindOf(mimeType: string): DocumentKind {
  const kind = (Object.keys(DOCUMENT_MIME_TYPES) as DocumentKind[]).find((candidate) => DOCUMENT_MIME_TYPES[candidate] === mimeType);
  if (!kind) throw new Error(`No parser for ${mimeType}`);
  return kind;
}

/** The file name to show: no path, no control characters, bounded, never empty. */
function cleanFileName(raw: string, kind: DocumentKind): string {
  const base = path
    .basename(raw.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const name = base || `document.${kind}`;
  return name.length > 255 ? name.slice(0, 255) : name;
}
