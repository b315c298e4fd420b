import { expect } from 'vitest';
import { api, type TestServer } from './harness.ts';

export interface WidgetAnswer {
  messageId: string;
  sessionToken: string;
  response: string;
  sources: { source_type: string; title: string }[];
}

/** A new widget visitor (a session of its own, from `ip`) asking one question over REST, as the widget does. */
export async function visitorAsks(
  server: TestServer,
  bot: { id: string; widgetToken: string },
  message: string,
  ip: string,
): Promise<WidgetAnswer> {
  const session = await api(server, 'POST', '/public/bots/sessions/create', {
    body: { bot_id: bot.id },
    headers: { 'x-forwarded-for': ip },
  });
  expect(session.status).toBe(201);
  const sessionToken: string = session.body.session_token;
  const answer = await api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message, session_token: sessionToken },
    headers: { 'x-forwarded-for': ip },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { messageId: answer.body.message_id, sessionToken, response: answer.body.response, sources: answer.body.sources };
}

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * A widget visitor's live conversation stream (GET …/conversation-events), read event by event as
 * the widget reads it. `next` waits for the next event; `close` hangs up.
 */
export async function openConversationStream(
  server: Pick<TestServer, 'url'>,
  botId: string,
  sessionToken: string,
  since?: string,
): Promise<{ status: number; next(): Promise<StreamEvent>; close(): void }> {
  const closed = new AbortController();
  const query = new URLSearchParams({ session_token: sessionToken, ...(since ? { since } : {}) });
  const response = await fetch(`${server.url}/api/v1/public/bots/${botId}/conversation-events?${query}`, {
    headers: { accept: 'text/event-stream' },
    signal: closed.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const next = async (): Promise<StreamEvent> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        // Comments (": ping") keep the stream alive and carry nothing.
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (lines.length === 0) continue;
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        return { event: field('event'), data: JSON.parse(field('data') || '{}') as Record<string, unknown> };
      }
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the stream ended; unread: ${buffered}`);
      buffered += chunk.value;
    }
  };
  return { status: response.status, next, close: () => closed.abort() };
}
