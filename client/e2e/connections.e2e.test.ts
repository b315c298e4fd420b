import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, phoneLike, screenshot, scrollsSideways, STATE_WAIT } from './browser.ts';
import { verificationLinkFor } from './outbox.ts';
import { signIn } from './session.ts';

// A customer connects their bot: Google through the settings popup (against a fake Google),
// numbers linked by hand and by QR code (a fake Graph API gives the platform number), the Google
// Sheet data tool answered from its rows, and Notion configured, viewed and edited.

const productUrl = inject('productUrl');
const outboxDir = inject('outboxDir');
const fakes = inject('fakes');

const CUSTOMER = { name: 'Connie Nected', email: `connie.${Date.now()}@example.com`, password: 'a-long-enough-password-42' };
const BOT_NAME = `Lamp shop ${Date.now()}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let botId: string;
let incomingId: string;
let completedId: string;
let readDatabaseId: string;
let writeDatabaseId: string;
const consoleProblems: string[] = [];

async function api(method: string, route: string, body?: unknown, bearer = token) {
  const response = await fetch(`${productUrl}/api/v1${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function seed(url: string, body: unknown): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  expect(
    (await api('POST', '/users/register', { email: CUSTOMER.email, password: CUSTOMER.password, full_name: CUSTOMER.name }, '')).status,
  ).toBe(201);
  const link = new URL(await verificationLinkFor(outboxDir, CUSTOMER.email));
  expect((await api('POST', `/users/verify-email/confirm/${link.searchParams.get('token')}`, undefined, '')).status).toBe(200);
  token = (await api('POST', '/users/login', { email: CUSTOMER.email, password: CUSTOMER.password }, '')).body.access_token;
  const bot = await api('POST', '/bots/save', { name: BOT_NAME, displayName: 'Lumi', useCase: 'e-commerce', description: 'Sells lamps' });
  expect(bot.status).toBe(201);
  botId = bot.body.id;

  // The platform's WhatsApp number, as the admin sets it.
  const admin = (await api('POST', '/users/login', { email: 'admin@example.com', password: 'admin-demo-2026' }, '')).body.access_token;
  for (const [key, value] of [
    ['whatsapp_access_token', fakes.whatsApp.accessToken],
    ['whatsapp_phone_number_id', fakes.whatsApp.phoneNumberId],
  ]) {
    expect(await api('PUT', '/admin/config/', { key, value }, admin)).toMatchObject({ status: 200 });
  }

  incomingId = await seed(`${fakes.googleUrl}/__fake/spreadsheets`, {
    name: 'Lamp catalog',
    sheets: {
      Lamps: [
        ['Lamp', 'Price'],
        ['Aurora lamp', '89 EUR'],
        ['Borealis lamp', '129 EUR'],
      ],
    },
  });
  completedId = await seed(`${fakes.googleUrl}/__fake/spreadsheets`, { name: 'Lamp leads', sheets: { Leads: [['Timestamp']] } });
  readDatabaseId = await seed(`${fakes.notionUrl}/__fake/databases`, {
    title: 'Lamp FAQ',
    schema: { Question: 'title', Answer: 'rich_text' },
    rows: [{ Question: 'Do lamps come with bulbs?', Answer: 'Every lamp ships with a warm LED bulb.' }],
  });
  writeDatabaseId = await seed(`${fakes.notionUrl}/__fake/databases`, { title: 'Lamp leads', schema: { Name: 'title', Email: 'email' } });

  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser, productUrl));
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') consoleProblems.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/**
 * A screenshot of what the screen shows once the toasts of earlier steps are closed (they would
 * cover it) and any opening dialog has finished its animation.
 */
