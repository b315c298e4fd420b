import { buildApp } from './app.ts';
import { startBackgroundWork } from './background.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logging.ts';
import { createPlatform } from './platform/index.ts';
import { applyMigrations } from './platform/database/migrate.ts';
import { seedDatabase } from './seed/seed.ts';
import { createServices } from './services.ts';

const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const platform = await createPlatform(config, { logger });
  await applyMigrations(platform.database);
  await seedDatabase(platform.prisma, config, platform.clock);
  const services = createServices(platform);
  const app = await buildApp(platform, services);
  const background = await startBackgroundWork(services, platform.queue, logger);
  app.addHook('onClose', async () => {
    background.stop();
    await platform.close();
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.runJobs) await platform.queue.start();

  const lines = [
    '',
    `  Chatbot Builder is running at ${config.publicUrl}`,
    `  GraphQL (GraphiQL in a browser): ${config.publicUrl}/graphql`,
    `  Database: ${platform.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    `  Mail: ${config.mail.smtpUrl ? 'SMTP' : `written to ${config.dataDir}/outbox/`}`,
  ];
  if (config.seed.demoAccounts) {
    lines.push(
      `  Demo admin:    ${config.seed.adminEmail} / ${config.seed.adminPassword}`,
      `  Demo customer: ${config.seed.customerEmail} / ${config.seed.customerPassword}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
