// A small fake of the WhatsApp Business Cloud API (Graph API) for tests: the platform number's
// display digits and the messages endpoint, recording what the product sent; plus helpers that
// build and deliver webhook payloads as Meta does (signed with the app secret, or not).
//
//   const meta = await startFakeWhatsApp();
//   const server = await startTestServer({ WHATSAPP_API_URL: meta.url, WHATSAPP_APP_SECRET: meta.appSecret });
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export interface SentMessage {
  to: string;
  text: string;
  phoneNumberId: string;
}

export interface FakeWhatsApp {
  /** The versioned API base (WHATSAPP_API_URL). */
  url: string;
  accessToken: string;
  phoneNumberId: string;
  /** The platform number's digits, as the QR link carries them. */
  displayDigits: string;
  appSecret: string;
  sent: SentMessage[];
  /** Resolves once at least `count` messages were sent to `to` (any number when omitted). */
  waitForSent(count: number, to?: string): Promise<SentMessage[]>;
  /** A send answers this HTTP status (once): the next one, or the one after `afterSuccesses` good sends. */
  failNextSend(status: number, afterSuccesses?: number): void;
  /** How many sends the fake refused. */
  refusedSends(): number;
  close(): Promise<void>;
}

export async function startFakeWhatsApp(): Promise<FakeWhatsApp> {
  const accessToken = `EAAG${randomBytes(12).toString('hex')}`;
  const phoneNumberId = '109876543210';
  const displayDigits = '15550001111';
  const sent: SentMessage[] = [];
  const failures: { status: number; afterSuccesses: number }[] = [];
  let refused = 0;
  let messageSeq = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        return reply(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const url = new URL(request.url ?? '/', 'http://fake');
      const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
      if (request.method === 'GET' && path === `/${phoneNumberId}`) {
        return reply(200, { id: phoneNumberId, display_phone_number: '+1 555-000-1111' });
      }
      if (request.method === 'POST' && path === `/${phoneNumberId}/messages`) {
        const failure = failures[0];
        if (failure && failure.afterSuccesses > 0) failure.afterSuccesses -= 1;
        else if (failure) {
          failures.shift();
          refused += 1;
          return reply(failure.status, { error: { message: 'Something went wrong', code: 131000 } });
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          messaging_product?: string;
          type?: string;
          to?: string;
          text?: { body?: string };
        };
        // What Meta itself refuses: another product, a non-text type, an empty or over-long text.
        const text = body.text?.body ?? '';
        if (body.messaging_product !== 'whatsapp' || body.type !== 'text' || !body.to || text.length === 0 || text.length > 4096) {
          return reply(400, { error: { message: '(#100) Invalid parameter', code: 100 } });
        }
        sent.push({ to: body.to, text, phoneNumberId });
        messageSeq += 1;
        return reply(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.out${messageSeq}` }],
        });
      }
      return reply(404, { error: { message: `Unknown path ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${address.port}/v21.0`,
    accessToken,
    phoneNumberId,
    displayDigits,
    appSecret: 'fake-meta-app-secret',
    sent,
    failNextSend: (status, afterSuccesses = 0) => failures.push({ status, afterSuccesses }),
    refusedSends: () => refused,
    async waitForSent(count, to) {
      for (let attempt = 0; attempt < 600; attempt++) {
        const matching = sent.filter((message) => to === undefined || message.to === to);
        if (matching.length >= count) return matching;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`expected ${count} WhatsApp messages${to ? ` to ${to}` : ''}, got ${JSON.stringify(sent)}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let inboundSeq = 0;

/** A webhook delivery with one inbound text message, as Meta posts it. */
export function textDelivery(from: string, text: string, options: { id?: string; name?: string } = {}) {
  inboundSeq += 1;
  const id = options.id ?? `wamid.in${Date.now()}${inboundSeq}`;
  return {
    id,
    payload: deliveryOf({
      contacts: [{ profile: { name: options.name ?? 'WhatsApp User' }, wa_id: from }],
      messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
    }),
  };
}

/** A delivery with statuses of a sent message, or a non-text message. */
export function deliveryOf(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: '109876543210' },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** Posts a delivery to the product's webhook, signed with `secret` unless `signature` is given. */
export async function deliver(baseUrl: string, payload: unknown, options: { secret?: string; signature?: string } = {}) {
  const body = JSON.stringify(payload);
  const signature =
    options.signature ?? (options.secret ? `sha256=${createHmac('sha256', options.secret).update(body).digest('hex')}` : undefined);
  const response = await fetch(`${baseUrl}/api/v1/whatsapp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The verify token `configureWhatsApp` saves, for Meta's subscription check. */
export const FAKE_VERIFY_TOKEN = 'verify-me';

/** Saves the fake's keys in the admin config, as the admin does on the settings page. */
export async function configureWhatsApp(server: { url: string }, meta: FakeWhatsApp, adminToken: string): Promise<void> {
  for (const [key, value] of [
    ['whatsapp_access_token', meta.accessToken],
    ['whatsapp_phone_number_id', meta.phoneNumberId],
    ['whatsapp_verify_token', FAKE_VERIFY_TOKEN],
  ] as const) {
    const saved = await fetch(`${server.url}/api/v1/admin/config/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key, value }),
    });
    if (saved.status !== 200) throw new Error(`could not save ${key}: ${await saved.text()}`);
  }
}
