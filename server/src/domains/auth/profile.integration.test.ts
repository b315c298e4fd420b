import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { AUTH_RATE_LIMITS, emailChangeSentMessage } from './inputs.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const uniqueEmail = (prefix = 'moved') => `${prefix}-${randomUUID()}@example.org`;
const WRONG_PASSWORD = 'Your current password is incorrect.';
const INVALID_LINK = 'This email confirmation link is invalid or has expired.';

async function mailsTo(email: string) {
  return (await server.outbox()).filter((message) => message.to === email);
}

async function emailChangeToken(email: string): Promise<string> {
  const last = (await mailsTo(email)).filter((message) => message.subject === 'Confirm your new email address').at(-1);
  expect(last, `a confirmation mail to ${email}`).toBeDefined();
  const link = /http:\/\/app\.test\/confirm-email-change\?token=([A-Za-z0-9_-]+)/.exec(last!.text);
  expect(link).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

const loginStatus = async (email: string, password: string) =>
  (await api(server, 'POST', '/users/login', { body: { email, password } })).status;

const UPDATE_PROFILE = `mutation($fullName: String!) {
  updateProfile(fullName: $fullName) {
    __typename
    ... on User { fullName email }
    ... on ValidationError { message issues { path message } }
  }
}`;

const CHANGE_PASSWORD = `mutation($currentPassword: String, $newPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
    __typename
    ... on User { hasPassword }
    ... on ValidationError { message code issues { path message } }
    ... on Error { message code }
  }
}`;

const REQUEST_EMAIL_CHANGE = `mutation($newEmail: String!, $currentPassword: String) {
  requestEmailChange(newEmail: $newEmail, currentPassword: $currentPassword) {
    __typename
    ... on MessagePayload { message }
    ... on Error { message code }
  }
}`;

const CANCEL_EMAIL_CHANGE = `mutation {
  cancelEmailChange { __typename ... on User { email pendingEmail } ... on Error { message code } }
}`;

const CONFIRM_EMAIL_CHANGE = `mutation($token: String!) {
  confirmEmailChange(token: $token) { __typename ... on MessagePayload { message } ... on Error { message code } }
}`;

describe('the profile: name', () => {
  it('renames the viewer over GraphQL and REST, and refuses a blank name', async () => {
    const ann = await signUp(server, 'Ann');
    const bob = await signUp(server, 'Bob');
    const renamed = await graphql(server, UPDATE_PROFILE, { fullName: '  Ann Smith ' }, ann.accessToken);
    expect(renamed.data.updateProfile).toEqual({ __typename: 'User', fullName: 'Ann Smith', email: ann.email });

    const patched = await api(server, 'PATCH', '/users/me', { token: ann.accessToken, body: { full_name: 'Ann Jones' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ email: ann.email, full_name: 'Ann Jones' });
    expect((await graphql(server, '{ viewer { fullName } }', {}, ann.accessToken)).data.viewer.fullName).toBe('Ann Jones');
    expect((await api(server, 'GET', '/users/me', { token: bob.accessToken })).body.full_name).toBe('Bob');

    const blank = await graphql(server, UPDATE_PROFILE, { fullName: '   ' }, ann.accessToken);
    expect(blank.data.updateProfile).toEqual({
      __typename: 'ValidationError',
      message: 'Name is required',
      issues: [{ path: 'fullName', message: 'Name is required' }],
    });
    const blankRest = await api(server, 'PATCH', '/users/me', { token: ann.accessToken, body: {} });
    expect(blankRest.status).toBe(400);
    expect(blankRest.body).toEqual({ detail: 'Name is required' });
  });

  it('refuses a signed-out caller', async () => {
    const rest = await api(server, 'PATCH', '/users/me', { body: { full_name: 'Nobody' } });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ detail: 'Authentication required' });
    const gql = await graphql(server, UPDATE_PROFILE, { fullName: 'Nobody' });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
  });
});

