import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalString,
  /** Connections each process keeps to PostgreSQL at most; replicas times this must stay under max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  REDIS_URL: optionalString,
  /** false on API replicas when worker processes (`npm run worker`) run the queued jobs; needs REDIS_URL. */
  RUN_JOBS: booleanString.default(true),
  /** Namespace for every Redis key and channel, so several installations can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('chatbot'),
  /**
   * How long a worker's lock on a running job lasts unrenewed, and how often workers look for jobs
   * whose lock expired: a job of a crashed worker runs again after about twice this. BullMQ's 30 s
   * unless set; the fault tests shorten it so a killed worker's job comes back quickly.
   */
  JOB_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).optional(),
  CHROMA_URL: optionalUrl,
  /** How often the processes that run jobs bring Chroma up to date with what was indexed or removed while it was away. */
  VECTOR_SYNC_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  PUBLIC_URL: optionalUrl,
  APP_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Chatbot Builder <no-reply@localhost>'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** Keys starting `sk-ant-` (a customer's own, or the platform's) are answered by Anthropic's Messages API with this model. */
  ANTHROPIC_MODEL: z.string().default('claude-haiku-4-5'),
  /** Anthropic's API unless set (a proxy, a gateway, a test's fake). */
  ANTHROPIC_BASE_URL: optionalUrl,
  EMBEDDINGS_MODEL: z.string().default('text-embedding-3-small'),
  CRAWL_ALLOW_PRIVATE_NETWORKS: booleanString.default(false),
  /** An installation's own cap on the pages a whole-site crawl reads, in place of the plans' (a business crawling its own large site). */
  CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).optional(),
  SEED_DEMO_ACCOUNTS: booleanString.default(true),
  SEED_ADMIN_EMAIL: z.email().default('admin@example.com'),
  SEED_ADMIN_PASSWORD: z.string().min(8).default('admin-demo-2026'),
  SEED_CUSTOMER_EMAIL: z.email().default('customer@example.com'),
  SEED_CUSTOMER_PASSWORD: z.string().min(8).default('customer-demo-2026'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** One root for the Sheets, Drive and Calendar APIs (a proxy, a test's fake); Google's own hosts otherwise. */
  GOOGLE_API_ROOT_URL: optionalUrl,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  /** The Notion API base for bots whose data tool is Notion (a proxy, a test's fake). */
  NOTION_API_URL: optionalUrl,
  /** The Meta app secret that signs webhook deliveries (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: optionalString,
  /** The WhatsApp Business Cloud API's versioned base; tests and self-hosters point it elsewhere. */
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** Set when behind a reverse proxy, so client IPs (rate limits, logs) come from X-Forwarded-For. */
  TRUST_PROXY: booleanString.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof buildConfig>;

/** Every variable the server reads, for deployment files to be checked against. */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);

/** Parses the environment once; nothing else in the server reads `process.env`. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  // npm runs workspace scripts inside the workspace; relative paths mean where the command was typed.
  return buildConfig(parsed.data, environment.INIT_CWD ?? process.cwd());
}

function buildConfig(env: z.infer<typeof environmentSchema>, baseDir: string) {
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
    throw new Error('Invalid configuration:\n  APP_SECRET: required when NODE_ENV=production');
  }
  if (!env.RUN_JOBS && !env.REDIS_URL) {
    throw new Error('Invalid configuration:\n  RUN_JOBS: false needs REDIS_URL (the workers that run the jobs read them from Redis)');
  }
  const appSecret = env.APP_SECRET ?? persistedSecret(dataDir);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    runJobs: env.RUN_JOBS,
    redisPrefix: env.REDIS_PREFIX,
    jobLockMs: env.JOB_LOCK_MS,
    chromaUrl: env.CHROMA_URL,
    vectorSyncIntervalMs: env.VECTOR_SYNC_INTERVAL_MS,
    publicUrl,
    appSecret,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    ai: {
      openAiApiKey: env.OPENAI_API_KEY,
      openAiBaseUrl: env.OPENAI_BASE_URL,
      llmModel: env.LLM_MODEL,
      anthropicModel: env.ANTHROPIC_MODEL,
      anthropicBaseUrl: env.ANTHROPIC_BASE_URL,
      embeddingsModel: env.EMBEDDINGS_MODEL,
    },
    crawl: { allowPrivateNetworks: env.CRAWL_ALLOW_PRIVATE_NETWORKS, maxPages: env.CRAWL_MAX_PAGES },
    seed: {
      demoAccounts: env.SEED_DEMO_ACCOUNTS,
      adminEmail: env.SEED_ADMIN_EMAIL.toLowerCase(),
      adminPassword: env.SEED_ADMIN_PASSWORD,
      customerEmail: env.SEED_CUSTOMER_EMAIL.toLowerCase(),
      customerPassword: env.SEED_CUSTOMER_PASSWORD,
    },
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userInfoUrl: env.GOOGLE_USERINFO_URL,
      apiRootUrl: env.GOOGLE_API_ROOT_URL,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
    },
    notion: { apiUrl: env.NOTION_API_URL },
    whatsapp: {
      appSecret: env.WHATSAPP_APP_SECRET,
      apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ''),
    },
  };
}

/** Without APP_SECRET the embedded default keeps a random one in DATA_DIR so restarts keep sessions and secrets readable. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
