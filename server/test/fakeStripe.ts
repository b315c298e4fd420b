// A small fake of Stripe's HTTP API for tests: enough of /v1 for the real `stripe` SDK to create
// Checkout Sessions and Prices, retrieve and update Subscriptions and retrieve Invoices, plus helpers
// that build the events Stripe would send (sign them with `signedWebhook`).
//
//   const stripe = await startFakeStripe();
//   const server = await startTestServer({ STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: stripe.secretKey, ... });
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, any>;
  apiKey: string | null;
}

type Json = Record<string, any>;

export interface StripeErrorReply {
  status: number;
  error: { type: string; code?: string; message: string; decline_code?: string };
}

export interface FakeStripe {
  url: string;
  /** The key the fake accepts besides any added with `acceptKey`. */
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  prices: Map<string, Json>;
  acceptKey(key: string): void;
  /** The next request with this method and a matching path answers this error instead (once). */
  failNext(match: { method: string; path: RegExp }, reply: StripeErrorReply): void;
  /** Pays a checkout session as Stripe would (creating the subscription for subscription mode). */
  completeCheckout(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid' }): Json;
  /** A renewal invoice for a subscription's next cycle. */
  renewalInvoice(subscriptionId: string, options?: { paid?: boolean }): Json;
  /** An event as Stripe sends it to webhooks. */
  event(type: string, object: Json, id?: string): Json;
  close(): Promise<void>;
}

export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_fake_stripe_secret';

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake_stripe_key_0123456789';
  const acceptedKeys = new Set([secretKey]);
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const failures: { method: string; path: RegExp; reply: StripeErrorReply }[] = [];

  function list(data: Json[], url: string) {
    return { object: 'list', data, has_more: false, url };
  }

