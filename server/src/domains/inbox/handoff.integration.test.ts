import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, type TestAccount } from '../../../test/accounts.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { openConversationStream, visitorAsks } from '../../../test/widget.ts';
import { HANDOFF_MESSAGES, HANDOFF_PHRASES } from './handoff.ts';

// A visitor asks for a person, through the widget's REST shim as the widget does: the owner turns
// it on over GraphQL; the visitor's request (the button, or in words) makes the conversation wait
// and tells the owner; the person's replies and status reach the visitor's live stream; a wait gone
// over its time, or out of hours, makes the bot ask for an address, kept as a lead, to which the
// replies are then emailed. Nobody else sets or sees any of it.

const FACTS = 'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.';
const EN = HANDOFF_PHRASES.en;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const ERRORS = `... on ValidationError { message code issues { path message } } ... on NotFoundError { message code }`;
const SET_HANDOFF = `mutation ($botId: ID!, $input: BotHandoffInput!) {
  setBotHandoff(botId: $botId, input: $input) {
    __typename
    ... on Bot { handoff { enabled waitMinutes timeZone openingHours { day opens closes } openNow } }
    ${ERRORS}
  }
}`;
const REPLY = `mutation ($id: ID!, $text: String!) {
  replyToConversation(id: $id, text: $text) { __typename ... on ConversationReply { conversation { status replyEmail } } ${ERRORS} }
}`;
const RELEASE = `mutation ($id: ID!) { releaseConversation(id: $id) { __typename ... on Conversation { status } ${ERRORS} } }`;
const WAITING = `query { viewer { waitingConversationsCount conversations(first: 10, status: WAITING) { edges { node { id status } } } } }`;

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
let bot: { id: string; widgetToken: string };
let visitorIp = 0;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, 'Handoff Owner');
  await grantSubscription(server, owner.userId, 'Pro');
  stranger = await signUp(server, 'Handoff Stranger');
  bot = await botWithKnowledge(server, owner.accessToken, FACTS);
});

afterAll(async () => {
  await server?.close();
});

async function setHandoff(input: Record<string, unknown>, account = owner, botId = bot.id) {
  const result = await graphql(server, SET_HANDOFF, { botId: globalId('Bot', botId), input }, account.accessToken);
  expect(result.errors).toBeUndefined();
  return result.data.setBotHandoff;
}

/** A new visitor of the bot, from an address of their own, with one question asked. */
const newVisitor = (question = 'When does the Lyon store open?') => visitorAsks(server, bot, question, `198.18.41.${++visitorIp}`);

