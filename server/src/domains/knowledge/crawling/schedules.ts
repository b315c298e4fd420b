import { z } from 'zod';
import type { Logger } from 'pino';
import { ConflictError, notFoundError } from '../../../errors.ts';
import { Prisma, type CrawlSchedule, type PrismaClient, type WebSource } from '../../../generated/prisma/client.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import type { DataChanges } from '../../../platform/dataChanges.ts';
import type { JobQueue } from '../../../platform/queue/index.ts';
import { parseInput } from '../../../platform/validation.ts';
import { allowedSchedules, CRAWL_SCHEDULES, SCHEDULE_PERIOD_MS } from '../../billing/public.ts';
import { knowledgeErrors } from '../errors.ts';
import { ownedWebSourceWhere, type CrawlService } from './crawls.ts';

const TICK_QUEUE = 'knowledge.crawlSchedules';
/** How often due schedules are looked for: a scheduled crawl starts at most this late. */
const CRAWL_SCHEDULE_TICK_MS = 60_000;
/** A due crawl that found another crawl of the bot running tries again this much later. */
const BUSY_RETRY_MS = 15 * 60_000;
/** Due schedules claimed by one tick; the rest wait for the next. */
const CLAIM_BATCH = 100;

const setScheduleInput = z.object({
  webSourceId: z.string().trim().min(1),
  schedule: z.enum(CRAWL_SCHEDULES, { error: 'schedule must be OFF, DAILY or WEEKLY' }),
});

/** A website as its crawls name it: the schedule of every crawl of the same url and scope. */
export interface CrawledSite {
  botId: string;
  url: string;
  maxDepth: number;
}

interface ClaimedSchedule extends CrawledSite {
  id: string;
  schedule: CrawlSchedule;
}

interface CrawlScheduleDependencies {
  prisma: PrismaClient;
  clock: Clock;
  queue: JobQueue;
  logger: Logger;
  crawls: Pick<CrawlService, 'startForBot'>;
  /** Told when a schedule changes: the owner's cached responses show the old one. */
  changes?: DataChanges;
}

/**
 * Websites crawled again on their own, daily or weekly, as the owner's paid plan allows (anyone
 * without a paid subscription, on credits or a trial, crawls by hand only). A tick, every minute in
 * whichever process runs jobs, claims the due schedules by moving their next time on in one UPDATE,
 * so replicas ticking together start each crawl once; a schedule the owner's plan no longer allows
 * is turned OFF when it comes due instead of being run. The crawl itself is the manual re-crawl:
 * unchanged pages are skipped, changed ones indexed again, vanished ones removed.
 */
export class CrawlScheduleService {
  constructor(private readonly deps: CrawlScheduleDependencies) {
    deps.queue.register(TICK_QUEUE, () => this.runDue().then(() => undefined), { attempts: 1 });
  }

  /** Asks the job queue for a tick every `everyMs` (idempotent across processes). */
  startTicking(everyMs = CRAWL_SCHEDULE_TICK_MS): Promise<void> {
    return this.deps.queue.repeat(TICK_QUEUE, everyMs);
  }

  /** The schedules the customer's plan allows them, OFF first. */
  allowedFor(ownerId: string | null): Promise<CrawlSchedule[]> {
    return allowedSchedules(this.deps.prisma, ownerId, this.deps.clock.now());
  }

