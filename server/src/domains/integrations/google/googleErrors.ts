// The Google connections' expected failures, each code written once beside its message.
import { ServiceUnavailableError, ValidationError } from '../../../errors.ts';

export const googleErrors = {
  notConfigured: () =>
    new ServiceUnavailableError(
      'Google connections are not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
      'GOOGLE_NOT_CONFIGURED',
    ),
  invalidState: () =>
    new ValidationError('This Google connection link is invalid. Start again from Settings › Integrations.', [], 'INVALID_STATE'),
  expiredState: () =>
    new ValidationError('This Google connection link has expired. Start again from Settings › Integrations.', [], 'EXPIRED_STATE'),
  usedState: () =>
    new ValidationError('This Google connection link has already been used. Start again from Settings › Integrations.', [], 'USED_STATE'),
  browserMismatch: () =>
    new ValidationError('The Google connection was started in another browser window. Please start again.', [], 'STATE_MISMATCH'),
  denied: () => new ValidationError('Google access was not granted.', [], 'ACCESS_DENIED'),
  scopeNotGranted: (label: string) =>
    new ValidationError(
      `${label} needs the access you unticked on Google's consent screen. Connect again and allow all the listed access.`,
      [],
      'SCOPE_NOT_GRANTED',
    ),
  exchangeFailed: () => new ValidationError('Google did not accept the sign-in. Please try connecting again.', [], 'EXCHANGE_FAILED'),
  stateUnverifiable: () =>
    new ServiceUnavailableError(
      'The Google connection cannot be checked right now. Please start again from Settings › Integrations in a moment.',
      'STATE_UNVERIFIABLE',
    ),
  unavailable: () => new ServiceUnavailableError('Google is not responding right now. Please try again in a moment.', 'GOOGLE_UNAVAILABLE'),
  unknownService: () => new ValidationError('Unknown Google service: use sheets, calendar or drive.', [], 'UNKNOWN_SERVICE'),
};
