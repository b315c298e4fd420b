import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTrial, grantSubscription, logIn, signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakeOpenAI.ts';
import {
  configureWhatsApp,
  deliver,
  deliveryOf,
  FAKE_VERIFY_TOKEN,
  startFakeWhatsApp,
  textDelivery,
  type FakeWhatsApp,
} from '../../../test/fakeWhatsApp.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { BOT_PHRASES } from '../chat/language.ts';
import { HANDOFF_PHRASES } from '../inbox/handoff.ts';
import { WHATSAPP_REPLIES } from './service.ts';

let meta: FakeWhatsApp;
let model: FakeOpenAI;
let server: TestServer;
let admin: TestAccount;

const FACTS = 'Returns are accepted within 30 days of delivery with the original receipt. Shipping to Canada takes 5 business days.';
const UNAVAILABLE = BOT_PHRASES.en.unavailable;

beforeAll(async () => {
  [meta, model] = await Promise.all([startFakeWhatsApp(), startFakeOpenAI()]);
  // No platform AI key: the platform answers extractively; a customer's own key goes to the fake model.
  server = await startTestServer({ WHATSAPP_API_URL: meta.url, WHATSAPP_APP_SECRET: meta.appSecret, OPENAI_BASE_URL: model.baseUrl });
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  await configureWhatsApp(server, meta, admin.accessToken);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([meta?.close(), model?.close()]);
});

let numberSeq = 0;
const newNumber = () => `3361${String(Date.now()).slice(-6)}${String(++numberSeq).padStart(2, '0')}`;

/** Delivers a signed text message and waits until the queue has handled it and sent the replies. */
async function sendFrom(from: string, text: string) {
  const delivery = textDelivery(from, text, { name: 'Jane Visitor' });
  const response = await deliver(server.url, delivery.payload, { secret: meta.appSecret });
  expect(response).toEqual({ status: 200, body: { received: true, queued: 1 } });
  await server.platform.queue.onIdle!();
  return delivery;
}

const sentTo = (number: string) => meta.sent.filter((message) => message.to === number).map((message) => message.text);

async function linkedBot(customer: TestAccount, facts = FACTS, overrides: Record<string, unknown> = {}) {
  const bot = await botWithKnowledge(server, customer.accessToken, facts, overrides);
  const number = newNumber();
  const linked = await api(server, 'POST', '/whatsapp/register-bot-link', {
    token: customer.accessToken,
    body: { bot_id: bot.id, phone_number: number },
  });
  expect(linked.status).toBe(200);
  return { bot, number };
}

async function customerWithCredits(amount: number) {
  const customer = await signUpWithoutTrial(server);
  await server.services.billing.grantCredits(customer.userId, {
    kind: 'adjustment',
    amount,
    idempotencyKey: `whatsapp-test:${customer.userId}`,
    description: 'test credits',
  });
  return customer;
}

