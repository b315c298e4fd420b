import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { statusForErrorKind } from './http.ts';

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/** The headers set on a reply so far (hooks', plugins'), as a raw head takes them. */
function headersSet(reply: FastifyReply): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  return headers;
}

const eventText = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Server-sent events for a streamed answer. Headers go out with the first token, so failures
 * before it (validation, auth, credits) still answer as ordinary JSON errors with their status.
 * A class, not closures: one is made for every streamed answer.
 */
export class EventStream {
  private started = false;
  /** Tokens not written yet (see `token`). */
  private tokens = '';
  private readonly flush = () => {
    if (!this.tokens) return;
    this.start();
    this.reply.raw.write(this.tokens);
    this.tokens = '';
  };

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  /**
   * The tokens of one tick (an offline answer's are all in one) leave in one write rather than one
   * each: a write costs the stream its own buffering. Flushed in a microtask, before Node's HTTP
   * uncorks the socket (a nextTick), so they still leave in this turn of the event loop.
   */
  token(token: string): void {
    if (!this.tokens) queueMicrotask(this.flush);
    this.tokens += eventText('token', { token });
  }

  done(data: unknown): void {
    this.event('done', data);
    this.reply.raw.end();
  }

  /** A comment line: keeps an idle stream open through proxies that close silent connections. */
  comment(text: string): void {
    this.flush();
    this.start();
    this.reply.raw.write(`: ${text}\n\n`);
  }

  end(): void {
    this.start();
    this.reply.raw.end();
  }

  /** After the stream started, a failure is the last event; before, it is the caller's to throw. */
  fail(error: unknown): boolean {
    if (!this.started && !this.tokens) return false;
    const status = error instanceof AppError ? statusForErrorKind(error.kind) : 500;
    const detail = error instanceof AppError ? error.message : 'The answer was interrupted. Please try again.';
    if (!(error instanceof AppError)) this.request.log.error({ err: error }, 'streamed answer failed');
    this.event('error', { detail, status });
    this.reply.raw.end();
    return true;
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.reply.hijack();
    // A hijacked reply writes its own head: the headers hooks set on the reply (the baseline) go with it.
    this.reply.raw.writeHead(200, {
      ...headersSet(this.reply),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...this.extraHeaders,
    });
  }

  event(event: string, data: unknown): void {
    this.flush();
    this.start();
    this.reply.raw.write(eventText(event, data));
  }
}
