import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from '../../../test/accounts.ts';
import { configureWhatsApp, deliver, startFakeWhatsApp, textDelivery, type FakeWhatsApp } from '../../../test/fakeWhatsApp.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';
import { botWithKnowledge } from '../../../test/knowledge.ts';
import { LINK_CODE_TTL_MS, linkCodeIn, PHONE_NUMBER_MESSAGES } from './rules.ts';
import { WHATSAPP_REPLIES } from './service.ts';

let meta: FakeWhatsApp;
let server: TestServer;

const FACTS = 'Returns are accepted within 30 days of delivery with the original receipt.';
const NUMBER_TAKEN = 'This WhatsApp number is already linked to a chatbot of another account. It must be unlinked there first.';

beforeAll(async () => {
  meta = await startFakeWhatsApp();
  server = await startTestServer({ WHATSAPP_API_URL: meta.url, WHATSAPP_APP_SECRET: meta.appSecret });
  const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
  await configureWhatsApp(server, meta, admin.accessToken);
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

let numberSeq = 0;
const newNumber = () => `4479${String(Date.now()).slice(-6)}${String(++numberSeq).padStart(2, '0')}`;

/** Delivers a signed text message and waits until the queue has handled it and sent the replies. */
async function sendFrom(from: string, text: string) {
  const response = await deliver(server.url, textDelivery(from, text).payload, { secret: meta.appSecret });
  expect(response.status).toBe(200);
  await server.platform.queue.onIdle!();
}

const linkedNumbers = async (botId: string, token: string) =>
  (await api(server, 'GET', `/whatsapp/linked-numbers/${botId}`, { token })).body as { id: string; phone_number: string }[];

const LINK = `mutation ($botId: ID!, $phoneNumber: String!) {
  linkWhatsAppNumber(botId: $botId, phoneNumber: $phoneNumber) {
    __typename
    ... on Bot { whatsAppNumbers { id phoneNumber linkedAt } }
    ... on Error { code message }
    ... on ValidationError { issues { path message } }
  }
}`;

const UNLINK = `mutation ($botId: ID!, $numberId: ID!) {
  unlinkWhatsAppNumber(botId: $botId, numberId: $numberId) {
    __typename
    ... on Bot { whatsAppNumbers { id } }
    ... on Error { code message }
  }
}`;

const QR = `mutation ($botId: ID!) {
  createWhatsAppRegistrationQr(botId: $botId) {
    __typename
    ... on WhatsAppRegistrationQr { imageDataUrl link expiresAt }
    ... on Error { code message }
  }
}`;

describe('linking numbers by hand', () => {
  it('links, lists and unlinks a number over REST with the spec validation messages', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const number = newNumber();

    const cases: [unknown, string][] = [
      [{ bot_id: bot.id, phone_number: '' }, PHONE_NUMBER_MESSAGES.missing],
      [{ bot_id: bot.id }, PHONE_NUMBER_MESSAGES.missing],
      [{ bot_id: bot.id, phone_number: '012345678' }, PHONE_NUMBER_MESSAGES.invalid],
      [{ bot_id: bot.id, phone_number: '12345' }, PHONE_NUMBER_MESSAGES.invalid],
      [{ bot_id: bot.id, phone_number: '1234567890123456' }, PHONE_NUMBER_MESSAGES.invalid],
      [{ bot_id: '', phone_number: number }, PHONE_NUMBER_MESSAGES.botIdRequired],
      [{ phone_number: number }, PHONE_NUMBER_MESSAGES.botIdRequired],
    ];
    for (const [body, detail] of cases) {
      const refused = await api(server, 'POST', '/whatsapp/register-bot-link', { token: customer.accessToken, body });
      expect({ body, status: refused.status, detail: refused.body.detail }).toEqual({ body, status: 400, detail });
    }
    expect(PHONE_NUMBER_MESSAGES).toEqual({
      missing: 'Please enter a phone number.',
      invalid: 'Enter a valid phone number (no symbols, 7-15 digits, no leading zero).',
      botIdRequired: 'Bot ID required.',
    });

    const linked = await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: customer.accessToken,
      body: { bot_id: bot.id, phone_number: `+${number.slice(0, 2)} ${number.slice(2)}` },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ phone_number: number, message: 'WhatsApp number linked.' });

    const listed = await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`, { token: customer.accessToken });
    expect(listed.body).toEqual([{ id: linked.body.id, phone_number: number, linked_at: linked.body.linked_at }]);

    const removed = await api(server, 'DELETE', `/whatsapp/unlink-number/${bot.id}/${linked.body.id}`, { token: customer.accessToken });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Deleted' } });
    expect(await linkedNumbers(bot.id, customer.accessToken)).toEqual([]);
    const again = await api(server, 'DELETE', `/whatsapp/unlink-number/${bot.id}/${linked.body.id}`, { token: customer.accessToken });
    expect(again).toMatchObject({ status: 404, body: { detail: 'WhatsApp number not found' } });

    const anonymous = await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`);
    expect(anonymous).toMatchObject({ status: 401, body: { detail: 'Authentication required' } });

    const events = await server.platform.prisma.systemEvent.findMany({ where: { category: 'whatsapp', userId: customer.userId } });
    expect(events.map((event) => event.event)).toEqual(
      expect.arrayContaining([
        `WhatsApp number linked: +${number} to Shop assistant`,
        `WhatsApp number unlinked: +${number} from Shop assistant`,
      ]),
    );
  });

  it('links and unlinks over GraphQL, newest first, with typed validation errors', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const botId = globalId('Bot', bot.id);
    const [first, second] = [newNumber(), newNumber()];

    const missing = await graphql(server, LINK, { botId, phoneNumber: ' ' }, customer.accessToken);
    expect(missing.data.linkWhatsAppNumber).toEqual({
      __typename: 'ValidationError',
      code: 'MISSING_NUMBER',
      message: PHONE_NUMBER_MESSAGES.missing,
      issues: [{ path: 'phoneNumber', message: PHONE_NUMBER_MESSAGES.missing }],
    });
    const invalid = await graphql(server, LINK, { botId, phoneNumber: '0044 20 7946' }, customer.accessToken);
    expect(invalid.data.linkWhatsAppNumber).toMatchObject({ __typename: 'ValidationError', code: 'INVALID_NUMBER' });

    await graphql(server, LINK, { botId, phoneNumber: first }, customer.accessToken);
    server.clock.advance(1000);
    const linked = await graphql(server, LINK, { botId, phoneNumber: second }, customer.accessToken);
    const numbers = linked.data.linkWhatsAppNumber.whatsAppNumbers as { id: string; phoneNumber: string }[];
    expect(numbers.map((entry) => entry.phoneNumber)).toEqual([second, first]);

    // Linking a number the bot already has changes nothing.
    const repeated = await graphql(server, LINK, { botId, phoneNumber: first }, customer.accessToken);
    expect(repeated.data.linkWhatsAppNumber.whatsAppNumbers).toEqual(linked.data.linkWhatsAppNumber.whatsAppNumbers);

    const unlinked = await graphql(server, UNLINK, { botId, numberId: numbers[0]!.id }, customer.accessToken);
    expect(unlinked.data.unlinkWhatsAppNumber).toEqual({ __typename: 'Bot', whatsAppNumbers: [{ id: numbers[1]!.id }] });
    const node = await graphql(
      server,
      'query ($id: ID!) { node(id: $id) { ... on WhatsAppNumber { phoneNumber } } }',
      { id: numbers[1]!.id },
      customer.accessToken,
    );
    expect(node.data.node).toEqual({ phoneNumber: first });
  });

  it("moves a number between the customer's own bots", async () => {
    const customer = await signUp(server);
    const [botA, botB] = [
      await botWithKnowledge(server, customer.accessToken, FACTS),
      await botWithKnowledge(server, customer.accessToken, FACTS),
    ];
    const number = newNumber();
    for (const bot of [botA, botB]) {
      const linked = await api(server, 'POST', '/whatsapp/register-bot-link', {
        token: customer.accessToken,
        body: { bot_id: bot.id, phone_number: number },
      });
      expect(linked.status).toBe(200);
    }
    expect(await linkedNumbers(botA.id, customer.accessToken)).toEqual([]);
    expect((await linkedNumbers(botB.id, customer.accessToken)).map((entry) => entry.phone_number)).toEqual([number]);
  });

  it('keeps numbers to their owner: another customer can neither see, unlink, nor take them', async () => {
    const owner = await signUp(server, 'Owner');
    const other = await signUp(server, 'Other');
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const otherBot = await botWithKnowledge(server, other.accessToken, FACTS);
    const number = newNumber();
    const linked = await graphql(server, LINK, { botId: globalId('Bot', bot.id), phoneNumber: number }, owner.accessToken);
    const numberNode = linked.data.linkWhatsAppNumber.whatsAppNumbers[0];
    expect(numberNode.phoneNumber).toBe(number);

    const seen = await api(server, 'GET', `/whatsapp/linked-numbers/${bot.id}`, { token: other.accessToken });
    expect(seen).toMatchObject({ status: 404, body: { detail: 'Bot not found' } });
    const unlinked = await api(server, 'DELETE', `/whatsapp/unlink-number/${bot.id}/${numberNode.id}`, { token: other.accessToken });
    expect(unlinked).toMatchObject({ status: 404, body: { detail: 'Bot not found' } });
    const viaTheirBot = await graphql(server, UNLINK, { botId: globalId('Bot', bot.id), numberId: numberNode.id }, other.accessToken);
    expect(viaTheirBot.data.unlinkWhatsAppNumber).toEqual({ __typename: 'NotFoundError', code: 'BOT_NOT_FOUND', message: 'Bot not found' });
    const viaOwnBot = await graphql(server, UNLINK, { botId: globalId('Bot', otherBot.id), numberId: numberNode.id }, other.accessToken);
    expect(viaOwnBot.data.unlinkWhatsAppNumber).toMatchObject({ __typename: 'NotFoundError', message: 'WhatsApp number not found' });
    const node = await graphql(server, 'query ($id: ID!) { node(id: $id) { id } }', { id: numberNode.id }, other.accessToken);
    expect(node).toEqual({ data: { node: null } });
    const theirBot = await graphql(
      server,
      'query ($id: ID!) { node(id: $id) { ... on Bot { whatsAppNumbers { id } } } }',
      { id: globalId('Bot', bot.id) },
      other.accessToken,
    );
    expect(theirBot).toEqual({ data: { node: null } });

    const taken = await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: other.accessToken,
      body: { bot_id: otherBot.id, phone_number: number },
    });
    expect(taken).toEqual(expect.objectContaining({ status: 409, body: { detail: NUMBER_TAKEN } }));
    const takenByGraphql = await graphql(server, LINK, { botId: globalId('Bot', otherBot.id), phoneNumber: number }, other.accessToken);
    expect(takenByGraphql.data.linkWhatsAppNumber).toEqual({ __typename: 'ConflictError', code: 'NUMBER_TAKEN', message: NUMBER_TAKEN });
    expect((await linkedNumbers(bot.id, owner.accessToken)).map((entry) => entry.phone_number)).toEqual([number]);
    expect(await linkedNumbers(otherBot.id, other.accessToken)).toEqual([]);
  });
});

