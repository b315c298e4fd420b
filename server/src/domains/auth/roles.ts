import { AUTHENTICATION_REQUIRED, AuthenticationError, ForbiddenError } from '../../errors.ts';
import type { Viewer } from './service.ts';

const ADMIN_REQUIRED = 'Administrator access required';

/** The one admin check the services make: no viewer is a 401, a customer a 403. */
export function assertAdmin(viewer: Viewer | null): asserts viewer is Viewer {
  if (!viewer) throw new AuthenticationError(AUTHENTICATION_REQUIRED, 'AUTHENTICATION_REQUIRED');
  if (viewer.role !== 'ADMIN') throw new ForbiddenError(ADMIN_REQUIRED, 'ADMIN_REQUIRED');
}
