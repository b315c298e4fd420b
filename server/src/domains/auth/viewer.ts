import type { Role } from '../../generated/prisma/client.ts';

/** Who is calling, as their access token says: what a request knows of them without reading a row. */
export interface Viewer {
  id: string;
  role: Role;
}

/** A signed-in caller: the user and the session (refresh-token family) their access token belongs to. */
export interface AuthenticatedViewer extends Viewer {
  familyId: string;
}

/**
 * A user id no row has: the services' owner filters use it when there is no viewer, so they match
 * nothing (and never a row whose owner is null, such as a demo bot).
 */
export const NO_VIEWER = '';
