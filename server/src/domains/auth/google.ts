/**
 * Google sign-in: the OAuth 2 authorization-code flow with PKCE (S256) and `state`, over plain fetch.
 *
 * A route uses it in two steps:
 *  1. `startGoogleSignIn(config.google, redirectUri)` → keep `state` and `codeVerifier` (e.g. in a
 *     signed, short-lived, httpOnly cookie) and redirect the browser to `authorizationUrl`;
 *  2. on the callback, `readGoogleCallback(request.query)` → check `sameSecret(state, saved)`, then
 *     `finishGoogleSignIn(config.google, { code, redirectUri, codeVerifier })` → `GoogleProfile`.
 *
 * Every failure is a `GoogleSignInError` whose message is safe to log: it never contains the client
 * secret, the authorization code, the verifier or a token.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The shape of `config.google` (see src/config.ts). */
export interface GoogleConfig {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface GoogleProfile {
  /** Google's stable account id (the OIDC `sub` claim). */
  googleId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string;
}

export interface GoogleSignInStart {
  /** Where to redirect the browser. */
  authorizationUrl: string;
  /** Opaque value to keep server-side (cookie) and compare on the callback. */
  state: string;
  /** PKCE verifier to keep server-side (cookie) and send back in `finishGoogleSignIn`. */
  codeVerifier: string;
}

export interface FinishGoogleSignInInput {
  code: string;
  /** Exactly the redirect URI given to `startGoogleSignIn`. */
  redirectUri: string;
  codeVerifier: string;
}

export interface GoogleRequestOptions {
  /** Per-request timeout in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** Replaceable for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export type GoogleSignInErrorCode =
  /** GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set. */
  | 'not_configured'
  /** The callback carried an error (the user cancelled: `access_denied`) or lacked code/state. */
  | 'authorization_denied'
  | 'invalid_callback'
  /** The token endpoint refused the code (expired, reused, wrong verifier, wrong client...). */
  | 'token_exchange_failed'
  /** Neither the userinfo endpoint nor the id_token gave a usable identity. */
  | 'userinfo_failed'
  /** The identity lacks a required claim (sub, email) or is inconsistent. */
  | 'invalid_profile'
  | 'timeout'
  | 'network_error';

export class GoogleSignInError extends Error {
  override readonly name = 'GoogleSignInError';
  readonly code: GoogleSignInErrorCode;
  /** HTTP status returned by Google, when the failure came from a response. */
  readonly status: number | undefined;
  /** The OAuth `error` value returned by Google (e.g. `invalid_grant`), when there is one. */
  readonly providerError: string | undefined;

  constructor(code: GoogleSignInErrorCode, message: string, details: { status?: number; providerError?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.providerError = details.providerError;
  }
}

const GOOGLE_SCOPES = 'openid email profile';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Longest provider-supplied text copied into an error message. */
const MAX_PROVIDER_TEXT = 200;

export function isGoogleConfigured(google: GoogleConfig): google is GoogleConfig & { clientId: string; clientSecret: string } {
  return Boolean(google.clientId && google.clientSecret);
}

function assertConfigured(google: GoogleConfig): asserts google is GoogleConfig & { clientId: string; clientSecret: string } {
  if (!isGoogleConfigured(google)) {
    throw new GoogleSignInError('not_configured', 'Google sign-in is not configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)');
  }
}

/** A random URL-safe string; 32 bytes give a 43-character value (valid PKCE verifier length). */
function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/** Step 1: builds the authorization URL with a fresh state and PKCE verifier. */
export function startGoogleSignIn(google: GoogleConfig, redirectUri: string): GoogleSignInStart {
  assertConfigured(google);
  const state = randomToken();
  const codeVerifier = randomToken();
  const url = new URL(google.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', google.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', GOOGLE_SCOPES);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', pkceChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('prompt', 'select_account');
  return { authorizationUrl: url.toString(), state, codeVerifier };
}

/**
 * Reads the callback's query string (`?code=...&state=...` or `?error=access_denied&state=...`).
 * Throws `authorization_denied` when Google reports an error, `invalid_callback` when code/state are missing.
 */
export function readGoogleCallback(query: unknown): { code: string; state: string } {
  const params = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const error = params['error'];
  if (typeof error === 'string' && error !== '') {
    throw new GoogleSignInError(
      'authorization_denied',
      error === 'access_denied' ? 'Google sign-in was cancelled' : `Google sign-in failed: ${clip(error)}`,
      { providerError: clip(error) },
    );
  }
  const code = params['code'];
  const state = params['state'];
  if (typeof code !== 'string' || code === '' || typeof state !== 'string' || state === '') {
    throw new GoogleSignInError('invalid_callback', 'Google sign-in callback is missing its code or state');
  }
  return { code, state };
}

/** Step 2: exchanges the code (with the PKCE verifier) and reads the signed-in user's profile. */
export async function finishGoogleSignIn(
  google: GoogleConfig,
  input: FinishGoogleSignInInput,
  options: GoogleRequestOptions = {},
): Promise<GoogleProfile> {
  assertConfigured(google);
  if (!input.code || !input.codeVerifier || !input.redirectUri) {
    throw new GoogleSignInError('invalid_callback', 'Google sign-in needs a code, a redirect URI and a PKCE verifier');
  }
  const tokens = await exchangeCode(google, input, options);
  const idTokenClaims = tokens.idToken ? decodeIdToken(tokens.idToken, google.clientId) : undefined;

  let claims: Record<string, unknown>;
  try {
    claims = await fetchUserInfo(google, tokens.accessToken, options);
  } catch (error) {
    // Userinfo unavailable: fall back on the id_token received straight from the token endpoint over
    // TLS (OIDC Core 3.1.3.7 allows skipping its signature check in that case).
    if (!idTokenClaims) throw error;
    claims = idTokenClaims;
  }
  if (idTokenClaims && claims !== idTokenClaims && claims['sub'] !== idTokenClaims['sub']) {
    // OIDC Core 5.3.2: the userinfo `sub` must match the id_token's, else its values must not be used.
    throw new GoogleSignInError('invalid_profile', 'Google userinfo does not belong to the signed-in account');
  }
  return toProfile(claims);
}

interface TokenSet {
  accessToken: string;
  idToken: string | undefined;
}

async function exchangeCode(
  google: GoogleConfig & { clientId: string; clientSecret: string },
  input: FinishGoogleSignInInput,
  options: GoogleRequestOptions,
): Promise<TokenSet> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: google.clientId,
    client_secret: google.clientSecret,
    code_verifier: input.codeVerifier,
  });
  const response = await request('token', google.tokenUrl, options, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  });
  const payload = await readJson(response);
  if (!response.ok) {
    throw providerError('token_exchange_failed', 'Google token exchange failed', response.status, payload);
  }
  const accessToken = payload?.['access_token'];
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new GoogleSignInError('token_exchange_failed', 'Google token endpoint returned no access token', {
      status: response.status,
    });
  }
  const idToken = payload?.['id_token'];
  return { accessToken, idToken: typeof idToken === 'string' && idToken !== '' ? idToken : undefined };
}

