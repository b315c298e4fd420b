// The WhatsApp domain's expected failures, each code written once beside its message.
import { ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { PHONE_NUMBER_MESSAGES } from './rules.ts';

export const whatsAppErrors = {
  notConfigured: () =>
    new ServiceUnavailableError(
      'WhatsApp is not configured on this platform yet: an administrator must set the WhatsApp access token and phone number id.',
      'WHATSAPP_NOT_CONFIGURED',
    ),
  unreachable: (reason: string) =>
    new ServiceUnavailableError(`WhatsApp is unavailable right now (${reason}). Please try again.`, 'WHATSAPP_UNAVAILABLE'),
  /** The spec's toast titles (Missing Number, Invalid Number) are the client's; the code tells them apart. */
  invalidNumber: (message: string) =>
    new ValidationError(
      message,
      [{ path: 'phoneNumber', message }],
      message === PHONE_NUMBER_MESSAGES.missing ? 'MISSING_NUMBER' : 'INVALID_NUMBER',
    ),
  botIdRequired: () =>
    new ValidationError(PHONE_NUMBER_MESSAGES.botIdRequired, [{ path: 'botId', message: PHONE_NUMBER_MESSAGES.botIdRequired }]),
  numberTaken: () =>
    new ConflictError(
      'This WhatsApp number is already linked to a chatbot of another account. It must be unlinked there first.',
      'NUMBER_TAKEN',
    ),
  numberNotFound: () => new NotFoundError('WhatsApp number not found', 'WHATSAPP_NUMBER_NOT_FOUND'),
  badVerifyToken: () => new ForbiddenError('The verify token does not match.', 'BAD_VERIFY_TOKEN'),
  badSignature: () => new ForbiddenError('The webhook signature is missing or invalid.', 'BAD_SIGNATURE'),
  badPayload: () => new ValidationError('The webhook body must be JSON.'),
};
