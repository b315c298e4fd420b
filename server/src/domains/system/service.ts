import type { Platform } from '../../platform/index.ts';
import { isGoogleConfigured } from '../auth/public.ts';

export interface ReadinessReport {
  /**
   * ready: everything answers; degraded: the vector store does not, so answers come from full-text
   * search alone (still serving: every replica shares the store, and taking them all out of a load
   * balancer would stop the chat too); not ready: the database does not answer.
   */
  status: 'ready' | 'degraded' | 'not ready';
  checks: Record<'database' | 'vectors', 'ok' | string>;
}

/** What the public client needs to know about this installation, and whether it can serve. */
export class SystemService {
  constructor(private readonly deps: { platform: Platform }) {}

  async publicConfig() {
    const { prisma, config } = this.deps.platform;
    const { adminEmail, customerEmail } = config.seed;
    const seeded = config.seed.demoAccounts ? await prisma.user.count({ where: { email: { in: [adminEmail, customerEmail] } } }) : 0;
    return {
      demo_accounts:
        seeded === 2
          ? {
              admin: { email: adminEmail, password: config.seed.adminPassword },
              customer: { email: customerEmail, password: config.seed.customerPassword },
            }
          : null,
      google_sign_in: isGoogleConfigured(config.google),
      languages: ['en', 'fr'],
      bot_languages: ['en', 'es', 'fr', 'de', 'it'],
    };
  }

  async readiness(): Promise<ReadinessReport> {
    const { database, vectors } = this.deps.platform;
    const [databaseCheck, vectorsCheck] = await Promise.all([check(() => database.ping()), check(() => vectors.ping())]);
    const status = databaseCheck !== 'ok' ? 'not ready' : vectorsCheck !== 'ok' ? 'degraded' : 'ready';
    return { status, checks: { database: databaseCheck, vectors: vectorsCheck } };
  }
}

async function check(probe: () => Promise<void>): Promise<string> {
  try {
    await probe();
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : 'unreachable';
  }
}