  /** Sets how often the site of one of the owner's crawls is crawled again; answers that crawl. */
  async set(ownerId: string, rawInput: unknown): Promise<WebSource> {
    const input = parseInput(setScheduleInput, rawInput);
    const crawl = await this.deps.prisma.webSource.findUnique({ where: ownedWebSourceWhere(ownerId, input.webSourceId) });
    if (!crawl) throw notFoundError('WebSource');
    if (!(await this.allowedFor(ownerId)).includes(input.schedule)) throw knowledgeErrors.crawlScheduleNotAllowed(input.schedule);
    const site = { botId: crawl.botId, url: crawl.url, maxDepth: crawl.maxDepth };
    const current = await this.deps.prisma.websiteSchedule.findUnique({ where: { botId_url_maxDepth: site } });
    if (current?.schedule !== input.schedule) {
      const nextCrawlAt = input.schedule === 'OFF' ? null : new Date(this.deps.clock.now().getTime() + SCHEDULE_PERIOD_MS[input.schedule]);
      await this.deps.prisma.websiteSchedule.upsert({
        where: { botId_url_maxDepth: site },
        create: { ...site, schedule: input.schedule, nextCrawlAt },
        update: { schedule: input.schedule, nextCrawlAt },
      });
      await this.deps.changes?.botChanged(crawl.botId);
    }
    return crawl;
  }

  /** The schedule of each site, in the order asked (OFF for a site never scheduled). */
  async schedulesOf(sites: readonly CrawledSite[]): Promise<CrawlSchedule[]> {
    const stored = await this.deps.prisma.websiteSchedule.findMany({
      where: { botId: { in: [...new Set(sites.map((site) => site.botId))] }, url: { in: [...new Set(sites.map((site) => site.url))] } },
      select: { botId: true, url: true, maxDepth: true, schedule: true },
    });
    const byKey = new Map(stored.map((schedule) => [siteKey(schedule), schedule.schedule]));
    return sites.map((site) => byKey.get(siteKey(site)) ?? 'OFF');
  }

  /** One tick: claims the due schedules and starts their crawls. Resolves with the crawls started. */
  async runDue(): Promise<number> {
    const now = this.deps.clock.now();
    // Moved on before anything runs: a second tick, here or in another process, finds nothing due.
    const claimed = await this.deps.prisma.$queryRaw<ClaimedSchedule[]>(Prisma.sql`
      UPDATE "website_schedules"
      SET "nextCrawlAt" = CASE "schedule" WHEN 'DAILY' THEN ${new Date(now.getTime() + SCHEDULE_PERIOD_MS.DAILY)}::timestamp
                                          ELSE ${new Date(now.getTime() + SCHEDULE_PERIOD_MS.WEEKLY)}::timestamp END,
          "updatedAt" = ${now}::timestamp
      WHERE "id" IN (
        SELECT "id" FROM "website_schedules" WHERE "nextCrawlAt" <= ${now}
        ORDER BY "nextCrawlAt" LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED
      ) AND "nextCrawlAt" <= ${now}
      RETURNING "id", "botId", "url", "maxDepth", "schedule"
    `);
    let started = 0;
    for (const site of claimed) if (await this.runClaimed(site, now)) started++;
    return started;
  }

  private async runClaimed(site: ClaimedSchedule, now: Date): Promise<boolean> {
    const bot = await this.deps.prisma.bot.findUnique({ where: { id: site.botId }, select: { ownerId: true } });
    if (!bot || !(await this.allowedFor(bot.ownerId)).includes(site.schedule)) {
      await this.deps.prisma.websiteSchedule.update({ where: { id: site.id }, data: { schedule: 'OFF', nextCrawlAt: null } });
      await this.deps.changes?.botChanged(site.botId);
      this.deps.logger.info({ botId: site.botId, url: site.url }, "scheduled crawl turned off: the owner's plan no longer allows it");
      return false;
    }
    try {
      await this.deps.crawls.startForBot(site.botId, site.url, site.maxDepth, { scheduled: true });
      return true;
    } catch (error) {
      if (error instanceof ConflictError) {
        await this.deps.prisma.websiteSchedule.update({
          where: { id: site.id },
          data: { nextCrawlAt: new Date(now.getTime() + BUSY_RETRY_MS) },
        });
      } else this.deps.logger.error({ err: error, botId: site.botId, url: site.url }, 'scheduled crawl could not start');
      return false;
    }
  }
}

function siteKey(site: CrawledSite): string {
  return JSON.stringify([site.botId, site.maxDepth, site.url]);
}
