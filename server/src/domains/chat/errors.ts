// The chat domain's expected failures, each code written once beside its message. Their classes
// give the REST status and the GraphQL error type; the code is what clients can rely on.
import { AuthenticationError, ForbiddenError, NotFoundError, RateLimitError, ServiceUnavailableError } from '../../errors.ts';

/** The longest message a person may send; its refusal below states it. */
export const MAX_MESSAGE_LENGTH = 4000;

/** What the chat tells people when it refuses; the widget and the tests match these texts. */
export const CHAT_MESSAGES = {
  botInactive: 'This chatbot is currently unavailable.',
  invalidToken: 'Invalid widget token for this bot.',
  sessionNotFound: 'Chat session not found. Start a new session.',
  emptyMessage: 'Message must not be empty.',
  tooLong: `Message is too long: at most ${MAX_MESSAGE_LENGTH} characters.`,
  unsavedBot: 'Save the bot before testing it.',
  tooManyMessages: (seconds: number) => `Too many messages. Please wait ${seconds} seconds.`,
  tooManyMessagesFromNetwork: (seconds: number) => `Too many messages from your network. Please wait ${seconds} seconds.`,
  botBusy: (seconds: number) => `This chatbot is receiving too many messages. Please wait ${seconds} seconds.`,
  tooManyNewChats: (seconds: number) => `Too many new chats from your network. Please wait ${seconds} seconds.`,
  tooManyReconnects: (seconds: number) => `Too many reconnections to this conversation. Please wait ${seconds} seconds.`,
} as const;

export const chatErrors = {
  botInactive: () => new ForbiddenError(CHAT_MESSAGES.botInactive, 'BOT_INACTIVE'),
  /** The bot's owner is suspended: as unavailable as an inactive bot (the widget and WhatsApp answer politely instead). */
  ownerSuspended: () => new ForbiddenError(CHAT_MESSAGES.botInactive, 'OWNER_SUSPENDED'),
  invalidWidgetToken: () => new AuthenticationError(CHAT_MESSAGES.invalidToken, 'INVALID_WIDGET_TOKEN'),
  sessionNotFound: () => new NotFoundError(CHAT_MESSAGES.sessionNotFound, 'SESSION_NOT_FOUND'),

  aiKeyRejected: () => new ServiceUnavailableError('The AI provider rejected the API key. Check the key in Billing.', 'AI_KEY_REJECTED'),
  aiRateLimited: () => new RateLimitError('The AI provider is rate limiting requests. Please try again in a minute.', 60),
  aiTimeout: () => new ServiceUnavailableError('The AI provider did not answer in time. Please try again.', 'AI_TIMEOUT'),
  aiUnavailable: () => new ServiceUnavailableError('The AI provider could not answer right now. Please try again.', 'AI_UNAVAILABLE'),
};
