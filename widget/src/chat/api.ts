import type { Identity } from '../protocol.ts';
import { PUBLIC_API_PATH, settingsPath, type PublicSettings } from '../publicSettings.ts';
import { readEvents } from './sse.ts';

/** The public widget API, on the chat app's own origin. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Who answers the conversation: the bot, nobody yet (a person was asked for), a person of the bot's owner, or nobody. */
export type ConversationStatus = 'bot' | 'waiting' | 'human' | 'closed';

export interface HistoryEntry {
  id: string;
  text: string;
  isUser: boolean;
  /** Who wrote it: the visitor, the bot, or a person of the bot's owner (`agent`, from the inbox). */
  role?: 'user' | 'assistant' | 'agent';
  timestamp: string;
  /** What an answer quoted, kept with it: a reloaded conversation shows its sources again. */
  sources?: Source[];
  /** The visitor's rating of an answer, kept with it. */
  rating?: Rating | null;
  /** The person's name on their reply, when the server knows it. */
  author_name?: string | null;
}

export type Rating = 'up' | 'down';

export interface Source {
  index: number;
  title: string;
  url: string | null;
  page: number | null;
  snippet: string;
  source_type: string;
}

export interface ChatAnswer {
  message?: string;
  response?: string;
  sources?: Source[];
  /** The stored answer's id, which its rating names. */
  message_id?: string | null;
  /** A person of the bot's owner has the conversation: the message waits for them, and the bot said nothing. */
  held_for_person?: boolean;
  /** The conversation's status after this message. */
  status?: ConversationStatus;
  /** The bot could not answer and a person can be asked for. */
  offer_person?: boolean;
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  return new ApiError(response.status, typeof body?.detail === 'string' ? body.detail : response.statusText);
}

async function requestJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export function fetchSettings(botId: string): Promise<PublicSettings> {
  return requestJson(settingsPath(botId));
}

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An integrator's malformed email must not cost the visitor their chat, so it is left out. */
export async function createSession(botId: string, identity: Identity, page: string | null): Promise<string> {
  const body = {
    bot_id: botId,
    name: identity.name?.trim() || undefined,
    email: identity.email && LOOKS_LIKE_EMAIL.test(identity.email) ? identity.email : undefined,
    page_url: page ?? undefined,
  };
  const created = await requestJson<{ session_token: string }>(`${PUBLIC_API_PATH}/bots/sessions/create`, postJson(body));
  return created.session_token;
}

export function fetchHistory(botId: string, sessionToken: string): Promise<HistoryEntry[]> {
  const query = new URLSearchParams({ session_token: sessionToken });
  return requestJson(`${PUBLIC_API_PATH}/bots/${encodeURIComponent(botId)}/chat-history?${query}`);
}

async function readAnswerStream(body: ReadableStream<Uint8Array>, onToken: (token: string) => void): Promise<ChatAnswer> {
  for await (const { event, data } of readEvents(body)) {
    const payload = JSON.parse(data) as { token?: string; detail?: string; status?: number } & ChatAnswer;
    if (event === 'token' && payload.token) onToken(payload.token);
    if (event === 'done') return payload;
    if (event === 'error') throw new ApiError(payload.status ?? 500, payload.detail ?? 'The answer was interrupted.');
  }
  throw new ApiError(0, 'The answer stream ended early.');
}

/** Asks for a streamed answer; a server that answers JSON (errors, or no streaming) is read as JSON. */
export async function sendMessage(
  botId: string,
  widgetToken: string,
  body: { message: string; session_token: string },
  onToken: (token: string) => void,
): Promise<ChatAnswer> {
  const query = new URLSearchParams({ token: widgetToken });
  const response = await fetch(
    `${PUBLIC_API_PATH}/bots/${encodeURIComponent(botId)}/chat?${query}`,
    postJson(body, { accept: 'text/event-stream' }),
  );
  if (!response.ok) throw await failure(response);
  const isStream = response.headers.get('content-type')?.includes('text/event-stream');
  return isStream && response.body ? readAnswerStream(response.body, onToken) : ((await response.json()) as ChatAnswer);
}

/** Rates an answer of the visitor's conversation; a later rating replaces it. */
export function rateAnswer(
  botId: string,
  widgetToken: string,
  messageId: string,
  body: { session_token: string; rating: Rating; comment?: string },
): Promise<{ offer_person?: boolean }> {
  const query = new URLSearchParams({ token: widgetToken });
  return requestJson(
    `${PUBLIC_API_PATH}/bots/${encodeURIComponent(botId)}/messages/${encodeURIComponent(messageId)}/rating?${query}`,
    postJson(body),
  );
}

export interface PersonRequest {
  status: ConversationStatus;
  /** The bot's line saying a person was asked for (or asking for an email address when nobody is free), stored in the history. */
  message: HistoryEntry | null;
}

/** Asks for a person of the bot's owner to take the conversation over. */
/** Asks for a person from `page` (the host page the visitor is on now: the person sees where they are). */
export function askForPerson(botId: string, widgetToken: string, sessionToken: string, page: string | null): Promise<PersonRequest> {
  const query = new URLSearchParams({ token: widgetToken });
  return requestJson(
    `${PUBLIC_API_PATH}/bots/${encodeURIComponent(botId)}/talk-to-person?${query}`,
    postJson({ session_token: sessionToken, page_url: page ?? undefined }),
  );
}

export type ConversationEvent =
  { type: 'status'; status: ConversationStatus; agentName: string | null } | { type: 'message'; message: HistoryEntry };

/**
 * The conversation's live events (its status first, then each change, and what a person or the bot
 * says unasked) until the server ends the stream; `since` replays the messages after that time first.
 */
export async function* conversationEvents(
  botId: string,
  sessionToken: string,
  since: string | null,
  signal: AbortSignal,
): AsyncGenerator<ConversationEvent> {
  const query = new URLSearchParams({ session_token: sessionToken });
  if (since) query.set('since', since);
  const response = await fetch(`${PUBLIC_API_PATH}/bots/${encodeURIComponent(botId)}/conversation-events?${query}`, {
    headers: { accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok) throw await failure(response);
  if (!response.body) throw new ApiError(0, 'The conversation stream has no body.');
  for await (const { event, data } of readEvents(response.body)) {
    if (event === 'status') {
      const payload = JSON.parse(data) as { status: ConversationStatus; agent_name?: string | null };
      yield { type: 'status', status: payload.status, agentName: payload.agent_name ?? null };
    }
    if (event === 'message') yield { type: 'message', message: JSON.parse(data) as HistoryEntry };
  }
}
