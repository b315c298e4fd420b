import {
  AppError,
  AuthenticationError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  RateLimitError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
  ValidationError,
  type FieldIssue,
} from '../errors.ts';
import { builder } from './builder.ts';

/** Every expected failure is a GraphQL type implementing `Error`; mutations return a union with their success type. */
const ErrorInterface = builder.interfaceRef<AppError>('Error').implement({
  description: 'An expected failure: its message is fit to show to the person who caused it.',
  fields: (t) => ({
    message: t.exposeString('message', { authScopes: { public: true } }),
    code: t.exposeString('code', { authScopes: { public: true } }),
  }),
});

const FieldIssueRef = builder.objectRef<FieldIssue>('FieldIssue').implement({
  authScopes: { public: true },
  fields: (t) => ({
    path: t.exposeString('path', { authScopes: { public: true } }),
    message: t.exposeString('message', { authScopes: { public: true } }),
  }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  interfaces: [ErrorInterface],
  authScopes: { public: true },
  fields: (t) => ({
    issues: t.field({ type: [FieldIssueRef], authScopes: { public: true }, resolve: (error) => error.issues }),
  }),
});

builder.objectType(RateLimitError, {
  name: 'RateLimitError',
  interfaces: [ErrorInterface],
  authScopes: { public: true },
  fields: (t) => ({
    retryAfterSeconds: t.exposeInt('retryAfterSeconds', { authScopes: { public: true } }),
  }),
});

const simpleErrors = [
  [AuthenticationError, 'AuthenticationError'],
  [ForbiddenError, 'ForbiddenError'],
  [NotFoundError, 'NotFoundError'],
  [ConflictError, 'ConflictError'],
  [PaymentRequiredError, 'PaymentRequiredError'],
  [PayloadTooLargeError, 'PayloadTooLargeError'],
  [UnsupportedMediaTypeError, 'UnsupportedMediaTypeError'],
  [ServiceUnavailableError, 'ServiceUnavailableError'],
] as const;

for (const [errorClass, name] of simpleErrors) {
  builder.objectType(errorClass, { name, interfaces: [ErrorInterface], authScopes: { public: true }, fields: () => ({}) });
}
