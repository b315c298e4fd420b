import type { Logger } from 'pino';
import type { JobQueue } from './platform/queue/index.ts';
import type { Services } from './services.ts';

const DEMO_PURGE_INTERVAL_MS = 5 * 60_000;

/**
 * Work the server does on its own: at boot, resume documents and crawls a stopped process left
 * unfinished (with jobs in memory only: a durable queue gives a dead worker's jobs back by itself,
 * and resuming them here would run a job another live process holds) and, without holding up the
 * boot, bring chunks of an older index version up to date; then, periodically, purge expired demo
 * bots with their knowledge and files.
 */
export async function startBackgroundWork(services: Services, queue: Pick<JobQueue, 'durable'>, logger: Logger): Promise<{ stop(): void }> {
  if (!queue.durable) {
    const documents = await services.knowledge.recoverInterruptedWork();
    const crawls = await services.crawls.recoverInterruptedCrawls();
    if (documents.resumed + documents.failed + crawls > 0) logger.info({ documents, crawls }, 'resumed interrupted work');
  }
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
