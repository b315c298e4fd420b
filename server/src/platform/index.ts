import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createMetrics, type Metrics } from '../metrics.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createBlobStore, type BlobStore } from './blob/index.ts';
import { systemClock, type Clock } from './clock/index.ts';
import { SecretBox } from './crypto/index.ts';
import { createDatabase, type Database } from './database/index.ts';
import { createEmbeddings, type Embeddings } from './embeddings/index.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import { createPubSub, type PubSub } from './pubsub/index.ts';
import { createJobQueue, type JobQueue } from './queue/index.ts';
import { createRateLimiter, type RateLimiter } from './ratelimit/index.ts';
import { createRevocationList, type RevocationList } from './revocations/index.ts';
import { createVectorStore, type VectorStore } from './vectors/index.ts';

/** The outside world as the domains see it: one interface per capability, chosen from config. */
export interface Platform {
  config: Config;
  logger: Logger;
  clock: Clock;
  database: Database;
  prisma: PrismaClient;
  queue: JobQueue;
  pubsub: PubSub;
  rateLimiter: RateLimiter;
  revocations: RevocationList;
  blobs: BlobStore;
  mailer: Mailer;
  vectors: VectorStore;
  embeddings: Embeddings;
  secrets: SecretBox;
  metrics: Metrics;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  logger: Logger;
  clock?: Clock;
  /** An already migrated database (tests bring their own); whoever created it closes it. */
  database?: Database;
}

export async function createPlatform(config: Config, overrides: PlatformOverrides): Promise<Platform> {
  const { logger } = overrides;
  const clock = overrides.clock ?? systemClock;
  const { redisPrefix } = config;
  const database =
    overrides.database ??
    (await createDatabase({
      url: config.databaseUrl,
      pgliteDataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.databasePoolSize,
    }));
  const vectors = await createVectorStore({ chromaUrl: config.chromaUrl, dataDir: config.dataDir });
  const queue = createJobQueue({
    redisUrl: config.redisUrl,
    prefix: `${redisPrefix}:jobs`,
    lockMs: config.jobLockMs,
    logger: logger.child({ component: 'queue' }),
  });
  const pubsub = createPubSub({ redisUrl: config.redisUrl, prefix: `${redisPrefix}:events` });
  const rateLimiter = createRateLimiter({
    redisUrl: config.redisUrl,
    prefix: `${redisPrefix}:ratelimit`,
    clock,
    logger: logger.child({ component: 'ratelimit' }),
  });
  const revocations = createRevocationList({ redisUrl: config.redisUrl, prefix: `${redisPrefix}:revoked:`, clock });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    dataDir: config.dataDir,
    logger: logger.child({ component: 'mail' }),
    clock,
  });

  let closed = false;
  return {
    config,
    logger,
    clock,
    database,
    prisma: database.prisma,
    queue,
    pubsub,
    rateLimiter,
    revocations,
    blobs: createBlobStore({ dataDir: config.dataDir }),
    mailer,
    vectors,
    embeddings: createEmbeddings(config.ai),
    secrets: new SecretBox(config.appSecret),
    metrics: createMetrics(),
    async close() {
      if (closed) return;
      closed = true;
      await queue.close();
      await pubsub.close();
      await rateLimiter.close();
      await revocations.close();
      await vectors.close();
      if (!overrides.database) await database.close();
    },
  };
}
