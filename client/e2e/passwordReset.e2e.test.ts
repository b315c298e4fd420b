import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, PHONE, screenshot, scrollsSideways } from './browser.ts';
import { mailedLinkFor, verificationLinkFor } from './outbox.ts';
import { signIn } from './session.ts';

const productUrl = inject('productUrl');
const outboxDir = inject('outboxDir');

const FORGETFUL = { name: 'Fern Forgetful', email: `fern.${Date.now()}@example.com`, password: 'the-password-she-forgot' };
const NEW_PASSWORD = 'a-new-password-she-will-keep';
const NEW_EMAIL = `fern.moved.${Date.now()}@example.com`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A verified customer, made through the REST shim as a sign-up and its mailed link would. */
async function registerAndVerify(account: typeof FORGETFUL): Promise<void> {
  const registered = await fetch(`${productUrl}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, full_name: account.name }),
  });
  expect(registered.status).toBe(201);
  const token = new URL(await verificationLinkFor(outboxDir, account.email)).searchParams.get('token')!;
  const verified = await fetch(`${productUrl}/api/v1/users/verify-email/confirm/${encodeURIComponent(token)}`, { method: 'POST' });
  expect(verified.status).toBe(200);
}

beforeAll(async () => {
  await registerAndVerify(FORGETFUL);
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser, productUrl));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a customer who forgot their password', () => {
  it('asks for a reset link from the sign-in form', async () => {
    await page.goto('/?auth=signin');
    await page.getByRole('textbox', { name: /^Email/ }).fill(FORGETFUL.email);
    await screenshot(page, 'auth-signin-forgot-password-link');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(FORGETFUL.email);
    await screenshot(page, 'forgot-password');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.getByText(`If an account exists for ${FORGETFUL.email}, we sent it a link`).waitFor();
    await screenshot(page, 'forgot-password-sent');
  });

  it('opens the mailed link, chooses a new password and signs in with it', async () => {
    const link = await mailedLinkFor(outboxDir, FORGETFUL.email, '/reset-password');
    expect(link.startsWith(`${productUrl}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Confirm the new password/).fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password must be at least 8 characters long.').waitFor();
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm the new password/).fill(NEW_PASSWORD);
    await screenshot(page, 'reset-password');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password was changed').waitFor();
    await screenshot(page, 'reset-password-done');

    // The link was good for one use.
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('yet-another-password');
    await page.getByLabel(/^Confirm the new password/).fill('yet-another-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This password reset link is invalid or has expired.').waitFor();

    await page.goto('/?auth=signin');
    await page.getByRole('textbox', { name: /^Email/ }).fill(FORGETFUL.email);
    await page.getByLabel(/^Password/).fill(FORGETFUL.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Incorrect email or password').waitFor();
    await signIn(page, FORGETFUL.email, NEW_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('changes the sign-in email from the Profile tab once the new address is confirmed', async () => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Profile' }).click();
    const email = page.getByRole('region', { name: 'Email address' });
    await email.getByText(`You sign in with ${FORGETFUL.email}.`).waitFor();
    await screenshot(page, 'settings-profile');
    await expectAccessible(page);
    await email.getByLabel(/^New email address/).fill(NEW_EMAIL);
    await email.getByLabel(/^Current password/).fill(NEW_PASSWORD);
    await email.getByRole('button', { name: 'Send a confirmation link' }).click();
    await page.getByText(`We sent a confirmation link to ${NEW_EMAIL}.`).waitFor();
    await screenshot(page, 'settings-profile-email-sent');

    const link = await mailedLinkFor(outboxDir, NEW_EMAIL, '/confirm-email-change');
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm my new email address' }).click();
    await page.getByText(`Your account now signs in with ${NEW_EMAIL}.`).waitFor();
    await screenshot(page, 'confirm-email-change-done');
    await page.getByRole('link', { name: 'Back to settings' }).click();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByText(`You sign in with ${NEW_EMAIL}.`).waitFor();
    expect(await page.getByText('Check your new mailbox').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText(NEW_EMAIL).waitFor();
  });
});

describe('the new screens in French and at 375 px', () => {
  it('reads in French on a phone without scrolling sideways', async () => {
    const phone = await newVisitor(browser, productUrl, PHONE);
    try {
      await phone.page.goto('/forgot-password');
      await phone.page.getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
      await phone.page.getByRole('heading', { level: 1, name: 'Mot de passe oublié ?' }).waitFor();
      expect(await scrollsSideways(phone.page)).toBe(false);
      await screenshot(phone.page, 'forgot-password-fr-375');

      await phone.page.goto('/reset-password?token=not-a-real-one');
      await phone.page.getByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' }).waitFor();
      await phone.page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
      await phone.page.getByText('Votre mot de passe doit contenir au moins 8 caractères.').waitFor();
      expect(await scrollsSideways(phone.page)).toBe(false);
      await screenshot(phone.page, 'reset-password-fr-375');

      await phone.page.goto('/?auth=signin');
      await signIn(phone.page, NEW_EMAIL, NEW_PASSWORD, 'Se connecter');
      await phone.page.goto('/settings');
      await phone.page.getByRole('tab', { name: 'Profil' }).click();
      await phone.page.getByRole('heading', { level: 2, name: 'Mot de passe' }).waitFor();
      expect(await scrollsSideways(phone.page)).toBe(false);
      await screenshot(phone.page, 'settings-profile-fr-375');
      await expectAccessible(phone.page);
    } finally {
      await phone.context.close();
    }
  });
});
