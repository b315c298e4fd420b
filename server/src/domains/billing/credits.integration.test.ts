import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithoutTrial, type TestAccount } from '../../../test/accounts.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { PaymentRequiredError } from '../../errors.ts';
import { botAllowance } from './subscriptions.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function customerWithCredits(credits: number): Promise<TestAccount> {
  // After the free trial: only the paid balance pays (trial credits: trial.integration.test.ts).
  const account = await signUpWithoutTrial(server);
  if (credits > 0) {
    await server.services.billing.grantCredits(account.userId, {
      kind: 'adjustment',
      amount: credits,
      idempotencyKey: `test-grant:${account.userId}`,
      description: 'test credits',
    });
  }
  return account;
}

/** The running totals must always equal the ledger's signed entries. */
async function expectLedgerInStep(userId: string) {
  const { prisma } = server.platform;
  const settings = await prisma.billingSettings.findUniqueOrThrow({ where: { userId } });
  const entries = await prisma.creditLedgerEntry.findMany({ where: { userId } });
  const sum = (kinds: string[]) =>
    entries.filter((entry) => kinds.includes(entry.kind)).reduce((total, entry) => total + entry.amount.toNumber(), 0);
  expect(settings.totalCredits.toNumber()).toBeCloseTo(sum(['purchase', 'bonus', 'adjustment']), 4);
  expect(settings.usedCredits.toNumber()).toBeCloseTo(-sum(['usage']) - sum(['refund']), 4);
  return settings;
}

describe('charging credits', () => {
  it('50 concurrent one-credit charges against a balance of 10 succeed exactly 10 times and end at 0', async () => {
    const { userId } = await customerWithCredits(10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_unused, index) =>
        server.services.billing.charge(userId, { usageType: 'chat', units: 1, idempotencyKey: `race:${userId}:${index}` }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const failure of refused) {
      expect(failure.reason).toBeInstanceOf(PaymentRequiredError);
      expect(failure.reason.code).toBe('INSUFFICIENT_CREDITS');
    }
    const settings = await expectLedgerInStep(userId);
    expect(settings.totalCredits.toNumber()).toBe(10);
    expect(settings.usedCredits.toNumber()).toBe(10);
    expect(await server.platform.prisma.creditLedgerEntry.count({ where: { userId, kind: 'usage' } })).toBe(10);
  });

  it('applies a retried charge once, even when the retries race each other', async () => {
    const { userId } = await customerWithCredits(5);
    const key = `answer:${userId}:1`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => server.services.billing.charge(userId, { usageType: 'chat', units: 1, idempotencyKey: key })),
    );
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(results.every((result) => result.charged === 1)).toBe(true);
    const again = await server.services.billing.charge(userId, { usageType: 'chat', units: 1, idempotencyKey: key });
    expect(again).toMatchObject({ duplicate: true, charged: 1, balance: 4 });
    expect((await expectLedgerInStep(userId)).usedCredits.toNumber()).toBe(1);
  });

  it('answers a retried charge as a duplicate even when the balance is now empty', async () => {
    const { userId } = await customerWithCredits(1);
    await server.services.billing.charge(userId, { usageType: 'chat', units: 1, idempotencyKey: `last:${userId}` });
    await expect(
      server.services.billing.charge(userId, { usageType: 'chat', units: 1, idempotencyKey: `last:${userId}` }),
    ).resolves.toMatchObject({
      duplicate: true,
      balance: 0,
    });
  });

  it('refuses with 402-kind PaymentRequiredError and the balance in the message when short', async () => {
    const { userId } = await customerWithCredits(0);
    const error = await server.services.billing
      .charge(userId, { usageType: 'chat', units: 1, idempotencyKey: `none:${userId}` })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect((error as Error).message).toBe('Not enough credits: this needs 1 and your balance is 0. Buy more credits on the billing page.');
  });

  it("prices usage with the admin's credit rates", async () => {
    const { prisma } = server.platform;
    await prisma.creditRate.create({ data: { usageType: 'image', unitName: 'image', costPerUnit: '2.5' } });
    const { userId } = await customerWithCredits(10);
    const result = await server.services.billing.charge(userId, {
      usageType: 'image',
      unitName: 'image',
      units: 2,
      idempotencyKey: `image:${userId}`,
      description: 'two images',
    });
    expect(result).toMatchObject({ charged: 5, balance: 5, duplicate: false });
    const entry = await prisma.creditLedgerEntry.findUniqueOrThrow({ where: { idempotencyKey: `image:${userId}` } });
    expect(entry).toMatchObject({ kind: 'usage', description: 'two images' });
    expect(entry.amount.toNumber()).toBe(-5);
  });

  it('refunds a charge once', async () => {
    const { userId } = await customerWithCredits(3);
    await server.services.billing.charge(userId, { usageType: 'chat', units: 1, idempotencyKey: `refund-me:${userId}` });
    await server.services.billing.refundCharge(userId, `refund-me:${userId}`);
    await server.services.billing.refundCharge(userId, `refund-me:${userId}`);
    const settings = await expectLedgerInStep(userId);
    expect(settings.usedCredits.toNumber()).toBe(0);
  });

  it('shows the balance on REST as total and used credits', async () => {
    const account = await customerWithCredits(7);
    await server.services.billing.charge(account.userId, { usageType: 'chat', units: 2, idempotencyKey: `rest:${account.userId}` });
    const credits = await api(server, 'GET', '/usersbilling/current-active/credit', { token: account.accessToken });
    expect(credits.status).toBe(200);
    expect(credits.body).toEqual({ total_credits: 7, used_credits: 2, balance: 5 });
  });
});

describe('how AI answers are paid', () => {
  it('charges credits in credit mode, uses the own key or the platform in subscription mode', async () => {
    const account = await customerWithCredits(0);
    const { billing } = server.services;
    const viewer = { id: account.userId, email: account.email, role: 'customer' as const };
    expect(await billing.aiBillingFor(account.userId)).toEqual({ mode: 'credits' });

    await billing.account.setPlanType(viewer, { planType: 'subscription' });
    // Subscription mode without an active subscription still pays per answer.
    expect(await billing.aiBillingFor(account.userId)).toEqual({ mode: 'credits' });

    const { prisma } = server.platform;
    const { clock } = server;
    const starter = await prisma.paymentPlan.findFirstOrThrow({ where: { name: 'Starter' } });
    await prisma.subscription.create({
      data: {
        userId: account.userId,
        planId: starter.id,
        status: 'active',
        amountPaid: starter.price,
        billingPeriod: 'month',
        startedAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 86_400_000),
      },
    });
    expect(await billing.aiBillingFor(account.userId)).toEqual({ mode: 'platform' });
    await billing.account.setApiKey(viewer, { apiKey: 'sk-own-key-abcdefghijklmnopqrstuvwxyz' });
    expect(await billing.aiBillingFor(account.userId)).toEqual({ mode: 'own_key', apiKey: 'sk-own-key-abcdefghijklmnopqrstuvwxyz' });
    expect(await botAllowance(prisma, account.userId, clock.now())).toEqual({ kind: 'limited', limit: 3 });

    // Past its period the subscription no longer counts: not for the bot gate, not for AI billing.
    clock.advance(2 * 86_400_000);
    expect(await billing.aiBillingFor(account.userId)).toEqual({ mode: 'credits' });
    expect(await botAllowance(prisma, account.userId, clock.now())).toEqual({ kind: 'none' });
  });
});
