import { authErrors } from './errors.ts';
import type { Viewer } from './viewer.ts';

/** Whether the viewer is an admin, for what admins see differently (not for what only they may do). */
export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === 'ADMIN';
}

/** The one admin check the services make: no viewer is a 401, a customer a 403. */
export function assertAdmin(viewer: Viewer | null): asserts viewer is Viewer {
  if (!viewer) throw authErrors.authenticationRequired();
  if (!isAdmin(viewer)) throw authErrors.adminRequired();
}
