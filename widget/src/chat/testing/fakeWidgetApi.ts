import { vi } from 'vitest';
import type { PublicSettings } from '../../publicSettings.ts';
import type { HistoryEntry } from '../api.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * An SSE answer the test writes event by event, to look at the page between tokens. Aborting the
 * request breaks the stream, as a browser's fetch does.
 */
export function answerStream(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(started) {
      controller = started;
    },
  });
  signal?.addEventListener('abort', () => {
    if (open) controller.error(signal.reason);
    open = false;
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    /** A comment line, as the server's keep-alive pings. */
    ping() {
      controller.enqueue(encoder.encode(': ping\n\n'));
    },
    end() {
      if (open) controller.close();
      open = false;
    },
  };
}

export type EventStream = ReturnType<typeof answerStream> & { query: URLSearchParams };

/** A streamed answer sent all at once. */
export function streamedAnswer(tokens: string[], done: Record<string, unknown>): Response {
  const stream = answerStream();
  for (const token of tokens) stream.send('token', { token });
  stream.send('done', done);
  stream.end();
  return stream.response;
}

export const SETTINGS: PublicSettings = {
  display_name: 'Museum helper',
  theme_color: '#e11d48',
  logo_url: '/static/bots/bot-1/images/logo.png',
  icon_url: null,
  chat_position: 'bottom-left',
  is_active: true,
  language_code: 'en',
  streaming: false,
  talk_to_person: false,
};

interface FakeApiOptions {
  /** The settings, or the status of a failure. */
  settings?: Partial<PublicSettings> | number;
  /** The stored session's history, or the status of a failure. */
  history?: HistoryEntry[] | number;
  /** Status of a failed session creation. */
  sessionFailure?: number;
  chat?: (body: { message: string; session_token: string }) => Response | Promise<Response>;
  /** Status of a failed rating (a rating is saved otherwise). */
  ratingFailure?: number;
  /** A saved rating says a person can be asked for. */
  ratingOffersPerson?: boolean;
  talkToPerson?: (body: { session_token: string }) => Response | Promise<Response>;
  /** The live conversation stream: each connection is a stream the test writes, or the status of a refusal (404 without this). */
  conversationEvents?: (query: URLSearchParams) => number | undefined;
}

/** The public widget API as a fetch stub, recording what the app asked for. */
export function fakeWidgetApi(options: FakeApiOptions = {}) {
  const requests: RecordedRequest[] = [];
  const eventStreams: EventStream[] = [];
  let sessionsCreated = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://product.test');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    requests.push({ method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, body });
    const {
      settings = {},
      history = [],
      sessionFailure,
      chat,
      ratingFailure,
      ratingOffersPerson,
      talkToPerson,
      conversationEvents,
    } = options;
    if (url.pathname.startsWith('/api/v1/public/bots/settings/')) {
      return typeof settings === 'number'
        ? jsonResponse(settings, { detail: 'Bot not found' })
        : jsonResponse(200, { ...SETTINGS, ...settings });
    }
    if (url.pathname === '/api/v1/public/bots/sessions/create') {
      if (sessionFailure) return jsonResponse(sessionFailure, { detail: 'Session failed' });
      sessionsCreated += 1;
      return jsonResponse(201, { session_token: `ws_new_${sessionsCreated}` });
    }
    if (url.pathname.endsWith('/chat-history')) {
      return typeof history === 'number' ? jsonResponse(history, { detail: 'History failed' }) : jsonResponse(200, history);
    }
    if (url.pathname.endsWith('/chat') && chat) return chat(body as { message: string; session_token: string });
    if (url.pathname.endsWith('/rating')) {
      return ratingFailure
        ? jsonResponse(ratingFailure, { detail: 'Rating failed' })
        : jsonResponse(200, { ...body, session_token: undefined, ...(ratingOffersPerson ? { offer_person: true } : {}) });
    }
    if (url.pathname.endsWith('/talk-to-person') && talkToPerson) return talkToPerson(body as { session_token: string });
    if (url.pathname.endsWith('/conversation-events') && conversationEvents) {
      const refusal = conversationEvents(url.searchParams);
      if (refusal) return jsonResponse(refusal, { detail: 'Refused' });
      const stream = { ...answerStream(init.signal), query: url.searchParams };
      eventStreams.push(stream);
      return stream.response;
    }
    return jsonResponse(404, { detail: 'Not Found' });
  });
  return {
    fetch,
    requests,
    chatRequests: () => requests.filter((request) => request.path.endsWith('/chat')),
    ratingRequests: () => requests.filter((request) => request.path.endsWith('/rating')),
    personRequests: () => requests.filter((request) => request.path.endsWith('/talk-to-person')),
    eventRequests: () => requests.filter((request) => request.path.endsWith('/conversation-events')),
    /** The live stream's connections, oldest first. */
    eventStreams,
  };
}
