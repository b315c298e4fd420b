// The auth domain's expected failures, each code written once beside its message. Their classes
// give the REST status and the GraphQL error type; the code is what clients can rely on.
import {
  AUTHENTICATION_REQUIRED,
  AuthenticationError,
  ConflictError,
  ForbiddenError,
  notFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../errors.ts';

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const INVALID_VERIFICATION_TOKEN = 'This verification link is invalid or has expired.';
const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
const SAME_EMAIL = 'This is already your email address.';

export const authErrors = {
  authenticationRequired: () => new AuthenticationError(AUTHENTICATION_REQUIRED, 'AUTHENTICATION_REQUIRED'),
  adminRequired: () => new ForbiddenError('Administrator access required', 'ADMIN_REQUIRED'),

  emailTaken: () => new ConflictError('An account with this email already exists', 'EMAIL_TAKEN'),
  invalidCredentials: () => new AuthenticationError('Incorrect email or password', 'INVALID_CREDENTIALS'),
  accountSuspended: () => new ForbiddenError('This account is suspended. Please contact support.', 'ACCOUNT_SUSPENDED'),
  emailNotVerified: () =>
    new ForbiddenError(
      'Please verify your email address before signing in. Check your inbox for the verification link.',
      'EMAIL_NOT_VERIFIED',
    ),
  invalidRefreshToken: () => new AuthenticationError(SESSION_EXPIRED, 'INVALID_REFRESH_TOKEN'),
  refreshTokenReused: () => new AuthenticationError(SESSION_EXPIRED, 'REFRESH_TOKEN_REUSED'),
  invalidVerificationToken: () => new ValidationError(INVALID_VERIFICATION_TOKEN, [], 'INVALID_VERIFICATION_TOKEN'),
  invalidPasswordResetToken: () =>
    new ValidationError('This password reset link is invalid or has expired.', [], 'INVALID_PASSWORD_RESET_TOKEN'),
  invalidEmailChangeToken: () =>
    new ValidationError('This email confirmation link is invalid or has expired.', [], 'INVALID_EMAIL_CHANGE_TOKEN'),
  /** A 400 with the field, not a 401: the caller is signed in, only the password they typed is wrong. */
  wrongCurrentPassword: () =>
    new ValidationError(WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }], 'WRONG_CURRENT_PASSWORD'),
  sameEmail: () => new ValidationError(SAME_EMAIL, [{ path: 'newEmail', message: SAME_EMAIL }], 'SAME_EMAIL'),
  /** Cancelling when no change waits (never requested, confirmed, expired or cancelled already). */
  noPendingEmailChange: () => notFoundError('PendingEmailChange'),

  googleNotConfigured: () => new ServiceUnavailableError('Google sign-in is not configured on this server.'),
  invalidSignInCode: () => new AuthenticationError('This sign-in has expired. Please sign in again.', 'INVALID_SIGN_IN_CODE'),
  googleEmailNotVerified: () => new ForbiddenError('Your Google account email is not verified.', 'GOOGLE_EMAIL_NOT_VERIFIED'),
};
