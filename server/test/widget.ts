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
