import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Prisma, PrismaClient, User } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { hashPassword, verifyPassword, randomToken, sha256Hex } from '../../platform/crypto/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { Outage } from '../../platform/outage.ts';
import { isDatabaseUnavailable, isUniqueViolation } from '../../platform/database/errors.ts';
import type { RateLimiter } from '../../platform/ratelimit/index.ts';
import type { RevocationList } from '../../platform/revocations/index.ts';
import { enforceRateLimit, refundRateLimit, type RateLimitRule } from '../../platform/ratelimit/enforce.ts';
import { NO_VIEWER, type AuthenticatedViewer, type Viewer } from './viewer.ts';
import { parseInput } from '../../platform/validation.ts';
import { planLabels } from '../billing/subscriptions.ts';
import type { EventsService } from '../events/service.ts';
import { authErrors } from './errors.ts';
import type { GoogleProfile } from './google.ts';
import { emailChangedNotice, emailChangeEmail, passwordResetEmail, verificationEmail } from './mail.ts';
import { isRevoked, REVOCATION_TTL_MS, revocationsOf, sessionRevocation, userRevocation } from './revocation.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AccessTokens,
  EMAIL_CHANGE_TOKEN_TTL_HOURS,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  REFRESH_TOKEN_TTL_DAYS,
  VERIFICATION_TOKEN_TTL_HOURS,
  type VerifiedAccess,
} from './tokens.ts';

/** How long the app has to redeem a Google sign-in's code (it does so at once, on landing). */
export const SIGN_IN_CODE_TTL_MS = 60_000;

/** A user the viewer may see: themself, or anyone for an admin. */
export function visibleUserWhere(viewer: Viewer | null, userId: string): Prisma.UserWhereUniqueInput {
  return viewer?.role === 'ADMIN' ? { id: userId } : { id: userId, AND: { id: viewer?.id ?? NO_VIEWER } };
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: User;
}

/** Who is asking, for rate limits: the client IP as the HTTP layer saw it. */
export interface RequestOrigin {
  ip: string;
}

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, { error: 'Email is too long' }));

/** A password someone chooses: at sign-up, on a reset and in the profile alike. */
const newPassword = z
  .string({ error: 'Password is required' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' });

const fullName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(100, { error: 'Name must be at most 100 characters' });

/** The password a signed-in user types to prove it is them; checked against the hash, never against rules. */
const currentPassword = z.string({ error: 'Enter your current password' }).max(128).optional();

const registerInput = z.object({
  email,
  password: newPassword,
  fullName,
  /** The plan picked on the landing (a plan id or name), for the free trial; never a reason to refuse. */
  plan: z.unknown().optional(),
});

const loginInput = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
});

const emailInput = z.object({ email });

const accountSettingsInput = z.object({
  emailNotifications: z.boolean({ error: 'Email notifications must be on or off' }),
});

const tokenInput = z.string({ error: 'Token is required' }).trim().min(1, { error: 'Token is required' }).max(512);

const resetPasswordInput = z.object({ token: tokenInput, password: newPassword });

const profileInput = z.object({ fullName });

const changePasswordInput = z.object({ currentPassword, newPassword });

const emailChangeInput = z.object({ newEmail: email, currentPassword });

/** Attempts allowed per window; generous for people, tight for scripts. */
export const REGISTERED_MESSAGE = 'Account created. Please check your email to verify your account.';
export const EMAIL_VERIFIED_MESSAGE = 'Email verified successfully. You can now sign in.';

export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * 60_000 },
  loginPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  registerPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  verifyRequestPerIp: { limit: 10, windowMs: 60 * 60_000 },
  verifyRequestPerEmail: { limit: 3, windowMs: 15 * 60_000 },
  resetRequestPerIp: { limit: 10, windowMs: 60 * 60_000 },
  resetRequestPerEmail: { limit: 3, windowMs: 15 * 60_000 },
  /** Guesses of the current password, by a signed-in session (changing the password or the email). */
  currentPasswordPerUser: { limit: 10, windowMs: 15 * 60_000 },
  /** Each request mails an address the caller chose: few, so an account cannot be used to spam. */
  emailChangePerUser: { limit: 5, windowMs: 60 * 60_000 },
} as const;

