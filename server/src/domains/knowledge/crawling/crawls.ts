import { z } from 'zod';
import type { Logger } from 'pino';
import type { Prisma, PrismaClient, WebPage, WebSource } from '../../../generated/prisma/client.ts';
import { prepend } from '../../../platform/pubsub/streams.ts';
import { BlobNotFoundError, type BlobStore } from '../../../platform/blob/index.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import type { PubSub } from '../../../platform/pubsub/index.ts';
import type { JobQueue } from '../../../platform/queue/index.ts';
import { parseInput } from '../../../platform/validation.ts';
import type { DataChanges } from '../../../platform/dataChanges.ts';
import type { WorkHolds } from '../../admin/public.ts';
import { CREDIT_VALUE_USD, findActiveSubscription } from '../../billing/public.ts';
import { findOwnedBot, ownedBotsWhere } from '../../bots/public.ts';
import type { EventRecorder } from '../../events/service.ts';
import { knowledgeErrors } from '../errors.ts';
import { crawlSite, type CrawledPage } from './crawl.ts';
import { CrawlError } from './errors.ts';
import { validateCrawlUrl } from './urls.ts';
import { uuidv7 } from '../../../platform/ids.ts';
import type { Section } from '../parsing/sections.ts';
import type { KnowledgeSource, SourceRef } from '../store.ts';

/** One of the viewer's crawls, by id: a crawl into one of their bots. */
export function ownedWebSourceWhere(viewerId: string | null, webSourceId: string): Prisma.WebSourceWhereUniqueInput {
  return { id: webSourceId, bot: ownedBotsWhere(viewerId) };
}

const CRAWL_QUEUE = 'knowledge.crawl';
/** POST /crawl waits this long for a crawl to finish before answering with the running record. */
const CRAWL_WAIT_MS = 20_000;
const DEFAULT_PAGE_CAP = 200;
/** Pages a whole-site crawl may read, by plan (a plan not listed gets the default). */
const PAGE_CAP_BY_PLAN: Record<string, number> = { starter: 100, pro: 200, enterprise: 500 };
const HISTORY_LIMIT = 50;
const INTERRUPTED = 'The crawl was interrupted by a server restart and has been started again.';
const COPY_FAILED = 'The pages of this crawl could not be copied. Please crawl the website again.';

/**
 * What a duplicate's crawl is copied from, stored beside the copy when the duplicate is made: the
 * copy is indexed later, by the crawl job, and the original may be gone by then.
 */
interface CrawlCopy {
  /** The original's record once it ended (status, statistics, message): the copy's when it is done. */
  outcome: Omit<
    WebSource,
    'id' | 'botId' | 'runId' | 'datasetId' | 'createdAt' | 'updatedAt' | 'url' | 'maxDepth' | 'costUsage' | 'scrapedAt'
  > & {
    costUsage: string;
    scrapedAt: string | null;
  };
  pages: (Omit<WebPage, 'id' | 'botId' | 'webSourceId' | 'fetchedAt'> & { fetchedAt: string; sections: Section[] })[];
}

function crawlCopyKey(crawl: Pick<WebSource, 'id' | 'botId'>): string {
  return `bots/${crawl.botId}/crawls/${crawl.id}/copy.json`;
}

const crawlInput = z.object({
  url: z.unknown(),
  botId: z.string({ error: 'bot_id is required' }).trim().min(1, { error: 'bot_id is required' }),
  maxDepth: z.coerce
    .number({ error: 'max_depth must be 0 (single page) or 1 (entire site)' })
    .refine((depth) => depth === 0 || depth === 1, { error: 'max_depth must be 0 (single page) or 1 (entire site)' })
    .default(0),
});

function crawlStatusTopic(botId: string): string {
  return `knowledge.crawls.${botId}`;
}

/** A WebSource row as it travels through the pubsub (dates as ISO strings, cost as a number). */
export interface CrawlStatusEvent {
  botId: string;
  crawl: Omit<WebSource, 'createdAt' | 'updatedAt' | 'scrapedAt' | 'costUsage'> & {
    createdAt: string;
    updatedAt: string;
    scrapedAt: string | null;
    costUsage: number;
  };
}

function crawlStatusEvent(crawl: WebSource): CrawlStatusEvent {
  return {
    botId: crawl.botId,
    crawl: {
      ...crawl,
      costUsage: crawl.costUsage.toNumber(),
      createdAt: crawl.createdAt.toISOString(),
      updatedAt: crawl.updatedAt.toISOString(),
      scrapedAt: crawl.scrapedAt?.toISOString() ?? null,
    },
  };
}

