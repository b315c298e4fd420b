import type { AuthService } from './service.ts';
import type { AuthenticatedViewer } from './viewer.ts';

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
