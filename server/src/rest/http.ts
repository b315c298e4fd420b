import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTHENTICATION_REQUIRED,
  AppError,
  AuthenticationError,
  RateLimitError,
  assertNever,
  expectedFailure,
  type ErrorKind,
} from '../errors.ts';
import type { Config } from '../config.ts';
import { contentLanguageOf, type ContentLanguage } from '../platform/i18n/index.ts';
import type { AuthenticatedViewer } from '../domains/auth/viewer.ts';
import type { Services } from '../services.ts';

/** What every domain's REST routes are given. */
export interface RestContext {
  services: Services;
  config: Config;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: AuthenticatedViewer | null;
  }
}

export function statusForErrorKind(kind: ErrorKind): number {
  switch (kind) {
    case 'validation':
      return 400;
    case 'unauthenticated':
      return 401;
    case 'payment_required':
      return 402;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'unsupported_media_type':
      return 415;
    case 'rate_limited':
      return 429;
    case 'unavailable':
      return 503;
    default:
      return assertNever(kind);
  }
}

/** The language admin-written content is answered in, from the request's Accept-Language. */
export function requestLanguage(request: FastifyRequest): ContentLanguage {
  return contentLanguageOf(request.headers['accept-language']);
}

/**
 * Every REST error is `{"detail": string}`: domain errors keep their message, an unreachable
 * database is a 503 to try again, anything else unexpected is a logged 500.
 */
export function registerRestErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const expected = expectedFailure(error);
    if (expected) {
      if (expected instanceof RateLimitError) reply.header('retry-after', String(expected.retryAfterSeconds));
      if (expected !== error) request.log.warn({ err: error }, expected.message);
      return reply.status(statusForErrorKind(expected.kind)).send({ detail: expected.message });
    }
    const unexpected = error as FastifyError;
    const status = typeof unexpected.statusCode === 'number' ? unexpected.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: clientErrorMessage(unexpected, status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}

function clientErrorMessage(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return 'Request body is too large';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body must not be empty';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'Request body is not valid JSON';
  return error.message || 'Bad request';
}

export function requireViewer(request: FastifyRequest): AuthenticatedViewer {
  if (!request.viewer) throw new AuthenticationError(AUTHENTICATION_REQUIRED, 'AUTHENTICATION_REQUIRED');
  return request.viewer;
}

export function sendRedirect(reply: FastifyReply, location: string) {
  return reply.code(302).header('location', location).send();
}
