import { AuthService } from './domains/auth/service.ts';
import { BotsService } from './domains/bots/service.ts';
import { DemoService } from './domains/demo/service.ts';
import { EventsService } from './domains/events/service.ts';
import { SystemService } from './domains/system/service.ts';
import type { Platform } from './platform/index.ts';

/** The domain services, built once per process from the platform adapters. */
export interface Services {
  auth: AuthService;
  bots: BotsService;
  demo: DemoService;
  events: EventsService;
  knowledge: { removeBot(botId: string): Promise<void>; documentsJson(botId: string): Promise<unknown[]> };
  system: SystemService;
}

const TEMP_KNOWLEDGE = { removeBot: async () => {}, documentsJson: async () => [] };

export function createServices(platform: Platform): Services {
  const { prisma, clock, config } = platform;
  const events = new EventsService({ prisma, clock, pubsub: platform.pubsub });
  return {
    auth: new AuthService({
      prisma,
      clock,
      mailer: platform.mailer,
      rateLimiter: platform.rateLimiter,
      appSecret: config.appSecret,
      publicUrl: config.publicUrl,
      events,
    }),
    bots: new BotsService({
      prisma,
      clock,
      blobs: platform.blobs,
      logger: platform.logger.child({ domain: 'bots' }),
      publicUrl: config.publicUrl,
      knowledge: TEMP_KNOWLEDGE,
      promptModel: config.ai.openAiApiKey
        ? { apiKey: config.ai.openAiApiKey, baseUrl: config.ai.openAiBaseUrl, model: config.ai.llmModel }
        : null,
    }),
    demo: new DemoService({ prisma, clock, rateLimiter: platform.rateLimiter }),
    knowledge: TEMP_KNOWLEDGE,
    events,
    system: new SystemService({ platform }),
  };
}