  function createInvoice(subscription: Json, fields: { billing_reason: string; amount: number; paid: boolean }): Json {
    const invoice = {
      id: id('in'),
      object: 'invoice',
      amount_due: fields.amount,
      amount_paid: fields.paid ? fields.amount : 0,
      amount_remaining: fields.paid ? 0 : fields.amount,
      billing_reason: fields.billing_reason,
      currency: subscription.currency,
      customer: subscription.customer,
      hosted_invoice_url: null as string | null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      period_start: nowSeconds(),
      period_end: nowSeconds(),
      status: fields.paid ? 'paid' : 'open',
      created: nowSeconds(),
      livemode: false,
      metadata: {},
    };
    invoice.hosted_invoice_url = `https://invoice.stripe.test/i/${invoice.id}`;
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  function priceObject(priceId: string): Json {
    const price = prices.get(priceId);
    if (price) return price;
    // An admin-provided price id the fake has never seen: a $1 monthly price.
    const created = {
      id: priceId,
      object: 'price',
      product: id('prod'),
      unit_amount: 100,
      currency: 'usd',
      recurring: { interval: 'month' },
      active: true,
      lookup_key: null,
      metadata: {},
    };
    prices.set(priceId, created);
    return created;
  }

  function route(method: string, path: string, query: Json, body: Json): { status: number; body: Json } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/prices') {
      if (body.lookup_key) {
        for (const price of prices.values()) if (price.lookup_key === body.lookup_key) price.lookup_key = null;
      }
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        lookup_key: body.lookup_key ?? null,
        product: id('prod'),
        product_name: body.product_data?.name,
        recurring: body.recurring ? { interval: body.recurring.interval, interval_count: 1 } : null,
        type: body.recurring ? 'recurring' : 'one_time',
        metadata: body.metadata ?? {},
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys: string[] = Array.isArray(query.lookup_keys) ? query.lookup_keys : [];
      const found = [...prices.values()].filter((price) => price.active && keys.includes(price.lookup_key));
      return { status: 200, body: list(found, '/v1/prices') };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItem = body.line_items?.[0] ?? {};
      const price = priceObject(lineItem.price);
      const session = {
        id: id('cs'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: price.unit_amount * Number(lineItem.quantity ?? 1),
        currency: price.currency,
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        line_items_price: price.id,
        subscription: null,
        invoice: null,
        payment_intent: null,
        url: '',
        livemode: false,
        created: nowSeconds(),
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(match[1]!);
      return session ? { status: 200, body: session } : notFound('checkout.session', match[1]!);
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      return subscription ? { status: 200, body: subscription } : notFound('subscription', match[1]!);
    }
    if (method === 'POST' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return notFound('subscription', match[1]!);
      const item = subscription.items.data[0];
      const change = body.items?.[0];
      if (change?.price) {
        const oldAmount = item.price.unit_amount as number;
        const newPrice = priceObject(change.price);
        item.price = newPrice;
        if (body.proration_behavior === 'always_invoice') {
          const invoice = createInvoice(subscription, {
            billing_reason: 'subscription_update',
            amount: Math.max(0, newPrice.unit_amount - oldAmount),
            paid: true,
          });
          subscription.latest_invoice = invoice.id;
        }
      }
      if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata };
      return { status: 200, body: subscription };
    }
    if (method === 'GET' && (match = /^\/v1\/invoices\/([^/]+)$/.exec(path))) {
      const invoice = invoices.get(match[1]!);
      return invoice ? { status: 200, body: invoice } : notFound('invoice', match[1]!);
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.stripe');
      const body = parseForm(Buffer.concat(chunks).toString('utf8'));
      const query = parseForm(url.search.slice(1));
      const apiKey = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, query, body, apiKey });
      const send = (status: number, payload: Json) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(payload));
      };
      if (!apiKey || !acceptedKeys.has(apiKey)) {
        return send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${apiKey ?? 'none'}` } });
      }
      const failure = failures.findIndex((entry) => entry.method === method && entry.path.test(url.pathname));
      if (failure >= 0) {
        const { reply } = failures.splice(failure, 1)[0]!;
        return send(reply.status, { error: reply.error });
      }
      const result = route(method, url.pathname, query, body);
      send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Stripe has no address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    secretKey,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    requests,
    sessions,
    subscriptions,
    invoices,
    prices,
    acceptKey: (key) => acceptedKeys.add(key),
    failNext: (match, reply) => failures.push({ ...match, reply }),
    completeCheckout(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no such checkout session ${sessionId}`);
      const paymentStatus = options.paymentStatus ?? 'paid';
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.customer ??= id('cus');
      if (session.mode === 'subscription') {
        const price = priceObject(session.line_items_price);
        const subscription = {
          id: id('sub'),
          object: 'subscription',
          status: 'active',
          customer: session.customer,
          currency: price.currency,
          metadata: session.subscription_data?.metadata ?? {},
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                price,
                quantity: 1,
                current_period_start: nowSeconds(),
                current_period_end: nowSeconds() + 30 * 86_400,
              },
            ],
          },
          latest_invoice: null as string | null,
        };
        subscriptions.set(subscription.id, subscription);
        const invoice = createInvoice(subscription, {
          billing_reason: 'subscription_create',
          amount: price.unit_amount,
          paid: paymentStatus === 'paid',
        });
        subscription.latest_invoice = invoice.id;
        session.subscription = subscription.id;
        session.invoice = invoice.id;
      } else {
        session.payment_intent = id('pi');
      }
      return session;
    },
    renewalInvoice(subscriptionId, options = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no such subscription ${subscriptionId}`);
      const invoice = createInvoice(subscription, {
        billing_reason: 'subscription_cycle',
        amount: subscription.items.data[0].price.unit_amount,
        paid: options.paid ?? true,
      });
      subscription.latest_invoice = invoice.id;
      return invoice;
    },
    event(type, object, eventId = id('evt')) {
      return {
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function notFound(kind: string, resourceId: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${resourceId}'` } },
  };
}

/** Parses Stripe's form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: any = root;
    path.forEach((key, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[index + 1]!);
      const slot: string | number = Array.isArray(node) ? Number(key) : key;
      if (last) node[slot] = value;
      else node = node[slot] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

/** Posts an event to the server's webhook, signed like Stripe (or as told: another secret, an old timestamp). */
export async function signedWebhook(
  server: { url: string; clock?: { now(): Date } },
  event: Json,
  options: { secret?: string; timestamp?: number; signature?: string | null; body?: string } = {},
): Promise<{ status: number; body: any }> {
  const payload = options.body ?? JSON.stringify(event);
  const header =
    options.signature === null
      ? undefined
      : (options.signature ??
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
          timestamp: options.timestamp ?? (server.clock ? Math.floor(server.clock.now().getTime() / 1000) : nowSeconds()),
        }));
  const response = await fetch(`${server.url}/api/v1/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    body: payload,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body };
}
