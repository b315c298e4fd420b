import { isDatabaseUnavailable } from './platform/database/errors.ts';

/**
 * Expected failures of the domain services. Each kind maps to one HTTP status on the REST shim
 * (see rest/errors.ts) and to one typed error result in GraphQL (see graphql/errors.ts).
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payment_required'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable';

export abstract class AppError extends Error {
  abstract readonly kind: ErrorKind;
  /** A stable machine-readable code, e.g. `EMAIL_TAKEN`; the message is for people. */
  readonly code: string;

  constructor(message: string, code?: string) {
    super(message);
    this.name = new.target.name;
    this.code =
      code ??
      new.target.name
        .replace(/Error$/, '')
        .replace(/([a-z])([A-Z])/g, '$1_$2')
        .toUpperCase();
  }
}

export interface FieldIssue {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  readonly kind = 'validation';
  constructor(
    message: string,
    readonly issues: FieldIssue[] = [],
    code?: string,
  ) {
    super(message, code);
  }
}

export class AuthenticationError extends AppError {
  readonly kind = 'unauthenticated';
}

export class ForbiddenError extends AppError {
  readonly kind = 'forbidden';
}

export class NotFoundError extends AppError {
  readonly kind = 'not_found';
}

/**
 * "No such <entity>", worded and coded from the entity's type name (`PaymentPlan` → "Payment plan
 * not found", `PAYMENT_PLAN_NOT_FOUND`): a missing object, another customer's, and an id that names
 * nothing all answer this same error.
 */
export function notFoundError(typename: string): NotFoundError {
  const words = typename.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const message = `${words.charAt(0).toUpperCase()}${words.slice(1)} not found`;
  return new NotFoundError(message, `${words.replace(/ /g, '_').toUpperCase()}_NOT_FOUND`);
}

export class ConflictError extends AppError {
  readonly kind = 'conflict';
}

export class RateLimitError extends AppError {
  readonly kind = 'rate_limited';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export class PaymentRequiredError extends AppError {
  readonly kind = 'payment_required';
}

export class PayloadTooLargeError extends AppError {
  readonly kind = 'payload_too_large';
}

export class UnsupportedMediaTypeError extends AppError {
  readonly kind = 'unsupported_media_type';
}

export class ServiceUnavailableError extends AppError {
  readonly kind = 'unavailable';
}

export const AUTHENTICATION_REQUIRED = 'Authentication required';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * How a failure reaches the client: an AppError as it is; the database being unreachable (down,
 * restarting, connections cut) as a 503 to try again, not a server bug; anything else: null.
 */
export function expectedFailure(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return new ServiceUnavailableError(DATABASE_UNAVAILABLE_MESSAGE, 'DATABASE_UNAVAILABLE');
  return null;
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
