import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { AUTH_RATE_LIMITS, PASSWORD_RESET_SENT_MESSAGE } from './inputs.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const INVALID_LINK = 'This password reset link is invalid or has expired.';
const uniqueEmail = (prefix = 'reset') => `${prefix}-${randomUUID()}@example.org`;

async function mailsTo(email: string) {
  return (await server.outbox()).filter((message) => message.to === email);
}

/** The token of the last password reset mail to `email`. */
async function resetToken(email: string): Promise<string> {
  const last = (await mailsTo(email)).filter((message) => message.subject === 'Reset your password').at(-1);
  expect(last, `a reset mail to ${email}`).toBeDefined();
  const link = /http:\/\/app\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(last!.text);
  expect(link).not.toBeNull();
  expect(last!.html).toContain(`http://app.test/reset-password?token=${link![1]}`);
  return decodeURIComponent(link![1]!);
}

const requestReset = (email: string, ip?: string) =>
  api(server, 'POST', '/users/password-reset/request', { body: { email }, ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}) });

const confirmReset = (token: string, password: string) =>
  api(server, 'POST', '/users/password-reset/confirm', { body: { token, password } });

describe('a customer who forgot their password', () => {
  it('gets a link by mail, sets a new password with it, and every session they had is signed out', async () => {
    const account = await signUp(server, 'Ada');
    const otherSession = await logIn(server, account.email, account.password);

    const requested = await requestReset(account.email.toUpperCase());
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    const token = await resetToken(account.email);

    const reset = await confirmReset(token, 'a brand new password');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Your password was changed. You can now sign in with it.' });

    for (const session of [account, otherSession]) {
      expect((await api(server, 'GET', '/users/me', { token: session.accessToken })).status).toBe(401);
      const refreshed = await api(server, 'POST', '/users/refresh', { body: { refresh_token: session.refreshToken } });
      expect(refreshed.status).toBe(401);
    }
    const oldPassword = await api(server, 'POST', '/users/login', { body: { email: account.email, password: account.password } });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body).toEqual({ detail: 'Incorrect email or password' });
    const fresh = await logIn(server, account.email, 'a brand new password');
    expect((await api(server, 'GET', '/users/me', { token: fresh.accessToken })).body.email).toBe(account.email);
  });

  it('uses a link once: the second use, and any older link of the account, is refused', async () => {
    const account = await signUp(server, 'Ben');
    await requestReset(account.email);
    const older = await resetToken(account.email);
    await requestReset(account.email);
    const newer = await resetToken(account.email);
    expect(newer).not.toBe(older);

    expect((await confirmReset(newer, 'first new password')).status).toBe(200);
    for (const token of [newer, older]) {
      const again = await confirmReset(token, 'second new password');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ detail: INVALID_LINK });
    }
    await logIn(server, account.email, 'first new password');
  });

  it('accepts a link for an hour and refuses it from then on, keeping the old password', async () => {
    const early = await signUp(server, 'Cy');
    const late = await signUp(server, 'Di');
    await requestReset(early.email);
    await requestReset(late.email);
    const earlyToken = await resetToken(early.email);
    const lateToken = await resetToken(late.email);

    server.clock.advance(59 * 60_000);
    expect((await confirmReset(earlyToken, 'changed in time')).status).toBe(200);
    server.clock.advance(60_000);
    const expired = await confirmReset(lateToken, 'changed too late');
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ detail: INVALID_LINK });
    await logIn(server, late.email, late.password);
    await logIn(server, early.email, 'changed in time');
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const account = await signUp(server, 'Eve');
    const unknown = uniqueEmail('nobody');
    const known = await requestReset(account.email);
    const missing = await requestReset(unknown);
    expect(missing.status).toBe(known.status);
    expect(missing.body).toEqual(known.body);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('mails nothing to a suspended account, with the same answer', async () => {
    const account = await signUp(server, 'Fay');
    await server.platform.prisma.user.update({ where: { id: account.userId }, data: { status: 'suspended' } });
    const before = (await mailsTo(account.email)).length;
    const answer = await requestReset(account.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    expect(await mailsTo(account.email)).toHaveLength(before);
  });

  it('asks for a new password of 8 characters or more, and the link still works after a refusal', async () => {
    const account = await signUp(server, 'Gus');
    await requestReset(account.email);
    const token = await resetToken(account.email);
    const short = await confirmReset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ detail: 'Password must be at least 8 characters' });
    const missing = await api(server, 'POST', '/users/password-reset/confirm', { body: { password: 'long enough' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: 'Token is required' });
    expect((await confirmReset(token, 'long enough')).status).toBe(200);
  });

  it('refuses an address that is not one with 400', async () => {
    const answer = await requestReset('not an address');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: 'Enter a valid email address' });
  });

  it(`limits requests to ${AUTH_RATE_LIMITS.resetRequestPerEmail.limit} per address, whatever the IP, known or not`, async () => {
    for (const email of [(await signUp(server, 'Hal')).email, uniqueEmail('limited')]) {
      for (let attempt = 0; attempt < AUTH_RATE_LIMITS.resetRequestPerEmail.limit; attempt++) {
        expect((await requestReset(email)).status).toBe(200);
      }
      const refused = await requestReset(email);
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    }
  });

  it(`limits requests to ${AUTH_RATE_LIMITS.resetRequestPerIp.limit} per IP, whatever the address`, async () => {
    const ip = '203.0.113.77';
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.resetRequestPerIp.limit; attempt++) {
      expect((await requestReset(uniqueEmail('from-ip'), ip)).status).toBe(200);
    }
    const refused = await requestReset(uniqueEmail('from-ip'), ip);
    expect(refused.status).toBe(429);
    expect((await requestReset(uniqueEmail('from-ip'), '203.0.113.78')).status).toBe(200);
  });

  it('verifies an account that was not yet, starts its free trial, and retires its verification link', async () => {
    const email = uniqueEmail('unverified');
    const registered = await api(server, 'POST', '/users/register', {
      body: { email, password: 'set before proving', full_name: 'Ida' },
    });
    expect(registered.status).toBe(201);
    const verification = /verify-email\?token=([A-Za-z0-9_-]+)/.exec((await mailsTo(email)).at(-1)!.text)![1]!;

    await requestReset(email);
    expect((await confirmReset(await resetToken(email), 'chosen by the owner')).status).toBe(200);

    const session = await logIn(server, email, 'chosen by the owner');
    const me = await api(server, 'GET', '/users/me', { token: session.accessToken });
    expect(me.body).toMatchObject({ email, is_verified: true, trial: expect.objectContaining({ ended: false }) });
    const stale = await api(server, 'POST', `/users/verify-email/confirm/${verification}`);
    expect(stale.status).toBe(400);
  });

  it('hands an unverified account to the mailbox owner who resets it, as Google sign-in does: the name an attacker set and their sessions go', async () => {
    // The attacker registers the victim's address first, with a name of their choosing.
    const victim = uniqueEmail('victim');
    const registered = await api(server, 'POST', '/users/register', {
      body: { email: victim, password: 'attacker chose this', full_name: 'Attacker Named This' },
    });
    expect(registered.status).toBe(201);
    const userId = registered.body.id as string;
    // A session the account somehow held before its owner came (a refresh token of its own family).
    const auth = server.services.auth;
    const attacker = await auth.redeemSignInCode(
      await auth.issueSignInCode(await server.platform.prisma.user.findUniqueOrThrow({ where: { id: userId } })),
    );
    expect((await api(server, 'GET', '/users/me', { token: attacker.accessToken })).status).toBe(200);

    // The owner, who reads the mailbox, resets the password.
    await requestReset(victim);
    expect((await confirmReset(await resetToken(victim), 'the owner chose this')).status).toBe(200);

    const attackerMe = await api(server, 'GET', '/users/me', { token: attacker.accessToken });
    expect(attackerMe.status).toBe(401);
    expect(attackerMe.body).toEqual({ detail: 'Authentication required' });
    const attackerRefresh = await api(server, 'POST', '/users/refresh', { body: { refresh_token: attacker.refreshToken } });
    expect(attackerRefresh.status).toBe(401);
    expect(attackerRefresh.body).toEqual({ detail: 'Your session has expired. Please sign in again.' });
    const attackerLogin = await api(server, 'POST', '/users/login', { body: { email: victim, password: 'attacker chose this' } });
    expect(attackerLogin.status).toBe(401);
    expect(attackerLogin.body).toEqual({ detail: 'Incorrect email or password' });

    const owner = await logIn(server, victim, 'the owner chose this');
    const me = await api(server, 'GET', '/users/me', { token: owner.accessToken });
    expect(me.body).toMatchObject({ id: userId, email: victim, is_verified: true, has_password: true });
    expect(me.body.full_name).not.toBe('Attacker Named This');
    expect(me.body.full_name).toBe(victim);
  });
});

