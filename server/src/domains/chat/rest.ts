import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireViewer, type RestContext } from '../../rest/http.ts';
import { EventStream, wantsEventStream } from '../../rest/sse.ts';
import { attentionCsv } from './attention.ts';
import { chatLogJson, chatLogsCsv } from './logs.ts';
import type { Citation } from './passages.ts';
import type { RatedAnswer } from './ratings.ts';
import type { ChatReply, ConversationEvent, HistoryEntry, WidgetSettings } from './service.ts';

export function chatRoutes(app: FastifyInstance, { services }: RestContext): void {
  app.get('/customer/chatlogs', async (request) => {
    const viewer = requireViewer(request);
    const page = await services.chatLogs.page(viewer.id, chatLogFilterFromQuery(request.query));
    return { logs: page.logs.map(chatLogJson), total: page.total, page: page.page, page_size: page.pageSize };
  });

  app.get('/customer/chatlogs/export', async (request, reply) => {
    const viewer = requireViewer(request);
    const rows = await services.chatLogs.exportRows(viewer.id, chatLogFilterFromQuery(request.query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="chat-logs.csv"')
      .send(chatLogsCsv(rows));
  });

  app.get('/customer/needs-attention/export', async (request, reply) => {
    const viewer = requireViewer(request);
    const { order, ...query } = (request.query ?? {}) as Record<string, unknown>;
    const groups = await services.chatLogs.needsAttention(viewer.id, chatLogFilterFromQuery(query), order);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="needs-attention.csv"')
      .send(attentionCsv(groups));
  });
}

/** The spec's chat-log query parameters as the service's filter. */
function chatLogFilterFromQuery(query: unknown) {
  const { bot_id, search, date_range, channel, unanswered, page, page_size } = (query ?? {}) as Record<string, unknown>;
  return { botId: bot_id, search, dateRange: date_range, channel, unanswered, page, pageSize: page_size };
}

function widgetSessionFromBody(body: unknown) {
  const { bot_id, name, email, page_url } = (body ?? {}) as Record<string, unknown>;
  return { botId: bot_id, name, email, pageUrl: page_url };
}

function widgetMessageFromBody(body: unknown) {
  const { message, session_token } = (body ?? {}) as Record<string, unknown>;
  return { message, sessionToken: session_token };
}

function widgetSettingsJson(settings: WidgetSettings) {
  return {
    display_name: settings.displayName,
    theme_color: settings.themeColor,
    logo_url: settings.logoUrl,
    icon_url: settings.iconUrl,
    chat_position: settings.chatPosition,
    is_active: settings.isActive,
    language_code: settings.languageCode,
    streaming: settings.streaming,
    talk_to_person: settings.talkToPerson,
  };
}

function replyJson(reply: ChatReply) {
  return {
    message: reply.text,
    response: reply.text,
    sources: reply.sources.map(citationJson),
    message_id: reply.messageId,
    // A person of the owner's has the conversation: the message waits for them, and the bot said nothing.
    held_for_person: reply.heldForPerson ?? false,
    status: reply.status ?? 'bot',
    // The bot could not answer and a person can be asked for: the widget offers one.
    offer_person: reply.offerPerson ?? false,
  };
}

/** The spec's history entry (id, text, isUser, timestamp), with who wrote it and the sources an answer was given with. */
function historyEntryJson(entry: HistoryEntry) {
  return {
    id: entry.id,
    text: entry.text,
    isUser: entry.isUser,
    role: entry.role,
    timestamp: entry.timestamp,
    sources: entry.sources.map(citationJson),
    rating: entry.rating,
    author_name: entry.authorName,
  };
}

function ratedAnswerJson(rated: RatedAnswer & { offerPerson?: boolean }) {
  return { message_id: rated.messageId, rating: rated.rating, comment: rated.comment, offer_person: rated.offerPerson ?? false };
}

function conversationEventJson(event: ConversationEvent): [string, unknown] {
  return event.kind === 'status'
    ? ['status', { status: event.status, agent_name: event.agentName }]
    : ['message', historyEntryJson(event.message)];
}

function widgetRatingFromBody(body: unknown) {
  const { session_token, rating, comment } = (body ?? {}) as Record<string, unknown>;
  return { sessionToken: session_token, rating, comment };
}

export function citationJson(citation: Citation) {
  return {
    index: citation.index,
    title: citation.title,
    url: citation.url,
    page: citation.page,
    snippet: citation.snippet,
    source_type: citation.sourceType,
  };
}

/** How often an idle conversation stream says it is alive (proxies close connections silent for a minute). */
const STREAM_PING_MS = 25_000;

/** Streams when the caller asks for text/event-stream, answers JSON otherwise. */
async function answerMaybeStreaming(
  request: FastifyRequest,
  reply: FastifyReply,
  ask: (onToken?: (token: string) => void) => Promise<ChatReply>,
  headers: Record<string, string> = {},
) {
  if (!wantsEventStream(request)) return replyJson(await ask());
  const stream = new EventStream(request, reply, headers);
  try {
    const answer = await ask((token) => stream.token(token));
    stream.done(replyJson(answer));
  } catch (error) {
    if (!stream.fail(error)) throw error;
  }
  return reply;
}

export function testChatRoutes(app: FastifyInstance, { services }: RestContext): void {
  app.post('/bots/:id/rag-chat', async (request, reply) => {
    const viewer = requireViewer(request);
    const botId = (request.params as { id: string }).id;
    const query = request.query as { query?: unknown; max_tokens?: unknown };
    const input = { question: query.query, maxTokens: query.max_tokens };
    return answerMaybeStreaming(request, reply, (onToken) => services.chat.testChat(viewer.id, botId, input, onToken));
  });
}

/** The widget's API: no customer auth, any origin (CORS is opened by the caller's plugin). */
export function publicChatRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { chat } = services;
  const botIdOf = (request: FastifyRequest) => (request.params as { bot_id: string }).bot_id;

  app.get('/bots/settings/:bot_id', async (request) => widgetSettingsJson(await chat.publicSettings(botIdOf(request))));

  app.post('/bots/sessions/create', async (request, reply) =>
    reply.status(201).send({ session_token: await chat.createWidgetSession(widgetSessionFromBody(request.body), request.ip) }),
  );

  app.get('/bots/:bot_id/chat-history', async (request) =>
    (await chat.widgetHistory(botIdOf(request), (request.query as { session_token?: unknown }).session_token)).map(historyEntryJson),
  );

  app.post('/bots/:bot_id/messages/:message_id/rating', async (request) => {
    const { message_id } = request.params as { message_id: string };
    const token = (request.query as { token?: unknown }).token;
    return ratedAnswerJson(
      await chat.rateWidgetAnswer(botIdOf(request), token, message_id, widgetRatingFromBody(request.body), request.ip),
    );
  });

  app.post('/bots/:bot_id/talk-to-person', async (request) => {
    const token = (request.query as { token?: unknown }).token;
    const { session_token, page_url } = (request.body ?? {}) as Record<string, unknown>;
    const asked = await chat.askForPerson(botIdOf(request), token, { sessionToken: session_token, pageUrl: page_url }, request.ip);
    return { status: asked.status, message: asked.line && historyEntryJson(asked.line) };
  });

  app.get('/bots/:bot_id/conversation-events', async (request, reply) => {
    const { session_token, since } = (request.query ?? {}) as Record<string, unknown>;
    const closed = new AbortController();
    request.raw.once('close', () => closed.abort());
    const events = chat.widgetConversationEvents(botIdOf(request), session_token, since, closed.signal)[Symbol.asyncIterator]();
    // The first event is read before the head goes out: an unknown session answers 404 JSON, not a stream.
    const first = await events.next();
    const origin = request.headers.origin;
    const stream = new EventStream(request, reply, origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {});
    const ping = setInterval(() => stream.comment('ping'), STREAM_PING_MS);
    try {
      for (let next = first; !next.done; next = await events.next()) stream.event(...conversationEventJson(next.value));
      stream.end();
    } catch (error) {
      if (!stream.fail(error)) throw error;
    } finally {
      clearInterval(ping);
      closed.abort();
    }
    return reply;
  });

  app.post('/bots/:bot_id/chat', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const origin = request.headers.origin;
    return answerMaybeStreaming(
      request,
      reply,
      (onToken) => chat.widgetChat(botIdOf(request), token, widgetMessageFromBody(request.body), request.ip, onToken),
      origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {},
    );
  });
}