/** The spec's crawl record (REST). */
/** The page bound of a whole-site crawl for the bot's owner; demo bots get the smallest. */
function pageCapFor(planLabel: string | null): number {
  return (planLabel && PAGE_CAP_BY_PLAN[planLabel]) || DEFAULT_PAGE_CAP;
}

/** Dollars a crawl costs at the `crawl`/`page` credit rate (no rate: free). */
function crawlCostUsd(pages: number, creditsPerPage: number): number {
  return Math.round(pages * creditsPerPage * CREDIT_VALUE_USD * 10_000) / 10_000;
}

interface CrawlDependencies {
  prisma: PrismaClient;
  queue: JobQueue;
  pubsub: PubSub;
  /** Holds what a duplicate's crawls are copied from until they are. */
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  allowPrivateNetworks: boolean;
  /** The admin's system log: finished and failed crawls are written there. */
  events?: EventRecorder;
  /** Told of every status change: the owner's cached responses show the old one. */
  changes?: DataChanges;
  knowledge: {
    indexSections(botId: string, source: KnowledgeSource, sections: Section[]): Promise<unknown>;
    removeSource(botId: string, source: SourceRef): Promise<void>;
  };
  /** Asked before a crawl runs: a suspended owner's crawl waits. */
  holds?: WorkHolds;
  /** The installation's page cap for a whole-site crawl, in place of the plans' (CRAWL_MAX_PAGES). */
  maxPages?: number;
}

/**
 * Website knowledge: each crawl is a job whose record carries the spec's fields and whose progress
 * is published live. Re-crawling a site keeps unchanged pages, re-indexes changed ones and removes
 * pages that disappeared.
 */
export class CrawlService {
  constructor(private readonly deps: CrawlDependencies) {
    deps.queue.register<{ crawlId: string }>(CRAWL_QUEUE, (payload) => this.run(payload.crawlId), { attempts: 1 });
  }

  async start(ownerId: string, rawInput: unknown): Promise<WebSource> {
    const input = parseInput(crawlInput, rawInput);
    const url = validateCrawlUrl(input.url);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    return this.startForBot(bot.id, url, input.maxDepth);
  }

  /**
   * A crawl of a bot its caller may already use (its owner's, or a live demo session's); `scheduled`
   * when the site's schedule started it.
   */
  async startForBot(botId: string, rawUrl: string, maxDepth: number, options: { scheduled?: boolean } = {}): Promise<WebSource> {
    const url = validateCrawlUrl(rawUrl);
    const running = await this.deps.prisma.webSource.count({ where: { botId, status: { in: ['pending', 'running'] } } });
    if (running > 0) throw knowledgeErrors.crawlRunning();
    const crawl = await this.deps.prisma.webSource.create({ data: { botId, url, maxDepth, scheduled: options.scheduled ?? false } });
    await this.publish(crawl);
    await this.deps.queue.enqueue(CRAWL_QUEUE, { crawlId: crawl.id }, { jobId: `crawl-${crawl.id}` });
    return crawl;
  }

  /** Starts a crawl and waits for it up to CRAWL_WAIT_MS; a longer crawl answers while it runs. */
  async startAndWait(ownerId: string, rawInput: unknown, waitMs = CRAWL_WAIT_MS): Promise<WebSource> {
    return this.waitFor(await this.start(ownerId, rawInput), waitMs);
  }

  /** The crawl once it has finished, or as it stands after `waitMs`. */
  async waitFor(started: WebSource, waitMs = CRAWL_WAIT_MS): Promise<WebSource> {
    const updates = this.deps.pubsub.subscribe(crawlStatusTopic(started.botId));
    const timer = setTimeout(() => void updates.return?.(), waitMs);
    try {
      await updates.ready;
      const current = await this.deps.prisma.webSource.findUniqueOrThrow({ where: { id: started.id } });
      if (isFinished(current)) return current;
      for await (const event of updates as AsyncIterable<CrawlStatusEvent>) {
        if (event.crawl.id === started.id && (event.crawl.status === 'completed' || event.crawl.status === 'failed')) break;
      }
      return await this.deps.prisma.webSource.findUniqueOrThrow({ where: { id: started.id } });
    } finally {
      clearTimeout(timer);
      await updates.return?.();
    }
  }

  async history(ownerId: string, botId: string): Promise<WebSource[]> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    return this.deps.prisma.webSource.findMany({
      where: { botId: bot.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: HISTORY_LIMIT,
    });
  }