async function visitorWrites(sessionToken: string, message: string) {
  const answer = await api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    body: { message, session_token: sessionToken },
    headers: { 'x-forwarded-for': `198.18.42.${visitorIp}` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const talkToPerson = (sessionToken: string, widgetToken = bot.widgetToken) =>
  api(server, 'POST', `/public/bots/${bot.id}/talk-to-person?token=${widgetToken}`, {
    body: { session_token: sessionToken },
    headers: { 'x-forwarded-for': `198.18.43.${visitorIp}` },
  });

async function conversationOf(sessionToken: string) {
  const { createHash } = await import('node:crypto');
  const tokenHash = createHash('sha256').update(sessionToken).digest('hex');
  return server.platform.prisma.chatSession.findUniqueOrThrow({ where: { tokenHash } });
}

describe('the "Talk to a person" setting', () => {
  it('is off for a new bot, and the widget offers no person', async () => {
    const settings = await api(server, 'GET', `/public/bots/settings/${bot.id}`);
    expect(settings.body.talk_to_person).toBe(false);
    const { sessionToken } = await newVisitor();
    const refused = await talkToPerson(sessionToken);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(HANDOFF_MESSAGES.unavailable);
    const unanswerable = await visitorWrites(sessionToken, 'Do you sell bicycles?');
    expect(unanswerable).toMatchObject({ status: 'bot', offer_person: false });
    // Without the setting, words asking for a person are a question for the bot.
    expect(await visitorWrites(sessionToken, 'human please')).toMatchObject({ status: 'bot', held_for_person: false });
  });

  it('is set by the owner with typed errors, and by nobody else', async () => {
    const invalid = await setHandoff({ timeZone: 'Mars/Olympus', openingHours: [{ day: 1, opens: '17:00', closes: '09:00' }] });
    expect(invalid).toMatchObject({ __typename: 'ValidationError' });
    expect(invalid.issues).toEqual(
      expect.arrayContaining([
        { path: 'timeZone', message: HANDOFF_MESSAGES.timeZone },
        { path: 'openingHours.0.closes', message: HANDOFF_MESSAGES.order },
      ]),
    );
    const foreign = await setHandoff({ enabled: true }, stranger);
    expect(foreign).toEqual({ __typename: 'NotFoundError', message: 'Bot not found', code: 'BOT_NOT_FOUND' });
    const saved = await setHandoff({ enabled: true, waitMinutes: 3, timeZone: 'Europe/Paris' });
    expect(saved).toEqual({
      __typename: 'Bot',
      handoff: { enabled: true, waitMinutes: 3, timeZone: 'Europe/Paris', openingHours: [], openNow: true },
    });
    expect((await api(server, 'GET', `/public/bots/settings/${bot.id}`)).body.talk_to_person).toBe(true);
    const nobody = await graphql(server, SET_HANDOFF, { botId: globalId('Bot', bot.id), input: { enabled: false } });
    expect(nobody.data?.setBotHandoff ?? null).toBeNull();
    expect(nobody.errors?.[0]?.message).toMatch(/sign in|authenticat/i);
  });
});

describe('a visitor asking for a person', () => {
  beforeAll(async () => {
    await setHandoff({ enabled: true, waitMinutes: 3, openingHours: [] });
  });

  it('is offered one when the bot cannot answer, or after a thumbs-down', async () => {
    const { sessionToken, messageId } = await newVisitor();
    const rated = await api(server, 'POST', `/public/bots/${bot.id}/messages/${messageId}/rating?token=${bot.widgetToken}`, {
      body: { session_token: sessionToken, rating: 'down' },
    });
    expect(rated.body).toMatchObject({ rating: 'down', offer_person: true });
    const liked = await api(server, 'POST', `/public/bots/${bot.id}/messages/${messageId}/rating?token=${bot.widgetToken}`, {
      body: { session_token: sessionToken, rating: 'up' },
    });
    expect(liked.body).toMatchObject({ rating: 'up', offer_person: false });
    expect(await visitorWrites(sessionToken, 'Do you sell bicycles?')).toMatchObject({ status: 'bot', offer_person: true });
    expect(await visitorWrites(sessionToken, 'When does the Lyon store open?')).toMatchObject({ status: 'bot', offer_person: false });
  });

  it('waits for the owner, who takes over and replies live, then gives the conversation back to the bot', async () => {
    const turnedOn = await graphql(
      server,
      'mutation { updateAccountSettings(emailNotifications: true, waitingVisitorEmails: true) { __typename ... on User { waitingVisitorEmails } } }',
      {},
      owner.accessToken,
    );
    expect(turnedOn.data.updateAccountSettings).toEqual({ __typename: 'User', waitingVisitorEmails: true });
    const { sessionToken } = await newVisitor();
    const stream = await openConversationStream(server, bot.id, sessionToken);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: 'status', data: { status: 'bot', agent_name: null } });

    const asked = await talkToPerson(sessionToken);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'waiting', message: { text: EN.asked, role: 'assistant', isUser: false } });
    expect(await stream.next()).toEqual({ event: 'status', data: { status: 'waiting', agent_name: null } });
    expect(await stream.next()).toEqual({ event: 'message', data: expect.objectContaining({ text: EN.asked, role: 'assistant' }) });
    // Asking again changes nothing and says nothing.
    expect((await talkToPerson(sessionToken)).body).toEqual({ status: 'waiting', message: null });

    const conversation = await conversationOf(sessionToken);
    const waiting = await graphql(server, WAITING, {}, owner.accessToken);
    expect(waiting.data.viewer.waitingConversationsCount).toBe(1);
    expect(waiting.data.viewer.conversations.edges).toEqual([
      { node: { id: globalId('Conversation', conversation.id), status: 'WAITING' } },
    ]);
    const told = (await server.outbox()).filter((mail) => mail.to === owner.email);
    expect(told.at(-1)).toMatchObject({ subject: 'A visitor is waiting for a person on Shop assistant' });
    expect(told.at(-1)!.text).toContain(`/inbox?conversation=${conversation.id}`);
    const strangers = await graphql(server, WAITING, {}, stranger.accessToken);
    expect(strangers.errors).toBeUndefined();
    expect(strangers.data.viewer).toEqual({ waitingConversationsCount: 0, conversations: { edges: [] } });

    const held = await visitorWrites(sessionToken, 'Is anyone there?');
    expect(held).toMatchObject({ held_for_person: true, status: 'waiting', response: '' });

    const replied = await graphql(
      server,
      REPLY,
      { id: globalId('Conversation', conversation.id), text: 'Hi, Handoff Owner here.' },
      owner.accessToken,
    );
    expect(replied.data.replyToConversation).toEqual({
      __typename: 'ConversationReply',
      conversation: { status: 'HUMAN', replyEmail: null },
    });
    const events = [await stream.next(), await stream.next()];
    expect(events).toEqual([
      { event: 'status', data: { status: 'human', agent_name: 'Handoff Owner' } },
      { event: 'message', data: expect.objectContaining({ text: 'Hi, Handoff Owner here.', role: 'agent', author_name: 'Handoff Owner' }) },
    ]);
    expect(await visitorWrites(sessionToken, 'Thanks!')).toMatchObject({ held_for_person: true, status: 'human' });

    const released = await graphql(server, RELEASE, { id: globalId('Conversation', conversation.id) }, owner.accessToken);
    expect(released.data.releaseConversation).toEqual({ __typename: 'Conversation', status: 'BOT' });
    expect(await stream.next()).toEqual({ event: 'status', data: { status: 'bot', agent_name: null } });
    const answered = await visitorWrites(sessionToken, 'When does the Lyon store open?');
    expect(answered).toMatchObject({ held_for_person: false, status: 'bot' });
    expect(answered.response).toContain('9 am');
    stream.close();

    // A widget reconnecting after the person's reply is sent it again, and nothing the visitor asked.
    const since = new Date(Date.now() - 60_000).toISOString();
    const again = await openConversationStream(server, bot.id, sessionToken, since);
    expect(await again.next()).toEqual({ event: 'status', data: { status: 'bot', agent_name: null } });
    expect((await again.next()).data).toMatchObject({ text: EN.asked });
    expect((await again.next()).data).toMatchObject({ text: 'Hi, Handoff Owner here.', role: 'agent' });
    again.close();
  });

  it('is recognised in words, and kept waiting past the wait time is asked where to reply, then emailed the reply', async () => {
    const { sessionToken } = await newVisitor();
    const asked = await visitorWrites(sessionToken, 'Can I speak to a human?');
    expect(asked).toMatchObject({ status: 'waiting', held_for_person: false, response: EN.asked });
    const conversation = await conversationOf(sessionToken);
    expect(conversation.status).toBe('waiting');

    expect(await server.services.handoff.settleLongWaits()).toBe(0);
    server.clock.advance(3 * 60_000 + 1_000);
    const stream = await openConversationStream(server, bot.id, sessionToken);
    expect((await stream.next()).data).toEqual({ status: 'waiting', agent_name: null });
    expect(await server.services.handoff.settleLongWaits()).toBe(1);
    expect(await stream.next()).toEqual({ event: 'message', data: expect.objectContaining({ text: EN.nobodyFree, role: 'assistant' }) });
    // A second tick (another replica's) asks nobody twice.
    expect(await server.services.handoff.settleLongWaits()).toBe(0);
    stream.close();

    const thanked = await visitorWrites(sessionToken, 'sure, it is Ana.Lopez@Example.com');
    expect(thanked).toMatchObject({ held_for_person: false, status: 'waiting', response: EN.replyByEmail('ana.lopez@example.com') });
    const lead = await server.platform.prisma.lead.findUniqueOrThrow({ where: { sessionId: conversation.id } });
    expect(lead).toMatchObject({ email: 'ana.lopez@example.com', ownerId: owner.userId, destination: 'none', channel: 'widget' });

    const replied = await graphql(
      server,
      REPLY,
      { id: globalId('Conversation', conversation.id), text: 'The Lyon store opens at 9.' },
      owner.accessToken,
    );
    expect(replied.data.replyToConversation.conversation).toEqual({ status: 'HUMAN', replyEmail: 'ana.lopez@example.com' });
    const emailed = (await server.outbox()).filter((mail) => mail.to === 'ana.lopez@example.com');
    expect(emailed).toHaveLength(1);
    expect(emailed[0]).toMatchObject({ subject: 'A reply from Ava' });
    expect(emailed[0]!.text).toContain('The Lyon store opens at 9.');
  });

  it('out of the opening hours is asked where to reply at once', async () => {
    // The test clock's day: opening hours on another weekday only.
    const day = (server.clock.now().getUTCDay() + 3) % 7;
    const closed = await setHandoff({ timeZone: 'UTC', openingHours: [{ day, opens: '09:00', closes: '17:00' }] });
    expect(closed.handoff.openNow).toBe(false);
    const { sessionToken } = await newVisitor();
    const asked = await talkToPerson(sessionToken);
    expect(asked.body).toMatchObject({ status: 'waiting', message: { text: EN.closed } });
    const conversation = await conversationOf(sessionToken);
    expect(conversation.emailAskedAt).not.toBeNull();
    await setHandoff({ openingHours: [] });
  });

  it("asks no visitor of a suspended owner's bot where to reply, until the owner is reinstated", async () => {
    const { sessionToken } = await newVisitor();
    expect(await visitorWrites(sessionToken, 'I want to talk to a person')).toMatchObject({ status: 'waiting' });
    server.clock.advance(3 * 60_000 + 1_000);
    await server.platform.prisma.user.update({ where: { id: owner.userId }, data: { status: 'suspended' } });
    expect(await server.services.handoff.settleLongWaits()).toBe(0);
    expect((await conversationOf(sessionToken)).emailAskedAt).toBeNull();

    await server.platform.prisma.user.update({ where: { id: owner.userId }, data: { status: 'active' } });
    expect(await server.services.handoff.settleLongWaits()).toBe(1);
    expect((await conversationOf(sessionToken)).emailAskedAt).not.toBeNull();
  });

  it('shows the owner the page of their site the visitor started on, then asked from', async () => {
    const junk = await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id, page_url: 'javascript:alert(1)' } });
    expect(junk.status).toBe(201);
    expect((await conversationOf(junk.body.session_token)).pageUrl).toBeNull();

    const created = await api(server, 'POST', '/public/bots/sessions/create', {
      body: { bot_id: bot.id, page_url: 'https://shop.example/pricing?plan=pro#faq' },
    });
    const sessionToken: string = created.body.session_token;
    expect((await conversationOf(sessionToken)).pageUrl).toBe('https://shop.example/pricing?plan=pro');
    const asked = await api(server, 'POST', `/public/bots/${bot.id}/talk-to-person?token=${bot.widgetToken}`, {
      body: { session_token: sessionToken, page_url: 'https://shop.example/checkout' },
    });
    expect(asked.status).toBe(200);
    const conversation = await conversationOf(sessionToken);
    const pageUrlAs = (token: string) =>
      graphql(
        server,
        'query ($id: ID!) { node(id: $id) { ... on Conversation { pageUrl } } }',
        { id: globalId('Conversation', conversation.id) },
        token,
      );
    const shown = await pageUrlAs(owner.accessToken);
    expect(shown.errors).toBeUndefined();
    expect(shown.data.node).toEqual({ pageUrl: 'https://shop.example/checkout' });
    const rest = await api(server, 'GET', `/conversations/${conversation.id}`, { token: owner.accessToken });
    expect(rest.body).toMatchObject({ page_url: 'https://shop.example/checkout', reply_email: null });
    const strangers = await pageUrlAs(stranger.accessToken);
    expect(strangers.errors).toBeUndefined();
    expect(strangers.data.node).toBeNull();
  });

  it('is refused with clear errors for a wrong token, an unknown session, or a bad stream request', async () => {
    const { sessionToken } = await newVisitor();
    const wrongToken = await talkToPerson(sessionToken, 'not-the-token');
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body.detail).toBe('Invalid widget token for this bot.');
    const unknown = await talkToPerson('ws_made_up');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Chat session not found. Start a new session.');
    const missing = await api(server, 'POST', `/public/bots/${bot.id}/talk-to-person?token=${bot.widgetToken}`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/session_token is required/);

    const badStream = await api(server, 'GET', `/public/bots/${bot.id}/conversation-events?session_token=ws_made_up`);
    expect(badStream.status).toBe(404);
    expect(badStream.body.detail).toBe('Chat session not found. Start a new session.');
    const badSince = await api(server, 'GET', `/public/bots/${bot.id}/conversation-events?session_token=${sessionToken}&since=yesterday`);
    expect(badSince.status).toBe(400);
    expect(badSince.body.detail).toMatch(/since must be a date/);
  });
});
