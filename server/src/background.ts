import type { Logger } from 'pino';
import type { KnowledgeIndex } from './domains/knowledge/store.ts';
import { Outage } from './platform/outage.ts';
import type { JobQueue } from './platform/queue/index.ts';
import type { Services } from './services.ts';

const DEMO_PURGE_INTERVAL_MS = 5 * 60_000;

/**
 * Work the server does on its own: at boot, resume documents and crawls a stopped process left
 * unfinished (with jobs in memory only: a durable queue gives a dead worker's jobs back by itself,
 * and resuming them here would run a job another live process holds) and, without holding up the
 * boot, bring chunks of an older index version up to date; then, periodically, purge expired demo
 * bots with their knowledge and files. It also asks the job queue for the crawl and data tool
 * schedules' ticks and the waits for a person's:
 * with Redis, one scheduler shared by every process, run by a worker; in memory, a timer here.
 */
export async function startBackgroundWork(services: Services, queue: Pick<JobQueue, 'durable'>, logger: Logger): Promise<{ stop(): void }> {
  if (!queue.durable) {
    const documents = await services.knowledge.recoverInterruptedWork();
    const crawls = await services.crawls.recoverInterruptedCrawls();
    if (documents.resumed + documents.failed + crawls > 0) logger.info({ documents, crawls }, 'resumed interrupted work');
  }
  await services.crawlSchedules.startTicking();
  await services.dataTool.startTicking();
  await services.handoff.startTicking();
  void services.knowledge.index.refreshStaleChunks().then(
    (refreshed) => {
      if (refreshed.restemmed + refreshed.reembedded > 0) logger.info(refreshed, 'refreshed knowledge indexed by an older version');
    },
    (error: unknown) => logger.error({ err: error }, 'knowledge refresh failed; it resumes at the next boot'),
  );
  const purge = () =>
    services.demo.purgeExpired().then(
      (purged) => {
        if (purged > 0) logger.info({ purged }, 'purged expired demo bots');
      },
      (error: unknown) => logger.error({ err: error }, 'demo purge failed'),
    );
  await purge();
  const timer = setInterval(purge, DEMO_PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * In the processes that run jobs: every `intervalMs`, brings Chroma up to date with the knowledge
 * indexed or removed while it was away (a no-op read when there is none). A failure is logged once
 * per outage, not every round.
 */
export function startVectorSync(index: Pick<KnowledgeIndex, 'syncVectors'>, logger: Logger, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const outage = new Outage(
    { started: 'vector sync failed; it tries again until the vector store answers', ended: 'vector sync working again' },
    logger,
  );
  const sync = () => {
    running ??= index
      .syncVectors()
      .then(
        (synced) => {
          if (synced.removed + synced.written > 0) logger.info(synced, 'vector store brought up to date');
          outage.answered();
        },
        (error: unknown) => outage.failed(error),
      )
      .finally(() => (running = undefined));
  };
  sync();
  const timer = setInterval(sync, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
