// The demo domain's expected failures, each code written once beside its message. Their classes
// give the REST status and the GraphQL error type; the code is what clients can rely on.
import {
  AuthenticationError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors.ts';

export const DEMO_SESSION_EXPIRED = 'Your demo session has expired. Sign up to keep building your chatbot.';
const DEMO_UPLOAD_REJECTED = 'Only PDF, TXT, or Markdown files up to 2MB are allowed.';

/** Why the knowledge domain refused a file; the demo says each in its one upload message. */
export type RefusedUpload = PayloadTooLargeError | UnsupportedMediaTypeError | ValidationError;

export const demoErrors = {
  sessionInvalid: () => new AuthenticationError('This demo session does not exist. Start a new demo.', 'DEMO_SESSION_INVALID'),
  sessionExpired: () => new AuthenticationError(DEMO_SESSION_EXPIRED, 'DEMO_SESSION_EXPIRED'),
  demoBotNotFound: () => new NotFoundError('Demo bot not found', 'DEMO_BOT_NOT_FOUND'),
  templateNotFound: () => new NotFoundError('Template not found', 'TEMPLATE_NOT_FOUND'),
  templateLimitReached: () => new ConflictError('Maximum of 3 prompts allowed.', 'TEMPLATE_LIMIT_REACHED'),
  /** The spec's one message for any refused demo file, with the status and code of its reason. */
  uploadRejected: (refusal: RefusedUpload) => {
    if (refusal instanceof PayloadTooLargeError) return new PayloadTooLargeError(DEMO_UPLOAD_REJECTED, refusal.code);
    if (refusal instanceof UnsupportedMediaTypeError) return new UnsupportedMediaTypeError(DEMO_UPLOAD_REJECTED, refusal.code);
    return new ValidationError(DEMO_UPLOAD_REJECTED, refusal.issues, refusal.code);
  },
};
