import { AuthService } from './domains/auth/service.ts';
import { EventsService } from './domains/events/service.ts';
import { SystemService } from './domains/system/service.ts';
import type { Platform } from './platform/index.ts';

/** The domain services, built once per process from the platform adapters. */
export interface Services {
  auth: AuthService;
  events: EventsService;
  system: SystemService;
}

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
    events,
    system: new SystemService({ platform }),
  };
}
