import i18next from 'i18next';
import { tokenStore, type CurrentUser } from './tokenStore.ts';

export const API_PREFIX = '/api/v1';

/** A failed REST call: `detail` is the server's message when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface TokenPairJson {
  access_token: string;
  refresh_token: string;
  user: CurrentUser;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return typeof body === 'string' && body ? body : undefined;
}

/** The header that asks the server for admin-written content (plans, demo templates) in the interface's language. */
export const languageHeader = (): Record<string, string> => ({ 'Accept-Language': i18next.language || 'en' });

const withLanguage = (init: RequestInit): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), ...languageHeader() },
});

/** Calls the REST API without credentials; throws ApiError with the server's detail or `fallback`. */
export async function publicRequest<T>(path: string, init: RequestInit, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, withLanguage(init));
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, detailOf(body) ?? fallback);
  return body as T;
}

export const jsonBody = (value: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Trades the stored refresh token for a new pair. Concurrent callers share one request, since the
 * server revokes a refresh token once used.
 */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const refreshToken = tokenStore.refreshToken();
    if (!refreshToken) return false;
    try {
      const pair = await publicRequest<TokenPairJson>(
        '/users/refresh',
        jsonBody({ refresh_token: refreshToken }),
        'Authentication required',
      );
      keepSession(pair);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

const EXPIRY_MARGIN_SECONDS = 10;

function expiresSoon(accessToken: string): boolean {
  try {
    const payload = JSON.parse(atob(accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' && payload.exp - EXPIRY_MARGIN_SECONDS < Date.now() / 1000;
  } catch {
    return false;
  }
}

/**
 * The stored access token, refreshed first when it is about to expire: the server answers an
 * expired token on `viewer` with null rather than an error, so waiting for a failure is not enough.
 */
export async function currentAccessToken(): Promise<string | null> {
  const token = tokenStore.accessToken();
  if (token && expiresSoon(token)) await refreshSession();
  return tokenStore.accessToken();
}

const withToken = (init: RequestInit, token: string): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), ...languageHeader(), Authorization: `Bearer ${token}` },
});

/** Calls the REST API with the access token, refreshing it once when the server answers 401. */
export async function authorizedFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const token = await currentAccessToken();
  if (!token) throw new ApiError(401, 'Authentication required');
  const response = await fetch(input, withToken(init, token));
  if (response.status !== 401 || !(await refreshSession())) return response;
  return fetch(input, withToken(init, tokenStore.accessToken()!));
}

export async function authorizedRequest<T>(path: string, init: RequestInit, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await authorizedFetch(`${API_PREFIX}${path}`, init);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'Network error');
  }
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, detailOf(body) ?? fallback);
  return body as T;
}

function keepSession(pair: TokenPairJson): CurrentUser {
  tokenStore.saveTokens({ accessToken: pair.access_token, refreshToken: pair.refresh_token, userId: pair.user.id });
  tokenStore.saveCurrentUser(pair.user);
  return pair.user;
}

let googleSignInInFlight: Promise<CurrentUser> | null = null;

export const authApi = {
  login: async (email: string, password: string) =>
    keepSession(await publicRequest<TokenPairJson>('/users/login', jsonBody({ email, password }), 'Signin failed')),
  /** Trades the single-use code a Google sign-in left in an HttpOnly cookie for the session's tokens. */
  redeemGoogleSignIn() {
    // Callers at once share the one redemption: the code is good for one (React's strict mode mounts twice).
    googleSignInInFlight ??= publicRequest<TokenPairJson>(
      '/users/google/session',
      { method: 'POST' },
      'Google sign-in failed. Please try again.',
    )
      .then(keepSession)
      .finally(() => {
        googleSignInInFlight = null;
      });
    return googleSignInInFlight;
  },
  /** `plan`: the plan picked on the landing (starter, pro, enterprise), whose free trial starts at verification. */
  register: (fullName: string, email: string, password: string, plan?: string | null) =>
    publicRequest<{ message: string }>(
      '/users/register',
      jsonBody({ email, password, full_name: fullName, ...(plan ? { plan } : {}) }),
      'Register failed',
    ),
  me: () => authorizedRequest<CurrentUser>('/users/me', {}, 'Failed to fetch user'),
  async logout() {
    const refreshToken = tokenStore.refreshToken();
    if (refreshToken) {
      await publicRequest('/users/logout', jsonBody({ refresh_token: refreshToken }), 'Network error').catch(() => undefined);
    }
  },
  confirmEmail: (token: string) =>
    publicRequest<{ message: string }>(
      `/users/verify-email/confirm/${encodeURIComponent(token)}`,
      { method: 'POST' },
      'Verification failed',
    ),
  /** Mails a link to choose a new password; the server answers alike whether or not the address has an account. */
  requestPasswordReset: (email: string) =>
    publicRequest<{ message: string }>('/users/password-reset/request', jsonBody({ email }), 'Failed to send the reset link'),
  resetPassword: (token: string, password: string) =>
    publicRequest<{ message: string }>('/users/password-reset/confirm', jsonBody({ token, password }), 'Failed to reset the password'),
  /** Follows the link mailed to a new address: the account signs in with it from now on. */
  confirmEmailChange: (token: string) =>
    publicRequest<{ message: string; user: CurrentUser }>(
      '/users/email-change/confirm',
      jsonBody({ token }),
      'Failed to confirm the new email address',
    ),
  resendVerification: (email: string) =>
    publicRequest<{ message: string }>('/users/verify-email/request', jsonBody({ email }), 'Failed to resend verification email'),
};

export interface PublicConfig {
  demo_accounts: { admin: { email: string; password: string }; customer: { email: string; password: string } } | null;
  google_sign_in: boolean;
}

export const fetchPublicConfig = () => publicRequest<PublicConfig>('/public/config', {}, 'Network error');

export const GOOGLE_SIGN_IN_URL = `${API_PREFIX}/users/google`;

/** Google sign-in carrying the plan picked on the landing, for a new account's free trial. */
export const googleSignInUrl = (plan?: string | null) =>
  plan ? `${GOOGLE_SIGN_IN_URL}?${new URLSearchParams({ plan })}` : GOOGLE_SIGN_IN_URL;