async function fetchUserInfo(google: GoogleConfig, accessToken: string, options: GoogleRequestOptions): Promise<Record<string, unknown>> {
  if (!google.userInfoUrl) {
    throw new GoogleSignInError('userinfo_failed', 'Google userinfo endpoint is not configured');
  }
  const response = await request('userinfo', google.userInfoUrl, options, {
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const payload = await readJson(response);
  if (!response.ok) {
    throw providerError('userinfo_failed', 'Google userinfo request failed', response.status, payload);
  }
  if (!payload) {
    throw new GoogleSignInError('userinfo_failed', 'Google userinfo endpoint returned no JSON object', {
      status: response.status,
    });
  }
  return payload;
}

async function request(what: 'token' | 'userinfo', url: string, options: GoogleRequestOptions, init: RequestInit): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  try {
    return await doFetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new GoogleSignInError('timeout', `Google ${what} request timed out after ${timeoutMs} ms`, { cause: error });
    }
    // The cause is kept for logs; fetch errors carry the URL at most, never the request body.
    throw new GoogleSignInError('network_error', `Google ${what} request failed: could not reach ${safeOrigin(url)}`, {
      cause: error,
    });
  }
}

/** The body as a JSON object, or undefined when it is not one (HTML error page, empty...). */
async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function providerError(
  code: GoogleSignInErrorCode,
  prefix: string,
  status: number,
  payload: Record<string, unknown> | undefined,
): GoogleSignInError {
  const error = typeof payload?.['error'] === 'string' ? clip(payload['error']) : undefined;
  const descriptionValue = payload?.['error_description'] ?? payload?.['error_message'];
  const description = typeof descriptionValue === 'string' ? clip(descriptionValue) : undefined;
  const detail = [error, description].filter(Boolean).join(': ');
  return new GoogleSignInError(code, `${prefix} (HTTP ${status})${detail ? `: ${detail}` : ''}`, {
    status,
    ...(error === undefined ? {} : { providerError: error }),
  });
}

/** Decodes (without verifying the signature) and sanity-checks the id_token's claims. */
function decodeIdToken(idToken: string, clientId: string): Record<string, unknown> {
  const parts = idToken.split('.');
  let claims: unknown;
  try {
    if (parts.length !== 3 || !parts[1]) throw new Error('not a JWT');
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new GoogleSignInError('invalid_profile', 'Google returned a malformed id_token');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) {
    throw new GoogleSignInError('invalid_profile', 'Google returned a malformed id_token');
  }
  const record = claims as Record<string, unknown>;
  const audience = record['aud'];
  const audiences = Array.isArray(audience) ? audience : [audience];
  if (!audiences.includes(clientId)) {
    throw new GoogleSignInError('invalid_profile', 'Google id_token was issued for another client');
  }
  const expiresAt = record['exp'];
  if (typeof expiresAt === 'number' && expiresAt * 1000 < Date.now() - 60_000) {
    throw new GoogleSignInError('invalid_profile', 'Google id_token has expired');
  }
  return record;
}

function toProfile(claims: Record<string, unknown>): GoogleProfile {
  const sub = claims['sub'];
  if (typeof sub !== 'string' || sub === '') {
    throw new GoogleSignInError('invalid_profile', 'Google profile has no account id');
  }
  const rawEmail = claims['email'];
  if (typeof rawEmail !== 'string' || !rawEmail.includes('@')) {
    throw new GoogleSignInError('invalid_profile', 'Google profile has no email address');
  }
  const email = rawEmail.trim().toLowerCase();
  const verified = claims['email_verified'];
  const emailVerified = verified === true || verified === 'true';
  const name =
    stringClaim(claims['name']) ??
    ([stringClaim(claims['given_name']), stringClaim(claims['family_name'])].filter(Boolean).join(' ') ||
      email.slice(0, email.indexOf('@')));
  const picture = stringClaim(claims['picture']);
  return { googleId: sub, email, emailVerified, name, ...(picture ? { picture } : {}) };
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function clip(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > MAX_PROVIDER_TEXT ? `${single.slice(0, MAX_PROVIDER_TEXT)}…` : single;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured endpoint';
  }
}
