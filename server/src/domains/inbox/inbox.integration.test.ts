import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { visitorAsks } from '../../../test/widget.ts';
import { INBOX_MESSAGES, MAX_REPLY_LENGTH } from './rules.ts';

// The inbox over GraphQL: the owner sees their bots' conversations, takes one over (the bot then
// stays silent and nothing is charged), replies, gives it back to the bot, closes it; nobody else
// sees or touches any of it.

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';

const CONVERSATION_FIELDS = 'id status channel visitorName unreadCount lastMessage bot { name }';
const INBOX = `query ($status: ConversationStatus, $search: String) {
  viewer { conversations(first: 20, status: $status, search: $search) { edges { node { ${CONVERSATION_FIELDS} } } } }
}`;
const TRANSCRIPT = `query ($id: ID!) {
  node(id: $id) { ... on Conversation { status messages(last: 20) { edges { node { role text authorName } } } } }
}`;
const ERRORS = `... on ValidationError { message code issues { path message } } ... on NotFoundError { message code }`;
const action = (name: string) => `mutation ($id: ID!) { ${name}(id: $id) { __typename ... on Conversation { id status } ${ERRORS} } }`;
const REPLY = `mutation ($id: ID!, $text: String!) {
  replyToConversation(id: $id, text: $text) {
    __typename
    ... on ConversationReply { reply { role text authorName } conversation { status unreadCount } }
    ${ERRORS}
  }
}`;

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Inbox Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Inbox Stranger');
  bot = await botWithKnowledge(server, owner.accessToken, FACTS);
});

afterAll(async () => {
  await server?.close();
});

async function conversations(account: TestAccount, variables: Record<string, unknown> = {}) {
  const result = await graphql(server, INBOX, variables, account.accessToken);
  expect(result.errors).toBeUndefined();
  return result.data.viewer.conversations.edges.map((edge: { node: Record<string, unknown> }) => edge.node);
}

async function transcript(id: string) {
  const result = await graphql(server, TRANSCRIPT, { id }, owner.accessToken);
  expect(result.errors).toBeUndefined();
  return {
    status: result.data.node.status,
    messages: result.data.node.messages.edges.map((edge: { node: Record<string, unknown> }) => edge.node),
  };
}

/** The visitor writes again in their conversation; the widget's answer. */
async function visitorWrites(sessionToken: string, message: string, ip: string) {
  const answer = await api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message, session_token: sessionToken },
    headers: { 'x-forwarded-for': ip },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { response: string; message_id: string | null; held_for_person: boolean };
}