describe('the webhook', () => {
  it("answers Meta's verification challenge only with the verify token", async () => {
    const ok = await fetch(
      `${server.url}/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=12345`,
    );
    expect([ok.status, ok.headers.get('content-type'), await ok.text()]).toEqual([200, 'text/plain', '12345']);
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=verify-me',
      '',
    ]) {
      const wrong = await api(server, 'GET', `/whatsapp/webhook?${query}`);
      expect({ query, ...wrong }).toMatchObject({ query, status: 403, body: { detail: 'The verify token does not match.' } });
    }
  });

  it('refuses unsigned and forged deliveries and handles nothing of them', async () => {
    const sender = newNumber();
    const delivery = textDelivery(sender, 'hello');
    const refusal = { status: 403, body: { detail: 'The webhook signature is missing or invalid.' } };
    expect(await deliver(server.url, delivery.payload)).toEqual(refusal);
    expect(await deliver(server.url, delivery.payload, { secret: 'not-the-app-secret' })).toEqual(refusal);
    expect(await deliver(server.url, delivery.payload, { signature: 'sha256=00' })).toEqual(refusal);
    // A signature of other bytes (the same JSON re-serialised with spaces) does not pass either.
    const body = JSON.stringify(delivery.payload, null, 1);
    const respaced = await fetch(`${server.url}/api/v1/whatsapp/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', meta.appSecret).update(JSON.stringify(delivery.payload)).digest('hex')}`,
      },
      body,
    });
    expect(respaced.status).toBe(403);
    await server.platform.queue.onIdle!();
    expect(sentTo(sender)).toEqual([]);
    expect(await server.platform.prisma.whatsAppInbound.count({ where: { fromNumber: sender } })).toBe(0);
  });

  it('answers a linked number from the bot documents, charges once, logs it, and ignores a retried delivery', async () => {
    const customer = await customerWithCredits(5);
    const { number } = await linkedBot(customer);

    const question = await sendFrom(number, 'How long does shipping to Canada take?');
    const [answer] = await meta.waitForSent(1, number);
    expect(answer!.text).toContain('5 business days');

    // Meta retries a delivery it thinks failed: the same message id is answered once.
    const retried = await deliver(server.url, question.payload, { secret: meta.appSecret });
    expect(retried.status).toBe(200);
    await server.platform.queue.onIdle!();
    expect(sentTo(number)).toHaveLength(1);

    const usage = await server.platform.prisma.creditLedgerEntry.findMany({ where: { userId: customer.userId, kind: 'usage' } });
    expect(usage).toHaveLength(1);
    const credits = await api(server, 'GET', '/usersbilling/current-active/credit', { token: customer.accessToken });
    expect(credits.body).toMatchObject({ total_credits: 5, used_credits: 1 });

    const logs = await api(server, 'GET', '/customer/chatlogs', { token: customer.accessToken });
    const entries = logs.body.logs.filter((log: { phoneNumber: string | null }) => log.phoneNumber === number);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ channel: 'whatsapp', userName: 'Jane Visitor', message: 'How long does shipping to Canada take?' });
    expect(entries[0].response).toContain('5 business days');

    const analytics = await api(server, 'GET', '/admin/whatsapplogs', { token: admin.accessToken });
    const rows = analytics.body.logs.filter((log: { phone: string }) => log.phone === number);
    expect(rows).toEqual([
      expect.objectContaining({
        message: 'How long does shipping to Canada take?',
        user_name: 'Test Customer',
        bot_name: 'Shop assistant',
      }),
    ]);
    expect(rows[0].response).toContain('5 business days');
    const counters = await api(server, 'GET', '/admin/whatsapplogs/analytics', { token: admin.accessToken });
    expect(counters.body.whatsapp_messages).toBeGreaterThanOrEqual(1);
    expect(counters.body.unique_whatsapp_numbers).toBeGreaterThanOrEqual(1);
  });

  it("answers with the customer's own key, charges nothing, and splits a long answer in order under 4,096 characters", async () => {
    const customer = await signUpWithoutTrial(server);
    await grantSubscription(server, customer.userId, 'Starter');
    const ownKey = 'sk-own-whatsapp-key-abcdefghijklmnopqrstuvwxyz';
    expect(
      (await api(server, 'POST', '/usersbilling/set-api-key', { token: customer.accessToken, body: { api_key: ownKey } })).status,
    ).toBe(200);
    const { number } = await linkedBot(customer);

    const paragraphs = Array.from(
      { length: 14 },
      (_, index) => `Part ${index + 1}. ${'Returns are accepted within 30 days of delivery with the original receipt. '.repeat(9).trim()}`,
    );
    const long = paragraphs.join('\n\n');
    expect(long.length).toBeGreaterThan(2 * 4096);
    model.answerWith(long);
    // The second part fails once at Meta: only that part is sent again, and the order holds.
    meta.failNextSend(503, 1);
    const refusedBefore = meta.refusedSends();
    try {
      await sendFrom(number, 'What is the return policy?');
    } finally {
      model.answerWith('OK');
    }
    const parts = sentTo(number);
    expect(meta.refusedSends()).toBe(refusedBefore + 1);
    expect(parts.length).toBe(3);
    expect(parts.every((part) => part.length <= 4096)).toBe(true);
    expect(parts.join('\n\n')).toBe(long);
    expect(model.authorizations.at(-1)).toBe(`Bearer ${ownKey}`);
    expect(await server.platform.prisma.creditLedgerEntry.count({ where: { userId: customer.userId, kind: 'usage' } })).toBe(0);
  });

  it('remembers the conversation per number in one session', async () => {
    const customer = await signUp(server);
    const { bot, number } = await linkedBot(customer, FACTS, { enableMemory: true });
    await sendFrom(number, 'How long does shipping to Canada take?');
    await sendFrom(number, 'And returns?');
    expect(sentTo(number)).toHaveLength(2);
    const sessions = await server.platform.prisma.chatSession.findMany({
      where: { botId: bot.id, channel: 'whatsapp', phoneNumber: number },
    });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.visitorName).toBe('Jane Visitor');
    expect(await server.platform.prisma.chatMessage.count({ where: { sessionId: sessions[0]!.id } })).toBe(4);
  });

  it('takes a thumb sent right after an answer as its rating, and a thumb with nothing to rate as a message', async () => {
    const customer = await signUp(server);
    const { bot, number } = await linkedBot(customer, FACTS, { languageCode: 'fr' });
    await sendFrom(number, '👍');
    expect(sentTo(number)).toHaveLength(1);
    expect(sentTo(number)[0]).not.toBe(BOT_PHRASES.fr.thanksForRating);

    await sendFrom(number, 'How long does shipping to Canada take?');
    await sendFrom(number, '👎🏽');
    expect(sentTo(number).at(-1)).toBe(BOT_PHRASES.fr.thanksForRating);
    const answers = await server.platform.prisma.chatMessage.findMany({
      where: { role: 'assistant', session: { botId: bot.id, phoneNumber: number } },
      orderBy: { createdAt: 'asc' },
    });
    // The thumb asked nothing: two answers, the one after the question rated down.
    expect(answers.map((answer) => answer.rating)).toEqual([null, 'down']);

    await sendFrom(number, ' 👍 ');
    const rated = await server.platform.prisma.chatMessage.findUniqueOrThrow({ where: { id: answers[1]!.id } });
    expect(rated.rating).toBe('up');
    expect(await server.platform.prisma.chatMessage.count({ where: { session: { botId: bot.id, phoneNumber: number } } })).toBe(4);
  });

  it('answers a number sending in a loop with the rate limit instead of the bot', async () => {
    const customer = await signUp(server);
    const { number } = await linkedBot(customer);
    const messages = Array.from({ length: 21 }, (_, index) => ({
      from: number,
      id: `wamid.loop${Date.now()}${index}`,
      timestamp: '1',
      type: 'text',
      text: { body: `Question ${index}: shipping to Canada?` },
    }));
    const response = await deliver(server.url, deliveryOf({ messages }), { secret: meta.appSecret });
    expect(response).toEqual({ status: 200, body: { received: true, queued: 21 } });
    await server.platform.queue.onIdle!();
    const replies = sentTo(number);
    expect(replies).toHaveLength(21);
    expect(replies.slice(0, 20).every((reply) => reply.includes('5 business days'))).toBe(true);
    expect(replies[20]).toMatch(/^Too many messages\. Please wait \d+ seconds\.$/);
  });

  it('tells the sender politely when the bot is inactive or its owner has no credits left', async () => {
    // A bot made during the free trial; the trial is over and nothing was bought.
    const broke = await signUp(server);
    const unpaid = await linkedBot(broke);
    await endTrial(server, broke.userId);
    await sendFrom(unpaid.number, 'How long does shipping to Canada take?');
    expect(sentTo(unpaid.number)).toEqual([UNAVAILABLE]);
    expect(await server.platform.prisma.creditLedgerEntry.count({ where: { userId: broke.userId, kind: 'usage' } })).toBe(0);

    const customer = await customerWithCredits(5);
    const inactive = await linkedBot(customer);
    await server.platform.prisma.bot.update({ where: { id: inactive.bot.id }, data: { isActive: false } });
    await sendFrom(inactive.number, 'How long does shipping to Canada take?');
    expect(sentTo(inactive.number)).toEqual([UNAVAILABLE]);
    expect(await server.platform.prisma.creditLedgerEntry.count({ where: { userId: customer.userId, kind: 'usage' } })).toBe(0);
  });

  it('helps unlinked numbers and records statuses and media without answering them', async () => {
    const stranger = newNumber();
    await sendFrom(stranger, 'Hi, who is this?');
    expect(sentTo(stranger)).toEqual([WHATSAPP_REPLIES.help]);

    const statuses = deliveryOf({
      statuses: [
        { id: 'wamid.out1', status: 'delivered', timestamp: '1', recipient_id: stranger },
        {
          id: 'wamid.out1',
          status: 'failed',
          timestamp: '2',
          recipient_id: stranger,
          errors: [{ code: 131047, title: 'Re-engagement message', message: 'More than 24 hours have passed' }],
        },
      ],
    });
    const media = deliveryOf({
      messages: [{ from: stranger, id: `wamid.img${Date.now()}`, timestamp: '1', type: 'image', image: { id: 'x' } }],
    });
    for (const payload of [statuses, media, statuses]) {
      expect((await deliver(server.url, payload, { secret: meta.appSecret })).status).toBe(200);
    }
    await server.platform.queue.onIdle!();
    expect(sentTo(stranger)).toHaveLength(1);
    const recorded = await server.platform.prisma.whatsAppInbound.findMany({ where: { fromNumber: stranger } });
    expect(recorded.map((item) => item.kind).sort()).toEqual(['image', 'status:delivered', 'status:failed', 'text']);
    const failures = await server.platform.prisma.systemEvent.findMany({ where: { category: 'whatsapp', event: { contains: stranger } } });
    expect(failures.map((event) => [event.event, event.details])).toEqual([
      [`WhatsApp message to +${stranger} failed to deliver`, '131047 More than 24 hours have passed'],
    ]);
  });
});

