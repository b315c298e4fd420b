import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { readEvents } from '../../../test/serverSentEvents.ts';
import { ANSWER_STAGES } from '../../metrics.ts';
import { CHAT_MESSAGES, MAX_MESSAGE_LENGTH } from './errors.ts';
import { WIDGET_RATE_LIMITS } from './limits.ts';

const FACTS = [
  'Velo Bikes refund policy. Refunds are accepted within 30 days of delivery when the bike is unused.',
  'Delivery. Orders ship from our Lyon warehouse within two business days.',
  'Opening hours. The Lyon store opens at 9 am from Monday to Saturday.',
].join('\n\n');

let offline: TestServer;
let owner: TestAccount;
let bot: { id: string; widgetToken: string };

beforeAll(async () => {
  offline = await startTestServer();
  owner = await signUp(offline, 'Chat Owner');
  await grantSubscription(offline, owner.userId, 'Pro');
  bot = await botWithKnowledge(offline, owner.accessToken, FACTS);
});

afterAll(async () => {
  await offline?.close();
});

describe('test chat without any AI key (extractive answers)', () => {
  it('quotes the fact from the uploaded document with its citation', async () => {
    const response = await api(
      offline,
      'POST',
      `/bots/${bot.id}/rag-chat?query=${encodeURIComponent('How long do I have to ask for a refund?')}&max_tokens=1000`,
      { token: owner.accessToken },
    );
    expect(response.status).toBe(200);
    expect(response.body.response).toContain('Refunds are accepted within 30 days of delivery');
    expect(response.body.sources).toEqual([expect.objectContaining({ index: 1, title: 'policies.txt', source_type: 'document' })]);
    expect(response.body.sources[0].snippet).toContain('30 days');
  });

  it('says it does not know, and flags the question as unanswered, when nothing is relevant', async () => {
    const response = await api(offline, 'POST', `/bots/${bot.id}/rag-chat?query=${encodeURIComponent('Do you sell quantum computers?')}`, {
      token: owner.accessToken,
    });
    expect(response.body.response).toMatch(/could not find information/);
    expect(response.body.sources).toEqual([]);
    const unanswered = await offline.platform.prisma.chatMessage.findFirstOrThrow({
      where: { role: 'assistant' },
      orderBy: { createdAt: 'desc' },
    });
    expect(unanswered).toMatchObject({ unanswered: true, model: 'extractive' });
    expect(unanswered.latencyMs).not.toBeNull();
  });

  it('streams the answer as server-sent events ending with the sources', async () => {
    const response = await fetch(
      `${offline.url}/api/v1/bots/${bot.id}/rag-chat?query=${encodeURIComponent('When does the Lyon store open?')}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.accessToken}`, accept: 'text/event-stream' },
      },
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(response);
    const tokens = events.filter((entry) => entry.event === 'token').map((entry) => entry.data.token);
    expect(tokens.length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(tokens.join('')).toBe(done.data.message);
    expect(done.data.message).toContain('opens at 9 am');
    expect(done.data.sources[0].title).toBe('policies.txt');
  });

  it('refuses an empty or over-long question, an unknown bot and a stranger', async () => {
    const empty = await api(offline, 'POST', `/bots/${bot.id}/rag-chat?query=%20%20`, { token: owner.accessToken });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe(CHAT_MESSAGES.emptyMessage);
    const long = await api(offline, 'POST', `/bots/${bot.id}/rag-chat?query=${'a'.repeat(MAX_MESSAGE_LENGTH + 1)}`, {
      token: owner.accessToken,
    });
    expect(long.status).toBe(400);
    const unsaved = await api(offline, 'POST', '/bots/not-saved/rag-chat?query=hello', { token: owner.accessToken });
    expect(unsaved.status).toBe(404);
    expect(unsaved.body.detail).toBe(CHAT_MESSAGES.unsavedBot);
    const stranger = await signUp(offline);
    expect((await api(offline, 'POST', `/bots/${bot.id}/rag-chat?query=refund`, { token: stranger.accessToken })).status).toBe(404);
  });
});

