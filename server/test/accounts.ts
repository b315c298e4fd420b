import { randomUUID } from 'node:crypto';
import { api, type TestServer } from './harness.ts';

export interface TestAccount {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Registers a customer (with the plan picked on the landing, if given), follows the verification link
 * from the outbox and logs in. Verification starts the customer's free trial (see `endTrial`).
 */
export async function signUp(
  server: TestServer,
  name = 'Test Customer',
  options: { plan?: string; email?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? `customer-${randomUUID()}@example.org`;
  const password = 'a long enough password';
  const body = { email, password, full_name: name, ...(options.plan === undefined ? {} : { plan: options.plan }) };
  const registered = await api(server, 'POST', '/users/register', { body });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const mail = (await server.outbox()).filter((message) => message.to === email.toLowerCase()).at(-1);
  const token = mail && /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no verification mail for ${email}`);
  await api(server, 'POST', `/users/verify-email/confirm/${token}`);
  return logIn(server, email, password);
}

export async function logIn(server: TestServer, email: string, password: string): Promise<TestAccount> {
  const login = await api(server, 'POST', '/users/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { userId: login.body.user.id, email, password, accessToken: login.body.access_token, refreshToken: login.body.refresh_token };
}

export const demoCustomer = (server: TestServer) => logIn(server, 'customer@example.com', 'customer-demo-2026');

/** Puts a customer on an active subscription to one of the seeded plans (as a completed checkout would). */
export async function grantSubscription(server: TestServer, userId: string, planName: 'Starter' | 'Pro' | 'Enterprise') {
  const { prisma, clock } = server.platform;
  const plan = await prisma.paymentPlan.findFirstOrThrow({ where: { name: planName, type: 'subscription' } });
  await prisma.billingSettings.upsert({
    where: { userId },
    create: { userId, planType: 'subscription' },
    update: { planType: 'subscription' },
  });
  const now = clock.now();
  await prisma.subscription.create({
    data: {
      userId,
      planId: plan.id,
      status: 'active',
      amountPaid: plan.price,
      billingPeriod: 'month',
      startedAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    },
  });
}

/** Ends a customer's free trial now, as if its 14 days were over: the customer is back to no plan. */
export async function endTrial(server: TestServer, userId: string): Promise<void> {
  await server.platform.prisma.subscription.updateMany({
    where: { userId, status: 'trialing', expiresAt: { gt: server.clock.now() } },
    data: { expiresAt: server.clock.now() },
  });
}

/** A customer after their free trial: signed up, verified, trial over, nothing paid. */
export async function signUpWithoutTrial(server: TestServer, name = 'Test Customer'): Promise<TestAccount> {
  const account = await signUp(server, name);
  await endTrial(server, account.userId);
  return account;
}
