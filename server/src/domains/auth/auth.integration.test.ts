import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { AUTH_RATE_LIMITS } from './inputs.ts';

let server: TestServer;
let oauth: OAuth2Server;

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const issuer = oauth.issuer.url!;
  server = await startTestServer({
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-client-secret',
    GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
  });
});

afterEach(() => {
  oauth.service.removeAllListeners();
});

afterAll(async () => {
  await server?.close();
  await oauth?.stop();
});

let emailCounter = 0;
const uniqueEmail = (prefix = 'person') => `${prefix}-${++emailCounter}-${Date.now()}@example.org`;

async function verificationToken(email: string): Promise<string> {
  const messages = (await server.outbox()).filter((message) => message.to === email);
  const last = messages.at(-1);
  expect(last, `a verification mail to ${email}`).toBeDefined();
  const link = /http:\/\/app\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(last!.text);
  expect(link).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

async function registeredAndVerified(email = uniqueEmail(), password = 'correct horse battery') {
  const registered = await api(server, 'POST', '/users/register', { body: { email, password, full_name: 'Ada Lovelace' } });
  expect(registered.status).toBe(201);
  const confirmed = await api(server, 'POST', `/users/verify-email/confirm/${await verificationToken(email)}`);
  expect(confirmed.status).toBe(200);
  return { email, password };
}

async function loggedIn(credentials?: { email: string; password: string }) {
  const account = credentials ?? (await registeredAndVerified());
  const login = await api(server, 'POST', '/users/login', { body: account });
  expect(login.status).toBe(200);
  return {
    ...account,
    accessToken: login.body.access_token as string,
    refreshToken: login.body.refresh_token as string,
    userId: login.body.user.id as string,
  };
}

describe('a newcomer signs up over REST', () => {
  it('registers, reads the verification mail, verifies, logs in and reads /users/me', async () => {
    const email = uniqueEmail('newcomer');
    const registered = await api(server, 'POST', '/users/register', {
      body: { email, password: 'a long password', full_name: 'Grace Hopper' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ email, full_name: 'Grace Hopper', role: 'customer', is_verified: false });

    const mail = (await server.outbox()).find((message) => message.to === email);
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.html).toContain('http://app.test/verify-email?token=');

    const beforeVerifying = await api(server, 'POST', '/users/login', { body: { email, password: 'a long password' } });
    expect(beforeVerifying.status).toBe(403);
    expect(beforeVerifying.body.detail).toMatch(/verify your email/i);

    const token = await verificationToken(email);
    const confirmed = await api(server, 'POST', `/users/verify-email/confirm/${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.is_verified).toBe(true);

    const reused = await api(server, 'POST', `/users/verify-email/confirm/${token}`);
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toMatch(/invalid or has expired/);

    const login = await api(server, 'POST', '/users/login', { body: { email: email.toUpperCase(), password: 'a long password' } });
    expect(login.status).toBe(200);
    // Verified, the newcomer is on the free trial of Starter (no plan was picked on the landing).
    expect(login.body).toMatchObject({
      token_type: 'bearer',
      user: { email, plan: 'starter', trial: { plan_name: 'Starter', days_left: 14 } },
    });

    const me = await api(server, 'GET', '/users/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, full_name: 'Grace Hopper', role: 'customer', is_verified: true });
  });

  it('answers 409 with "already exists" for a duplicate email, whatever its case', async () => {
    const { email } = await registeredAndVerified();
    const duplicate = await api(server, 'POST', '/users/register', {
      body: { email: email.toUpperCase(), password: 'another password', full_name: 'Someone' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toContain('already exists');
  });

  it.each([
    [{ password: 'long enough', full_name: 'No Email' }, /email/i],
    [{ email: 'not-an-email', password: 'long enough', full_name: 'Bad Email' }, /valid email/i],
    [{ email: 'short@example.org', password: 'short', full_name: 'Short' }, /at least 8/],
    [{ email: 'noname@example.org', password: 'long enough', full_name: '   ' }, /name is required/i],
    [{ email: 'long@example.org', password: 'x'.repeat(129), full_name: 'Long' }, /at most 128/],
  ])('rejects the registration %j with 400 and a detail', async (body, detail) => {
    const response = await api(server, 'POST', '/users/register', { body });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(detail);
  });

  it('answers 400 with a detail for a body that is not JSON', async () => {
    const response = await fetch(`${server.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Request body is not valid JSON' });
  });

  it('answers 401 with a detail for a wrong password and for an unknown email', async () => {
    const { email } = await registeredAndVerified();
    const wrongPassword = await api(server, 'POST', '/users/login', { body: { email, password: 'wrong password' } });
    const unknown = await api(server, 'POST', '/users/login', { body: { email: uniqueEmail('ghost'), password: 'whatever1' } });
    for (const response of [wrongPassword, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Incorrect email or password' });
    }
  });

  it('answers 401 {"detail":"Authentication required"} without a token or with a forged one', async () => {
    const missing = await api(server, 'GET', '/users/me');
    const forged = await api(server, 'GET', '/users/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' });
    for (const response of [missing, forged]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Authentication required' });
    }
  });

  it('answers an unknown /api route with 404 and a detail', async () => {
    const response = await api(server, 'GET', '/no/such/route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not Found' });
  });
});

describe('sessions', () => {
  it('rotates refresh tokens, and reusing an old one revokes the whole family', async () => {
    const session = await loggedIn();
    const first = await api(server, 'POST', '/users/refresh', { body: { refresh_token: session.refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(session.refreshToken);

    const reused = await api(server, 'POST', '/users/refresh', { body: { refresh_token: session.refreshToken } });
    expect(reused.status).toBe(401);

    const successor = await api(server, 'POST', '/users/refresh', { body: { refresh_token: first.body.refresh_token } });
    expect(successor.status).toBe(401);
    const meWithRevokedFamily = await api(server, 'GET', '/users/me', { token: first.body.access_token });
    expect(meWithRevokedFamily.status).toBe(401);
  });

  it('logs out: the access token and the refresh token stop working at once', async () => {
    const session = await loggedIn();
    const logout = await api(server, 'POST', '/users/logout', { body: { refresh_token: session.refreshToken } });
    expect(logout.status).toBe(200);
    expect((await api(server, 'GET', '/users/me', { token: session.accessToken })).status).toBe(401);
    expect((await api(server, 'POST', '/users/refresh', { body: { refresh_token: session.refreshToken } })).status).toBe(401);
  });

  it('expires access tokens after their lifetime, also one already checked', async () => {
    const session = await loggedIn();
    // Checked once, the token's signature is known good: its expiry must still be read on every use.
    expect((await api(server, 'GET', '/users/me', { token: session.accessToken })).status).toBe(200);
    server.clock.advance(16 * 60 * 1000);
    try {
      expect((await api(server, 'GET', '/users/me', { token: session.accessToken })).status).toBe(401);
      const refreshed = await api(server, 'POST', '/users/refresh', { body: { refresh_token: session.refreshToken } });
      expect(refreshed.status).toBe(200);
      expect((await api(server, 'GET', '/users/me', { token: refreshed.body.access_token })).status).toBe(200);
    } finally {
      server.clock.advance(-16 * 60 * 1000);
    }
  });

  it('refuses suspended users at login and refresh with 403, and ends their sessions', async () => {
    const session = await loggedIn();
    await server.platform.prisma.user.update({ where: { id: session.userId }, data: { status: 'suspended' } });
    const login = await api(server, 'POST', '/users/login', { body: { email: session.email, password: session.password } });
    expect(login.status).toBe(403);
    expect(login.body.detail).toMatch(/suspended/);
    const refresh = await api(server, 'POST', '/users/refresh', { body: { refresh_token: session.refreshToken } });
    expect(refresh.status).toBe(403);
    expect((await api(server, 'GET', '/users/me', { token: session.accessToken })).status).toBe(401);
  });
});

describe('access tokens, checked from their signed claims and the revocation list', () => {
  const globalId = (userId: string) => Buffer.from(`User:${userId}`).toString('base64');
  const viewerOf = async (token: string, on: { url: string } = server) => {
    const response = await graphql(on, '{ viewer { id } }', {}, token);
    expect(response.errors).toBeUndefined();
    return response.data.viewer;
  };
  const expectRefused = async (token: string, on: { url: string } = server) => {
    expect(await viewerOf(token, on)).toBeNull();
    const me = await api(on, 'GET', '/users/me', { token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ detail: 'Authentication required' });
  };
  const signInAdmin = () => loggedIn({ email: 'admin@example.com', password: 'admin-demo-2026' });

  it("answers with a valid token, and refuses a suspended customer's still-valid token at once", async () => {
    const session = await loggedIn();
    const admin = await signInAdmin();
    expect(await viewerOf(session.accessToken)).toEqual({ id: globalId(session.userId) });

    expect((await api(server, 'POST', `/admin/suspend/${session.userId}`, { token: admin.accessToken })).status).toBe(200);
    await expectRefused(session.accessToken);

    expect((await api(server, 'POST', `/admin/enable/${session.userId}`, { token: admin.accessToken })).status).toBe(200);
    // Tokens count whole seconds: one issued in the second of the suspension counts as before it.
    server.clock.advance(1000);
    const again = await loggedIn({ email: session.email, password: session.password });
    expect(await viewerOf(again.accessToken)).toEqual({ id: globalId(session.userId) });
    await expectRefused(session.accessToken);
  });

  it("ends only the session logged out of: its token is refused, another session's still works", async () => {
    const first = await loggedIn();
    const second = await loggedIn({ email: first.email, password: first.password });
    const logout = await graphql(server, 'mutation { logout { ... on MessagePayload { message } } }', {}, first.accessToken);
    expect(logout.data.logout.message).toBe('Signed out');

    await expectRefused(first.accessToken);
    expect(await viewerOf(second.accessToken)).toEqual({ id: globalId(second.userId) });
  });

  it('refuses logged-out and suspended tokens on a server started afterwards too: it rebuilds the list from the rows', async () => {
    const loggedOut = await loggedIn();
    const suspended = await loggedIn();
    const live = await loggedIn();
    const admin = await signInAdmin();
    expect((await api(server, 'POST', '/users/logout', { body: { refresh_token: loggedOut.refreshToken } })).status).toBe(200);
    expect((await api(server, 'POST', `/admin/suspend/${suspended.userId}`, { token: admin.accessToken })).status).toBe(200);

    const restarted = await startTestServer({}, { shareDatabaseWith: server });
    try {
      await expectRefused(loggedOut.accessToken, restarted);
      await expectRefused(suspended.accessToken, restarted);
      expect(await viewerOf(live.accessToken, restarted)).toEqual({ id: globalId(live.userId) });
    } finally {
      await restarted.close();
    }
  });

  it('with Redis, stops a token on every replica at once when another one logs it out', async () => {
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `test-revocations-${Date.now()}` };
    const first = await startTestServer(redis, { shareDatabaseWith: server });
    const second = await startTestServer(redis, { shareDatabaseWith: server });
    try {
      const session = await loggedIn();
      expect(await viewerOf(session.accessToken, second)).toEqual({ id: globalId(session.userId) });
      expect((await api(first, 'POST', '/users/logout', { body: { refresh_token: session.refreshToken } })).status).toBe(200);
      await expectRefused(session.accessToken, second);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('verification requests', () => {
  it('sends a new mail to an unverified account and answers the same for an unknown email', async () => {
    const email = uniqueEmail('unverified');
    await api(server, 'POST', '/users/register', { body: { email, password: 'long enough', full_name: 'Unverified' } });
    const before = (await server.outbox()).filter((message) => message.to === email).length;
    const known = await api(server, 'POST', '/users/verify-email/request', { body: { email } });
    const unknown = await api(server, 'POST', '/users/verify-email/request', { body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect((await server.outbox()).filter((message) => message.to === email)).toHaveLength(before + 1);
    const newestToken = await verificationToken(email);
    expect((await api(server, 'POST', `/users/verify-email/confirm/${newestToken}`)).status).toBe(200);
  });

  it('rate limits verification requests per email with 429 and Retry-After', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt <= AUTH_RATE_LIMITS.verifyRequestPerEmail.limit; attempt++) {
      const response = await api(server, 'POST', '/users/verify-email/request', { body: { email } });
      statuses.push(response.status);
      retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('rate limits logins per email with 429', async () => {
    const { email } = await registeredAndVerified();
    let last = 0;
    for (let attempt = 0; attempt <= AUTH_RATE_LIMITS.loginPerEmail.limit; attempt++) {
      last = (await api(server, 'POST', '/users/login', { body: { email, password: 'wrong password' } })).status;
    }
    expect(last).toBe(429);
  });

  it('never counts successful sign-ins toward the login limits, only failed ones', async () => {
    const { email, password } = await registeredAndVerified();
    const headers = { 'x-forwarded-for': '203.0.113.79' };
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.loginPerEmail.limit * 3; attempt++) {
      expect((await api(server, 'POST', '/users/login', { body: { email, password }, headers })).status).toBe(200);
    }
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.loginPerEmail.limit; attempt++) {
      expect((await api(server, 'POST', '/users/login', { body: { email, password: 'wrong password' }, headers })).status).toBe(401);
    }
    const locked = await api(server, 'POST', '/users/login', { body: { email, password }, headers });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rate limits registrations per IP address with 429', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.78' };
    let last = 0;
    for (let attempt = 0; attempt <= AUTH_RATE_LIMITS.registerPerIp.limit; attempt++) {
      const body = { email: uniqueEmail('signup'), password: 'long enough', full_name: 'Signup' };
      last = (await api(server, 'POST', '/users/register', { body, headers })).status;
    }
    expect(last).toBe(429);
  });

  it('rate limits logins per IP address with 429, whatever the emails', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= AUTH_RATE_LIMITS.loginPerIp.limit; attempt++) {
      const body = { email: uniqueEmail('spray'), password: 'guess-123' };
      statuses.push((await api(server, 'POST', '/users/login', { body, headers })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('demo accounts and public config', () => {
  it('seeds an admin and a customer on an active Pro subscription that can log in', async () => {
    const admin = await api(server, 'POST', '/users/login', { body: { email: 'admin@example.com', password: 'admin-demo-2026' } });
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ role: 'ADMIN', is_verified: true });
    const customer = await api(server, 'POST', '/users/login', {
      body: { email: 'customer@example.com', password: 'customer-demo-2026' },
    });
    expect(customer.status).toBe(200);
    expect(customer.body.user).toMatchObject({ role: 'customer', plan: 'pro' });
  });

  it('tells the client the demo credentials and that Google sign-in is available', async () => {
    const config = await api(server, 'GET', '/public/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      demo_accounts: {
        admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
        customer: { email: 'customer@example.com', password: 'customer-demo-2026' },
      },
      google_sign_in: true,
    });
  });
});

describe('auth over GraphQL', () => {
  it('logs in, reads me and viewer, refreshes and logs out', async () => {
    const { email, password } = await registeredAndVerified();
    const login = await graphql(
      server,
      `
        mutation ($email: String!, $password: String!) {
          login(email: $email, password: $password) {
            __typename
            ... on AuthPayload {
              accessToken
              refreshToken
              role
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { email, password },
    );
    expect(login.data.login).toMatchObject({ __typename: 'AuthPayload', role: 'customer' });
    const { accessToken, refreshToken } = login.data.login;

    const me = await graphql(server, '{ me { email fullName role emailVerified plan } viewer { email } }', {}, accessToken);
    expect(me.errors).toBeUndefined();
    expect(me.data).toEqual({
      me: { email, fullName: 'Ada Lovelace', role: 'customer', emailVerified: true, plan: 'starter' },
      viewer: { email },
    });

    const refreshed = await graphql(
      server,
      `
        mutation ($token: String!) {
          refreshSession(refreshToken: $token) {
            ... on AuthPayload {
              accessToken
              refreshToken
            }
          }
        }
      `,
      { token: refreshToken },
    );
    expect(refreshed.data.refreshSession.refreshToken).not.toBe(refreshToken);

    const logout = await graphql(
      server,
      'mutation { logout { ... on MessagePayload { message } } }',
      {},
      refreshed.data.refreshSession.accessToken,
    );
    expect(logout.data.logout.message).toBe('Signed out');
    const afterLogout = await graphql(server, '{ viewer { email } }', {}, refreshed.data.refreshSession.accessToken);
    expect(afterLogout.data.viewer).toBeNull();
  });

  it('returns typed errors for expected failures', async () => {
    const wrong = await graphql(
      server,
      `
        mutation {
          login(email: "admin@example.com", password: "wrong-password") {
            __typename
            ... on Error {
              message
              code
            }
          }
        }
      `,
    );
    expect(wrong.data.login).toEqual({
      __typename: 'AuthenticationError',
      message: 'Incorrect email or password',
      code: 'INVALID_CREDENTIALS',
    });

    const invalid = await graphql(
      server,
      `
        mutation {
          register(email: "nope", password: "short", fullName: "") {
            __typename
            ... on ValidationError {
              message
              issues {
                path
                message
              }
            }
          }
        }
      `,
    );
    expect(invalid.data.register.__typename).toBe('ValidationError');
    expect(invalid.data.register.issues.map((issue: { path: string }) => issue.path)).toEqual(['email', 'password', 'fullName']);
  });

  it('refuses `me` without a token with "Authentication required"', async () => {
    const response = await graphql(server, '{ me { email } }');
    expect(response.data?.me ?? null).toBeNull();
    expect(response.errors?.[0]).toMatchObject({ message: 'Authentication required', extensions: { code: 'AUTHENTICATION_REQUIRED' } });
  });

  it('never lets one user read another through node(): null, as for an id that names nothing', async () => {
    const alice = await loggedIn();
    const bob = await loggedIn();
    const bobId = (await graphql(server, '{ me { id } }', {}, bob.accessToken)).data.me.id;
    const peek = await graphql(server, 'query($id: ID!) { node(id: $id) { id ... on User { email } } }', { id: bobId }, alice.accessToken);
    expect(peek.errors).toBeUndefined();
    expect(peek.data).toEqual({ node: null });
    const own = await graphql(server, 'query($id: ID!) { node(id: $id) { id ... on User { email } } }', { id: bobId }, bob.accessToken);
    expect(own.data.node).toEqual({ id: bobId, email: bob.email });
  });
});

interface GoogleIdentity {
  sub: string;
  email: string;
  name?: string;
}

/**
 * A browser's Google sign-in: start, consent at the provider as `identity`, come back to the callback
 * with the state cookie. Returns where the callback sent the browser and the cookie it set.
 */
async function googleCallback(identity: GoogleIdentity, options: { ip?: string; plan?: string } = {}) {
  oauth.service.removeAllListeners();
  oauth.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = identity.sub;
  });
  oauth.service.on('beforeUserinfo', (response) => {
    response.body = { sub: identity.sub, email: identity.email, email_verified: true, name: identity.name ?? 'Google Person' };
  });
  const ipHeaders: Record<string, string> = options.ip ? { 'x-forwarded-for': options.ip } : {};
  const start = await fetch(`${server.url}/api/v1/users/google${options.plan ? `?plan=${options.plan}` : ''}`, {
    redirect: 'manual',
    headers: ipHeaders,
  });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location')!);
  const stateCookie = start.headers.get('set-cookie')!.split(';')[0]!;
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  const backToUs = new URL(atProvider.headers.get('location')!);
  const callback = await fetch(`${server.url}/api/v1/users/google/callback${backToUs.search}`, {
    redirect: 'manual',
    headers: { cookie: stateCookie, ...ipHeaders },
  });
  expect(callback.status).toBe(302);
  const signInCookie = callback.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('google_sign_in='))
    ?.split(';')[0];
  return { authorizeUrl, landing: new URL(callback.headers.get('location')!), setCookies: callback.headers.getSetCookie(), signInCookie };
}

/** What the app does on landing: trades the sign-in cookie for its tokens. */
const redeem = (cookie: string | undefined) => api(server, 'POST', '/users/google/session', { headers: cookie ? { cookie } : {} });

async function signedInWithGoogle(identity: GoogleIdentity) {
  const { signInCookie } = await googleCallback(identity);
  const session = await redeem(signInCookie);
  expect(session.status).toBe(200);
  return session.body as { access_token: string; refresh_token: string; user: { id: string; email: string; trial: unknown } };
}

describe('Google sign-in', () => {
  it('runs the authorization-code flow with PKCE and hands the app a single-use code in a cookie, no token in the address', async () => {
    const { authorizeUrl, landing, setCookies, signInCookie } = await googleCallback({
      sub: 'google-123',
      email: 'Jane.Doe@Example.org',
      name: 'Jane Doe',
    });
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://app.test/api/v1/users/google/callback');
    expect(landing.href).toBe('http://app.test/?auth=google');
    const cookie = setCookies.find((header) => header.startsWith('google_sign_in='))!;
    expect(cookie).toMatch(/; Max-Age=60(;|$)/);
    expect(cookie).toMatch(/; Path=\/api\/v1\/users\/google\/session(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);

    const session = await redeem(signInCookie);
    expect(session.status).toBe(200);
    expect(session.headers.getSetCookie().some((header) => /^google_sign_in=;.*Expires=Thu, 01 Jan 1970/.test(header))).toBe(true);
    expect(session.body).toMatchObject({ token_type: 'bearer', user: { email: 'jane.doe@example.org', is_verified: true } });
    const me = await api(server, 'GET', '/users/me', { token: session.body.access_token });
    expect(me.body).toMatchObject({ id: session.body.user.id, email: 'jane.doe@example.org' });
    const refreshed = await api(server, 'POST', '/users/refresh', { body: { refresh_token: session.body.refresh_token } });
    expect(refreshed.status).toBe(200);
  });

  it('redeems a sign-in code once, within a minute, and refuses one that is missing', async () => {
    const used = await googleCallback({ sub: `google-once-${Date.now()}`, email: uniqueEmail('once') });
    expect((await redeem(used.signInCookie)).status).toBe(200);
    const again = await redeem(used.signInCookie);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ detail: 'This sign-in has expired. Please sign in again.' });

    const late = await googleCallback({ sub: `google-late-${Date.now()}`, email: uniqueEmail('late') });
    server.clock.advance(61_000);
    try {
      const expired = await redeem(late.signInCookie);
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ detail: 'This sign-in has expired. Please sign in again.' });
    } finally {
      server.clock.advance(-61_000);
    }

    const none = await redeem(undefined);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: 'This sign-in has expired. Please sign in again.' });
  });

  it('gives a session to only one of two concurrent redemptions of one code', async () => {
    const { signInCookie } = await googleCallback({ sub: `google-race-${Date.now()}`, email: uniqueEmail('race') });
    const statuses = (await Promise.all([redeem(signInCookie), redeem(signInCookie), redeem(signInCookie)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 401, 401]);
  });

  it('takes an unverified account over for the mailbox owner: the password an attacker set and its sessions stop', async () => {
    const victim = uniqueEmail('victim');
    const attackerPassword = 'attacker chose this';
    const registered = await api(server, 'POST', '/users/register', {
      body: { email: victim, password: attackerPassword, full_name: 'Not The Owner' },
    });
    expect(registered.status).toBe(201);
    const userId = registered.body.id as string;
    // A session the account somehow held before its owner came (a refresh token of its own family).
    const planted = await server.services.auth.redeemSignInCode(
      await server.services.auth.issueSignInCode(await server.platform.prisma.user.findUniqueOrThrow({ where: { id: userId } })),
    );
    const pending = await verificationToken(victim);

    const owner = await signedInWithGoogle({ sub: `google-owner-${Date.now()}`, email: victim, name: 'Real Owner' });
    expect(owner.user).toMatchObject({ id: userId, email: victim, full_name: 'Real Owner', is_verified: true });

    const attackerLogin = await api(server, 'POST', '/users/login', { body: { email: victim, password: attackerPassword } });
    expect(attackerLogin.status).toBe(401);
    expect(attackerLogin.body).toEqual({ detail: 'Incorrect email or password' });
    const plantedMe = await api(server, 'GET', '/users/me', { token: planted.accessToken });
    expect(plantedMe.status).toBe(401);
    expect(plantedMe.body).toEqual({ detail: 'Authentication required' });
    const plantedRefresh = await api(server, 'POST', '/users/refresh', { body: { refresh_token: planted.refreshToken } });
    expect(plantedRefresh.status).toBe(401);
    expect(plantedRefresh.body.detail).toBe('Your session has expired. Please sign in again.');
    const oldLink = await api(server, 'POST', `/users/verify-email/confirm/${pending}`);
    expect(oldLink.status).toBe(400);
    expect(oldLink.body.detail).toBe('This verification link is invalid or has expired.');

    const ownerMe = await api(server, 'GET', '/users/me', { token: owner.access_token });
    expect(ownerMe.status).toBe(200);
  });

  it('links a verified password account as before: its password still signs in', async () => {
    const account = await registeredAndVerified();
    const google = await signedInWithGoogle({ sub: `google-linked-${Date.now()}`, email: account.email });
    expect(google.user.email).toBe(account.email);
    const login = await api(server, 'POST', '/users/login', { body: account });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(google.user.id);
  });

  it('limits sign-ups through Google per address, like sign-ups with a password', async () => {
    const ip = '203.0.113.77';
    const email = uniqueEmail('google-limited');
    for (let index = 0; index < AUTH_RATE_LIMITS.registerPerEmail.limit; index++) {
      const { landing } = await googleCallback({ sub: `google-limited-${index}-${Date.now()}`, email }, { ip: `203.0.113.${index + 1}` });
      expect(landing.searchParams.get('auth_error')).toBeNull();
      // Each sign-up is removed again, so the next one creates an account as well.
      await server.platform.prisma.user.delete({ where: { email } });
    }
    const { landing, signInCookie } = await googleCallback({ sub: `google-limited-last-${Date.now()}`, email }, { ip });
    expect(landing.searchParams.get('auth_error')).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(signInCookie).toBeUndefined();
    expect(await server.platform.prisma.user.findUnique({ where: { email } })).toBeNull();
  });

  it('gives no free trial to a Google sign-up of a mailbox that had one under another address', async () => {
    const local = `mail.box${Date.now()}`;
    const first = await signedInWithGoogle({ sub: `google-mb1-${Date.now()}`, email: `${local}@gmail.com` });
    expect(first.user.trial).toMatchObject({ plan_name: 'Starter' });
    const variant = await signedInWithGoogle({ sub: `google-mb2-${Date.now()}`, email: `${local.replace('.', '')}+two@googlemail.com` });
    expect(variant.user).toMatchObject({ email: `${local.replace('.', '')}+two@googlemail.com`, trial: null });
  });

  it('refuses a callback whose state does not match the browser cookie', async () => {
    const start = await fetch(`${server.url}/api/v1/users/google`, { redirect: 'manual' });
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const backToUs = new URL(atProvider.headers.get('location')!);
    const callback = await fetch(`${server.url}/api/v1/users/google/callback${backToUs.search}`, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get('location')!).searchParams.get('auth_error')).toMatch(/try again/);
    expect(callback.headers.getSetCookie().some((header) => header.startsWith('google_sign_in='))).toBe(false);
  });
});
