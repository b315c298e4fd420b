// What auth reads from its callers (validated inputs), what it answers with, and how often it may be asked.
import { z } from 'zod';
import type { RateLimiter } from '../../platform/ratelimit/index.ts';
import { enforceRateLimit, refundRateLimit, type RateLimitRule } from '../../platform/ratelimit/enforce.ts';

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

export const registerInput = z.object({
  email,
  password: newPassword,
  fullName,
  /** The plan picked on the landing (a plan id or name), for the free trial; never a reason to refuse. */
  plan: z.unknown().optional(),
});

export const loginInput = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
});

export const emailInput = z.object({ email });

export const accountSettingsInput = z.object({
  emailNotifications: z.boolean({ error: 'Email notifications must be on or off' }),
  waitingVisitorEmails: z.boolean({ error: 'Emails of waiting visitors must be on or off' }).optional(),
});

export const tokenInput = z.string({ error: 'Token is required' }).trim().min(1, { error: 'Token is required' }).max(512);

export const resetPasswordInput = z.object({ token: tokenInput, password: newPassword });

export const profileInput = z.object({ fullName });

export const changePasswordInput = z.object({ currentPassword, newPassword });

export const emailChangeInput = z.object({ newEmail: email, currentPassword });

export const REGISTERED_MESSAGE = 'Account created. Please check your email to verify your account.';
export const EMAIL_VERIFIED_MESSAGE = 'Email verified successfully. You can now sign in.';

/** Attempts allowed per window; generous for people, tight for scripts. */
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

export const VERIFICATION_SENT_MESSAGE = 'If an unverified account exists for this email, a new verification email has been sent.';
export const PASSWORD_RESET_SENT_MESSAGE = 'If an account exists for this email, we sent it a link to choose a new password.';
export const PASSWORD_RESET_MESSAGE = 'Your password was changed. You can now sign in with it.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed. Your other sessions were signed out.';
export const EMAIL_CHANGED_MESSAGE = 'Your email address was changed. Sign in with the new one from now on.';
export const emailChangeSentMessage = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}. Your sign-in email changes once you open it.`;

export interface AuthLimits {
  /** Counts an attempt, refusing it (429) beyond the rule. */
  limit(key: string, rule: RateLimitRule): Promise<void>;
  /** Gives a successful attempt back: only failures count towards the rule. */
  refund(key: string, rule: RateLimitRule): Promise<void>;
}

export function authLimits(rateLimiter: RateLimiter): AuthLimits {
  return {
    limit: (key, rule) =>
      enforceRateLimit(rateLimiter, `auth:${key}`, rule, (seconds) => `Too many attempts. Please try again in ${seconds} seconds.`),
    refund: (key, rule) => refundRateLimit(rateLimiter, `auth:${key}`, rule),
  };
}
