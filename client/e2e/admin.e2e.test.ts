import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, phoneLike, screenshot, scrollsSideways, STATE_WAIT } from './browser.ts';
import { verificationLinkFor } from './outbox.ts';

// The admin's day: the overview, a customer found, credited, suspended and enabled again, a plan
// edited, a platform key saved, and every other admin page, each checked with axe.

const productUrl = inject('productUrl');
const outboxDir = inject('outboxDir');

const CUSTOMER = { name: 'Olga Supported', email: `olga.${Date.now()}@example.com`, password: 'a-long-enough-password-42' };

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A verified customer of their own, so that suspending them disturbs no other test. */
async function registerCustomer(): Promise<void> {
  const registered = await fetch(`${productUrl}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: CUSTOMER.email, password: CUSTOMER.password, full_name: CUSTOMER.name }),
  });
  expect(registered.status).toBe(201);
  const link = new URL(await verificationLinkFor(outboxDir, CUSTOMER.email));
  const confirmed = await fetch(`${productUrl}/api/v1/users/verify-email/confirm/${link.searchParams.get('token')}`, { method: 'POST' });
  expect(confirmed.status).toBe(200);
}

const adminMenu = () => page.getByRole('navigation', { name: 'Main navigation' });

async function openAdminPage(menuLabel: string, heading: string | RegExp, shot: string): Promise<void> {
  await adminMenu().getByRole('link', { name: menuLabel }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await screenshot(page, shot);
  await expectAccessible(page);
}

beforeAll(async () => {
  await registerCustomer();
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser, productUrl));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the admin', () => {
  it('signs in and lands on the overview with real figures; customer pages fall back to it', async () => {
    await page.goto('/?auth=signin');
    await page.getByRole('button', { name: 'Demo admin account' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/admin/overview');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByText('Total users').waitFor();
    await page.getByText(CUSTOMER.email).first().waitFor();
    expect(await adminMenu().getByRole('link').count()).toBe(7);
    // The recent users' plans by name, though the customers screen (whose badges they are) was never opened.
    const demoCustomer = page.getByRole('listitem').filter({ hasText: 'customer@example.com' });
    await demoCustomer.getByText('Pro', { exact: true }).waitFor();
    expect(await page.getByText(/adminCustomers\./).count()).toBe(0);
    await screenshot(page, 'admin-overview');
    await expectAccessible(page);

    await page.goto('/dashboard');
    await page.waitForURL('**/admin/overview');
  });

  it('finds the customer, grants credits, suspends and enables them', async () => {
    await openAdminPage('Customers', 'Customers', 'admin-customers');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(CUSTOMER.email);
    await page.getByText('1 customer', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: CUSTOMER.email });
    await row.getByText('Trial').waitFor();
    // The stats cards: a label's paragraph, then its figure's.
    const suspendedCard = page.locator('p', { hasText: /^Suspended$/ }).locator('xpath=following-sibling::p[1]');
    const suspendedBefore = Number(await suspendedCard.textContent());

    await row.getByRole('button', { name: `Actions for ${CUSTOMER.name}` }).click();
    await page.getByRole('menuitem', { name: 'Grant credits' }).click();
    const grant = page.getByRole('dialog', { name: `Grant credits to ${CUSTOMER.name}` });
    await grant.getByLabel(/^Credits/).fill('25');
    await grant.getByLabel(/^Reason/).fill('Welcome gift');
    await grant.getByRole('button', { name: 'Grant credits' }).click();
    await page.getByText(`25 credits granted to ${CUSTOMER.email}`).waitFor();
    await row.getByText('Active').waitFor();

    await row.getByRole('button', { name: `Actions for ${CUSTOMER.name}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Suspend ${CUSTOMER.name}?` });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await row.getByText('Suspended').waitFor();
    await expect.poll(async () => Number(await suspendedCard.textContent())).toBe(suspendedBefore + 1);
    await screenshot(page, 'admin-customer-suspended');

    const login = await fetch(`${productUrl}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: CUSTOMER.email, password: CUSTOMER.password }),
    });
    expect(login.status).toBe(403);

    await row.getByRole('button', { name: `Actions for ${CUSTOMER.name}` }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await page.getByText(`${CUSTOMER.email} is active again`).waitFor();
    await row.getByText('Active').waitFor();
    await expect.poll(async () => Number(await suspendedCard.textContent())).toBe(suspendedBefore);
  });

  it('edits a plan', async () => {
    await openAdminPage('Plans', 'Plans', 'admin-plans');
    await page.getByRole('button', { name: 'Edit Starter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Starter' });
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('For a first chatbot, edited by the admin.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Plan Updated').waitFor();
    await page.getByText('For a first chatbot, edited by the admin.').first().waitFor();
  });

  it('saves a platform API key, shown masked', async () => {
    await openAdminPage('Settings', 'Settings', 'admin-settings');
    // Not the AI key: the other end-to-end tests share this server, and their bots answer with the platform AI.
    await page.getByLabel('New value for WhatsApp verify token').fill('e2e-verify-token-9876');
    await page.getByRole('button', { name: 'Save WhatsApp verify token' }).click();
    await page.getByText('Settings Saved').waitFor();
    await page.getByText('Current: …9876').waitFor();
    await page.getByRole('tab', { name: 'Rates' }).click();
    await screenshot(page, 'admin-settings-rates');
    await expectAccessible(page);
  });

  it('opens the demo templates and the WhatsApp analytics', async () => {
    await openAdminPage('Demo bots', 'Demo bots', 'admin-demo-bots');
    await openAdminPage('WhatsApp analytics', /WhatsApp/, 'admin-whatsapp');
  });

  it('reads what happened in the system log', async () => {
    await openAdminPage('System logs', 'System logs', 'admin-system-logs');
    await page.getByText(`Customer suspended: ${CUSTOMER.email}`).first().waitFor();
    await page.getByText('Config updated: whatsapp_verify_token').first().waitFor();
  });

  it('searches the system log as the admin types a whole word', async () => {
    await openAdminPage('System logs', 'System logs', 'admin-system-logs');
    // Typed key by key, as a person does: each keystroke is its own change event.
    await page.getByRole('searchbox', { name: 'Search events' }).pressSequentially('suspended', { delay: 20 });
    await page.getByText(`Customer suspended: ${CUSTOMER.email}`).first().waitFor();
    await expect.poll(() => page.getByText('Config updated: whatsapp_verify_token').count(), STATE_WAIT).toBe(0);
    expect(await page.getByText('Failed to load the system logs').count()).toBe(0);
  });

  it('reads the admin area in French', async () => {
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
    await page.getByRole('link', { name: "Vue d'ensemble" }).click();
    await page.waitForURL('**/admin/overview');
    await page.getByRole('heading', { level: 1, name: "Vue d'ensemble" }).waitFor();
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await screenshot(page, 'admin-customers-fr');
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Langue' }).first().selectOption('en');
  });

  it('fits a 375 px phone', async () => {
    const phone = await phoneLike(browser, productUrl, page);
    for (const [path, heading] of [
      ['/admin/overview', 'Overview'],
      ['/admin/customers', 'Customers'],
      ['/admin/system-logs', 'System logs'],
    ] as const) {
      await phone.goto(path);
      await phone.getByRole('heading', { level: 1, name: heading }).waitFor();
      await screenshot(phone, `admin-phone-${heading.toLowerCase()}`);
      expect(await scrollsSideways(phone), path).toBe(false);
    }
    // A plan's dialog, with the re-crawl schedules it allows, in French.
    await phone.evaluate(() => localStorage.setItem('language', 'fr'));
    await phone.goto('/admin/plans');
    await phone.getByRole('button', { name: 'Modifier Starter' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Modifier Starter' });
    await dialog.getByText('Explorations automatiques des sites web').waitFor();
    await screenshot(phone, 'admin-plan-dialog-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await expectAccessible(phone);
  });
});