describe('password reset over GraphQL', () => {
  const REQUEST = `mutation($email: String!) {
    requestPasswordReset(email: $email) { __typename ... on MessagePayload { message } ... on Error { message code } }
  }`;
  const RESET = `mutation($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password) {
      __typename
      ... on MessagePayload { message }
      ... on ValidationError { message code issues { path message } }
      ... on Error { message code }
    }
  }`;

  it('resets with the mailed link and answers a used link with a typed error', async () => {
    const account = await signUp(server, 'Jo');
    const requested = await graphql(server, REQUEST, { email: account.email });
    expect(requested.data.requestPasswordReset).toEqual({ __typename: 'MessagePayload', message: PASSWORD_RESET_SENT_MESSAGE });
    const token = await resetToken(account.email);

    const reset = await graphql(server, RESET, { token, password: 'graphql new password' });
    expect(reset.data.resetPassword.__typename).toBe('MessagePayload');
    expect((await graphql(server, '{ viewer { id } }', {}, account.accessToken)).data.viewer).toBeNull();

    const again = await graphql(server, RESET, { token, password: 'another password' });
    expect(again.data.resetPassword).toEqual({
      __typename: 'ValidationError',
      message: INVALID_LINK,
      code: 'INVALID_PASSWORD_RESET_TOKEN',
      issues: [],
    });
    await logIn(server, account.email, 'graphql new password');
  });

  it('answers a short password with the field issue', async () => {
    const reset = await graphql(server, RESET, { token: 'whatever', password: 'short' });
    expect(reset.data.resetPassword).toMatchObject({
      __typename: 'ValidationError',
      issues: [{ path: 'password', message: 'Password must be at least 8 characters' }],
    });
  });
});
