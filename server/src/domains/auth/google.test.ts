import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sameSecret } from '../../platform/crypto/index.ts';
import {
  finishGoogleSignIn,
  GoogleSignInError,
  isGoogleConfigured,
  readGoogleCallback,
  startGoogleSignIn,
  type GoogleConfig,
  type GoogleSignInStart,
} from './google.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'super-secret-value-never-logged';
const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback';
const GOOGLE_ID = '109876543210987654321';

let oauth: OAuth2Server;
let google: GoogleConfig;

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const base = oauth.issuer.url!;
  google = {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    authorizationUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    userInfoUrl: `${base}/userinfo`,
  };
});

afterAll(async () => {
  await oauth.stop();
});

afterEach(() => {
  oauth.service.removeAllListeners();
});

/** What a browser does: follow the authorization URL and read the code off the redirect to our callback. */
async function authorize(start: GoogleSignInStart): Promise<{ code: string; state: string }> {
  const response = await fetch(start.authorizationUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return readGoogleCallback(Object.fromEntries(location.searchParams));
}

/** Gives every token the Google account id, and the id_token (audience = client) the given claims. */
function signTokensWith(idTokenClaims: Record<string, unknown> = {}) {
  oauth.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = GOOGLE_ID;
    if (token.payload.aud === CLIENT_ID) Object.assign(token.payload, idTokenClaims);
  });
}

function userinfoReturns(body: Record<string, unknown>, statusCode = 200) {
  oauth.service.once('beforeUserinfo', (response) => {
    response.body = body;
    response.statusCode = statusCode;
  });
}

