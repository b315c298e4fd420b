import type { AuthService, Viewer } from './domains/auth/service.ts';

/** A signed-in caller: the user and the session (refresh-token family) their access token belongs to. */
export interface AuthenticatedViewer extends Viewer {
  familyId: string;
}

/**
 * A user id no row has: the services' owner filters use it when there is no viewer, so they match
 * nothing (and never a row whose owner is null, such as a demo bot).
 */
export const NO_VIEWER = '';

/** The token of an `Authorization: Bearer …` header (HTTP, or a graphql-ws connection_init payload). */
function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Who is calling, for both front doors (REST and GraphQL): null for no token or an invalid one. */
export async function authenticateRequest(
  auth: Pick<AuthService, 'authenticate'>,
  authorization: string | undefined,
): Promise<AuthenticatedViewer | null> {
  const token = bearerToken(authorization);
  return token ? auth.authenticate(token) : null;
}
