import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { configureWhatsApp, deliver, startFakeWhatsApp, textDelivery, type FakeWhatsApp } from '../../../test/fakeWhatsApp.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { htmlPage, serveLocalSite, type LocalSite } from '../../../test/localSite.ts';
import { BOT_PHRASES } from '../chat/language.ts';
import { CHAT_MESSAGES } from '../chat/errors.ts';

const FACTS = 'Returns are accepted within 30 days of delivery with the original receipt. Shipping to Canada takes 5 business days.';
const UNAVAILABLE = BOT_PHRASES.en.unavailable;

let meta: FakeWhatsApp;
let site: LocalSite;
let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  [meta, site] = await Promise.all([
    startFakeWhatsApp(),
    serveLocalSite({ '/warranty': htmlPage('<p>Every frame carries a warranty of 7 years against defects.</p>', { title: 'Warranty' }) }),
  ]);
  server = await startTestServer({
    WHATSAPP_API_URL: meta.url,
    WHATSAPP_APP_SECRET: meta.appSecret,
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  await configureWhatsApp(server, meta, admin.accessToken);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([meta?.close(), site?.close()]);
});

/** A customer paying per answer in credits, with a bot that knows FACTS. */
async function customerWithBot() {
  const customer = await signUpWithoutTrial(server);
  await server.services.billing.grantCredits(customer.userId, {
    kind: 'adjustment',
    amount: 10,
    idempotencyKey: `suspension-test:${customer.userId}`,
    description: 'test credits',
  });
  const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
  return { customer, bot };
}