async function expectSignInError(promise: Promise<unknown>): Promise<GoogleSignInError> {
  const error = await promise.then(
    () => expect.unreachable('expected a GoogleSignInError'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GoogleSignInError);
  const signInError = error as GoogleSignInError;
  expect(signInError.message).not.toContain(CLIENT_SECRET);
  return signInError;
}

describe('isGoogleConfigured', () => {
  it('needs both the client id and the secret', () => {
    expect(isGoogleConfigured(google)).toBe(true);
    expect(isGoogleConfigured({ ...google, clientSecret: undefined })).toBe(false);
    expect(isGoogleConfigured({ ...google, clientId: '' })).toBe(false);
  });
});

describe('startGoogleSignIn', () => {
  it('builds an authorization URL with state, PKCE S256 and the OIDC scopes', () => {
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const url = new URL(start.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizationUrl);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: start.state,
      code_challenge: createHash('sha256').update(start.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    expect(start.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(start.state.length).toBeGreaterThanOrEqual(32);
    expect(start.authorizationUrl).not.toContain(CLIENT_SECRET);
    expect(start.authorizationUrl).not.toContain(start.codeVerifier);
  });

  it('uses fresh values each time', () => {
    const a = startGoogleSignIn(google, REDIRECT_URI);
    const b = startGoogleSignIn(google, REDIRECT_URI);
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
  });

  it('refuses to start when not configured', () => {
    expect(() => startGoogleSignIn({ ...google, clientId: undefined }, REDIRECT_URI)).toThrow(
      expect.objectContaining({ name: 'GoogleSignInError', code: 'not_configured' }),
    );
  });
});

describe('callback helpers', () => {
  it('reads code and state, and reports a cancelled sign-in', () => {
    expect(readGoogleCallback({ code: 'c', state: 's' })).toEqual({ code: 'c', state: 's' });
    expect(() => readGoogleCallback({ error: 'access_denied', state: 's' })).toThrow(
      expect.objectContaining({ code: 'authorization_denied', providerError: 'access_denied' }),
    );
    expect(() => readGoogleCallback({ state: 's' })).toThrow(expect.objectContaining({ code: 'invalid_callback' }));
    expect(() => readGoogleCallback(undefined)).toThrow(expect.objectContaining({ code: 'invalid_callback' }));
  });
});

describe('finishGoogleSignIn against a mock OAuth server', () => {
  it('exchanges the code with the verifier and reads the profile from userinfo', async () => {
    signTokensWith();
    let tokenRequest: Record<string, unknown> | undefined;
    oauth.service.once('beforeResponse', (_response, req) => {
      tokenRequest = { ...req.body, contentType: req.headers['content-type'] };
    });
    let userinfoAuthorization: string | undefined;
    oauth.service.once('beforeUserinfo', (response, req) => {
      userinfoAuthorization = req.headers.authorization;
      response.body = {
        sub: GOOGLE_ID,
        email: 'Jane.Doe@Example.com',
        email_verified: true,
        name: 'Jane Doe',
        given_name: 'Jane',
        picture: 'https://lh3.googleusercontent.com/a/jane',
      };
    });

    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code, state } = await authorize(start);
    expect(sameSecret(state, start.state)).toBe(true);

    const profile = await finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier });
    expect(profile).toEqual({
      googleId: GOOGLE_ID,
      email: 'jane.doe@example.com',
      emailVerified: true,
      name: 'Jane Doe',
      picture: 'https://lh3.googleusercontent.com/a/jane',
    });
    expect(tokenRequest).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code_verifier: start.codeVerifier,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(userinfoAuthorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('maps an unverified email and builds a name when Google gives none', async () => {
    signTokensWith();
    userinfoReturns({ sub: GOOGLE_ID, email: 'sam@example.org', email_verified: false });
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const profile = await finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier });
    expect(profile).toEqual({ googleId: GOOGLE_ID, email: 'sam@example.org', emailVerified: false, name: 'sam' });
  });

  it('rejects a wrong PKCE verifier (the mock checks it)', async () => {
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const wrongVerifier = startGoogleSignIn(google, REDIRECT_URI).codeVerifier;
    const error = await expectSignInError(finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: wrongVerifier }));
    expect(error.code).toBe('token_exchange_failed');
    expect(error.status).toBe(400);
    expect(error.providerError).toBe('invalid_request');
    expect(error.message).toMatch(/Google token exchange failed \(HTTP 400\): invalid_request: code_verifier .*does not match/);
    expect(error.message).not.toContain(wrongVerifier);
  });

  it('turns a token endpoint error into a GoogleSignInError', async () => {
    oauth.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'Bad Request' };
    });
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const error = await expectSignInError(
      finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier }),
    );
    expect(error).toMatchObject({ code: 'token_exchange_failed', status: 400, providerError: 'invalid_grant' });
    expect(error.message).toBe('Google token exchange failed (HTTP 400): invalid_grant: Bad Request');
    expect(error.message).not.toContain(code);
  });

  it('rejects a token response without an access token', async () => {
    oauth.service.once('beforeResponse', (response) => {
      response.body = { token_type: 'Bearer' };
    });
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const error = await expectSignInError(
      finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier }),
    );
    expect(error.code).toBe('token_exchange_failed');
  });

  it('falls back on the id_token claims when userinfo is unavailable', async () => {
    signTokensWith({ email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' });
    userinfoReturns({ error: 'server_error' }, 503);
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const profile = await finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier });
    expect(profile).toEqual({ googleId: GOOGLE_ID, email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' });
  });

  it('reports a userinfo failure when there is no id_token to fall back on', async () => {
    oauth.service.once('beforeResponse', (response) => {
      delete (response.body as Record<string, unknown>)['id_token'];
    });
    userinfoReturns({ error: 'invalid_token', error_description: 'token is expired' }, 401);
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const error = await expectSignInError(
      finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier }),
    );
    expect(error).toMatchObject({ code: 'userinfo_failed', status: 401, providerError: 'invalid_token' });
    expect(error.message).toBe('Google userinfo request failed (HTTP 401): invalid_token: token is expired');
  });

  it('refuses userinfo for another account than the id_token', async () => {
    signTokensWith();
    userinfoReturns({ sub: 'someone-else', email: 'x@example.com', email_verified: true });
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const error = await expectSignInError(
      finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier }),
    );
    expect(error.code).toBe('invalid_profile');
  });

  it('refuses an id_token issued for another client', async () => {
    signTokensWith({ aud: 'another-client' });
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const error = await expectSignInError(
      finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier }),
    );
    expect(error.code).toBe('invalid_profile');
  });

  it('requires an email address', async () => {
    signTokensWith();
    userinfoReturns({ sub: GOOGLE_ID, name: 'No Mail' });
    const start = startGoogleSignIn(google, REDIRECT_URI);
    const { code } = await authorize(start);
    const error = await expectSignInError(
      finishGoogleSignIn(google, { code, redirectUri: REDIRECT_URI, codeVerifier: start.codeVerifier }),
    );
    expect(error.code).toBe('invalid_profile');
    expect(error.message).toBe('Google profile has no email address');
  });
});

describe('finishGoogleSignIn transport failures', () => {
  let silent: Server;
  let silentUrl: string;

  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/token`;
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('times out a request that hangs', async () => {
    const started = Date.now();
    const error = await expectSignInError(
      finishGoogleSignIn(
        { ...google, tokenUrl: silentUrl },
        { code: 'c', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43) },
        { timeoutMs: 200 },
      ),
    );
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('Google token request timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports an unreachable endpoint', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await expectSignInError(
      finishGoogleSignIn(
        { ...google, tokenUrl: `http://127.0.0.1:${port}/token` },
        { code: 'c', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43) },
      ),
    );
    expect(error.code).toBe('network_error');
    expect(error.message).toBe(`Google token request failed: could not reach http://127.0.0.1:${port}`);
  });

  it('refuses to finish when not configured', async () => {
    const error = await expectSignInError(
      finishGoogleSignIn({ ...google, clientSecret: undefined }, { code: 'c', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43) }),
    );
    expect(error.code).toBe('not_configured');
  });
});
