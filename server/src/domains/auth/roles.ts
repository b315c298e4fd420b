import { authErrors } from './errors.ts';
import type { Viewer } from './service.ts';

/** The one admin check the services make: no viewer is a 401, a customer a 403. */
export function assertAdmin(viewer: Viewer | null): asserts viewer is Viewer {
  if (!viewer) throw authErrors.authenticationRequired();
  if (viewer.role !== 'ADMIN') throw authErrors.adminRequired();
}