describe('the inbox', () => {
  it('lists a widget conversation, and lets the owner take it over, reply, give it back and close it', async () => {
    const asked = await visitorAsks(server, bot, 'When does the Lyon store open?', '198.18.40.1');
    const [listed] = await conversations(owner);
    expect(listed).toMatchObject({ status: 'BOT', channel: 'widget', unreadCount: 1, bot: { name: 'Shop assistant' } });
    expect(listed.lastMessage).toContain('9 am');
    const id = listed.id as string;

    const taken = await graphql(server, action('takeOverConversation'), { id }, owner.accessToken);
    expect(taken.data.takeOverConversation).toEqual({ __typename: 'Conversation', id, status: 'HUMAN' });

    // While a person has it, the bot says nothing, and the message waits for them.
    const credits = await server.platform.prisma.chatMessage.count({ where: { role: 'assistant' } });
    const held = await visitorWrites(asked.sessionToken, 'Can I speak to someone?', '198.18.40.1');
    expect(held).toMatchObject({ response: '', message_id: null, held_for_person: true });
    expect(await server.platform.prisma.chatMessage.count({ where: { role: 'assistant' } })).toBe(credits);
    expect((await conversations(owner, { status: 'HUMAN' })).map((node: { id: string }) => node.id)).toEqual([id]);

    const replied = await graphql(server, REPLY, { id, text: '  Hello, I am here.  ' }, owner.accessToken);
    expect(replied.data.replyToConversation).toEqual({
      __typename: 'ConversationReply',
      reply: { role: 'AGENT', text: 'Hello, I am here.', authorName: 'Inbox Owner' },
      conversation: { status: 'HUMAN', unreadCount: 0 },
    });
    // The visitor's widget history keeps the person's reply.
    const history = await api(server, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${asked.sessionToken}`);
    expect(history.body.map((entry: { text: string; isUser: boolean; role: string }) => [entry.isUser, entry.role, entry.text])).toEqual([
      [true, 'user', 'When does the Lyon store open?'],
      [false, 'assistant', expect.stringContaining('9 am')],
      [true, 'user', 'Can I speak to someone?'],
      [false, 'agent', 'Hello, I am here.'],
    ]);

    const released = await graphql(server, action('releaseConversation'), { id }, owner.accessToken);
    expect(released.data.releaseConversation.status).toBe('BOT');
    const answered = await visitorWrites(asked.sessionToken, 'When does the Lyon store open?', '198.18.40.1');
    expect(answered.response).toContain('9 am');

    const closed = await graphql(server, action('closeConversation'), { id }, owner.accessToken);
    expect(closed.data.closeConversation.status).toBe('CLOSED');
    const refused = await graphql(server, REPLY, { id, text: 'Still there?' }, owner.accessToken);
    expect(refused.data.replyToConversation).toEqual({
      __typename: 'ValidationError',
      message: INBOX_MESSAGES.closed,
      code: 'CONVERSATION_CLOSED',
      issues: [],
    });
    // The visitor writing again opens it, to the bot.
    expect((await visitorWrites(asked.sessionToken, 'When does the Lyon store open?', '198.18.40.1')).response).toContain('9 am');
    expect((await transcript(id)).status).toBe('BOT');
    const again = await graphql(server, action('releaseConversation'), { id }, owner.accessToken);
    expect(again.data.releaseConversation).toMatchObject({ __typename: 'ValidationError', code: 'CONVERSATION_WITH_BOT' });

    const { messages } = await transcript(id);
    expect(messages.map((message: { role: string }) => message.role)).toEqual([
      'VISITOR',
      'BOT',
      'VISITOR',
      'AGENT',
      'VISITOR',
      'BOT',
      'VISITOR',
      'BOT',
    ]);
  });

  it('refuses an empty or too long reply, field by field', async () => {
    await visitorAsks(server, bot, 'Do you open on Sundays?', '198.18.41.1');
    const [{ id }] = await conversations(owner, { search: 'Sundays' });
    for (const [text, message] of [
      ['   ', INBOX_MESSAGES.replyRequired],
      ['x'.repeat(MAX_REPLY_LENGTH + 1), INBOX_MESSAGES.replyTooLong],
    ]) {
      const refused = await graphql(server, REPLY, { id, text }, owner.accessToken);
      expect(refused.data.replyToConversation).toMatchObject({ __typename: 'ValidationError', issues: [{ path: 'text', message }] });
    }
  });

  it('shows another customer none of it: not listed, not found, not changed', async () => {
    await visitorAsks(server, bot, 'Where is the Lyon store?', '198.18.42.1');
    const [{ id }] = await conversations(owner, { search: 'Where is the Lyon store' });
    expect(await conversations(stranger)).toEqual([]);
    const peek = await graphql(server, TRANSCRIPT, { id }, stranger.accessToken);
    expect(peek.errors).toBeUndefined();
    expect(peek.data).toEqual({ node: null });
    for (const name of ['takeOverConversation', 'releaseConversation', 'closeConversation', 'markConversationRead']) {
      const refused = await graphql(server, action(name), { id }, stranger.accessToken);
      expect(refused.errors).toBeUndefined();
      expect(refused.data[name]).toEqual({
        __typename: 'NotFoundError',
        message: 'Conversation not found',
        code: 'CONVERSATION_NOT_FOUND',
      });
    }
    const watched = server.subscriptions(stranger.accessToken).iterate({
      query: 'subscription ($id: ID!) { conversationChanged(id: $id) { conversation { id } } }',
      variables: { id },
    });
    const refusal = await watched.next().catch((error: unknown) => ({ error }));
    expect(JSON.stringify('error' in refusal ? refusal.error : refusal.value?.errors)).toContain('Conversation not found');
    const reply = await graphql(server, REPLY, { id, text: 'Hello from elsewhere' }, stranger.accessToken);
    expect(reply.data.replyToConversation).toMatchObject({ __typename: 'NotFoundError', code: 'CONVERSATION_NOT_FOUND' });
    expect((await transcript(id)).status).toBe('BOT');
    expect((await transcript(id)).messages.map((message: { role: string }) => message.role)).toEqual(['VISITOR', 'BOT']);
  });
});
