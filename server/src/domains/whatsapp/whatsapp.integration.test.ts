import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp, signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { deliver, deliveryOf, startFakeWhatsApp, textDelivery, type FakeWhatsApp } from '../../../test/fakeWhatsApp.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { linkCodeIn } from './rules.ts';
import { WHATSAPP_REPLIES } from './service.ts';

let meta: FakeWhatsApp;
let server: TestServer;
let admin: TestAccount;

const FACTS = 'Returns are accepted within 30 days of delivery with the original receipt. Shipping to Canada takes 5 business days.';

beforeAll(async () => {
  meta = await startFakeWhatsApp();
  server = await startTestServer({ WHATSAPP_API_URL: meta.url, WHATSAPP_APP_SECRET: meta.appSecret });
  admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  for (const [key, value] of [
    ['whatsapp_access_token', meta.accessToken],
    ['whatsapp_phone_number_id', meta.phoneNumberId],
    ['whatsapp_verify_token', 'verify-me'],
  ]) {
    const saved = await api(server, 'PUT', '/admin/config/', { token: admin.accessToken, body: { key, value } });
    expect(saved.status).toBe(200);
  }
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

/** Delivers a signed text message and waits until the queue has handled it. */
async function sendFrom(from: string, text: string, id?: string) {
  const delivery = textDelivery(from, text, { id, name: 'Jane Visitor' });
  const response = await deliver(server.url, delivery.payload, { secret: meta.appSecret });
  expect(response.status).toBe(200);
  await server.platform.queue.onIdle!();
  return delivery;
}

let numberSeq = 0;
const newNumber = () => `4479${String(Date.now()).slice(-6)}${String(++numberSeq).padStart(2, '0')}`;

const LINK = `mutation ($botId: ID!, $phoneNumber: String!) {
  linkWhatsAppNumber(botId: $botId, phoneNumber: $phoneNumber) {
    __typename
    ... on Bot { whatsAppNumbers { id phoneNumber linkedAt } }
    ... on Error { message }
  }
}`;

const QR = `mutation ($botId: ID!) {
  createWhatsAppRegistrationQr(botId: $botId) {
    __typename
    ... on WhatsAppRegistrationQr { imageDataUrl link expiresAt }
    ... on Error { message }
  }
}`;

async function botGlobalId(botId: string, token: string): Promise<string> {
  const result = await graphql<{ viewer: { bots: { edges: { node: { id: string; name: string } }[] } } }>(
    server,
    '{ viewer { bots(first: 50) { edges { node { id name } } } } }',
    {},
    token,
  );
  const ids = result.data!.viewer.bots.edges.map((edge) => edge.node.id);
  const match = ids.find((id) => Buffer.from(id, 'base64').toString('utf8').endsWith(botId));
  if (!match) throw new Error(`bot ${botId} not in ${JSON.stringify(ids)}`);
  return match;
}

describe('linking numbers by hand', () => {
  it('links, lists and unlinks a number over REST with the spec validation', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const number = newNumber();

    const cases: [unknown, number, string][] = [
      [{ bot_id: bot.id, phone_number: '' }, 400, 'Please enter a phone number.'],
      [{ bot_id: bot.id, phone_number: '012345678' }, 400, 'Enter a valid phone number (no symbols, 7-15 digits, no leading zero).'],
      [{ bot_id: bot.id, phone_number: '12345' }, 400, 'Enter a valid phone number (no symbols, 7-15 digits, no leading zero).'],
      [{ bot_id: '', phone_number: number }, 400, 'Bot ID required.'],
      [{ phone_number: number }, 400, 'Bot ID required.'],
    ];
    for (const [body, status, detail] of cases) {
      const refused = await api(server, 'POST', '/whatsapp/register-bot-link', { token: customer.accessToken, body });
      expect({ body, status: refused.status, detail: refused.body.detail }).toEqual({ body, status, detail });
    }

    const linked = await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: customer.accessToken,
      body: { bot_id: bot.id, phone_number: `+${number}` },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ phone_number: number, message: 'WhatsApp number linked.' });

    const listed = await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`, { token: customer.accessToken });
    expect(listed.body).toEqual([{ id: linked.body.id, phone_number: number, linked_at: linked.body.linked_at }]);

    const removed = await api(server, 'DELETE', `/whatsapp/unlink-number/${bot.id}/${linked.body.id}`, { token: customer.accessToken });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Deleted' } });
    expect((await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`, { token: customer.accessToken })).body).toEqual([]);
    const again = await api(server, 'DELETE', `/whatsapp/unlink-number/${bot.id}/${linked.body.id}`, { token: customer.accessToken });
    expect(again).toMatchObject({ status: 404, body: { detail: 'WhatsApp number not found' } });

    const anonymous = await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`);
    expect(anonymous).toMatchObject({ status: 401, body: { detail: 'Authentication required' } });
  });

  it('keeps numbers to their owner: another customer can neither see, unlink, nor take them', async () => {
    const owner = await signUp(server, 'Owner');
    const other = await signUp(server, 'Other');
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const otherBot = await botWithKnowledge(server, other.accessToken, FACTS);
    const number = newNumber();
    const linked = await graphql(
      server,
      LINK,
      { botId: await botGlobalId(bot.id, owner.accessToken), phoneNumber: number },
      owner.accessToken,
    );
    const numberNode = linked.data.linkWhatsAppNumber.whatsAppNumbers[0];
    expect(numberNode.phoneNumber).toBe(number);

    const seen = await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`, { token: other.accessToken });
    expect(seen).toMatchObject({ status: 404, body: { detail: 'Bot not found' } });
    const unlinked = await api(server, 'DELETE', `/whatsapp/unlink-number/${bot.id}/${numberNode.id}`, { token: other.accessToken });
    expect(unlinked).toMatchObject({ status: 404, body: { detail: 'Bot not found' } });
    const viaOwnBot = await graphql(
      server,
      `
        mutation ($botId: ID!, $numberId: ID!) {
          unlinkWhatsAppNumber(botId: $botId, numberId: $numberId) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { botId: await botGlobalId(otherBot.id, other.accessToken), numberId: numberNode.id },
      other.accessToken,
    );
    expect(viaOwnBot.data.unlinkWhatsAppNumber).toEqual({ __typename: 'NotFoundError', message: 'WhatsApp number not found' });
    const node = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            id
          }
        }
      `,
      { id: numberNode.id },
      other.accessToken,
    );
    expect(node.data.node).toBeNull();

    const taken = await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: other.accessToken,
      body: { bot_id: otherBot.id, phone_number: number },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { detail: 'This WhatsApp number is already linked to a chatbot of another account. It must be unlinked there first.' },
    });
    expect((await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`, { token: owner.accessToken })).body).toHaveLength(1);
  });
});

describe('linking by QR code', () => {
  it('links the sender of the code message, confirms, and spends the code', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS, { displayName: 'Ava' });
    const qr = await graphql(server, QR, { botId: await botGlobalId(bot.id, customer.accessToken) }, customer.accessToken);
    const { imageDataUrl, link } = qr.data.createWhatsAppRegistrationQr;
    expect(imageDataUrl).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(link).toMatch(new RegExp(`^https://wa\\.me/${meta.displayDigits}\\?text=`));
    const text = new URL(link).searchParams.get('text')!;
    expect(linkCodeIn(text)).toMatch(/^[A-Z2-9]{8}$/);

    const png = await fetch(`${server.url}/api/v1/whatsapp/generate-registration-qr/${bot.id}`, {
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const sender = newNumber();
    await sendFrom(sender, text);
    expect((await meta.waitForSent(1, sender)).map((message) => message.text)).toEqual([WHATSAPP_REPLIES.linked('Ava')]);
    const listed = await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`, { token: customer.accessToken });
    expect(listed.body.map((entry: { phone_number: string }) => entry.phone_number)).toEqual([sender]);

    const someoneElse = newNumber();
    await sendFrom(someoneElse, text);
    expect((await meta.waitForSent(1, someoneElse))[0]!.text).toBe(WHATSAPP_REPLIES.codeInvalid);

    const events = await server.platform.prisma.systemEvent.findMany({ where: { category: 'WhatsApp', userId: customer.userId } });
    expect(events.map((event) => event.event)).toContain(`WhatsApp number linked: +${sender} to Shop assistant by QR code`);
  });

  it('explains when WhatsApp is not configured', async () => {
    const bare = await startTestServer({ WHATSAPP_API_URL: meta.url });
    try {
      const customer = await signUp(bare);
      const created = await api(bare, 'POST', '/bots/save', {
        token: customer.accessToken,
        body: { name: 'Bot', displayName: 'Bot', useCase: 'faq-bot', description: 'x' },
      });
      const response = await api(bare, 'GET', `/whatsapp/generate-registration-qr/${created.body.id}`, { token: customer.accessToken });
      expect(response).toMatchObject({
        status: 503,
        body: {
          detail:
            'WhatsApp is not configured on this platform yet: an administrator must set the WhatsApp access token and phone number id.',
        },
      });
    } finally {
      await bare.close();
    }
  });
});

describe('the webhook', () => {
  it("answers Meta's verification challenge only with the verify token", async () => {
    const ok = await fetch(`${server.url}/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345`);
    expect([ok.status, await ok.text()]).toEqual([200, '12345']);
    const wrong = await api(server, 'GET', '/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=12345');
    expect(wrong).toMatchObject({ status: 403, body: { detail: 'The verify token does not match.' } });
  });

  it('refuses unsigned and forged deliveries and handles nothing of them', async () => {
    const sender = newNumber();
    const delivery = textDelivery(sender, 'hello');
    const unsigned = await deliver(server.url, delivery.payload);
    expect(unsigned).toMatchObject({ status: 403, body: { detail: 'The webhook signature is missing or invalid.' } });
    const forged = await deliver(server.url, delivery.payload, { secret: 'not-the-app-secret' });
    expect(forged).toMatchObject({ status: 403, body: { detail: 'The webhook signature is missing or invalid.' } });
    await server.platform.queue.onIdle!();
    expect(meta.sent.filter((message) => message.to === sender)).toEqual([]);
    expect(await server.platform.prisma.whatsAppInbound.count({ where: { fromNumber: sender } })).toBe(0);
  });

  it('answers a linked number from the bot documents, charges once, logs it, and ignores a retried delivery', async () => {
    const customer = await signUpWithoutTrial(server);
    await server.services.billing.grantCredits(customer.userId, {
      kind: 'adjustment',
      amount: 5,
      idempotencyKey: `wa-test:${customer.userId}`,
      description: 'test credits',
    });
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const sender = newNumber();
    await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: customer.accessToken,
      body: { bot_id: bot.id, phone_number: sender },
    });

    const question = await sendFrom(sender, 'How long does shipping to Canada take?');
    const [answer] = await meta.waitForSent(1, sender);
    expect(answer!.text).toContain('5 business days');

    // Meta retries a delivery it thinks failed: the same message id is answered once.
    const retried = await deliver(server.url, question.payload, { secret: meta.appSecret });
    expect(retried.status).toBe(200);
    await server.platform.queue.onIdle!();
    expect(meta.sent.filter((message) => message.to === sender)).toHaveLength(1);

    const usage = await server.platform.prisma.creditLedgerEntry.findMany({ where: { userId: customer.userId, kind: 'usage' } });
    expect(usage).toHaveLength(1);

    const logs = await api(server, 'GET', '/customer/chatlogs', { token: customer.accessToken });
    const entry = logs.body.logs.find((log: { phoneNumber: string | null }) => log.phoneNumber === sender);
    expect(entry).toMatchObject({ channel: 'whatsapp', userName: 'Jane Visitor', message: 'How long does shipping to Canada take?' });
    expect(entry.response).toContain('5 business days');

    const analytics = await api(server, 'GET', '/admin/whatsapplogs', { token: admin.accessToken });
    const row = analytics.body.logs.find((log: { phone: string }) => log.phone === sender);
    expect(row).toMatchObject({
      message: 'How long does shipping to Canada take?',
      user_name: 'Test Customer',
      bot_name: 'Shop assistant',
    });
    const counters = await api(server, 'GET', '/admin/whatsapplogs/analytics', { token: admin.accessToken });
    expect(counters.body.whatsapp_messages).toBeGreaterThanOrEqual(1);
  });

  it('remembers the conversation per number and splits long answers under 4,096 characters', async () => {
    const customer = await signUp(server);
    const longFacts = Array.from(
      { length: 400 },
      (_, index) => `Warranty clause ${index}: the warranty covers defects for two years.`,
    ).join(' ');
    const bot = await botWithKnowledge(server, customer.accessToken, longFacts, { enableMemory: true });
    const sender = newNumber();
    await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: customer.accessToken,
      body: { bot_id: bot.id, phone_number: sender },
    });
    await sendFrom(sender, 'What does the warranty cover?');
    await sendFrom(sender, 'And the warranty defects?');
    const sent = await meta.waitForSent(2, sender);
    expect(sent.every((message) => message.text.length <= 4096)).toBe(true);
    const sessions = await server.platform.prisma.chatSession.findMany({
      where: { botId: bot.id, channel: 'whatsapp', phoneNumber: sender },
    });
    expect(sessions).toHaveLength(1);
    expect(await server.platform.prisma.chatMessage.count({ where: { sessionId: sessions[0]!.id } })).toBe(4);
  });

  it('helps unlinked numbers and records statuses and media without answering them', async () => {
    const stranger = newNumber();
    await sendFrom(stranger, 'Hi, who is this?');
    expect((await meta.waitForSent(1, stranger)).map((message) => message.text)).toEqual([WHATSAPP_REPLIES.help]);

    const statuses = deliveryOf({ statuses: [{ id: 'wamid.out1', status: 'delivered', timestamp: '1', recipient_id: stranger }] });
    const media = deliveryOf({
      messages: [{ from: stranger, id: `wamid.img${Date.now()}`, timestamp: '1', type: 'image', image: { id: 'x' } }],
    });
    for (const payload of [statuses, media]) expect((await deliver(server.url, payload, { secret: meta.appSecret })).status).toBe(200);
    await server.platform.queue.onIdle!();
    expect(meta.sent.filter((message) => message.to === stranger)).toHaveLength(1);
    const recorded = await server.platform.prisma.whatsAppInbound.findMany({
      where: { fromNumber: stranger },
      orderBy: { receivedAt: 'asc' },
    });
    expect(recorded.map((item) => item.kind).sort()).toEqual(['image', 'status:delivered', 'text']);
  });
});
