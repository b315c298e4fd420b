// The signed-in customer's own account: name, password, sign-in address, preferences, plan label.
import type { Logger } from 'pino';
import type { PrismaClient, User } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../platform/crypto/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { planLabels } from '../billing/public.ts';
import type { EventsService } from '../events/service.ts';
import { authErrors } from './errors.ts';
import {
  accountSettingsInput,
  AUTH_RATE_LIMITS,
  changePasswordInput,
  emailChangeInput,
  emailChangeSentMessage,
  profileInput,
  tokenInput,
  type AuthLimits,
} from './inputs.ts';
import { emailChangedNotice, emailChangeEmail } from './mail.ts';
import type { SessionRevocations } from './sessions.ts';
import { EMAIL_CHANGE_TOKEN_TTL_HOURS } from './tokens.ts';
import type { AuthenticatedViewer, Viewer } from './viewer.ts';

interface AccountDependencies {
  prisma: PrismaClient;
  clock: Clock;
  mailer: Mailer;
  events: EventsService;
  logger: Pick<Logger, 'warn' | 'info'>;
  publicUrl: string;
  limits: AuthLimits;
  sessions: SessionRevocations;
}

export class AccountService {
  constructor(private readonly deps: AccountDependencies) {}

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
    await this.deps.sessions.revokeSessionsOf(user.id, viewer.familyId);
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
    await this.deps.limits.limit(`email-change:user:${viewer.id}`, AUTH_RATE_LIMITS.emailChangePerUser);
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

  me(viewer: Viewer): Promise<User> {
    return this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id } });
  }

  /** The viewer's own preferences; only the given user's row is touched. */
  async updateAccountSettings(viewer: Viewer, rawInput: unknown): Promise<User> {
    const input = parseInput(accountSettingsInput, rawInput);
    return this.deps.prisma.user.update({
      where: { id: viewer.id },
      data: {
        emailNotifications: input.emailNotifications,
        ...(input.waitingVisitorEmails !== undefined ? { waitingVisitorEmails: input.waitingVisitorEmails } : {}),
      },
    });
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

  /** The viewer's row, once the password they typed matches it (or they have none: a Google account). */
  private async checkCurrentPassword(viewer: Viewer, typed: string | undefined): Promise<User> {
    const key = `current-password:user:${viewer.id}`;
    await this.deps.limits.limit(key, AUTH_RATE_LIMITS.currentPasswordPerUser);
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.id } });
    if (user.passwordHash === null) return user;
    if (!typed || !(await verifyPassword(user.passwordHash, typed))) throw authErrors.wrongCurrentPassword();
    await this.deps.limits.refund(key, AUTH_RATE_LIMITS.currentPasswordPerUser);
    return user;
  }
}
