// The bots domain's expected failures, each code written once beside its message. Their classes
// give the REST status and the GraphQL error type; the code is what clients can rely on.
import { ForbiddenError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors.ts';
import { CUSTOM_TONE_MESSAGE } from './rules.ts';

export const NO_PLAN_MESSAGE = 'No plan found. Please purchase a plan to create chatbots.';

export const botsErrors = {
  noPlan: () => new ForbiddenError(NO_PLAN_MESSAGE, 'NO_PLAN'),
  botLimitReached: (limit: number) =>
    new ForbiddenError(
      `Bot limit reached: your plan allows ${limit} chatbot${limit === 1 ? '' : 's'}. Upgrade your plan to create more.`,
      'BOT_LIMIT_REACHED',
    ),
  customToneUndescribed: () => new ValidationError(CUSTOM_TONE_MESSAGE, [{ path: 'customToneDescription', message: CUSTOM_TONE_MESSAGE }]),
  invalidDataJson: () => new ValidationError('The data field must be valid JSON'),

  imageTooLarge: (label: string) => new PayloadTooLargeError(`${label} must be an image of at most 2 MB.`, 'IMAGE_TOO_LARGE'),
  notAnImage: (label: string) =>
    new UnsupportedMediaTypeError(`${label} must be a PNG, JPEG, GIF, WebP, AVIF, BMP or ICO image.`, 'NOT_AN_IMAGE'),
};