describe('the public widget API', () => {
  it('serves the public settings without auth and with open CORS', async () => {
    const response = await fetch(`${offline.url}/api/v1/public/bots/settings/${bot.id}`, { headers: { origin: 'https://shop.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(await response.json()).toMatchObject({
      display_name: 'Ava',
      theme_color: '#8b5cf6',
      chat_position: 'bottom-right',
      is_active: true,
      logo_url: null,
    });
  });

  it('keeps a visitor session: chat with the widget token, then read the history back', async () => {
    const session = await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } });
    expect(session.status).toBe(201);
    const token = session.body.session_token;
    const chat = await api(offline, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      body: { message: 'Where do orders ship from?', session_token: token },
    });
    expect(chat.status).toBe(200);
    expect(chat.body.message).toContain('Lyon warehouse');
    expect(chat.body.sources).toHaveLength(1);
    const history = await api(offline, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${token}`);
    expect(history.body.map((entry: { text: string; isUser: boolean }) => [entry.isUser, entry.text.slice(0, 26)])).toEqual([
      [true, 'Where do orders ship from?'],
      [false, chat.body.message.slice(0, 26)],
    ]);
  });

  it('gives the history each answer with the sources it was given with, and questions with none', async () => {
    const token = (await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
    const chat = await api(offline, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      body: { message: 'How long do I have to ask for a refund?', session_token: token },
    });
    expect(chat.body.sources).toEqual([expect.objectContaining({ index: 1, title: 'policies.txt', source_type: 'document' })]);
    const history = await api(offline, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${token}`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      {
        id: expect.any(String),
        text: 'How long do I have to ask for a refund?',
        isUser: true,
        role: 'user',
        timestamp: expect.any(String),
        sources: [],
        rating: null,
        author_name: null,
      },
      {
        id: chat.body.message_id,
        text: chat.body.message,
        isUser: false,
        role: 'assistant',
        timestamp: expect.any(String),
        sources: chat.body.sources,
        rating: null,
        author_name: null,
      },
    ]);
  });

  it('streams to the widget over server-sent events', async () => {
    const session = (await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
    const response = await fetch(`${offline.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', origin: 'https://shop.example' },
      body: JSON.stringify({ message: 'refund policy?', session_token: session }),
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const events = await readEvents(response);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { message: expect.stringContaining('30 days') } });
  });

  it('answers clear 4xx details for wrong tokens, foreign sessions, bad messages and inactive bots', async () => {
    const session = (await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
    const send = (query: string, body: unknown) => api(offline, 'POST', `/public/bots/${bot.id}/chat${query}`, { body });
    expect(await send('?token=wrong', { message: 'hi', session_token: session })).toMatchObject({
      status: 401,
      body: { detail: CHAT_MESSAGES.invalidToken },
    });
    expect(await send('', { message: 'hi', session_token: session })).toMatchObject({ status: 401 });
    expect(await send(`?token=${bot.widgetToken}`, { message: '   ', session_token: session })).toMatchObject({
      status: 400,
      body: { detail: CHAT_MESSAGES.emptyMessage },
    });
    expect(await send(`?token=${bot.widgetToken}`, { message: 'x'.repeat(4001), session_token: session })).toMatchObject({
      status: 400,
      body: { detail: CHAT_MESSAGES.tooLong },
    });
    expect(await send(`?token=${bot.widgetToken}`, { message: 'hi', session_token: 'ws_made_up' })).toMatchObject({
      status: 404,
      body: { detail: CHAT_MESSAGES.sessionNotFound },
    });

    const other = await botWithKnowledge(offline, owner.accessToken, 'Another bot knows about tea.');
    const otherSession = (await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: other.id } })).body.session_token;
    expect(await send(`?token=${bot.widgetToken}`, { message: 'hi', session_token: otherSession })).toMatchObject({ status: 404 });
    expect((await api(offline, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${otherSession}`)).status).toBe(404);

    await api(offline, 'PATCH', `/bots/${other.id}`, { token: owner.accessToken, body: { isActive: false } });
    expect((await api(offline, 'GET', `/public/bots/settings/${other.id}`)).body.is_active).toBe(false);
    const inactive = await api(offline, 'POST', `/public/bots/${other.id}/chat?token=${other.widgetToken}`, {
      body: { message: 'tea?', session_token: otherSession },
    });
    expect(inactive).toMatchObject({ status: 403, body: { detail: CHAT_MESSAGES.botInactive } });
    expect((await api(offline, 'GET', '/public/bots/settings/no-such-bot')).status).toBe(404);
  });

  it('refuses session tokens it never issued or issued for another bot, streamed or not, and records nothing', async () => {
    const other = await botWithKnowledge(offline, owner.accessToken, 'A third bot knows about coffee.');
    const foreign = (await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: other.id } })).body.session_token;
    const messagesBefore = await offline.platform.prisma.chatMessage.count({ where: { session: { botId: bot.id } } });
    for (const sessionToken of ['ws_forged_token_never_issued', foreign, `${foreign}x`]) {
      for (const accept of ['application/json', 'text/event-stream']) {
        const response = await fetch(`${offline.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept },
          body: JSON.stringify({ message: 'What is the refund policy?', session_token: sessionToken }),
        });
        expect(response.status, `${accept} ${sessionToken}`).toBe(404);
        expect(await response.json()).toEqual({ detail: CHAT_MESSAGES.sessionNotFound });
      }
      const history = await api(offline, 'GET', `/public/bots/${bot.id}/chat-history?session_token=${encodeURIComponent(sessionToken)}`);
      expect(history).toMatchObject({ status: 404, body: { detail: CHAT_MESSAGES.sessionNotFound } });
    }
    expect(await offline.platform.prisma.chatMessage.count({ where: { session: { botId: bot.id } } })).toBe(messagesBefore);
  });

  it('reports how long each stage of a stored answer took at /metrics, and nothing for a refused message', async () => {
    const counts = async () => {
      const text = await (await fetch(`${offline.url}/metrics`)).text();
      return Object.fromEntries(
        ANSWER_STAGES.map((stage) => {
          const line = text.split('\n').find((row) => row.startsWith(`chat_answer_stage_seconds_count{channel="widget",stage="${stage}"}`));
          return [stage, line ? Number(line.split(' ').at(-1)) : 0];
        }),
      );
    };
    const before = await counts();
    const session = (await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
    const chat = (token: string) =>
      api(offline, 'POST', `/public/bots/${bot.id}/chat?token=${token}`, {
        body: { message: 'Where do orders ship from?', session_token: session },
      });
    expect((await chat(bot.widgetToken)).status).toBe(200);
    expect((await chat('wrong')).status).toBe(401);
    expect(await counts()).toEqual(Object.fromEntries(ANSWER_STAGES.map((stage) => [stage, before[stage]! + 1])));
    const text = await (await fetch(`${offline.url}/metrics`)).text();
    const sum = Number(text.match(/^chat_answer_stage_seconds_sum\{channel="widget",stage="write"\} (\S+)$/m)?.[1]);
    expect(sum).toBeGreaterThan(0);
  });

  it('rate limits one session with 429 and Retry-After', async () => {
    const session = (await api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id } })).body.session_token;
    let last = await api(offline, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      body: { message: 'hours?', session_token: session },
    });
    for (let sent = 1; sent <= WIDGET_RATE_LIMITS.perSession.limit; sent++) {
      last = await api(offline, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
        body: { message: 'hours?', session_token: session },
      });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('widget limits for visitors sharing one address (an office, a school)', () => {
  const office = { 'x-forwarded-for': '203.0.113.7' };
  const openChat = (headers: Record<string, string>) =>
    api(offline, 'POST', '/public/bots/sessions/create', { body: { bot_id: bot.id }, headers });
  const ask = (sessionToken: string, headers: Record<string, string>) =>
    api(offline, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      body: { message: 'When does the Lyon store open?', session_token: sessionToken },
      headers,
    });

  it('refuses a chatty visitor’s 21st message in a minute, saying so, while a colleague at the same address chats on', async () => {
    const chatty = (await openChat(office)).body.session_token;
    const colleague = (await openChat(office)).body.session_token;
    for (let sent = 1; sent <= 20; sent++) expect((await ask(chatty, office)).status, `message ${sent}`).toBe(200);
    const refused = await ask(chatty, office);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: CHAT_MESSAGES.tooManyMessages(Number(refused.headers.get('retry-after'))) });
    expect((await ask(colleague, office)).status).toBe(200);
  });

  it('lets 100 visitors behind one address open a chat each, then refuses that address alone with 429 "Too many new chats from your network"', async () => {
    const school = { 'x-forwarded-for': '203.0.113.8' };
    for (let visitor = 1; visitor <= 100; visitor++) expect((await openChat(school)).status, `visitor ${visitor}`).toBe(201);
    const refused = await openChat(school);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10 * 60);
    expect(refused.body).toEqual({ detail: `Too many new chats from your network. Please wait ${wait} seconds.` });
    expect((await openChat({ 'x-forwarded-for': '198.51.100.9' })).status).toBe(201);
  });
});

describe('with a model and billing', () => {
  let server: TestServer;
  let model: FakeOpenAI;
  let creditCustomer: TestAccount;
  let creditBot: { id: string; widgetToken: string };

  beforeAll(async () => {
    model = await startFakeOpenAI();
    server = await startTestServer({
      OPENAI_API_KEY: 'sk-platform-key-0000000000000000',
      OPENAI_BASE_URL: model.baseUrl,
      LLM_MODEL: 'test-model',
    });
    creditCustomer = await signUpWithoutTrial(server, 'Credit Customer');
    await server.services.billing.grantCredits(creditCustomer.userId, { kind: 'bonus', amount: 2, idempotencyKey: 'test-credits' });
    creditBot = await botWithKnowledge(server, creditCustomer.accessToken, FACTS, { creativity: 0.3, enableMemory: true });
  });

  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  const balance = async (userId: string) => {
    const settings = await server.platform.prisma.billingSettings.findUniqueOrThrow({ where: { userId } });
    return settings.totalCredits.minus(settings.usedCredits).toNumber();
  };

  it('answers with the model from the retrieved passages, cites them, and charges one credit per answer', async () => {
    model.answerWith('You can ask for a refund within 30 days of delivery [1].');
    const response = await api(server, 'POST', `/bots/${creditBot.id}/rag-chat?query=refund%20window&max_tokens=1000`, {
      token: creditCustomer.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.response).toBe('You can ask for a refund within 30 days of delivery [1].');
    expect(response.body.sources).toEqual([expect.objectContaining({ index: 1, title: 'policies.txt' })]);
    const request = model.requests.at(-1)!;
    expect(request).toMatchObject({ model: 'test-model', temperature: 0.3, max_tokens: 1000, stream: true });
    expect(request.messages[0]!.content).toContain('Refunds are accepted within 30 days');
    expect(await balance(creditCustomer.userId)).toBe(1);
  });

  it('remembers the conversation when memory is on', async () => {
    model.answerWith('We open at 9 am [1].');
    await api(server, 'POST', `/bots/${creditBot.id}/rag-chat?query=opening%20hours`, { token: creditCustomer.accessToken });
    const request = model.requests.at(-1)!;
    expect(request.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('answers 402 once the credits are gone, and charges nothing for it', async () => {
    expect(await balance(creditCustomer.userId)).toBe(0);
    const response = await api(server, 'POST', `/bots/${creditBot.id}/rag-chat?query=refund`, { token: creditCustomer.accessToken });
    expect(response.status).toBe(402);
    expect(response.body.detail).toMatch(/credit/i);
    expect(await balance(creditCustomer.userId)).toBe(0);
  });

  it('refunds the credit when the provider fails, with a clear message', async () => {
    await server.services.billing.grantCredits(creditCustomer.userId, { kind: 'bonus', amount: 1, idempotencyKey: 'more-credits' });
    model.failWith(401, 'Incorrect API key provided');
    const response = await api(server, 'POST', `/bots/${creditBot.id}/rag-chat?query=refund`, { token: creditCustomer.accessToken });
    expect(response.status).toBe(503);
    expect(response.body.detail).toBe('The AI provider rejected the API key. Check the key in Billing.');
    expect(await balance(creditCustomer.userId)).toBe(1);
    model.answerWith('OK');
  });

  it("uses a subscriber's own key and never charges them", async () => {
    const subscriber = await signUp(server, 'Own Key');
    await grantSubscription(server, subscriber.userId, 'Pro');
    const saved = await api(server, 'POST', '/usersbilling/set-api-key', {
      token: subscriber.accessToken,
      body: { api_key: 'sk-own-key-1234567890abcdefghij' },
    });
    expect(saved.status).toBe(200);
    const ownBot = await botWithKnowledge(server, subscriber.accessToken, FACTS);
    model.answerWith('Orders ship within two business days [1].');
    const response = await api(server, 'POST', `/bots/${ownBot.id}/rag-chat?query=shipping`, { token: subscriber.accessToken });
    expect(response.status).toBe(200);
    expect(model.authorizations.at(-1)).toBe('Bearer sk-own-key-1234567890abcdefghij');
    const answer = await server.platform.prisma.chatMessage.findFirstOrThrow({
      where: { role: 'assistant', session: { botId: ownBot.id } },
    });
    expect(answer.costCredits.toNumber()).toBe(0);
  });

  it("streams the model's tokens to the widget", async () => {
    await server.services.billing.grantCredits(creditCustomer.userId, { kind: 'bonus', amount: 5, idempotencyKey: 'stream-credits' });
    model.answerWith('Orders ship from Lyon within two business days [1].');
    const session = (await api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: creditBot.id } })).body.session_token;
    const response = await fetch(`${server.url}/api/v1/public/bots/${creditBot.id}/chat?token=${creditBot.widgetToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'Where do orders ship from?', session_token: session }),
    });
    const events = await readEvents(response);
    const tokens = events.filter((entry) => entry.event === 'token').map((entry) => entry.data.token);
    expect(tokens.join('')).toBe('Orders ship from Lyon within two business days [1].');
    expect(tokens.length).toBeGreaterThan(3);
    expect(events.at(-1)!.data.sources[0].title).toBe('policies.txt');
  });

  it('streams over graphql-ws through the askBotStream subscription', async () => {
    model.answerWith('We open at 9 am from Monday to Saturday [1].');
    const client = server.subscriptions(creditCustomer.accessToken);
    try {
      const botGlobalId = Buffer.from(`Bot:${creditBot.id}`).toString('base64');
      const events: any[] = [];
      for await (const result of client.iterate({
        query:
          'subscription($botId: ID!) { askBotStream(botId: $botId, question: "opening hours?") { token done answer sources { title } } }',
        variables: { botId: botGlobalId },
      })) {
        expect(result.errors).toBeUndefined();
        events.push(result.data!.askBotStream);
      }
      const final = events.at(-1);
      expect(final).toMatchObject({
        done: true,
        answer: 'We open at 9 am from Monday to Saturday [1].',
        sources: [{ title: 'policies.txt' }],
      });
      expect(
        events
          .slice(0, -1)
          .map((event) => event.token)
          .join(''),
      ).toBe(final.answer);
    } finally {
      await client.dispose();
    }
  });
});
