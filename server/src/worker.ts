import { startVectorSync } from './background.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logging.ts';
import { createPlatform } from './platform/index.ts';
import { applyMigrations } from './platform/database/migrate.ts';
import { createServices } from './services.ts';
import { exitOnSignals } from './shutdown.ts';

/**
 * A background worker for scale-out: runs queued jobs (document ingestion, crawls) and the vector
 * sync without serving HTTP. Needs REDIS_URL and DATABASE_URL shared with the API replicas.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (!config.redisUrl) throw new Error('The worker needs REDIS_URL: without it, jobs run inside the API process.');
  const platform = await createPlatform(config, { logger });
  await applyMigrations(platform.database);
  const services = createServices(platform);
  await platform.queue.start();
  const vectorSync = startVectorSync(services.knowledge.index, logger, config.vectorSyncIntervalMs);
  logger.info('worker started');

  exitOnSignals(logger, async () => {
    await vectorSync.stop();
    await platform.close();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
