import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts.ts';
import { signedWebhook, startFakeStripe, type FakeStripe } from '../../../test/fakeStripe.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { ADMIN_CONFIG_KEYS, AdminConfigStore } from '../../platform/settings.ts';

// A server with no Stripe keys in its environment: payments are off until an admin sets the keys.
let stripe: FakeStripe;
let server: TestServer;
let adminConfig: AdminConfigStore;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({ STRIPE_API_URL: stripe.url });
  adminConfig = new AdminConfigStore({ prisma: server.platform.prisma, secrets: server.platform.secrets });
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

async function creditPackId(): Promise<string> {
  const plans = await api(server, 'GET', '/admin/payment-plans/?plan_type=credit');
  return plans.body[0].id;
}

describe('Stripe keys', () => {
  it('answers 503 with a clear detail when no Stripe key is configured', async () => {
    const { accessToken: token } = await signUp(server);
    const planId = await creditPackId();
    const checkout = await api(server, 'POST', `/payments/create-credit-checkout-session?plan_id=${planId}`, { token });
    expect(checkout.status).toBe(503);
    expect(checkout.body).toEqual({
      detail: 'Payments are not configured on this server: an administrator must set the Stripe secret key.',
    });
    const webhook = await signedWebhook(server, stripe.event('invoice.paid', { id: 'in_1', object: 'invoice' }));
    expect(webhook.status).toBe(503);
    expect(webhook.body.detail).toMatch(/webhooks are not configured/);
    expect(stripe.requests).toHaveLength(0);
  });

  it('uses the keys an admin saved (encrypted) in the admin config', async () => {
    const adminKey = 'sk_test_admin_configured_key_987654';
    stripe.acceptKey(adminKey);
    await adminConfig.set(ADMIN_CONFIG_KEYS.paymentSecret, adminKey);
    await adminConfig.set(ADMIN_CONFIG_KEYS.paymentWebhookSecret, stripe.webhookSecret);
    const stored = await server.platform.prisma.adminConfig.findUniqueOrThrow({ where: { key: 'stripe_secret_key' } });
    expect(stored.encryptedValue).not.toContain(adminKey);

    const { accessToken: token } = await signUp(server);
    const checkout = await api(server, 'POST', `/payments/create-credit-checkout-session?plan_id=${await creditPackId()}`, { token });
    expect(checkout.status).toBe(200);
    expect(stripe.requests.every((request) => request.apiKey === adminKey)).toBe(true);

    const webhook = await signedWebhook(server, stripe.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(webhook.status).toBe(200);
  });

  it('answers 503 when Stripe rejects the key', async () => {
    await adminConfig.set(ADMIN_CONFIG_KEYS.paymentSecret, 'sk_test_revoked_key_000000000000');
    const { accessToken: token } = await signUp(server);
    const checkout = await api(server, 'POST', `/payments/create-credit-checkout-session?plan_id=${await creditPackId()}`, { token });
    expect(checkout.status).toBe(503);
    expect(checkout.body).toEqual({ detail: 'Payments are misconfigured: Stripe rejected the secret key.' });
  });
});
