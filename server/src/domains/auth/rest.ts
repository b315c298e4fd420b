import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../../generated/prisma/client.ts';
import { AppError } from '../../errors.ts';
import { sameSecret } from '../../platform/crypto/index.ts';
import { requireViewer, sendRedirect, type RestContext } from '../../rest/http.ts';
import type { TrialView } from '../billing/public.ts';
import { trialJson } from '../billing/rest.ts';
import { authErrors } from './errors.ts';
import { finishGoogleSignIn, GoogleSignInError, isGoogleConfigured, readGoogleCallback, startGoogleSignIn } from './google.ts';
import {
  EMAIL_CHANGED_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  REGISTERED_MESSAGE,
} from './inputs.ts';
import { SIGN_IN_CODE_TTL_MS, type TokenPair } from './service.ts';

const GOOGLE_STATE_COOKIE = 'google_oauth';
const GOOGLE_STATE_MAX_AGE_SECONDS = 10 * 60;
/** Carries a Google sign-in's single-use code to the one route that redeems it, never to a script. */
const GOOGLE_SIGN_IN_COOKIE = 'google_sign_in';
const GOOGLE_SIGN_IN_PATH = '/api/v1/users/google/session';

/**
 * The REST shape of a user, as the spec's client reads it, with their free trial (running or ended;
 * null when there never was one or a paid plan counts) for the sidebar's plan card, and the profile's
 * own fields GraphQL's viewer has too (has_password, pending_email).
 */
function userJson(user: User, plan: string, trial: TrialView | null = null, pendingEmail: string | null = null) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    role: user.role,
    status: user.status,
    plan,
    is_verified: user.emailVerifiedAt !== null,
    avatar_url: user.avatarUrl,
    email_notifications: user.emailNotifications,
    waiting_visitor_emails: user.waitingVisitorEmails,
    has_password: user.passwordHash !== null,
    pending_email: pendingEmail,
    created_at: user.createdAt.toISOString(),
    trial: trial ? trialJson(trial) : null,
  };
}

