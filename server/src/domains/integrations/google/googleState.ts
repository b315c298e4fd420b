// The `state` of a Google connection: what the settings popup carries to Google and back, since the
// popup has no Authorization header. Encrypted and authenticated (JWE, A256GCM) with a key derived
// from APP_SECRET for this use only, bound to one user and one service, and short-lived.
import { hkdfSync, randomBytes } from 'node:crypto';
import { EncryptJWT, errors as joseErrors, jwtDecrypt } from 'jose';
import type { GoogleService } from '../../../generated/prisma/client.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import { googleErrors } from './googleErrors.ts';

/** Long enough to sign in to Google, short enough that a leaked link is soon useless. */
export const CONNECT_STATE_TTL_MS = 10 * 60_000;

const AUDIENCE = 'google-connect';

export interface ConnectState {
  userId: string;
  service: GoogleService;
  /** Random per connection attempt; the browser keeps it too (cookie), so a callback in another browser is refused. */
  nonce: string;
  /** When the state stops opening: how long its use must be remembered. */
  expiresAt: Date;
}

export class ConnectStates {
  private readonly key: Uint8Array;

  constructor(
    appSecret: string,
    private readonly clock: Clock,
  ) {
    // Its own key: a value sealed elsewhere with APP_SECRET (a stored token, an API key) never opens as a state.
    this.key = new Uint8Array(hkdfSync('sha256', appSecret, 'chatbot-builder', 'google-connect-state', 32));
  }

  async seal(userId: string, service: GoogleService): Promise<{ state: string; nonce: string }> {
    const nonce = randomBytes(16).toString('base64url');
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const state = await new EncryptJWT({ svc: service, nonce })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + CONNECT_STATE_TTL_MS / 1000)
      .encrypt(this.key);
    return { state, nonce };
  }

  /** Opens a state for `service`; a forged, tampered, other service's or expired one is a typed error. */
  async open(raw: unknown, service: GoogleService): Promise<ConnectState> {
    if (typeof raw !== 'string' || raw === '') throw googleErrors.invalidState();
    let payload;
    try {
      ({ payload } = await jwtDecrypt(raw, this.key, {
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw googleErrors.expiredState();
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw googleErrors.invalidState();
      throw error;
    }
    const { sub, svc, nonce, exp } = payload;
    if (typeof sub !== 'string' || typeof nonce !== 'string' || typeof exp !== 'number' || svc !== service) {
      throw googleErrors.invalidState();
    }
    return { userId: sub, service, nonce, expiresAt: new Date(exp * 1000) };
  }
}