const suspend = (userId: string) => api(server, 'POST', `/admin/suspend/${userId}`, { token: admin.accessToken });
const enable = (userId: string) => api(server, 'POST', `/admin/enable/${userId}`, { token: admin.accessToken });
const settingsOf = (botId: string) => api(server, 'GET', `/public/bots/settings/${botId}`);
const openSession = (botId: string) => api(server, 'POST', '/public/bots/sessions/create', { body: { bot_id: botId } });
const ask = (bot: { id: string; widgetToken: string }, sessionToken: string, message = 'How long does shipping to Canada take?') =>
  api(server, 'POST', `/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, { body: { message, session_token: sessionToken } });

/** What the customer was charged, and how many messages their conversations hold. */
async function chargesOf(userId: string) {
  const { prisma } = server.platform;
  const [usage, settings, messages] = await Promise.all([
    prisma.creditLedgerEntry.count({ where: { userId, kind: 'usage' } }),
    prisma.billingSettings.findUniqueOrThrow({ where: { userId } }),
    prisma.chatMessage.count({ where: { session: { bot: { ownerId: userId } } } }),
  ]);
  return { usage, usedCredits: settings.usedCredits.toString(), messages };
}

describe('suspending a customer', () => {
  it("refuses their widget's settings, sessions and answers at once, as an unavailable bot, charging nothing; enabling brings them back", async () => {
    const { customer, bot } = await customerWithBot();
    const session = await openSession(bot.id);
    expect(session.status).toBe(201);
    // Answered and charged: the answer's context (bot, standing, conversation) is now kept for the next question.
    const answered = await ask(bot, session.body.session_token);
    expect(answered.status).toBe(200);
    expect(answered.body.message).toContain('5 business days');
    const before = await chargesOf(customer.userId);
    expect(before.usage).toBe(1);

    expect((await suspend(customer.userId)).status).toBe(200);

    const settings = await settingsOf(bot.id);
    expect(settings.status).toBe(200);
    expect(settings.body.is_active).toBe(false);
    const refusedSession = await openSession(bot.id);
    expect(refusedSession.status).toBe(403);
    expect(refusedSession.body).toEqual({ detail: CHAT_MESSAGES.botInactive });
    const polite = await ask(bot, session.body.session_token);
    expect(polite.status).toBe(200);
    expect(polite.body).toMatchObject({ message: UNAVAILABLE, response: UNAVAILABLE, sources: [], message_id: null });
    const rating = await api(
      server,
      'POST',
      `/public/bots/${bot.id}/messages/${answered.body.message_id}/rating?token=${bot.widgetToken}`,
      {
        body: { session_token: session.body.session_token, rating: 'down' },
      },
    );
    expect(rating).toMatchObject({ status: 403, body: { detail: CHAT_MESSAGES.botInactive } });
    const streamed = await fetch(`${server.url}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'What is the return policy?', session_token: session.body.session_token }),
    });
    expect(streamed.status).toBe(200);
    const stream = await streamed.text();
    expect(stream).toContain(UNAVAILABLE);
    expect(stream).not.toContain('30 days');
    // Nothing charged, nothing stored.
    expect(await chargesOf(customer.userId)).toEqual(before);

    expect((await enable(customer.userId)).status).toBe(200);

    expect((await settingsOf(bot.id)).body.is_active).toBe(true);
    const reopened = await openSession(bot.id);
    expect(reopened.status).toBe(201);
    const again = await ask(bot, reopened.body.session_token);
    expect(again.status).toBe(200);
    expect(again.body.message).toContain('5 business days');
    expect((await chargesOf(customer.userId)).usage).toBe(2);
  });

  it('gives a signed WhatsApp message to their linked number no answer at all, and answers again once enabled', async () => {
    const { customer, bot } = await customerWithBot();
    const number = `3362${String(Date.now()).slice(-8)}`;
    const linked = await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: customer.accessToken,
      body: { bot_id: bot.id, phone_number: number },
    });
    expect(linked.status).toBe(200);
    const sendFrom = async (text: string) => {
      const delivery = textDelivery(number, text, { name: 'Jane Visitor' });
      expect(await deliver(server.url, delivery.payload, { secret: meta.appSecret })).toEqual({
        status: 200,
        body: { received: true, queued: 1 },
      });
      await server.platform.queue.onIdle!();
    };
    const sentTo = () => meta.sent.filter((message) => message.to === number).map((message) => message.text);

    expect((await suspend(customer.userId)).status).toBe(200);
    const before = await chargesOf(customer.userId);
    await sendFrom('How long does shipping to Canada take?');
    expect(sentTo()).toEqual([]);
    expect(await chargesOf(customer.userId)).toEqual(before);

    expect((await enable(customer.userId)).status).toBe(200);
    await sendFrom('How long does shipping to Canada take?');
    expect(sentTo()).toHaveLength(1);
    expect(sentTo()[0]).toContain('5 business days');

    // Suspended again, a thumb after that answer neither rates it nor is thanked.
    expect((await suspend(customer.userId)).status).toBe(200);
    await sendFrom('👎');
    expect(sentTo()).toHaveLength(1);
    const answers = await server.platform.prisma.chatMessage.findMany({
      where: { role: 'assistant', session: { botId: bot.id, phoneNumber: number } },
    });
    expect(answers.map((answer) => answer.rating)).toEqual([null]);
  });

  it('holds their queued documents and crawls, neither run nor failed, and runs them once enabled', async () => {
    const { customer, bot } = await customerWithBot();
    const { prisma } = server.platform;
    expect((await suspend(customer.userId)).status).toBe(200);

    // Work queued for them while suspended (an upload's job, a crawl's) comes to the queue's handlers.
    const document = await server.services.knowledge.ingestion.accept(bot.id, {
      fileName: 'shipping.txt',
      data: Buffer.from('Shipping to Mexico takes 9 business days by courier.'),
      truncated: false,
    });
    const crawl = await server.services.crawls.startForBot(bot.id, `${site.origin}/warranty`, 0);
    await server.platform.queue.onIdle!();

    expect(await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({
      status: 'pending',
      processingAttempts: 0,
      errorMessage: null,
    });
    expect(await prisma.webSource.findUniqueOrThrow({ where: { id: crawl.id } })).toMatchObject({ status: 'pending', itemsCount: 0 });
    expect(site.paths()).not.toContain('/warranty');
    expect(await prisma.heldJob.count({ where: { ownerId: customer.userId } })).toBe(2);

    expect((await enable(customer.userId)).status).toBe(200);
    await server.platform.queue.onIdle!();

    expect(await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({ status: 'completed' });
    expect(await prisma.webSource.findUniqueOrThrow({ where: { id: crawl.id } })).toMatchObject({ status: 'completed', itemsCount: 1 });
    expect(await prisma.heldJob.count({ where: { ownerId: customer.userId } })).toBe(0);
    const session = await openSession(bot.id);
    expect((await ask(bot, session.body.session_token, 'How long does shipping to Mexico take?')).body.message).toContain(
      '9 business days',
    );
    expect((await ask(bot, session.body.session_token, 'How long is the warranty on a frame?')).body.message).toContain('7 years');
  });
});