async function settledScreenshot(target: Page, name: string) {
  const toasts = target.locator('[data-scope="toast"][data-part="root"]');
  const closeButtons = target.locator('[data-scope="toast"][data-part="root"][data-state="open"] [data-part="close-trigger"]');
  for (let attempt = 0; attempt < 20 && (await closeButtons.count()) > 0; attempt++) {
    // Stacked toasts overlap: a click event on the button itself, not at its coordinates.
    await closeButtons
      .first()
      .dispatchEvent('click', undefined, { timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect.poll(() => toasts.count(), STATE_WAIT).toBe(0);
  await target.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await screenshot(target, name);
}

const editorUrl = () => `/editor/${encodeURIComponent(Buffer.from(`Bot:${botId}`).toString('base64'))}`;

describe('connections', () => {
  it('connects Google through the sign-in popup and shows the account', async () => {
    await page.goto('/?auth=signin');
    await signIn(page, CUSTOMER.email, CUSTOMER.password);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Integrations', selected: true }).waitFor();
    await screenshot(page, 'settings-integrations-disconnected');
    const popup = page.waitForEvent('popup');
    await page.getByRole('checkbox', { name: 'Connect Google Sheets' }).check({ force: true });
    const window = await popup;
    await window.waitForEvent('close');
    await page.getByText('Olive Owner').waitFor();
    await page.getByText('owner@gmail.example').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Connect Google Sheets' }).isChecked()).toBe(true);
    await settledScreenshot(page, 'settings-integrations-connected');
    await expectAccessible(page);
  });

  it('links a number by hand, lists it, unlinks it, and shows a registration QR code', async () => {
    await page.goto(editorUrl());
    await page.getByRole('tab', { name: 'Connections' }).click();
    await page.getByRole('heading', { name: 'WhatsApp' }).waitFor();

    await page.getByRole('button', { name: 'Link number' }).click();
    await page.getByText('Please enter a phone number.').waitFor();
    await page.getByRole('combobox', { name: 'Country code' }).selectOption('FR');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('06-12');
    expect(await page.getByRole('textbox', { name: 'Phone number' }).inputValue()).toBe('0612');
    await page.getByRole('button', { name: 'Link number' }).click();
    await page.getByText('Enter a valid phone number (no symbols, 7-15 digits, no leading zero).').waitFor();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('612345678');
    await page.getByRole('button', { name: 'Link number' }).click();
    await page.getByText('+33612345678').waitFor();
    await page.getByText('WhatsApp number linked.').waitFor();
    expect(
      (await api('GET', `/whatsapp/linked-numbers/${botId}`)).body.map((entry: { phone_number: string }) => entry.phone_number),
    ).toEqual(['33612345678']);
    await settledScreenshot(page, 'connections-whatsapp');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Unlink +33612345678' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
    await page.getByText('No number is linked to this bot yet.').waitFor();

    await page.getByRole('button', { name: 'Scan QR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link a number by QR code' });
    await dialog.getByRole('img', { name: 'QR code that opens WhatsApp with the registration message' }).waitFor();
    const link = await dialog.getByRole('link', { name: 'Or open the link on the phone' }).getAttribute('href');
    expect(link).toMatch(new RegExp(`^https://wa\\.me/${fakes.whatsApp.displayDigits}\\?text=`));
    await dialog.getByRole('button', { name: 'Refresh QR' }).click();
    await page.getByText('QR Code Refreshed').waitFor();
    expect(await dialog.getByRole('link', { name: 'Or open the link on the phone' }).getAttribute('href')).not.toBe(link);
    await settledScreenshot(page, 'connections-qr');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  });

  it('makes the Google Sheet the data tool and answers from its rows', async () => {
    await page.getByRole('button', { name: 'Google Sheet' }).click();
    await page.getByText('Tool Updated').first().waitFor();
    expect(await page.getByRole('button', { name: 'Google Sheet' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Please select both sheets.').waitFor();
    const pickers = page.getByRole('combobox', { name: 'Spreadsheet' });
    const sheets = page.getByRole('combobox', { name: 'Sheet', exact: true });
    await pickers.nth(0).selectOption({ label: 'Lamp catalog' });
    await sheets.nth(0).selectOption('Lamps');
    await pickers.nth(1).selectOption({ label: 'Lamp leads' });
    await sheets.nth(1).selectOption('Leads');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Sheet config updated.').waitFor();
    expect((await api('GET', `/config/sheets-calendars/${botId}`)).body).toMatchObject({
      incoming_spreadsheet_id: incomingId,
      incoming_sheet_name: 'Lamps',
      completed_spreadsheet_id: completedId,
      completed_sheet_name: 'Leads',
    });
    await settledScreenshot(page, 'connections-sheet');

    let answer = '';
    for (let attempt = 0; attempt < 60 && !answer.includes('129 EUR'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer =
        (await api('POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent('How much is the Borealis lamp?')}`)).body.response ?? '';
    }
    expect(answer).toContain('129 EUR');
  });

  it('configures Notion, shows it read-only, and edits it', async () => {
    await page.getByRole('button', { name: 'Notion', exact: true }).click();
    await page.getByRole('textbox', { name: 'Read database id' }).waitFor();
    await page.getByLabel('API key').fill(fakes.notionApiKey);
    await page.getByRole('textbox', { name: 'Read database id' }).fill(readDatabaseId);
    await page.getByRole('textbox', { name: 'Write database id' }).fill(writeDatabaseId);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Added Notion config').waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByText(readDatabaseId).waitFor();
    expect(await page.getByText(fakes.notionApiKey).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect((await api('GET', `/bots/getbot-tools/${botId}`)).body).toEqual({ is_sheet_enabled: false, is_notion_enabled: true });
    await expectAccessible(page);
  });

  it('printed no router or postMessage warning on the way', () => {
    expect(consoleProblems.filter((text) => /HydrateFallback|postMessage/.test(text))).toEqual([]);
  });

  it('fits a phone, in English and in French (with French numbers)', async () => {
    const phone = await phoneLike(browser, productUrl, page);

    await phone.goto(editorUrl());
    await phone.getByRole('tab', { name: 'Connections' }).click();
    await phone.getByRole('heading', { name: 'Data tool' }).waitFor();
    await settledScreenshot(phone, 'connections-en-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.getByRole('button', { name: 'Scan QR' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Link a number by QR code' });
    await dialog.getByRole('img', { name: 'QR code that opens WhatsApp with the registration message' }).waitFor();
    await settledScreenshot(phone, 'connections-qr-en-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await phone.goto('/settings');
    await phone.getByText('Olive Owner').waitFor();
    await screenshot(phone, 'settings-integrations-en-375');
    expect(await scrollsSideways(phone)).toBe(false);

    await phone.evaluate(() => localStorage.setItem('language', 'fr'));
    await phone.goto(editorUrl());
    await phone.getByRole('tab', { name: 'Connexions' }).click();
    await phone.getByRole('heading', { name: 'Outil de données' }).waitFor();
    await phone.getByRole('tab', { name: 'Détails et apparence du bot' }).click();
    await phone.getByText('Créativité : 0,5').waitFor();
    await phone.getByRole('tab', { name: 'Connexions' }).click();
    await phone.getByRole('heading', { name: 'Outil de données' }).waitFor();
    await settledScreenshot(phone, 'connections-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.goto('/settings');
    await phone.getByText('Olive Owner').waitFor();
    await screenshot(phone, 'settings-integrations-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
  });

  it('disconnects Google from the settings', async () => {
    await page.goto('/settings');
    await page.getByText('Olive Owner').waitFor();
    const sheets = page.getByRole('checkbox', { name: 'Connect Google Sheets' });
    await sheets.uncheck({ force: true });
    await expect.poll(() => sheets.isChecked(), STATE_WAIT).toBe(false);
    await expect.poll(() => page.getByText('Olive Owner').count(), STATE_WAIT).toBe(0);
    expect(await page.getByText('Disconnected', { exact: true }).count()).toBeGreaterThanOrEqual(3);
    expect((await api('GET', '/auth/google/status')).body).toMatchObject({ google_sheets_connected: false });
    await settledScreenshot(page, 'settings-integrations-after-disconnect');
  });
});