  async subscribe(ownerId: string, botId: string): Promise<AsyncIterableIterator<CrawlStatusEvent>> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const live = this.deps.pubsub.subscribe(crawlStatusTopic(bot.id));
    // The bot's most recently changed crawls, finished ones too: a crawl that ended between the
    // client's start and this subscription's readiness would otherwise be shown running forever.
    const snapshot = async () => {
      await live.ready;
      const crawls = await this.deps.prisma.webSource.findMany({
        where: { botId: bot.id },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
        take: HISTORY_LIMIT,
      });
      return crawls.reverse().map(crawlStatusEvent);
    };
    return prepend(snapshot, live as AsyncIterableIterator<CrawlStatusEvent>);
  }

  /**
   * Queues a duplicate's copy of each finished crawl of the original: each is `pending` when this
   * resolves, with the original's pages stored beside it, and the crawl job indexes them (boot
   * recovery resumes it after a stop) instead of reading the website again. Their re-crawl
   * schedules go with them.
   */
  async copyCrawls(fromBotId: string, toBotId: string): Promise<void> {
    const chunks = { orderBy: { ordinal: 'asc' }, select: { content: true, heading: true, page: true } } as const;
    const originals = await this.deps.prisma.webSource.findMany({
      where: { botId: fromBotId, status: { notIn: ['pending', 'running'] } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { pages: { orderBy: { depth: 'asc' }, include: { chunks } } },
    });
    for (const {
      id: _id,
      botId: _botId,
      runId: _runId,
      datasetId: _datasetId,
      createdAt: _created,
      updatedAt: _updated,
      url,
      maxDepth,
      pages,
      ...outcome
    } of originals) {
      const copy: CrawlCopy = {
        outcome: { ...outcome, costUsage: outcome.costUsage.toString(), scrapedAt: outcome.scrapedAt?.toISOString() ?? null },
        pages: pages.map(({ id: _page, botId: _bot, webSourceId: _crawl, chunks: pageChunks, fetchedAt, ...page }) => ({
          ...page,
          fetchedAt: fetchedAt.toISOString(),
          sections: pageChunks.map((chunk) => ({
            heading: chunk.heading,
            text: chunk.content,
            ...(chunk.page === null ? {} : { page: chunk.page }),
          })),
        })),
      };
      // Stored before the crawl exists: a pending crawl without it would be crawled from the website.
      const id = uuidv7();
      await this.deps.blobs.put(crawlCopyKey({ id, botId: toBotId }), Buffer.from(JSON.stringify(copy)), 'application/json');
      const crawl = await this.deps.prisma.webSource.create({ data: { id, botId: toBotId, url, maxDepth } });
      await this.publish(crawl);
      await this.deps.queue.enqueue(CRAWL_QUEUE, { crawlId: crawl.id }, { jobId: `crawl-${crawl.id}` });
    }
    // The duplicate's websites are crawled again as the original's are, from the same next time.
    const schedules = await this.deps.prisma.websiteSchedule.findMany({ where: { botId: fromBotId } });
    await this.deps.prisma.websiteSchedule.createMany({
      data: schedules.map(({ url, maxDepth, schedule, nextCrawlAt }) => ({ botId: toBotId, url, maxDepth, schedule, nextCrawlAt })),
    });
  }

  /** At boot: crawls a stopped process left pending or running start again (re-crawling is idempotent). */
  async recoverInterruptedCrawls(): Promise<number> {
    const interrupted = await this.deps.prisma.webSource.findMany({ where: { status: { in: ['pending', 'running'] } } });
    for (const crawl of interrupted) {
      await this.deps.prisma.webSource.update({
        where: { id: crawl.id },
        data: { status: 'pending', errorMessage: crawl.status === 'running' ? INTERRUPTED : null },
      });
      await this.deps.queue.enqueue(CRAWL_QUEUE, { crawlId: crawl.id }, { jobId: `crawl-${crawl.id}-recovered` });
    }
    return interrupted.length;
  }

  private async run(crawlId: string): Promise<void> {
    const crawl = await this.deps.prisma.webSource.findUnique({ where: { id: crawlId }, include: { bot: true } });
    if (!crawl || isFinished(crawl)) return;
    // A suspended owner's crawl waits, `pending`, until they are enabled.
    if (await this.deps.holds?.holdIfSuspended(crawl.bot.ownerId, { queue: CRAWL_QUEUE, key: `crawl-${crawl.id}`, payload: { crawlId } }))
      return;
    const copy = await this.copyOf(crawl);
    if (copy) return this.indexCopy(crawl, copy);
    const started = Date.now();
    const memoryBefore = process.memoryUsage().rss;
    let peakMemory = memoryBefore;
    await this.update(crawl.id, { status: 'running' });
    const siteUrl = new URL(crawl.url).origin;
    // A run of this crawl stopped half-way (its process killed) read these pages: go on from them.
    const alreadyRead = await this.deps.prisma.webPage.findMany({
      where: { webSourceId: crawl.id, contentHash: { not: '' } },
      select: { url: true, contentHash: true, byteSize: true, depth: true, links: true },
      orderBy: { depth: 'asc' },
    });
    const seen = new Set(alreadyRead.map((page) => page.url));
    let skipped = Math.min(crawl.pagesSkipped, alreadyRead.length);
    let indexed = alreadyRead.length - skipped;
    let added = crawl.pagesAdded;
    let changed = crawl.pagesChanged;
    try {
      const plan = crawl.bot.ownerId ? await findActiveSubscription(this.deps.prisma, crawl.bot.ownerId, this.deps.clock.now()) : null;
      const pages = crawlSite({
        url: crawl.url,
        maxDepth: crawl.maxDepth === 1 ? 1 : 0,
        maxPages: this.deps.maxPages ?? pageCapFor(plan?.plan.name.toLowerCase() ?? null),
        allowPrivateNetworks: this.deps.allowPrivateNetworks,
        alreadyRead: alreadyRead.map((page) => ({ ...page, bytes: page.byteSize })),
      });
      let step = await pages.next();
      while (!step.done) {
        const page = step.value;
        seen.add(page.finalUrl);
        const outcome = await this.indexPage(crawl.botId, crawl.id, siteUrl, page);
        if (outcome === 'unchanged') skipped++;
        else {
          indexed++;
          if (outcome === 'added') added++;
          else changed++;
        }
        peakMemory = Math.max(peakMemory, process.memoryUsage().rss);
        await this.update(crawl.id, { itemsCount: indexed + skipped, pagesSkipped: skipped, pagesAdded: added, pagesChanged: changed });
        step = await pages.next();
      }
      const summary = step.value;
      // Only a whole site read to the end says which pages are gone.
      const removed =
        crawl.maxDepth === 1 && summary.stoppedBy === 'completed' ? await this.removeVanishedPages(crawl.botId, siteUrl, seen) : 0;
      const rate = await this.deps.prisma.creditRate.findUnique({
        where: { usageType_unitName: { usageType: 'crawl', unitName: 'page' } },
      });
      await this.update(crawl.id, {
        status: 'completed',
        itemsCount: indexed + skipped,
        pagesSkipped: skipped,
        pagesRemoved: removed,
        costUsage: crawlCostUsd(indexed, rate ? rate.costPerUnit.toNumber() : 0),
        durationMs: Date.now() - started,
        memoryUsedMb: megabytes(peakMemory - memoryBefore),
        scrapedAt: this.deps.clock.now(),
        errorMessage: summary.failures.length > 0 ? `${summary.failures.length} page(s) could not be read.` : null,
      });
      await this.recordEvent(crawl, `Website crawled: ${crawl.url}`, `${indexed} page(s) indexed, ${skipped} unchanged`);
    } catch (error) {
      const message = error instanceof CrawlError ? error.message : 'The website could not be crawled. Please try again later.';
      if (!(error instanceof CrawlError)) this.deps.logger.error({ err: error, crawlId }, 'crawl failed');
      await this.update(crawl.id, {
        status: 'failed',
        errorMessage: message,
        itemsCount: indexed + skipped,
        durationMs: Date.now() - started,
        memoryUsedMb: megabytes(peakMemory - memoryBefore),
      });
      await this.recordEvent(crawl, `Crawl failed: ${crawl.url}`, message);
    }
  }

  /** What a duplicate's crawl is copied from, or null for a crawl of the website. */
  private async copyOf(crawl: WebSource): Promise<CrawlCopy | null> {
    try {
      return JSON.parse((await this.deps.blobs.get(crawlCopyKey(crawl))).toString('utf8')) as CrawlCopy;
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  /**
   * Indexes a duplicate's crawl from its copy of the original's pages, counting them as it goes, then
   * gives it the original's outcome. A run stopped halfway goes on from the pages it had indexed.
   */
  private async indexCopy(crawl: WebSource, copy: CrawlCopy): Promise<void> {
    const { prisma, knowledge } = this.deps;
    await this.update(crawl.id, { status: 'running' });
    try {
      const indexed = await prisma.webPage.findMany({ where: { webSourceId: crawl.id, contentHash: { not: '' } }, select: { url: true } });
      const done = new Set(indexed.map((page) => page.url));
      for (const { sections, contentHash, ...page } of copy.pages) {
        if (done.has(page.url)) continue;
        // Written with an empty hash until its chunks are, as a crawl does.
        const saved = await prisma.webPage.upsert({
          where: { botId_url: { botId: crawl.botId, url: page.url } },
          create: { ...page, botId: crawl.botId, webSourceId: crawl.id, contentHash: '' },
          update: {},
        });
        await knowledge.indexSections(
          crawl.botId,
          { type: 'web_page', id: saved.id, title: page.title || page.url, url: page.url },
          sections,
        );
        await prisma.webPage.update({ where: { id: saved.id }, data: { contentHash } });
        done.add(page.url);
        await this.update(crawl.id, { itemsCount: done.size });
      }
      await this.update(crawl.id, copy.outcome);
    } catch (error) {
      this.deps.logger.error({ err: error, crawlId: crawl.id }, 'crawl copy failed');
      await this.update(crawl.id, { status: 'failed', errorMessage: COPY_FAILED });
    }
    await this.deps.blobs.delete(crawlCopyKey(crawl));
  }

  private async recordEvent(crawl: { id: string; bot: { ownerId: string | null } }, event: string, details: string): Promise<void> {
    try {
      await this.deps.events?.record({ event, category: 'crawls', details, userId: crawl.bot.ownerId });
    } catch (error) {
      this.deps.logger.warn({ err: error, crawlId: crawl.id }, 'could not record a crawl event');
    }
  }

  /**
   * Indexes a page unless the bot already has it with the same content, and says which it was. The
   * page's content hash is written once its chunks are: a run stopped in between reads it again.
   */
  private async indexPage(botId: string, crawlId: string, siteUrl: string, page: CrawledPage): Promise<'added' | 'changed' | 'unchanged'> {
    const existing = await this.deps.prisma.webPage.findUnique({ where: { botId_url: { botId, url: page.finalUrl } } });
    const read = { webSourceId: crawlId, depth: page.depth, links: page.links, fetchedAt: this.deps.clock.now() };
    if (existing?.contentHash === page.contentHash) {
      await this.deps.prisma.webPage.update({ where: { id: existing.id }, data: read });
      return 'unchanged';
    }
    const indexing = { siteUrl, title: page.title, contentHash: '', byteSize: page.bytes };
    const saved: WebPage = await this.deps.prisma.webPage.upsert({
      where: { botId_url: { botId, url: page.finalUrl } },
      create: { botId, webSourceId: crawlId, url: page.finalUrl, ...indexing },
      update: indexing,
    });
    await this.deps.knowledge.indexSections(
      botId,
      { type: 'web_page', id: saved.id, title: page.title || page.finalUrl, url: page.finalUrl },
      page.sections,
    );
    await this.deps.prisma.webPage.update({ where: { id: saved.id }, data: { ...read, contentHash: page.contentHash } });
    return existing ? 'changed' : 'added';
  }

  private async removeVanishedPages(botId: string, siteUrl: string, seen: Set<string>): Promise<number> {
    const known = await this.deps.prisma.webPage.findMany({ where: { botId, siteUrl }, select: { id: true, url: true } });
    const vanished = known.filter((page) => !seen.has(page.url));
    for (const page of vanished) {
      await this.deps.knowledge.removeSource(botId, { type: 'web_page', id: page.id });
      await this.deps.prisma.webPage.delete({ where: { id: page.id } });
    }
    return vanished.length;
  }

  private async update(crawlId: string, data: Parameters<PrismaClient['webSource']['update']>[0]['data']): Promise<void> {
    const crawl = await this.deps.prisma.webSource.update({ where: { id: crawlId }, data });
    await this.publish(crawl);
  }

  private async publish(crawl: WebSource): Promise<void> {
    await this.deps.changes?.botChanged(crawl.botId);
    await this.deps.pubsub.publish(crawlStatusTopic(crawl.botId), crawlStatusEvent(crawl));
  }
}

function isFinished(crawl: WebSource): boolean {
  return crawl.status === 'completed' || crawl.status === 'failed';
}

function megabytes(bytes: number): number {
  return Math.max(0, Math.round((bytes / (1024 * 1024)) * 10) / 10);
}
