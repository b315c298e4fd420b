import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { visitorAsks } from '../../../test/widget.ts';
import { INBOX_MESSAGES } from './rules.ts';

// The inbox for integrators, under /api/v1/conversations: the same conversations and actions as
// GraphQL's, in snake_case, with a 4xx `detail` for what is refused.

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Rest Inbox Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Rest Inbox Stranger');
  bot = await botWithKnowledge(server, owner.accessToken, FACTS);
});

afterAll(async () => {
  await server?.close();
});

describe('/api/v1/conversations', () => {
  it('lists, opens, takes over, replies to, releases and closes a conversation', async () => {
    await visitorAsks(server, bot, 'When does the Lyon store open?', '198.18.50.1');
    const listed = await api(server, 'GET', '/conversations?channel=widget&page_size=5', { token: owner.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1, page_size: 5 });
    const [conversation] = listed.body.conversations;
    expect(conversation).toMatchObject({ bot_id: bot.id, bot_name: 'Shop assistant', channel: 'widget', status: 'bot', unread_count: 1 });

    const opened = await api(server, 'GET', `/conversations/${conversation.id}`, { token: owner.accessToken });
    expect(opened.status).toBe(200);
    expect(opened.body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);
    expect(opened.body.messages[1].sources).toEqual([expect.objectContaining({ index: 1, title: 'policies.txt' })]);

    const taken = await api(server, 'POST', `/conversations/${conversation.id}/take-over`, { token: owner.accessToken });
    expect(taken.body).toMatchObject({ id: conversation.id, status: 'human' });
    const replied = await api(server, 'POST', `/conversations/${conversation.id}/reply`, {
      token: owner.accessToken,
      body: { text: 'Hello, this is Rest.' },
    });
    expect(replied.status).toBe(200);
    expect(replied.body.message).toMatchObject({ role: 'agent', text: 'Hello, this is Rest.', author_name: 'Rest Inbox Owner' });
    expect(replied.body.conversation).toMatchObject({ status: 'human', unread_count: 0 });
    const waiting = await api(server, 'GET', '/conversations?status=human', { token: owner.accessToken });
    expect(waiting.body.conversations.map((item: { id: string }) => item.id)).toEqual([conversation.id]);

    expect((await api(server, 'POST', `/conversations/${conversation.id}/release`, { token: owner.accessToken })).body.status).toBe('bot');
    expect((await api(server, 'POST', `/conversations/${conversation.id}/close`, { token: owner.accessToken })).body.status).toBe('closed');
    const refused = await api(server, 'POST', `/conversations/${conversation.id}/reply`, {
      token: owner.accessToken,
      body: { text: 'Hi?' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(INBOX_MESSAGES.closed);
  });

  it('answers bad input with a 4xx detail', async () => {
    const badStatus = await api(server, 'GET', '/conversations?status=sleeping', { token: owner.accessToken });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.detail).toContain('status must be one of: bot, waiting, human, closed');
    const badPage = await api(server, 'GET', '/conversations?page_size=1000', { token: owner.accessToken });
    expect(badPage.status).toBe(400);
    expect(badPage.body.detail).toContain('page_size must be between 1 and 100');
    const anonymous = await api(server, 'GET', '/conversations');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
    const [{ id }] = (await api(server, 'GET', '/conversations', { token: owner.accessToken })).body.conversations;
    const empty = await api(server, 'POST', `/conversations/${id}/reply`, { token: owner.accessToken, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain(INBOX_MESSAGES.replyRequired);
  });

  it("is another customer's as a missing one's: 404 for every route, nothing listed or changed", async () => {
    const [{ id, status }] = (await api(server, 'GET', '/conversations', { token: owner.accessToken })).body.conversations;
    expect((await api(server, 'GET', '/conversations', { token: stranger.accessToken })).body).toMatchObject({
      total: 0,
      conversations: [],
    });
    const tries = [
      ['GET', `/conversations/${id}`],
      ['POST', `/conversations/${id}/take-over`],
      ['POST', `/conversations/${id}/release`],
      ['POST', `/conversations/${id}/close`],
      ['POST', `/conversations/${id}/read`],
      ['POST', `/conversations/${id}/reply`],
    ] as const;
    for (const [method, path] of tries) {
      const refused = await api(server, method, path, {
        token: stranger.accessToken,
        body: method === 'POST' ? { text: 'Hi' } : undefined,
      });
      expect(refused.status, path).toBe(404);
      expect(refused.body.detail).toBe('Conversation not found');
    }
    const after = await api(server, 'GET', `/conversations/${id}`, { token: owner.accessToken });
    expect(after.body.status).toBe(status);
  });
});
