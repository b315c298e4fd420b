import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { ManualClock } from '../../../platform/clock/index.ts';
import { GoogleIntegrations, type GoogleIntegrationsConfig } from './google.ts';
import { CONNECT_STATE_TTL_MS, ConnectStates } from './googleState.ts';

const SECRET = 'test-secret-that-is-long-enough-for-keys';
const USER = '0193f0aa-0000-7000-8000-000000000001';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'opened';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('connect states', () => {
  const clock = new ManualClock('2026-11-24T10:00:00Z');
  const states = new ConnectStates(SECRET, clock);

  it('opens for the user and service it was sealed for, with a fresh nonce each time and its expiry', async () => {
    const first = await states.seal(USER, 'sheets');
    const second = await states.seal(USER, 'sheets');
    expect(await states.open(first.state, 'sheets')).toEqual({
      userId: USER,
      service: 'sheets',
      nonce: first.nonce,
      expiresAt: new Date(clock.now().getTime() + CONNECT_STATE_TTL_MS),
    });
    expect(second.nonce).not.toBe(first.nonce);
    expect(first.state).not.toContain(USER);
  });

  const forgeries: [name: string, make: () => Promise<unknown>, service: 'sheets' | 'calendar', code: string][] = [
    ['a bare user id', async () => USER, 'sheets', 'INVALID_STATE'],
    ['nothing', async () => '', 'sheets', 'INVALID_STATE'],
    ['not a string', async () => ['a', 'b'], 'sheets', 'INVALID_STATE'],
    ['another service', async () => (await states.seal(USER, 'sheets')).state, 'calendar', 'INVALID_STATE'],
    ['another key', async () => (await new ConnectStates(`${SECRET}-other`, clock).seal(USER, 'sheets')).state, 'sheets', 'INVALID_STATE'],
    [
      'a tampered ciphertext',
      async () => {
        const parts = (await states.seal(USER, 'sheets')).state.split('.');
        parts[3] = `${parts[3]!.startsWith('A') ? 'B' : 'A'}${parts[3]!.slice(1)}`;
        return parts.join('.');
      },
      'sheets',
      'INVALID_STATE',
    ],
    [
      'an unsigned JWT naming the user',
      async () =>
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: USER, svc: 'sheets', nonce: 'n' })).toString('base64url')}.`,
      'sheets',
      'INVALID_STATE',
    ],
  ];
  it.each(forgeries)('refuses %s', async (_name, make, service, code) => {
    expect(await codeOf(states.open(await make(), service))).toBe(code);
  });

  it('expires after ten minutes', async () => {
    const { state } = await states.seal(USER, 'drive');
    clock.advance(CONNECT_STATE_TTL_MS - 1000);
    expect(await codeOf(states.open(state, 'drive'))).toBe('opened');
    clock.advance(1000);
    expect(await codeOf(states.open(state, 'drive'))).toBe('EXPIRED_STATE');
  });
});

describe('GoogleIntegrations', () => {
  const config: GoogleIntegrationsConfig = {
    clientId: 'id',
    clientSecret: 'secret',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  };
  const build = (google: GoogleIntegrationsConfig, revocations: unknown = undefined) =>
    new GoogleIntegrations({
      google,
      appSecret: SECRET,
      clock: new ManualClock(),
      publicUrl: 'https://app.example',
      revocations: revocations as never,
      logger: { warn: () => undefined } as never,
      // Not reached by what these tests call.
      prisma: undefined as never,
      secrets: undefined as never,
      events: undefined as never,
    });

  it("uses Google's own API roots unless GOOGLE_API_ROOT_URL sets one for all", () => {
    expect(build(config)).toMatchObject({ apiRootUrl: 'https://www.googleapis.com/', sheetsRootUrl: 'https://sheets.googleapis.com/' });
    expect(build({ ...config, apiRootUrl: 'http://127.0.0.1:9999' })).toMatchObject({
      apiRootUrl: 'http://127.0.0.1:9999/',
      sheetsRootUrl: 'http://127.0.0.1:9999/',
    });
  });

  it('links the popup to this server with a sealed state', async () => {
    const url = new URL(await build(config).connectUrl(USER, 'calendar'));
    expect(`${url.origin}${url.pathname}`).toBe('https://app.example/api/v1/auth/google/calendar');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('refuses a callback whose state cannot be spent (the revocation list away) as unavailable, before asking Google', async () => {
    const unreachable = { revokeOnce: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) };
    const google = build(config, unreachable);
    const { nonce } = await new ConnectStates(SECRET, new ManualClock()).seal(USER, 'sheets');
    const state = { userId: USER, service: 'sheets' as const, nonce, expiresAt: new Date(Date.now() + CONNECT_STATE_TTL_MS) };
    expect(await codeOf(google.finish(state, 'code', 'verifier'))).toBe('STATE_UNVERIFIABLE');
  });

  it('answers a service-unavailable error when Google is not configured', async () => {
    const google = build({ ...config, clientId: undefined, clientSecret: undefined });
    expect(await codeOf(google.connectUrl(USER, 'sheets'))).toBe('GOOGLE_NOT_CONFIGURED');
  });
});
