import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Clock } from '../platform/clock/index.ts';
import type { ContentLanguage } from '../platform/i18n/index.ts';
import type { RequestOrigin } from '../domains/auth/service.ts';
import type { AuthenticatedViewer } from '../domains/auth/viewer.ts';
import type { Services } from '../services.ts';

/** Built per request (or per graphql-ws operation); Pothos caches on this object, so it must be one. */
export interface GraphQLContext {
  viewer: AuthenticatedViewer | null;
  services: Services;
  prisma: PrismaClient;
  clock: Clock;
  origin: RequestOrigin;
  /** From Accept-Language: the language admin-written content (plans, templates) is read in. */
  language: ContentLanguage;
}
