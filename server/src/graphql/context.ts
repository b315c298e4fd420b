import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Clock } from '../platform/clock/index.ts';
import type { RequestOrigin, Viewer } from '../domains/auth/service.ts';
import type { Services } from '../services.ts';

export interface AuthenticatedViewer extends Viewer {
  familyId: string;
}

/** Built per request (or per graphql-ws operation); Pothos caches on this object, so it must be one. */
export interface GraphQLContext {
  viewer: AuthenticatedViewer | null;
  services: Services;
  prisma: PrismaClient;
  clock: Clock;
  origin: RequestOrigin;
}
