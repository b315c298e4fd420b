import { buildApp } from './app.ts';
import { startBackgroundWork, startVectorSync } from './background.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logging.ts';
import { createPlatform } from './platform/index.ts';
import { applyMigrations } from './platform/database/migrate.ts';
import { seedDatabase } from './seed/seed.ts';
import { createServices } from './services.ts';
import { exitOnSignals } from './shutdown.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const platform = await createPlatform(config, { logger });
  await applyMigrations(platform.database);
  await seedDatabase(platform.prisma, config, platform.clock);
  const services = createServices(platform);
  const app = await buildApp(platform, services);
  const background = await startBackgroundWork(services, platform.queue, logger);
  const vectorSync = config.runJobs ? startVectorSync(services.knowledge.index, logger, config.vectorSyncIntervalMs) : undefined;
  app.addHook('onClose', async () => {
    background.stop();
    await vectorSync?.stop();
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

  exitOnSignals(logger, () => app.close());
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
