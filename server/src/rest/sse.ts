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
  const eventText = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  // The tokens of one tick (an offline answer's are all in one) leave in one write rather than one
  // each: a write costs the stream its own buffering. Flushed in a microtask, before Node's HTTP
  // uncorks the socket (a nextTick), so they still leave in this turn of the event loop.
  let tokens = '';
  const flush = () => {
    if (!tokens) return;
    start();
    reply.raw.write(tokens);
    tokens = '';
  };
  const send = (event: string, data: unknown) => {
    flush();
    start();
    reply.raw.write(eventText(event, data));
  };
  return {
    token(token: string) {
      if (!tokens) queueMicrotask(flush);
      tokens += eventText('token', { token });
    },
    done(data: unknown) {
      send('done', data);
      reply.raw.end();
    },
    /** After the stream started, a failure is the last event; before, it is the caller's to throw. */
    fail(error: unknown): boolean {
      if (!started && !tokens) return false;
      const status = error instanceof AppError ? statusForErrorKind(error.kind) : 500;
      const detail = error instanceof AppError ? error.message : 'The answer was interrupted. Please try again.';
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'streamed answer failed');
      send('error', { detail, status });
      reply.raw.end();
      return true;
    },
  };
}
