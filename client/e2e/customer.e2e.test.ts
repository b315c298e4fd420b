import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, phoneLike, screenshot, scrollsSideways, SLOW_STEP } from './browser.ts';
import { verificationLinkFor } from './outbox.ts';
import { signIn, signOut } from './session.ts';

const productUrl = inject('productUrl');
const outboxDir = inject('outboxDir');

const NEWCOMER = { name: 'Nadia Newcomer', email: `nadia.${Date.now()}@example.com`, password: 'a-long-enough-password-42' };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser, productUrl));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a newcomer', () => {
  it('picks Pro on the landing, signs up for its free trial and is asked to verify the email address', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started with the free trial of Pro' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText('Your 14-day free trial of Pro starts as soon as you verify your email. No payment needed.').waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(NEWCOMER.name);
    await page.getByRole('textbox', { name: /^Email/ }).fill(NEWCOMER.email);
    await page.getByLabel(/^Password/).fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByText(`We sent a verification link to ${NEWCOMER.email}.`).waitFor();
    await page.getByText('Account Created').waitFor();
    await screenshot(page, 'auth-verify-email-sent');
  });

  it('opens the link mailed to them and gets the address verified', async () => {
    const link = await verificationLinkFor(outboxDir, NEWCOMER.email);
    expect(link.startsWith(`${productUrl}/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await page.getByText('Your email is verified.').waitFor();
    await page.getByText('Email Verified').waitFor();
    await screenshot(page, 'verify-email-success');
    // The page counts down five seconds, then leaves for the landing page.
    await page.waitForURL((url) => url.pathname === '/' && url.search === '', { timeout: 15_000 });
  });

  it('signs in on a Pro trial with no payment provider and builds a chatbot', async () => {
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    // They came by choosing a plan: the first sign-in opens billing, with the trial of that plan.
    await signIn(page, NEWCOMER.email, NEWCOMER.password, 'Sign in', '**/billing');
    await page.getByText('Login Successful').waitFor();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await navigation.getByText(NEWCOMER.email).waitFor();
    await navigation.getByText('Free trial · 14 days left').waitFor();
    await screenshot(page, 'trial-dashboard');

    await navigation.getByRole('link', { name: 'Chatbots' }).click();
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.waitForURL('**/editor');
    await page.getByRole('textbox', { name: /^Bot name/ }).fill('Trial helper');
    await page.getByRole('combobox', { name: /^Use case type/ }).selectOption('customer-support');
    await page.getByRole('textbox', { name: /^Detailed description/ }).fill('Answers questions about a small bakery.');
    await page.getByRole('button', { name: 'Generate prompt' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Generated prompt/ }).inputValue(), SLOW_STEP).not.toBe('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: /^Display name/ }).fill('Bakery helper');
    await page.getByRole('button', { name: 'Save Bot' }).click();
    await page.getByRole('tab', { name: 'Documents', selected: true }).waitFor(SLOW_STEP);
    await page.waitForURL(/\/editor\/[^/]+$/);

    await page.goto('/billing');
    await page.getByText('Free trial · 14 days left').first().waitFor();
    await screenshot(page, 'trial-billing');
  });

  it('signs out, back to the landing page, and the dashboard is closed to them', async () => {
    await signOut(page);
    await page.getByRole('heading', { level: 1, name: 'Build an AI chatbot for your business, no code needed' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('a customer with a plan', () => {
  it('signs in with the demo customer account', async () => {
    await page.goto('/?auth=signin');
    await page.getByRole('button', { name: 'Demo customer account' }).click();
    expect(await page.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe('customer@example.com');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
  });

  it('sees the dashboard’s figures, with no serious accessibility violation', async () => {
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Total bots').waitFor();
    await page.getByText('Total conversations').waitFor();
    await page.getByRole('heading', { name: 'Top performing bots' }).waitFor();
    await screenshot(page, 'dashboard');
    await expectAccessible(page);
  });

  it('opens the chatbots list', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Chatbots' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chatbots' }).waitFor();
    await page
      .getByRole('searchbox', { name: 'Search chatbots by name' })
      .or(page.getByRole('textbox', { name: 'Search chatbots by name' }))
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create chatbot' }).isEnabled()).toBe(true);
    await screenshot(page, 'chatbots');
    await expectAccessible(page);
  });

  it("shows a bot's analytics from its menu, and opens the bot from its card", async () => {
    const name = `Analytics bot ${Date.now()}`;
    const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    const saved = await fetch(`${productUrl}/api/v1/bots/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ name, displayName: name, useCase: 'customer-support', description: 'Answers questions.' }),
    });
    expect(saved.ok).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'View analytics' }).click();
    const analytics = page.getByRole('dialog', { name: `Analytics: ${name}` });
    await analytics.getByText('Conversations today').waitFor();
    await screenshot(page, 'chatbots-analytics');
    await analytics.getByRole('button', { name: 'Close' }).click();
    await analytics.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name }).click();
    await page.waitForURL(/\/editor\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: `Edit ${name}` }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Chatbots' }).waitFor();
  });

  it('opens the chat logs', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat logs' }).waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    await screenshot(page, 'logs');
    await expectAccessible(page);
  });

  it('opens needs attention, with no serious accessibility violation', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Needs attention' }).click();
    await page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
    await page.getByRole('combobox', { name: 'Order' }).waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    await screenshot(page, 'needs-attention');
    await expectAccessible(page);
  });

  it('shows needs attention and the quality cards in French on a 375 px phone, without sideways scrolling', async () => {
    const phone = await phoneLike(browser, productUrl, page);
    await phone.evaluate(() => localStorage.setItem('language', 'fr'));
    await phone.goto('/needs-attention');
    await phone.getByRole('heading', { level: 1, name: 'À traiter' }).waitFor();
    await phone.getByRole('combobox', { name: 'Ordre' }).waitFor();
    await screenshot(phone, 'needs-attention-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await expectAccessible(phone);
    await phone.goto('/dashboard');
    await phone.getByText('Réponses jugées utiles (7 jours)').waitFor();
    await screenshot(phone, 'dashboard-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
  });

  it('opens billing and settings, with no serious accessibility violation', async () => {
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await menu.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await screenshot(page, 'billing');
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await screenshot(page, 'settings');
    await expectAccessible(page);
  });

  it('signs out', async () => {
    await signOut(page);
    await page.getByRole('link', { name: 'Try demo', exact: true }).waitFor();
  });
});
