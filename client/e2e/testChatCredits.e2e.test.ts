// A customer whose credits are gone tries the test chat: the server's reason shows, with the way to
// billing, instead of the generic failure.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newVisitor, screenshot, SLOW_STEP } from './browser.ts';

const productUrl = inject('productUrl');
const fakes = inject('fakes');
let browser: Browser;
let adminToken: string;

async function call(path: string, body: unknown, token?: string) {
  const response = await fetch(`${productUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

const setTrialCredits = (credits: number) =>
  call('/graphql', { query: 'mutation($c: Int!) { setTrialCredits(credits: $c) { __typename } }', variables: { c: credits } }, adminToken);

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await call('/api/v1/users/login', { email: 'admin@example.com', password: 'admin-demo-2026' })).access_token as string;
});

afterAll(async () => {
  await browser?.close();
});

describe('the test chat without credits', () => {
  it("shows the server's reason and a link to billing", async () => {
    // A new customer (through Google: no mail to follow) whose trial comes with no credits.
    await setTrialCredits(0);
    const { context, page } = await newVisitor(browser, productUrl);
    try {
      await fetch(`${fakes.googleUrl}/__fake/consent`, {
        method: 'POST',
        body: JSON.stringify({
          account: { sub: `broke-${Date.now()}`, email: `broke-${Date.now()}@example.org`, name: 'Bea Broke', picture: '' },
        }),
      });
      await page.goto('/?auth=signin');
      await page.getByRole('link', { name: 'Continue with Google' }).click();
      await page.waitForURL('**/dashboard');
    } finally {
      await setTrialCredits(50);
    }
    const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    const bot = await call(
      '/api/v1/bots/save',
      { name: 'Broke bot', displayName: 'Broke bot', useCase: 'customer-support', description: 'Answers questions.' },
      accessToken!,
    );

    await page.goto(`/editor/${encodeURIComponent(Buffer.from(`Bot:${bot.id as string}`).toString('base64'))}`);
    await page.getByRole('button', { name: 'Test Bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Broke bot' });
    await dialog.getByText('Each test message costs 1 credit, like a visitor’s message.').waitFor();
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('Hello?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog
      .getByText(/^Not enough credits: this needs \d+(\.\d+)? and your balance is 0\. Buy more credits on the billing page\.$/)
      .waitFor(SLOW_STEP);
    expect(await dialog.getByText('Failed to fetch RAG response').count()).toBe(0);
    await screenshot(page, 'test-chat-no-credits');
    await dialog.getByRole('link', { name: 'Buy credits' }).click();
    await page.waitForURL('**/billing');
    await context.close();
  });
});
