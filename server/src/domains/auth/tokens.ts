import { hkdfSync, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '../../generated/prisma/client.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const VERIFICATION_TOKEN_TTL_HOURS = 24;
export const PASSWORD_RESET_TOKEN_TTL_MINUTES = 60;
export const EMAIL_CHANGE_TOKEN_TTL_HOURS = 24;

export interface AccessClaims {
  userId: string;
  role: Role;
  /** The refresh-token family this access token belongs to; logging out revokes it. */
  familyId: string;
}

/** The claims of a token that verified, with the second it was issued at (JWT times are whole seconds). */
export interface VerifiedAccess extends AccessClaims {
  issuedAt: number;
}

/** How many tokens that verified are kept with their claims, the oldest forgotten first: more than the sessions a process serves at once. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Short-lived HS256 access tokens, keyed by a key derived from the app secret. */
export class AccessTokens {
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens whose signature verified, with their claims and expiry (JWT seconds): a client sends the
   * same token with every request for its 15 minutes, and checking an HMAC through WebCrypto costs
   * more than the rest of a small request's token handling. Its expiry is checked on every use;
   * revocation is the caller's to check, every time (AuthService.authenticate).
   */
  private readonly verified = new Map<string, { access: VerifiedAccess; expiresAt: number }>();

  constructor(
    appSecret: string,
    private readonly now: () => Date,
  ) {
    const secret = new Uint8Array(hkdfSync('sha256', appSecret, 'chatbot-builder', 'access-token', 32));
    // Imported once: given raw bytes, jose imports them again on every request's verify.
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async issue(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ role: claims.role, fam: claims.familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  /** Returns the claims of a valid token, or null for a forged, malformed or expired one. */
  async verify(token: string): Promise<VerifiedAccess | null> {
    const now = this.now();
    const known = this.verified.get(token);
    // As jose checks `exp`: valid while the current second is before it.
    if (known) return Math.floor(now.getTime() / 1000) < known.expiresAt ? known.access : null;
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string' || typeof payload.iat !== 'number') return null;
      if (payload.role !== 'ADMIN' && payload.role !== 'customer') return null;
      const access: VerifiedAccess = { userId: payload.sub, role: payload.role, familyId: payload.fam, issuedAt: payload.iat };
      // Only what `exp` alone bounds is kept (every token issued here): a `nbf` would need checking again.
      if (typeof payload.exp === 'number' && payload.nbf === undefined) {
        if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { access, expiresAt: payload.exp });
      }
      return access;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
