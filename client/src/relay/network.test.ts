import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../session/tokenStore.ts';
import { fetchGraphQL } from './network.ts';

const request = { text: 'query Q { viewer { id } }', name: 'Q' } as Parameters<typeof fetchGraphQL>[0];
const unauthenticated = { errors: [{ message: 'Authentication required', extensions: { code: 'AUTHENTICATION_REQUIRED' } }] };

function stubServer() {
  const seen = { refreshes: 0, authorizations: [] as string[], languages: [] as string[] };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/v1/users/refresh') {
      seen.refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      const user = { id: 'u1', email: 'a@b.co', full_name: 'A', role: 'customer', plan: 'free', is_verified: true };
      return Response.json({ access_token: 'fresh', refresh_token: 'rt2', user });
    }
    const authorization = (init?.headers as Record<string, string>).Authorization ?? '';
    seen.authorizations.push(authorization);
    seen.languages.push((init?.headers as Record<string, string>)['Accept-Language'] ?? '');
    return Response.json(authorization === 'Bearer fresh' ? { data: { viewer: { id: 'u1' } } } : unauthenticated);
  }) as typeof fetch;
  return seen;
}

describe('fetchGraphQL', () => {
  it('refreshes once for concurrent auth failures, then retries each with the new token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'expired');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'rt1');
    const seen = stubServer();
    const results = await Promise.all([1, 2, 3].map(async () => fetchGraphQL(request, {}, {}, null)));
    expect(seen.refreshes).toBe(1);
    expect(results).toEqual([1, 2, 3].map(() => ({ data: { viewer: { id: 'u1' } } })));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('rt2');
  });

  it("asks for the interface's language, in which the server answers plans and templates", async () => {
    await i18next.changeLanguage('fr');
    try {
      const seen = stubServer();
      await fetchGraphQL(request, {}, {}, null);
      expect(seen.languages).toEqual(['fr']);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('does not try to refresh without a session', async () => {
    const seen = stubServer();
    expect(await fetchGraphQL(request, {}, {}, null)).toEqual(unauthenticated);
    expect(seen.refreshes).toBe(0);
    expect(seen.authorizations).toEqual(['']);
  });
});

describe('fetchGraphQL with an expired access token', () => {
  it('refreshes before sending, since the server answers viewer with null rather than an error', async () => {
    const expiredJwt = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 }))}.s`;
    localStorage.setItem(STORAGE_KEYS.accessToken, expiredJwt);
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'rt1');
    const seen = stubServer();
    expect(await fetchGraphQL(request, {}, {}, null)).toEqual({ data: { viewer: { id: 'u1' } } });
    expect(seen.refreshes).toBe(1);
    expect(seen.authorizations).toEqual(['Bearer fresh']);
  });
});