const VERIFICATION_SENT_MESSAGE = 'If an unverified account exists for this email, a new verification email has been sent.';
export const PASSWORD_RESET_SENT_MESSAGE = 'If an account exists for this email, we sent it a link to choose a new password.';
export const PASSWORD_RESET_MESSAGE = 'Your password was changed. You can now sign in with it.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed. Your other sessions were signed out.';
export const EMAIL_CHANGED_MESSAGE = 'Your email address was changed. Sign in with the new one from now on.';
export const emailChangeSentMessage = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}. Your sign-in email changes once you open it.`;

/** What sign-up needs of billing's free trials (billing/trial.ts). */
export interface SignupTrials {
  /** The active subscription plan a sign-up's `plan` names (Starter when it names none); null when none is on sale. */
  signupPlanId(rawPlan: unknown): Promise<string | null>;
  /** Starts the customer's one free trial, on their sign-up plan; does nothing when they had one. */
  startTrial(userId: string): Promise<unknown>;
}

interface AuthDependencies {
  prisma: PrismaClient;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Logged-out sessions and suspended users, checked on every request instead of their rows. */
  revocations: RevocationList;
  logger: Pick<Logger, 'warn' | 'info'>;
  appSecret: string;
  publicUrl: string;
  events: EventsService;
  trials: SignupTrials;
}

export class AuthService {
  readonly accessTokens: AccessTokens;
  private dummyHash: Promise<string> | undefined;
  private restored: Promise<void> | undefined;
  /** While skipping, tokens are checked against the rows: the revocation list failed a moment ago. */
  private readonly revocationListOutage: Outage;

  constructor(private readonly deps: AuthDependencies) {
    this.accessTokens = new AccessTokens(deps.appSecret, () => deps.clock.now());
    this.revocationListOutage = new Outage(
      { started: 'revocation list unreachable: checking tokens against the database', ended: 'revocation list readable again' },
      deps.logger,
    );
  }

  async register(rawInput: unknown, origin: RequestOrigin): Promise<User> {
    const input = parseInput(registerInput, rawInput);
    await this.limit(`register:ip:${origin.ip}`, AUTH_RATE_LIMITS.registerPerIp);
    await this.limit(`register:email:${input.email}`, AUTH_RATE_LIMITS.registerPerEmail);
    const existing = await this.deps.prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (existing) throw authErrors.emailTaken();
    const signupPlanId = await this.deps.trials.signupPlanId(input.plan);
    let user: User;
    try {
      user = await this.deps.prisma.user.create({
        data: { email: input.email, fullName: input.fullName, passwordHash: await hashPassword(input.password), signupPlanId },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw authErrors.emailTaken();
      throw error;
    }
    await this.sendVerificationEmail(user);
    await this.deps.events.record({ event: `User created: ${user.email}`, category: 'auth', userId: user.id });
    return user;
  }

  async login(rawInput: unknown, origin: RequestOrigin): Promise<TokenPair> {
    const input = parseInput(loginInput, rawInput);
    await this.limit(`login:ip:${origin.ip}`, AUTH_RATE_LIMITS.loginPerIp);
    await this.limit(`login:email:${input.email}`, AUTH_RATE_LIMITS.loginPerEmail);
    const user = await this.deps.prisma.user.findUnique({ where: { email: input.email } });
    // Unknown emails cost a hash check too, so response times do not reveal which accounts exist.
    const passwordMatches = await verifyPassword(user?.passwordHash ?? (await this.dummyPasswordHash()), input.password);
    const refusal =
      !user?.passwordHash || !passwordMatches
        ? authErrors.invalidCredentials()
        : user.status === 'suspended'
          ? authErrors.accountSuspended()
          : user.emailVerifiedAt
            ? null
            : authErrors.emailNotVerified();
    if (!user || refusal) {
      const error = refusal ?? authErrors.invalidCredentials();
      await this.deps.events.record({
        event: `Login failed: ${input.email}`,
        category: 'auth',
        details: error.message,
        userId: user?.id ?? null,
      });
      throw error;
    }
    // The limits are for guessing: a sign-in that succeeds gives its hits back.
    await this.refund(`login:ip:${origin.ip}`, AUTH_RATE_LIMITS.loginPerIp);
    await this.refund(`login:email:${input.email}`, AUTH_RATE_LIMITS.loginPerEmail);
    return this.startSession(user);
  }

  /** Rotates a refresh token. Presenting an already rotated token revokes its whole family. */
  async refresh(rawToken: unknown): Promise<TokenPair> {
    const token = parseInput(tokenInput, rawToken);
    const now = this.deps.clock.now();
    const stored = await this.deps.prisma.refreshToken.findUnique({
      where: { tokenHash: sha256Hex(token) },
      include: { user: true },
    });
    if (!stored || stored.expiresAt <= now) {
      throw authErrors.invalidRefreshToken();
    }
    if (stored.revokedAt) {
      await this.revokeFamily(stored.familyId);
      throw authErrors.refreshTokenReused();
    }
    if (stored.user.status === 'suspended') {
      await this.revokeFamily(stored.familyId);
      throw authErrors.accountSuspended();
    }
    const next = randomToken(32);
    const nextId = randomUUID();
    // Only one of two concurrent refreshes with the same token may win the rotation.
    const rotated = await this.deps.prisma.refreshToken.updateMany({
      where: { id: stored.id, revokedAt: null },
      data: { revokedAt: now, replacedById: nextId },
    });
    if (rotated.count === 0) {
      await this.revokeFamily(stored.familyId);
      throw authErrors.refreshTokenReused();
    }
    await this.deps.prisma.refreshToken.create({
      data: {
        id: nextId,
        userId: stored.userId,
        familyId: stored.familyId,
        tokenHash: sha256Hex(next),
        expiresAt: stored.expiresAt,
      },
    });
    return {
      accessToken: await this.accessTokens.issue({ userId: stored.userId, role: stored.user.role, familyId: stored.familyId }),
      refreshToken: next,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      user: stored.user,
    };
  }

  /**
   * Ends a session: the given refresh token's when there is one, else the calling access token's.
   * Its refresh tokens and its access tokens stop working at once.
   */
  async logout(rawRefreshToken: unknown, viewer: { familyId: string } | null): Promise<void> {
    if (rawRefreshToken === undefined || rawRefreshToken === null) {
      if (!viewer) throw authErrors.authenticationRequired();
      return this.revokeFamily(viewer.familyId);
    }
    const token = parseInput(tokenInput, rawRefreshToken);
    const stored = await this.deps.prisma.refreshToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (stored) await this.revokeFamily(stored.familyId);
  }

  async confirmEmail(rawToken: unknown): Promise<User> {
    const token = parseInput(tokenInput, rawToken);
    const now = this.deps.clock.now();
    const stored = await this.deps.prisma.emailVerificationToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (!stored || stored.usedAt || stored.expiresAt <= now) {
      throw authErrors.invalidVerificationToken();
    }
    const used = await this.deps.prisma.emailVerificationToken.updateMany({
      where: { id: stored.id, usedAt: null },
      data: { usedAt: now },
    });
    if (used.count === 0) throw authErrors.invalidVerificationToken();
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: stored.userId } });
    if (user.emailVerifiedAt) return user;
    const verified = await this.deps.prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: now } });
    await this.deps.events.record({ event: `Email verified: ${verified.email}`, category: 'auth', userId: verified.id });
    // A verified customer starts their free trial on the plan they picked before signing up.
    await this.deps.trials.startTrial(verified.id);
    return verified;
  }

  /** Always answers the same way, so it cannot be used to find out which emails have accounts. */
  async requestEmailVerification(rawInput: unknown, origin: RequestOrigin): Promise<string> {
    const input = parseInput(emailInput, rawInput);
    await this.limit(`verify:ip:${origin.ip}`, AUTH_RATE_LIMITS.verifyRequestPerIp);
    await this.limit(`verify:email:${input.email}`, AUTH_RATE_LIMITS.verifyRequestPerEmail);
    const user = await this.deps.prisma.user.findUnique({ where: { email: input.email } });
    if (user && !user.emailVerifiedAt && user.status !== 'suspended') await this.sendVerificationEmail(user);
    return VERIFICATION_SENT_MESSAGE;
  }

  /**
   * Signs in (or up) with a Google identity: links an existing account by verified email. A new or
   * newly verified customer starts their free trial, on `plan` (picked on the landing) for a new one.
   * An existing account nobody had verified is taken over as Google's: whoever set its password never
   * proved the mailbox, so that password goes, with every session it could have opened.
   * Returns the user; the session starts when the app redeems the sign-in code (issueSignInCode).
   */
  async signInWithGoogle(profile: GoogleProfile, plan: unknown, origin: RequestOrigin): Promise<User> {
    if (!profile.emailVerified) {
      throw authErrors.googleEmailNotVerified();
    }
    const now = this.deps.clock.now();
    const emailAddress = profile.email.trim().toLowerCase();
    const byGoogleId = await this.deps.prisma.user.findUnique({ where: { googleId: profile.googleId } });
    const existing = byGoogleId ?? (await this.deps.prisma.user.findUnique({ where: { email: emailAddress } }));
    let user: User;
    if (!existing) {
      const created = await this.createGoogleUser(profile, emailAddress, now, plan, origin);
      // Another sign-up of this address or account won the race (two tabs): sign in to that one.
      if (!created) return this.signInWithGoogle(profile, plan, origin);
      user = created;
    } else if (existing.emailVerifiedAt) {
      user = await this.deps.prisma.user.update({
        where: { id: existing.id },
        data: { googleId: profile.googleId, avatarUrl: existing.avatarUrl ?? profile.picture ?? null },
      });
    } else {
      user = await this.adoptUnverifiedAccount(
        existing,
        {
          proof: 'with Google',
          passwordHash: null,
          fullName: profile.name,
          googleId: profile.googleId,
          ...(profile.picture ? { avatarUrl: profile.picture } : {}),
        },
        now,
      );
    }
    if (user.status === 'suspended') throw authErrors.accountSuspended();
    if (!existing?.emailVerifiedAt) await this.deps.trials.startTrial(user.id);
    return user;
  }

  /** Hands a signed-in user over to the app: a single-use code, good for SIGN_IN_CODE_TTL_MS. */
  async issueSignInCode(user: User): Promise<string> {
    const now = this.deps.clock.now();
    const code = randomToken(32);
    // Codes nobody redeemed go with the next one issued: the table holds about a minute of sign-ins.
    await this.deps.prisma.signInCode.deleteMany({ where: { expiresAt: { lt: now } } });
    await this.deps.prisma.signInCode.create({
      data: { userId: user.id, codeHash: sha256Hex(code), expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS) },
    });
    return code;
  }

  /** Trades a sign-in code for a session, once: a code used, expired or unknown is refused alike. */
  async redeemSignInCode(rawCode: unknown): Promise<TokenPair> {
    if (typeof rawCode !== 'string' || rawCode === '') throw authErrors.invalidSignInCode();
    const code = parseInput(tokenInput, rawCode);
    const now = this.deps.clock.now();
    const stored = await this.deps.prisma.signInCode.findUnique({ where: { codeHash: sha256Hex(code) }, include: { user: true } });
    if (!stored) throw authErrors.invalidSignInCode();
    // Whoever deletes the row redeems it: of two concurrent redemptions, one gets a session.
    const taken = await this.deps.prisma.signInCode.deleteMany({ where: { id: stored.id } });
    if (taken.count === 0 || stored.expiresAt <= now) throw authErrors.invalidSignInCode();
    if (stored.user.status === 'suspended') throw authErrors.accountSuspended();
    return this.startSession(stored.user);
  }

  /** The new account; null when one with this address or Google account was created meanwhile. */
  private async createGoogleUser(
    profile: GoogleProfile,
    emailAddress: string,
    now: Date,
    plan: unknown,
    origin: RequestOrigin,
  ): Promise<User | null> {
    // A sign-up through Google is a sign-up: the same limits as one with a password.
    await this.limit(`register:ip:${origin.ip}`, AUTH_RATE_LIMITS.registerPerIp);
    await this.limit(`register:email:${emailAddress}`, AUTH_RATE_LIMITS.registerPerEmail);
    let user: User;
    try {
      user = await this.deps.prisma.user.create({
        data: {
          email: emailAddress,
          fullName: profile.name || emailAddress,
          googleId: profile.googleId,
          emailVerifiedAt: now,
          avatarUrl: profile.picture ?? null,
          signupPlanId: await this.deps.trials.signupPlanId(plan),
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    await this.deps.events.record({ event: `User created with Google: ${user.email}`, category: 'auth', userId: user.id });
    return user;
  }

  /**
   * The mailbox's owner proved it (through Google, or by following a password reset link mailed to
   * it) on an account nobody had verified: nothing set before the proof survives it. The password
   * and name become the owner's (the address stands in for a name the owner did not give), the
   * account is verified, the links mailed before (verification, reset) stop working and every
   * session it has ends.
   */
  private async adoptUnverifiedAccount(
    existing: User,
    owner: {
      proof: 'with Google' | 'with a password reset link';
      passwordHash: string | null;
      fullName?: string;
      googleId?: string;
      avatarUrl?: string;
    },
    now: Date,
  ): Promise<User> {
    const [user] = await this.deps.prisma.$transaction([
      this.deps.prisma.user.update({
        where: { id: existing.id },
        data: {
          emailVerifiedAt: now,
          passwordHash: owner.passwordHash,
          fullName: owner.fullName || existing.email,
          googleId: owner.googleId ?? null,
          avatarUrl: owner.avatarUrl ?? null,
        },
      }),
      this.deps.prisma.emailVerificationToken.updateMany({ where: { userId: existing.id, usedAt: null }, data: { usedAt: now } }),
      this.deps.prisma.passwordResetToken.updateMany({ where: { userId: existing.id, usedAt: null }, data: { usedAt: now } }),
    ]);
    await this.revokeSessionsOf(existing.id);
    await this.deps.events.record({
      event: `Unverified account taken over ${owner.proof}: ${user.email}`,
      category: 'auth',
      details: 'The password and name set before the address was verified were replaced and its sessions revoked.',
      userId: user.id,
    });
    return user;
  }

  /**
   * Resolves a bearer access token to the viewer, or null when it is invalid, expired or revoked
   * (logged out, suspended). Reads no row: the signed claims say who it is, the revocation list
   * whether it still holds.
   */
  async authenticate(accessToken: string): Promise<AuthenticatedViewer | null> {
    const access = await this.accessTokens.verify(accessToken);
    if (!access) return null;
    if (isRevoked(access.issuedAt, await this.revocationTimes(access))) return null;
    return { id: access.userId, role: access.role, familyId: access.familyId };
  }

  /**
   * When the token's session and user were last revoked: from the revocation list; while it cannot
   * be read (Redis away), from the rows that record revocations, which the list is filled from again
   * once it answers (revocations made meanwhile are only in the rows).
   */
  private async revocationTimes(access: VerifiedAccess): Promise<(number | null)[]> {
    if (!this.revocationListOutage.skipping) {
      try {
        await this.restoreRevocations();
        const times = await this.deps.revocations.revokedAt(revocationsOf(access));
        this.revocationListOutage.answered();
        return times;
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        this.revocationListFailed(error);
      }
    }
    return this.revokedInRows(access);
  }

  /** The rows' answer to `revocationsOf(access)`: the session's family revoked as a whole, the user suspended. */
  private async revokedInRows(access: VerifiedAccess): Promise<[number | null, number | null]> {
    const [family, user] = await Promise.all([
      this.deps.prisma.refreshToken.findFirst({
        where: { familyId: access.familyId, revokedAt: { not: null }, replacedById: null },
        orderBy: { revokedAt: 'desc' },
        select: { revokedAt: true },
      }),
      this.deps.prisma.user.findUnique({ where: { id: access.userId }, select: { status: true, updatedAt: true } }),
    ]);
    return [family?.revokedAt?.getTime() ?? null, user?.status === 'suspended' ? user.updatedAt.getTime() : null];
  }

  /** Records a revocation in the list; one that cannot be (Redis away) is in the rows, which fill the list again. */
  private async remember(key: string, at: Date): Promise<void> {
    try {
      await this.deps.revocations.revoke(key, at, REVOCATION_TTL_MS);
    } catch (error) {
      this.revocationListFailed(error);
    }
  }

  private revocationListFailed(error: unknown): void {
    this.revocationListOutage.failed(error);
    this.restored = undefined;
  }

  /**
   * Stops every access token the user holds now, at once, whichever session issued it (suspension).
   * Tokens issued afterwards, once the user may sign in again, are not stopped.
   */
  revokeAccessTokensOf(userId: string): Promise<void> {
    return this.remember(userRevocation(userId), this.deps.clock.now());
  }

  /**
   * Mails a single-use link to choose a new password. Always answers the same way, so it cannot be
   * used to find out which emails have accounts; a suspended account gets no mail.
   */
  async requestPasswordReset(rawInput: unknown, origin: RequestOrigin): Promise<string> {
    const input = parseInput(emailInput, rawInput);
    await this.limit(`reset:ip:${origin.ip}`, AUTH_RATE_LIMITS.resetRequestPerIp);
    await this.limit(`reset:email:${input.email}`, AUTH_RATE_LIMITS.resetRequestPerEmail);
    const user = await this.deps.prisma.user.findUnique({ where: { email: input.email } });
    if (user && user.status !== 'suspended') await this.sendPasswordResetEmail(user);
    return PASSWORD_RESET_SENT_MESSAGE;
  }

  /**
   * Sets a new password with a reset link, once: every pending reset link of the user goes with it,
   * and every session ends (whoever had the old password is signed out). The link was mailed to the
   * account's address, so following it proves the mailbox as Google sign-in does: an account not
   * verified yet is the owner's from now on, as adoptUnverifiedAccount makes it (the name set before
   * the proof goes too), and starts its free trial, as confirmEmail does.
   */
  async resetPassword(rawInput: unknown): Promise<User> {
    const input = parseInput(resetPasswordInput, rawInput);
    const now = this.deps.clock.now();
    const stored = await this.deps.prisma.passwordResetToken.findUnique({ where: { tokenHash: sha256Hex(input.token) } });
    if (!stored || stored.usedAt || stored.expiresAt <= now) throw authErrors.invalidPasswordResetToken();
    // Of two concurrent uses of one link, one wins.
    const used = await this.deps.prisma.passwordResetToken.updateMany({ where: { id: stored.id, usedAt: null }, data: { usedAt: now } });
    if (used.count === 0) throw authErrors.invalidPasswordResetToken();
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: stored.userId } });
    if (user.status === 'suspended') throw authErrors.accountSuspended();
    const passwordHash = await hashPassword(input.password);
    if (!user.emailVerifiedAt) {
      const adopted = await this.adoptUnverifiedAccount(user, { proof: 'with a password reset link', passwordHash }, now);
      await this.deps.trials.startTrial(adopted.id);
      return adopted;
    }
    const [updated] = await this.deps.prisma.$transaction([
      this.deps.prisma.user.update({ where: { id: user.id }, data: { passwordHash } }),
      this.deps.prisma.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    ]);
    await this.revokeSessionsOf(user.id);
    await this.deps.events.record({ event: `Password reset: ${updated.email}`, category: 'auth', userId: updated.id });
    return updated;
  }

  /** The viewer's own name. */
  async updateProfile(viewer: Viewer, rawInput: unknown): Promise<User> {
    const input = parseInput(profileInput, rawInput);
    return this.deps.prisma.user.update({ where: { id: viewer.id }, data: { fullName: input.fullName } });
  }

  /**
   * Changes the viewer's password: the current one must be given, except by an account that has none
   * (created through Google), which sets its first one. Every other session of the user ends; the
   * calling one stays signed in, and pending reset links stop working.
   */
  async changePassword(viewer: AuthenticatedViewer, rawInput: unknown): Promise<User> {
    const input = parseInput(changePasswordInput, rawInput);
    const user = await this.checkCurrentPassword(viewer, input.currentPassword);
    const now = this.deps.clock.now();
    const passwordHash = await hashPassword(input.newPassword);
    const [updated] = await this.deps.prisma.$transaction([
      this.deps.prisma.user.update({ where: { id: user.id }, data: { passwordHash } }),
      this.deps.prisma.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    ]);
    await this.revokeSessionsOf(user.id, viewer.familyId);
    await this.deps.events.record({
      event: `Password ${user.passwordHash ? 'changed' : 'set'}: ${updated.email}`,
      category: 'auth',
      userId: updated.id,
    });
    return updated;
  }

  /**
   * Starts a change of the viewer's sign-in address: mails a single-use link to the new address; the
   * account keeps its address until the link is followed (confirmEmailChange). Only the latest
   * request's link works. An address another account uses is refused.
   */
  async requestEmailChange(viewer: AuthenticatedViewer, rawInput: unknown): Promise<string> {
    const input = parseInput(emailChangeInput, rawInput);
    await this.limit(`email-change:user:${viewer.id}`, AUTH_RATE_LIMITS.emailChangePerUser);
    const user = await this.checkCurrentPassword(viewer, input.currentPassword);
    if (input.newEmail === user.email) throw authErrors.sameEmail();
    const taken = await this.deps.prisma.user.findUnique({ where: { email: input.newEmail }, select: { id: true } });
    if (taken) throw authErrors.emailTaken();
    const now = this.deps.clock.now();
    const token = randomToken(32);
    await this.deps.prisma.$transaction([
      this.deps.prisma.emailChangeToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
      this.deps.prisma.emailChangeToken.create({
        data: {
          userId: user.id,
          newEmail: input.newEmail,
          tokenHash: sha256Hex(token),
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_HOURS * 3_600_000),
        },
      }),
    ]);
    const link = `${this.deps.publicUrl}/confirm-email-change?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({ to: input.newEmail, ...emailChangeEmail(user.fullName, link, EMAIL_CHANGE_TOKEN_TTL_HOURS) });
    return emailChangeSentMessage(input.newEmail);
  }

  /**
   * Follows an email-change link, once: the account signs in with the new address from now on. Links
   * mailed to the old address (password resets, verification) stop working, and the old address is
   * told of the change. Sessions stay: the same person is signed in.
   */
  async confirmEmailChange(rawToken: unknown): Promise<User> {
    const token = parseInput(tokenInput, rawToken);
    const now = this.deps.clock.now();
    const stored = await this.deps.prisma.emailChangeToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (!stored || stored.usedAt || stored.expiresAt <= now) throw authErrors.invalidEmailChangeToken();
    const used = await this.deps.prisma.emailChangeToken.updateMany({ where: { id: stored.id, usedAt: null }, data: { usedAt: now } });
    if (used.count === 0) throw authErrors.invalidEmailChangeToken();
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: stored.userId } });
    if (user.status === 'suspended') throw authErrors.accountSuspended();
    let updated: User;
    try {
      [updated] = await this.deps.prisma.$transaction([
        this.deps.prisma.user.update({ where: { id: user.id }, data: { email: stored.newEmail } }),
        this.deps.prisma.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
        this.deps.prisma.emailVerificationToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
      ]);
    } catch (error) {
      // Someone signed up with the address since the link was sent.
      if (isUniqueViolation(error)) throw authErrors.emailTaken();
      throw error;
    }
    await this.deps.events.record({
      event: `Email changed: ${user.email} → ${updated.email}`,
      category: 'auth',
      userId: updated.id,
    });
    try {
      await this.deps.mailer.send({ to: user.email, ...emailChangedNotice(user.fullName, updated.email) });
    } catch (error) {
      // The change is made and its link used: failing now would tell the user it was not.
      this.deps.logger.warn({ err: error, userId: user.id }, 'could not mail the old address about an email change');
    }
    return updated;
  }

  /**
   * Withdraws the viewer's pending email change: its link stops working and the account keeps its
   * address. Only the viewer's own change can be cancelled; with none waiting, NOT_FOUND.
   */
  async cancelEmailChange(viewer: Viewer): Promise<User> {
    const now = this.deps.clock.now();
    const cancelled = await this.deps.prisma.emailChangeToken.updateMany({
      where: { userId: viewer.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (cancelled.count === 0) throw authErrors.noPendingEmailChange();
    return this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id } });
  }

  /** For each user, the address a pending (unused, unexpired) email change would switch to, or null. */
  async pendingEmailsOf(userIds: readonly string[]): Promise<(string | null)[]> {
    const pending = await this.deps.prisma.emailChangeToken.findMany({
      where: { userId: { in: [...userIds] }, usedAt: null, expiresAt: { gt: this.deps.clock.now() } },
      orderBy: { createdAt: 'desc' },
      select: { userId: true, newEmail: true },
    });
    const latest = new Map<string, string>();
    for (const { userId, newEmail } of pending) if (!latest.has(userId)) latest.set(userId, newEmail);
    return userIds.map((userId) => latest.get(userId) ?? null);
  }

  /** The viewer's row, once the password they typed matches it (or they have none: a Google account). */
  private async checkCurrentPassword(viewer: Viewer, typed: string | undefined): Promise<User> {
    const key = `current-password:user:${viewer.id}`;
    await this.limit(key, AUTH_RATE_LIMITS.currentPasswordPerUser);
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id } });
    if (user.passwordHash === null) return user;
    if (!typed || !(await verifyPassword(user.passwordHash, typed))) throw authErrors.wrongCurrentPassword();
    await this.refund(key, AUTH_RATE_LIMITS.currentPasswordPerUser);
    return user;
  }

  /**
   * Ends every session of the user (but `keepFamilyId`'s): their refresh tokens and the access tokens
   * they issued. Families whose refresh tokens all expired have no live access token left.
   */
  private async revokeSessionsOf(userId: string, keepFamilyId?: string): Promise<void> {
    const families = await this.deps.prisma.refreshToken.findMany({
      where: { userId, expiresAt: { gt: this.deps.clock.now() }, ...(keepFamilyId ? { familyId: { not: keepFamilyId } } : {}) },
      distinct: ['familyId'],
      select: { familyId: true },
    });
    await Promise.all(families.map(({ familyId }) => this.revokeFamily(familyId)));
  }

  me(viewer: Viewer): Promise<User> {
    return this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id } });
  }

  /** The viewer's own preferences; only the given user's row is touched. */
  async updateAccountSettings(viewer: Viewer, rawInput: unknown): Promise<User> {
    const input = parseInput(accountSettingsInput, rawInput);
    return this.deps.prisma.user.update({ where: { id: viewer.id }, data: { emailNotifications: input.emailNotifications } });
  }

  /** The user's plan label: the paid plan's name, else the running free trial's, else "free". */
  async planOf(userId: string): Promise<string> {
    const [label] = await planLabels(this.deps.prisma, [userId], this.deps.clock.now());
    return label ?? 'free';
  }

  /** planOf for many users at once (a list of users shows each one's plan). */
  plansOf(userIds: readonly string[]): Promise<string[]> {
    return planLabels(this.deps.prisma, userIds, this.deps.clock.now());
  }

  private async startSession(user: User): Promise<TokenPair> {
    const now = this.deps.clock.now();
    const refreshToken = randomToken(32);
    const familyId = randomUUID();
    await this.deps.prisma.refreshToken.create({
      data: {
        userId: user.id,
        familyId,
        tokenHash: sha256Hex(refreshToken),
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      },
    });
    const updated = await this.deps.prisma.user.update({ where: { id: user.id }, data: { lastActiveAt: now } });
    return {
      accessToken: await this.accessTokens.issue({ userId: user.id, role: user.role, familyId }),
      refreshToken,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      user: updated,
    };
  }

  private dummyPasswordHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomToken(16));
    return this.dummyHash;
  }

  /** After the rows, so that a token the family issues while they change is revoked as well. */
  private async revokeFamily(familyId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
    await this.remember(sessionRevocation(familyId), this.deps.clock.now());
  }

  /**
   * Once per process, the revocations of the last access-token lifetime from the rows that record
   * them: a list kept in memory starts empty, and a restart must not bring a logged-out session's
   * or a suspended user's tokens back. A family revoked as a whole leaves its last token revoked
   * and not replaced (rotation replaces); a suspended user's row was last changed by the suspension
   * or after it.
   */
  private restoreRevocations(): Promise<void> {
    this.restored ??= this.readRecentRevocations().catch((error: unknown) => {
      this.restored = undefined;
      throw error;
    });
    return this.restored;
  }

  private async readRecentRevocations(): Promise<void> {
    const since = new Date(this.deps.clock.now().getTime() - REVOCATION_TTL_MS);
    const [sessions, suspended] = await Promise.all([
      this.deps.prisma.refreshToken.findMany({
        where: { revokedAt: { gte: since }, replacedById: null },
        select: { familyId: true, revokedAt: true },
      }),
      this.deps.prisma.user.findMany({ where: { status: 'suspended', updatedAt: { gte: since } }, select: { id: true, updatedAt: true } }),
    ]);
    await Promise.all([
      ...sessions.map(({ familyId, revokedAt }) =>
        this.deps.revocations.revoke(sessionRevocation(familyId), revokedAt!, REVOCATION_TTL_MS),
      ),
      ...suspended.map(({ id, updatedAt }) => this.deps.revocations.revoke(userRevocation(id), updatedAt, REVOCATION_TTL_MS)),
    ]);
  }

  private async sendVerificationEmail(user: User): Promise<void> {
    const token = randomToken(32);
    await this.deps.prisma.emailVerificationToken.create({
      data: {
        userId: user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(this.deps.clock.now().getTime() + VERIFICATION_TOKEN_TTL_HOURS * 3_600_000),
      },
    });
    const link = `${this.deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({ to: user.email, ...verificationEmail(user.fullName, link, VERIFICATION_TOKEN_TTL_HOURS) });
  }

  private async sendPasswordResetEmail(user: User): Promise<void> {
    const token = randomToken(32);
    await this.deps.prisma.passwordResetToken.create({
      data: {
        userId: user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(this.deps.clock.now().getTime() + PASSWORD_RESET_TOKEN_TTL_MINUTES * 60_000),
      },
    });
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({ to: user.email, ...passwordResetEmail(user.fullName, link, PASSWORD_RESET_TOKEN_TTL_MINUTES) });
  }

  private refund(key: string, rule: RateLimitRule): Promise<void> {
    return refundRateLimit(this.deps.rateLimiter, `auth:${key}`, rule);
  }

  private limit(key: string, rule: RateLimitRule): Promise<void> {
    return enforceRateLimit(
      this.deps.rateLimiter,
      `auth:${key}`,
      rule,
      (seconds) => `Too many attempts. Please try again in ${seconds} seconds.`,
    );
  }
}