describe('linking by QR code', () => {
  it('links the sender of the code message, confirms, and spends the code', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS, { displayName: 'Ava' });
    const qr = await graphql(server, QR, { botId: globalId('Bot', bot.id) }, customer.accessToken);
    const { imageDataUrl, link, expiresAt } = qr.data.createWhatsAppRegistrationQr;
    expect(imageDataUrl).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(link).toMatch(new RegExp(`^https://wa\\.me/${meta.displayDigits}\\?text=`));
    expect(new Date(expiresAt).getTime()).toBe(server.clock.now().getTime() + LINK_CODE_TTL_MS);
    const text = new URL(link).searchParams.get('text')!;
    expect(linkCodeIn(text)).toMatch(/^[A-Z2-9]{8}$/);

    const png = await fetch(`${server.url}/api/v1/whatsapp/generate-registration-qr/${bot.id}`, {
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // Each QR carries its own code.
    expect(linkCodeIn(decodeURIComponent(new URL(png.headers.get('x-registration-link')!).searchParams.get('text')!))).not.toBe(
      linkCodeIn(text),
    );

    const sender = newNumber();
    await sendFrom(sender, text);
    expect((await meta.waitForSent(1, sender)).map((message) => message.text)).toEqual([WHATSAPP_REPLIES.linked('Ava')]);
    expect((await linkedNumbers(bot.id, customer.accessToken)).map((entry) => entry.phone_number)).toEqual([sender]);

    const someoneElse = newNumber();
    await sendFrom(someoneElse, text);
    expect((await meta.waitForSent(1, someoneElse)).map((message) => message.text)).toEqual([WHATSAPP_REPLIES.codeInvalid]);
    expect((await linkedNumbers(bot.id, customer.accessToken)).map((entry) => entry.phone_number)).toEqual([sender]);

    const events = await server.platform.prisma.systemEvent.findMany({ where: { category: 'whatsapp', userId: customer.userId } });
    expect(events.map((event) => event.event)).toContain(`WhatsApp number linked: +${sender} to Shop assistant by QR code`);
  });

  it('refuses a code after 15 minutes', async () => {
    const customer = await signUp(server);
    const bot = await botWithKnowledge(server, customer.accessToken, FACTS);
    const qr = await graphql(server, QR, { botId: globalId('Bot', bot.id) }, customer.accessToken);
    server.clock.advance(LINK_CODE_TTL_MS + 1000);
    const sender = newNumber();
    await sendFrom(sender, new URL(qr.data.createWhatsAppRegistrationQr.link).searchParams.get('text')!);
    expect((await meta.waitForSent(1, sender)).map((message) => message.text)).toEqual([WHATSAPP_REPLIES.codeInvalid]);
    // (The access token has expired too: the database says what is linked.)
    expect(await server.platform.prisma.whatsAppLink.count({ where: { botId: bot.id } })).toBe(0);
  });

  it("does not let a code move another account's number", async () => {
    const owner = await signUp(server);
    const intruder = await signUp(server);
    const ownBot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const intruderBot = await botWithKnowledge(server, intruder.accessToken, FACTS);
    const number = newNumber();
    await api(server, 'POST', '/whatsapp/register-bot-link', {
      token: owner.accessToken,
      body: { bot_id: ownBot.id, phone_number: number },
    });
    const qr = await graphql(server, QR, { botId: globalId('Bot', intruderBot.id) }, intruder.accessToken);
    await sendFrom(number, new URL(qr.data.createWhatsAppRegistrationQr.link).searchParams.get('text')!);
    expect((await meta.waitForSent(1, number)).map((message) => message.text)).toEqual([NUMBER_TAKEN]);
    expect((await linkedNumbers(ownBot.id, owner.accessToken)).map((entry) => entry.phone_number)).toEqual([number]);
  });

  it("refuses whatsAppDelivers of another customer's bot: the bot does not exist for them", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const DELIVERS = 'query ($id: ID!) { node(id: $id) { ... on Bot { whatsAppDelivers } } }';
    const variables = { id: globalId('Bot', bot.id) };
    // To another customer (and to a visitor) exactly what a missing bot answers: no node, and no error telling it exists.
    expect(await graphql(server, DELIVERS, variables, stranger.accessToken)).toEqual({ data: { node: null } });
    expect(await graphql(server, DELIVERS, { id: globalId('Bot', 'no-such-bot') }, stranger.accessToken)).toEqual({ data: { node: null } });
    const listed = await graphql(
      server,
      '{ viewer { bots(first: 50) { edges { node { id whatsAppDelivers } } } } }',
      {},
      stranger.accessToken,
    );
    expect(listed).toEqual({ data: { viewer: { bots: { edges: [] } } } });
    expect(await graphql(server, DELIVERS, variables)).toEqual({ data: { node: null } });
  });

  it("hides another customer's bot and explains when WhatsApp is not configured", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const bot = await botWithKnowledge(server, owner.accessToken, FACTS);
    const delivering = await graphql(
      server,
      'query ($id: ID!) { node(id: $id) { ... on Bot { whatsAppDelivers } } }',
      { id: globalId('Bot', bot.id) },
      owner.accessToken,
    );
    expect(delivering).toEqual({ data: { node: { whatsAppDelivers: true } } });
    const refused = await api(server, 'GET', `/whatsapp/generate-registration-qr/${bot.id}`, { token: stranger.accessToken });
    expect(refused).toMatchObject({ status: 404, body: { detail: 'Bot not found' } });
    const refusedGraphql = await graphql(server, QR, { botId: globalId('Bot', bot.id) }, stranger.accessToken);
    expect(refusedGraphql.data.createWhatsAppRegistrationQr).toEqual({
      __typename: 'NotFoundError',
      code: 'BOT_NOT_FOUND',
      message: 'Bot not found',
    });

    const bare = await startTestServer({ WHATSAPP_API_URL: meta.url });
    try {
      const customer = await signUp(bare);
      const created = await api(bare, 'POST', '/bots/save', {
        token: customer.accessToken,
        body: { name: 'Bot', displayName: 'Bot', useCase: 'faq-bot', description: 'x' },
      });
      const detail =
        'WhatsApp is not configured on this platform yet: an administrator must set the WhatsApp access token and phone number id.';
      const response = await api(bare, 'GET', `/whatsapp/generate-registration-qr/${created.body.id}`, { token: customer.accessToken });
      expect(response).toMatchObject({ status: 503, body: { detail } });
      const viaGraphql = await graphql(bare, QR, { botId: globalId('Bot', created.body.id) }, customer.accessToken);
      expect(viaGraphql.data.createWhatsAppRegistrationQr).toEqual({
        __typename: 'ServiceUnavailableError',
        code: 'WHATSAPP_NOT_CONFIGURED',
        message: detail,
      });
      // The editor says so before a number is linked by hand (which still works, and waits for the setup).
      const DELIVERS = 'query ($id: ID!) { node(id: $id) { ... on Bot { whatsAppDelivers } } }';
      const notDelivering = await graphql(bare, DELIVERS, { id: globalId('Bot', created.body.id) }, customer.accessToken);
      expect(notDelivering).toEqual({ data: { node: { whatsAppDelivers: false } } });

      // Without an app secret deliveries are taken unsigned (a warning is logged once).
      const status = await deliver(bare.url, {
        object: 'whatsapp_business_account',
        entry: [
          { changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.x', status: 'read', recipient_id: '15550009999' }] } }] },
        ],
      });
      expect(status).toEqual({ status: 200, body: { received: true, queued: 1 } });
      await bare.platform.queue.onIdle!();
      expect(await bare.platform.prisma.whatsAppInbound.findMany({ select: { id: true, kind: true } })).toEqual([
        { id: 'wamid.x:read', kind: 'status:read' },
      ]);
    } finally {
      await bare.close();
    }
  });
});