describe('the profile: password', () => {
  it('refuses a wrong current password and keeps the old one', async () => {
    const account = await signUp(server, 'Cal');
    const wrong = await graphql(
      server,
      CHANGE_PASSWORD,
      { currentPassword: 'not my password', newPassword: 'a new password' },
      account.accessToken,
    );
    expect(wrong.data.changePassword).toEqual({
      __typename: 'ValidationError',
      message: WRONG_PASSWORD,
      code: 'WRONG_CURRENT_PASSWORD',
      issues: [{ path: 'currentPassword', message: WRONG_PASSWORD }],
    });
    const missing = await api(server, 'POST', '/users/me/password', {
      token: account.accessToken,
      body: { new_password: 'a new password' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: WRONG_PASSWORD });
    expect(await loginStatus(account.email, account.password)).toBe(200);
    expect(await loginStatus(account.email, 'a new password')).toBe(401);
  });

  it('changes it with the current one, keeps this session and signs out the others', async () => {
    const account = await signUp(server, 'Dee');
    const other = await logIn(server, account.email, account.password);
    const short = await api(server, 'POST', '/users/me/password', {
      token: account.accessToken,
      body: { current_password: account.password, new_password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ detail: 'Password must be at least 8 characters' });

    const changed = await api(server, 'POST', '/users/me/password', {
      token: account.accessToken,
      body: { current_password: account.password, new_password: 'a better password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: 'Your password was changed. Your other sessions were signed out.' });

    expect((await api(server, 'GET', '/users/me', { token: account.accessToken })).status).toBe(200);
    expect((await api(server, 'POST', '/users/refresh', { body: { refresh_token: account.refreshToken } })).status).toBe(200);
    expect((await api(server, 'GET', '/users/me', { token: other.accessToken })).status).toBe(401);
    expect((await api(server, 'POST', '/users/refresh', { body: { refresh_token: other.refreshToken } })).status).toBe(401);
    expect(await loginStatus(account.email, account.password)).toBe(401);
    expect(await loginStatus(account.email, 'a better password')).toBe(200);
  });

  it('lets an account without a password (created through Google) set one without a current password', async () => {
    const account = await signUp(server, 'Gil');
    await server.platform.prisma.user.update({ where: { id: account.userId }, data: { passwordHash: null } });
    expect((await graphql(server, '{ viewer { hasPassword } }', {}, account.accessToken)).data.viewer.hasPassword).toBe(false);
    const set = await graphql(server, CHANGE_PASSWORD, { newPassword: 'my first password' }, account.accessToken);
    expect(set.data.changePassword).toEqual({ __typename: 'User', hasPassword: true });
    expect(await loginStatus(account.email, 'my first password')).toBe(200);
    // From now on it has one, and it must be given.
    const again = await graphql(server, CHANGE_PASSWORD, { newPassword: 'another password' }, account.accessToken);
    expect(again.data.changePassword.code).toBe('WRONG_CURRENT_PASSWORD');
  });

  it(`stops guessing the current password after ${AUTH_RATE_LIMITS.currentPasswordPerUser.limit} wrong tries`, async () => {
    const account = await signUp(server, 'Hob');
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.currentPasswordPerUser.limit; attempt++) {
      const wrong = await graphql(
        server,
        CHANGE_PASSWORD,
        { currentPassword: `guess ${attempt}`, newPassword: 'whatever it is' },
        account.accessToken,
      );
      expect(wrong.data.changePassword.code).toBe('WRONG_CURRENT_PASSWORD');
    }
    const refused = await graphql(
      server,
      CHANGE_PASSWORD,
      { currentPassword: account.password, newPassword: 'whatever it is' },
      account.accessToken,
    );
    expect(refused.data.changePassword).toMatchObject({ __typename: 'RateLimitError', code: 'RATE_LIMIT' });
  });
});

describe('the profile: email', () => {
  it('changes the sign-in address only once the link mailed to the new one is followed, once', async () => {
    const account = await signUp(server, 'Ivy');
    const newEmail = uniqueEmail();
    const requested = await api(server, 'POST', '/users/me/email', {
      token: account.accessToken,
      body: { email: newEmail.toUpperCase(), current_password: account.password },
    });
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({ message: emailChangeSentMessage(newEmail) });
    const token = await emailChangeToken(newEmail);

    // Until confirmed, the login stays the old address, and the change waits.
    const waiting = await graphql(server, '{ viewer { email pendingEmail } }', {}, account.accessToken);
    expect(waiting.data.viewer).toEqual({ email: account.email, pendingEmail: newEmail });
    expect(await loginStatus(newEmail, account.password)).toBe(401);
    expect(await loginStatus(account.email, account.password)).toBe(200);
    expect((await api(server, 'GET', '/users/me', { token: account.accessToken })).body.email).toBe(account.email);

    const confirmed = await api(server, 'POST', '/users/email-change/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      message: 'Your email address was changed. Sign in with the new one from now on.',
      user: { id: account.userId, email: newEmail },
    });
    expect(await loginStatus(newEmail, account.password)).toBe(200);
    expect(await loginStatus(account.email, account.password)).toBe(401);
    const changed = await graphql(server, '{ viewer { email pendingEmail } }', {}, account.accessToken);
    expect(changed.data.viewer).toEqual({ email: newEmail, pendingEmail: null });
    const notice = (await mailsTo(account.email)).at(-1);
    expect(notice?.subject).toBe('Your email address was changed');
    expect(notice?.text).toContain(newEmail);

    const again = await api(server, 'POST', '/users/email-change/confirm', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: INVALID_LINK });
  });

  it('changes the address even when the notice to the old one cannot be sent', async () => {
    const account = await signUp(server, 'Pat');
    const newEmail = uniqueEmail();
    await graphql(server, REQUEST_EMAIL_CHANGE, { newEmail, currentPassword: account.password }, account.accessToken);
    const token = await emailChangeToken(newEmail);
    const mailer = server.platform.mailer;
    const send = mailer.send.bind(mailer);
    mailer.send = async (message) => {
      if (message.to === account.email) throw new Error('SMTP refused the connection');
      return send(message);
    };
    try {
      const confirmed = await api(server, 'POST', '/users/email-change/confirm', { body: { token } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.user.email).toBe(newEmail);
    } finally {
      mailer.send = send;
    }
    expect(await loginStatus(newEmail, account.password)).toBe(200);
  });

  it('stops waiting for a link after a day: the link is refused and no change is pending', async () => {
    const account = await signUp(server, 'Quin');
    const newEmail = uniqueEmail();
    await graphql(server, REQUEST_EMAIL_CHANGE, { newEmail, currentPassword: account.password }, account.accessToken);
    const token = await emailChangeToken(newEmail);
    server.clock.advance(24 * 3_600_000);
    const fresh = await logIn(server, account.email, account.password);
    expect((await graphql(server, '{ viewer { pendingEmail } }', {}, fresh.accessToken)).data.viewer.pendingEmail).toBeNull();
    const late = await api(server, 'POST', '/users/email-change/confirm', { body: { token } });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ detail: INVALID_LINK });
    expect(await loginStatus(account.email, account.password)).toBe(200);
  });

  it('refuses an address another account uses, with the sign-up answer, and mails nothing', async () => {
    const account = await signUp(server, 'Jay');
    const other = await signUp(server, 'Kim');
    const rest = await api(server, 'POST', '/users/me/email', {
      token: account.accessToken,
      body: { email: other.email, current_password: account.password },
    });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ detail: 'An account with this email already exists' });
    const gql = await graphql(
      server,
      REQUEST_EMAIL_CHANGE,
      { newEmail: other.email, currentPassword: account.password },
      account.accessToken,
    );
    expect(gql.data.requestEmailChange).toEqual({
      __typename: 'ConflictError',
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
    expect((await mailsTo(other.email)).filter((message) => message.subject === 'Confirm your new email address')).toEqual([]);
  });

  it('refuses a wrong current password or the same address, and mails nothing', async () => {
    const account = await signUp(server, 'Lou');
    const newEmail = uniqueEmail();
    const wrong = await graphql(server, REQUEST_EMAIL_CHANGE, { newEmail, currentPassword: 'not it' }, account.accessToken);
    expect(wrong.data.requestEmailChange).toEqual({
      __typename: 'ValidationError',
      message: WRONG_PASSWORD,
      code: 'WRONG_CURRENT_PASSWORD',
    });
    const same = await graphql(
      server,
      REQUEST_EMAIL_CHANGE,
      { newEmail: account.email, currentPassword: account.password },
      account.accessToken,
    );
    expect(same.data.requestEmailChange).toEqual({
      __typename: 'ValidationError',
      message: 'This is already your email address.',
      code: 'SAME_EMAIL',
    });
    const invalid = await api(server, 'POST', '/users/me/email', {
      token: account.accessToken,
      body: { email: 'nope', current_password: account.password },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ detail: 'Enter a valid email address' });
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it('honours only the latest request, and refuses the link when the address was taken meanwhile', async () => {
    const account = await signUp(server, 'Max');
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const newEmail of [first, second]) {
      const answer = await graphql(server, REQUEST_EMAIL_CHANGE, { newEmail, currentPassword: account.password }, account.accessToken);
      expect(answer.data.requestEmailChange.__typename).toBe('MessagePayload');
    }
    const stale = await graphql(server, CONFIRM_EMAIL_CHANGE, { token: await emailChangeToken(first) });
    expect(stale.data.confirmEmailChange).toEqual({
      __typename: 'ValidationError',
      message: INVALID_LINK,
      code: 'INVALID_EMAIL_CHANGE_TOKEN',
    });

    // Someone signs up with the second address before the link is followed.
    await signUp(server, 'Squatter', { email: second });
    const taken = await graphql(server, CONFIRM_EMAIL_CHANGE, { token: await emailChangeToken(second) });
    expect(taken.data.confirmEmailChange).toEqual({
      __typename: 'ConflictError',
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
    expect(await loginStatus(account.email, account.password)).toBe(200);
  });

  it('retires password reset links mailed to the old address once the new one is confirmed', async () => {
    const account = await signUp(server, 'Ned');
    await api(server, 'POST', '/users/password-reset/request', { body: { email: account.email } });
    const resetMail = (await mailsTo(account.email)).filter((message) => message.subject === 'Reset your password').at(-1)!;
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!;
    const newEmail = uniqueEmail();
    await graphql(server, REQUEST_EMAIL_CHANGE, { newEmail, currentPassword: account.password }, account.accessToken);
    expect(
      (await graphql(server, CONFIRM_EMAIL_CHANGE, { token: await emailChangeToken(newEmail) })).data.confirmEmailChange.__typename,
    ).toBe('MessagePayload');
    const reset = await api(server, 'POST', '/users/password-reset/confirm', { body: { token: resetToken, password: 'taken over?' } });
    expect(reset.status).toBe(400);
    expect(await loginStatus(newEmail, account.password)).toBe(200);
  });

  it(`mails at most ${AUTH_RATE_LIMITS.emailChangePerUser.limit} confirmation links an hour per account`, async () => {
    const account = await signUp(server, 'Oz');
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.emailChangePerUser.limit; attempt++) {
      const answer = await graphql(
        server,
        REQUEST_EMAIL_CHANGE,
        { newEmail: uniqueEmail(), currentPassword: account.password },
        account.accessToken,
      );
      expect(answer.data.requestEmailChange.__typename).toBe('MessagePayload');
    }
    const newEmail = uniqueEmail();
    const refused = await api(server, 'POST', '/users/me/email', {
      token: account.accessToken,
      body: { email: newEmail, current_password: account.password },
    });
    expect(refused.status).toBe(429);
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it('cancels a pending change over GraphQL: the change stops waiting and its link is refused', async () => {
    const account = await signUp(server, 'Rae');
    const newEmail = uniqueEmail();
    await graphql(server, REQUEST_EMAIL_CHANGE, { newEmail, currentPassword: account.password }, account.accessToken);
    const token = await emailChangeToken(newEmail);

    const cancelled = await graphql(server, CANCEL_EMAIL_CHANGE, {}, account.accessToken);
    expect(cancelled.data.cancelEmailChange).toEqual({ __typename: 'User', email: account.email, pendingEmail: null });

    const link = await graphql(server, CONFIRM_EMAIL_CHANGE, { token });
    expect(link.data.confirmEmailChange).toEqual({
      __typename: 'ValidationError',
      message: INVALID_LINK,
      code: 'INVALID_EMAIL_CHANGE_TOKEN',
    });
    expect(await loginStatus(newEmail, account.password)).toBe(401);
    expect(await loginStatus(account.email, account.password)).toBe(200);
    const again = await graphql(server, CANCEL_EMAIL_CHANGE, {}, account.accessToken);
    expect(again.data.cancelEmailChange).toEqual({
      __typename: 'NotFoundError',
      message: 'Pending email change not found',
      code: 'PENDING_EMAIL_CHANGE_NOT_FOUND',
    });
  });

  it("cancels only the caller's own change: another user's cancel is refused and leaves it waiting", async () => {
    const owner = await signUp(server, 'Sol');
    const other = await signUp(server, 'Tam');
    const newEmail = uniqueEmail();
    await graphql(server, REQUEST_EMAIL_CHANGE, { newEmail, currentPassword: owner.password }, owner.accessToken);

    const gql = await graphql(server, CANCEL_EMAIL_CHANGE, {}, other.accessToken);
    expect(gql.data.cancelEmailChange).toEqual({
      __typename: 'NotFoundError',
      message: 'Pending email change not found',
      code: 'PENDING_EMAIL_CHANGE_NOT_FOUND',
    });
    const rest = await api(server, 'DELETE', '/users/me/email', { token: other.accessToken });
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ detail: 'Pending email change not found' });
    const signedOut = await graphql(server, CANCEL_EMAIL_CHANGE, {});
    expect(signedOut.data?.cancelEmailChange ?? null).toBeNull();
    expect(signedOut.errors?.[0]?.extensions).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });

    expect((await graphql(server, '{ viewer { pendingEmail } }', {}, owner.accessToken)).data.viewer.pendingEmail).toBe(newEmail);
    const confirmed = await graphql(server, CONFIRM_EMAIL_CHANGE, { token: await emailChangeToken(newEmail) });
    expect(confirmed.data.confirmEmailChange.__typename).toBe('MessagePayload');
  });

  it('cancels over REST too, and GET /users/me says what waits and whether there is a password', async () => {
    const account = await signUp(server, 'Uma');
    const newEmail = uniqueEmail();
    const fresh = await api(server, 'GET', '/users/me', { token: account.accessToken });
    expect(fresh.body).toMatchObject({ email: account.email, full_name: 'Uma', has_password: true, pending_email: null });
    await api(server, 'POST', '/users/me/email', {
      token: account.accessToken,
      body: { email: newEmail, current_password: account.password },
    });
    const waiting = await api(server, 'GET', '/users/me', { token: account.accessToken });
    expect(waiting.body).toMatchObject({ email: account.email, pending_email: newEmail });

    const cancelled = await api(server, 'DELETE', '/users/me/email', { token: account.accessToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: account.userId, email: account.email, pending_email: null });
    const link = await api(server, 'POST', '/users/email-change/confirm', { body: { token: await emailChangeToken(newEmail) } });
    expect(link.status).toBe(400);
    expect(link.body).toEqual({ detail: INVALID_LINK });
  });
});

describe('GET /users/me', () => {
  it("keeps every field of the user and adds the profile's has_password and pending_email", async () => {
    const account = await signUp(server, 'Vic');
    await server.platform.prisma.user.update({ where: { id: account.userId }, data: { passwordHash: null } });
    const me = await api(server, 'GET', '/users/me', { token: account.accessToken });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(
      [
        'avatar_url',
        'created_at',
        'email',
        'email_notifications',
        'full_name',
        'has_password',
        'id',
        'is_verified',
        'pending_email',
        'plan',
        'role',
        'status',
        'trial',
        'waiting_visitor_emails',
      ].sort(),
    );
    expect(me.body).toMatchObject({ id: account.userId, email: account.email, has_password: false, pending_email: null });
  });
});
