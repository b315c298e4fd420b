import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Prisma, PrismaClient, User } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { hashPassword, verifyPassword, randomToken, sha256Hex } from '../../platform/crypto/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import type { RateLimiter } from '../../platform/ratelimit/index.ts';
import type { RevocationList } from '../../platform/revocations/index.ts';
import { NO_VIEWER, type AuthenticatedViewer, type Viewer } from './viewer.ts';
import { parseInput } from '../../platform/validation.ts';
import type { EventsService } from '../events/service.ts';
import { AccountService } from './account.ts';
import { authErrors } from './errors.ts';
import {
  AUTH_RATE_LIMITS,
  authLimits,
  emailInput,
  loginInput,
  PASSWORD_RESET_SENT_MESSAGE,
  registerInput,
  resetPasswordInput,
  tokenInput,
  VERIFICATION_SENT_MESSAGE,
  type AuthLimits,
} from './inputs.ts';
import { SessionRevocations } from './sessions.ts';
import type { GoogleProfile } from './google.ts';
import { passwordResetEmail, verificationEmail } from './mail.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AccessTokens,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  REFRESH_TOKEN_TTL_DAYS,
  VERIFICATION_TOKEN_TTL_HOURS,
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
  /** The signed-in customer's own account: profile, password, email address, preferences. */
  readonly account: AccountService;
  private readonly sessions: SessionRevocations;
  private readonly limits: AuthLimits;

  constructor(private readonly deps: AuthDependencies) {
    this.accessTokens = new AccessTokens(deps.appSecret, () => deps.clock.now());
    this.limits = authLimits(deps.rateLimiter);
    this.sessions = new SessionRevocations(deps);
    this.account = new AccountService({ ...deps, limits: this.limits, sessions: this.sessions });
  }

  async register(rawInput: unknown, origin: RequestOrigin): Promise<User> {
    const input = parseInput(registerInput, rawInput);
    await this.limits.limit(`register:ip:${origin.ip}`, AUTH_RATE_LIMITS.registerPerIp);
    await this.limits.limit(`register:email:${input.email}`, AUTH_RATE_LIMITS.registerPerEmail);
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
    await this.limits.limit(`login:ip:${origin.ip}`, AUTH_RATE_LIMITS.loginPerIp);
    await this.limits.limit(`login:email:${input.email}`, AUTH_RATE_LIMITS.loginPerEmail);
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
    await this.limits.refund(`login:ip:${origin.ip}`, AUTH_RATE_LIMITS.loginPerIp);
    await this.limits.refund(`login:email:${input.email}`, AUTH_RATE_LIMITS.loginPerEmail);
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
      await this.sessions.revokeFamily(stored.familyId);
      throw authErrors.refreshTokenReused();
    }
    if (stored.user.status === 'suspended') {
      await this.sessions.revokeFamily(stored.familyId);
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
      await this.sessions.revokeFamily(stored.familyId);
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
      return this.sessions.revokeFamily(viewer.familyId);
    }
    const token = parseInput(tokenInput, rawRefreshToken);
    const stored = await this.deps.prisma.refreshToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (stored) await this.sessions.revokeFamily(stored.familyId);
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
    await this.limits.limit(`verify:ip:${origin.ip}`, AUTH_RATE_LIMITS.verifyRequestPerIp);
    await this.limits.limit(`verify:email:${input.email}`, AUTH_RATE_LIMITS.verifyRequestPerEmail);
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
    await this.limits.limit(`register:ip:${origin.ip}`, AUTH_RATE_LIMITS.registerPerIp);
    await this.limits.limit(`register:email:${emailAddress}`, AUTH_RATE_LIMITS.registerPerEmail);
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
    await this.sessions.revokeSessionsOf(existing.id);
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
    if (await this.sessions.revoked(access)) return null;
    return { id: access.userId, role: access.role, familyId: access.familyId };
  }

  /**
   * Stops every access token the user holds now, at once, whichever session issued it (suspension).
   * Tokens issued afterwards, once the user may sign in again, are not stopped.
   */
  revokeAccessTokensOf(userId: string): Promise<void> {
    return this.sessions.revokeUser(userId);
  }

  /**
   * Mails a single-use link to choose a new password. Always answers the same way, so it cannot be
   * used to find out which emails have accounts; a suspended account gets no mail.
   */
  async requestPasswordReset(rawInput: unknown, origin: RequestOrigin): Promise<string> {
    const input = parseInput(emailInput, rawInput);
    await this.limits.limit(`reset:ip:${origin.ip}`, AUTH_RATE_LIMITS.resetRequestPerIp);
    await this.limits.limit(`reset:email:${input.email}`, AUTH_RATE_LIMITS.resetRequestPerEmail);
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
    await this.sessions.revokeSessionsOf(user.id);
    await this.deps.events.record({ event: `Password reset: ${updated.email}`, category: 'auth', userId: updated.id });
    return updated;
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
}