describe('a WhatsApp conversation taken over from the inbox', () => {
  it('keeps the bot silent, sends the person’s replies to the number once, and lets the bot answer again once released', async () => {
    const customer = await signUp(server);
    await grantSubscription(server, customer.userId, 'Pro');
    const { number } = await linkedBot(customer);
    await sendFrom(number, 'How long does shipping to Canada take?');
    expect(sentTo(number).at(-1)).toContain('5 business days');

    const inbox = await api(server, 'GET', '/conversations?channel=whatsapp', { token: customer.accessToken });
    const [conversation] = inbox.body.conversations;
    expect(conversation).toMatchObject({ channel: 'whatsapp', phone_number: number, status: 'bot' });
    const taken = await api(server, 'POST', `/conversations/${conversation.id}/take-over`, { token: customer.accessToken });
    expect(taken.body.status).toBe('human');

    const before = sentTo(number).length;
    await sendFrom(number, 'Can a person help me?');
    expect(sentTo(number)).toHaveLength(before);
    const replied = await api(server, 'POST', `/conversations/${conversation.id}/reply`, {
      token: customer.accessToken,
      body: { text: 'Hello, this is Jane from the shop.' },
    });
    expect(replied.status).toBe(200);
    await server.platform.queue.onIdle!();
    expect(sentTo(number).slice(before)).toEqual(['Hello, this is Jane from the shop.']);
    const transcript = await api(server, 'GET', `/conversations/${conversation.id}`, { token: customer.accessToken });
    expect(transcript.body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'agent']);

    await api(server, 'POST', `/conversations/${conversation.id}/release`, { token: customer.accessToken });
    await sendFrom(number, 'How long does shipping to Canada take?');
    expect(sentTo(number)).toHaveLength(before + 2);
    expect(sentTo(number).at(-1)).toContain('5 business days');
  });

  it('hands a number asking for a person in words to the inbox, with the bot saying so and then staying silent', async () => {
    const customer = await signUp(server);
    await grantSubscription(server, customer.userId, 'Pro');
    const { bot, number } = await linkedBot(customer);
    const globalBotId = Buffer.from(`Bot:${bot.id}`).toString('base64');
    const set = await graphql(
      server,
      'mutation ($botId: ID!) { setBotHandoff(botId: $botId, input: { enabled: true }) { __typename } }',
      { botId: globalBotId },
      customer.accessToken,
    );
    expect(set.data.setBotHandoff).toEqual({ __typename: 'Bot' });

    // The number's first message asks for a person: its conversation opens waiting, and the bot says so once.
    await sendFrom(number, 'Je voudrais parler à un conseiller');
    expect(sentTo(number)).toEqual([HANDOFF_PHRASES.en.asked]);
    const inbox = await api(server, 'GET', '/conversations?channel=whatsapp&status=waiting', { token: customer.accessToken });
    expect(inbox.body.conversations).toEqual([expect.objectContaining({ phone_number: number, status: 'waiting' })]);
    await sendFrom(number, 'Hello?');
    expect(sentTo(number)).toHaveLength(1);
  });
});