export function authRoutes(app: FastifyInstance, { services, config }: RestContext): void {
  const { auth, billing } = services;
  const origin = (request: FastifyRequest) => ({ ip: request.ip });
  const fullUserJson = async (user: User) => {
    const [plan, trial, [pendingEmail = null]] = await Promise.all([
      auth.account.planOf(user.id),
      billing.trials.viewOf(user.id),
      auth.account.pendingEmailsOf([user.id]),
    ]);
    return userJson(user, plan, trial, pendingEmail);
  };
  const tokenPairJson = async (pair: TokenPair) => ({
    access_token: pair.accessToken,
    refresh_token: pair.refreshToken,
    token_type: 'bearer',
    expires_in: pair.expiresIn,
    user: await fullUserJson(pair.user),
  });

  app.post('/users/register', async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown; full_name?: unknown; plan?: unknown; plan_id?: unknown };
    const user = await auth.register(
      { email: body.email, password: body.password, fullName: body.full_name, plan: body.plan ?? body.plan_id },
      origin(request),
    );
    return reply.status(201).send({ ...userJson(user, 'free'), message: REGISTERED_MESSAGE });
  });

  app.post('/users/login', async (request) => tokenPairJson(await auth.login(request.body, origin(request))));

  app.post('/users/refresh', async (request) =>
    tokenPairJson(await auth.refresh((request.body as { refresh_token?: unknown } | undefined)?.refresh_token)),
  );

  app.post('/users/logout', async (request) => {
    await auth.logout((request.body as { refresh_token?: unknown } | undefined)?.refresh_token, request.viewer);
    return { message: 'Signed out' };
  });

  app.get('/users/me', async (request) => {
    const viewer = requireViewer(request);
    return fullUserJson(await auth.account.me(viewer));
  });

  app.post('/users/verify-email/confirm/:token', async (request) => {
    const user = await auth.confirmEmail((request.params as { token: string }).token);
    return { message: EMAIL_VERIFIED_MESSAGE, user: await fullUserJson(user) };
  });

  app.post('/users/verify-email/request', async (request) => ({
    message: await auth.requestEmailVerification(request.body, origin(request)),
  }));

  // Password resets and profile changes: routes beyond the spec's, under paths it does not use.
  app.post('/users/password-reset/request', async (request) => ({
    message: await auth.requestPasswordReset(request.body, origin(request)),
  }));

  app.post('/users/password-reset/confirm', async (request) => {
    const body = (request.body ?? {}) as { token?: unknown; password?: unknown };
    await auth.resetPassword({ token: body.token, password: body.password });
    return { message: PASSWORD_RESET_MESSAGE };
  });

  app.patch('/users/me', async (request) => {
    const viewer = requireViewer(request);
    const body = (request.body ?? {}) as { full_name?: unknown };
    return fullUserJson(await auth.account.updateProfile(viewer, { fullName: body.full_name }));
  });

  app.post('/users/me/password', async (request) => {
    const viewer = requireViewer(request);
    const body = (request.body ?? {}) as { current_password?: unknown; new_password?: unknown };
    await auth.account.changePassword(viewer, { currentPassword: body.current_password ?? undefined, newPassword: body.new_password });
    return { message: PASSWORD_CHANGED_MESSAGE };
  });

  app.post('/users/me/email', async (request, reply) => {
    const viewer = requireViewer(request);
    const body = (request.body ?? {}) as { email?: unknown; current_password?: unknown };
    const message = await auth.account.requestEmailChange(viewer, {
      newEmail: body.email,
      currentPassword: body.current_password ?? undefined,
    });
    return reply.status(202).send({ message });
  });

  app.delete('/users/me/email', async (request) => fullUserJson(await auth.account.cancelEmailChange(requireViewer(request))));

  // Public: the link may be opened in a browser that is not signed in; the token is the proof.
  app.post('/users/email-change/confirm', async (request) => {
    const user = await auth.account.confirmEmailChange((request.body as { token?: unknown } | undefined)?.token);
    return { message: EMAIL_CHANGED_MESSAGE, user: await fullUserJson(user) };
  });

  const googleRedirectUri = `${config.publicUrl}/api/v1/users/google/callback`;

  // `?plan=` (the plan picked on the landing) travels in the state cookie to the new account's free trial.
  app.get('/users/google', async (request, reply) => {
    if (!isGoogleConfigured(config.google)) throw authErrors.googleNotConfigured();
    const start = startGoogleSignIn(config.google, googleRedirectUri);
    const plan = (request.query as { plan?: unknown }).plan;
    const saved = { state: start.state, verifier: start.codeVerifier, ...(typeof plan === 'string' ? { plan: plan.slice(0, 100) } : {}) };
    reply.setCookie(GOOGLE_STATE_COOKIE, JSON.stringify(saved), {
      path: '/api/v1/users/google',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
      signed: true,
      maxAge: GOOGLE_STATE_MAX_AGE_SECONDS,
    });
    return sendRedirect(reply, start.authorizationUrl);
  });

  app.get('/users/google/callback', async (request, reply) => {
    reply.clearCookie(GOOGLE_STATE_COOKIE, { path: '/api/v1/users/google' });
    const failed = (message: string) => sendRedirect(reply, `${config.publicUrl}/?auth_error=${encodeURIComponent(message)}`);
    const saved = readSavedGoogleState(request);
    try {
      const callback = readGoogleCallback(request.query);
      if (!saved || !sameSecret(callback.state, saved.state)) {
        return failed('Google sign-in expired or was started in another browser. Please try again.');
      }
      const profile = await finishGoogleSignIn(config.google, {
        code: callback.code,
        redirectUri: googleRedirectUri,
        codeVerifier: saved.verifier,
      });
      const user = await auth.signInWithGoogle(profile, saved.plan, origin(request));
      // No token in the address (history, Referer): the app trades this cookie's code by POST.
      reply.setCookie(GOOGLE_SIGN_IN_COOKIE, await auth.issueSignInCode(user), {
        path: GOOGLE_SIGN_IN_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https://'),
        maxAge: SIGN_IN_CODE_TTL_MS / 1000,
      });
      return sendRedirect(reply, `${config.publicUrl}/?auth=google`);
    } catch (error) {
      if (error instanceof GoogleSignInError) {
        request.log.warn({ code: error.code }, 'google sign-in failed');
        return failed(error.code === 'authorization_denied' ? 'Google sign-in was cancelled.' : 'Google sign-in failed. Please try again.');
      }
      if (error instanceof AppError) return failed(error.message);
      throw error;
    }
  });

  app.post('/users/google/session', async (request, reply) => {
    reply.clearCookie(GOOGLE_SIGN_IN_COOKIE, { path: GOOGLE_SIGN_IN_PATH });
    return tokenPairJson(await auth.redeemSignInCode(request.cookies[GOOGLE_SIGN_IN_COOKIE]));
  });

  function readSavedGoogleState(request: FastifyRequest): { state: string; verifier: string; plan?: string } | null {
    const raw = request.cookies[GOOGLE_STATE_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const parsed = JSON.parse(unsigned.value) as { state?: unknown; verifier?: unknown; plan?: unknown };
      return typeof parsed.state === 'string' && typeof parsed.verifier === 'string'
        ? { state: parsed.state, verifier: parsed.verifier, ...(typeof parsed.plan === 'string' ? { plan: parsed.plan } : {}) }
        : null;
    } catch {
      return null;
    }
  }
}
