import type { Platform } from '../../platform/index.ts';
import { isGoogleConfigured } from '../auth/google.ts';

export interface ReadinessReport {
  ready: boolean;
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
    return {
      ready: databaseCheck === 'ok' && vectorsCheck === 'ok',
      checks: { database: databaseCheck, vectors: vectorsCheck },
    };
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
