import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { statusForErrorKind } from './http.ts';

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * Server-sent events for a streamed answer. Headers go out with the first token, so failures
 * before it (validation, auth, credits) still answer as ordinary JSON errors with their status.
 */
export function eventStream(request: FastifyRequest, reply: FastifyReply, extraHeaders: Record<string, string> = {}) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...extraHeaders,
    });
  };
  const send = (event: string, data: unknown) => {
    start();
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    get started() {
      return started;
    },
    token: (token: string) => send('token', { token }),
    done(data: unknown) {
      send('done', data);
      reply.raw.end();
    },
    /** After the stream started, a failure is the last event; before, it is the caller's to throw. */
    fail(error: unknown): boolean {
      if (!started) return false;
      const status = error instanceof AppError ? statusForErrorKind(error.kind) : 500;
      const detail = error instanceof AppError ? error.message : 'The answer was interrupted. Please try again.';
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'streamed answer failed');
      send('error', { detail, status });
      reply.raw.end();
      return true;
    },
  };
}
