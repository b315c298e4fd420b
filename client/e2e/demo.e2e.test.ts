import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, PHONE, screenshot, scrollsSideways, SLOW_STEP } from './browser.ts';

const productUrl = inject('productUrl');

const FACT = 'The Glimmerwood ferry leaves the north pier at 6:15 every Thursday evening.';
const DOCUMENT = [
  'Travel notes for the Glimmerwood islands.',
  `Ferries. ${FACT} On other days it leaves at noon.`,
  'Luggage. Each passenger may bring two bags and one bicycle.',
].join('\n\n');
const QUESTION = 'When does the Glimmerwood ferry leave on Thursday?';
/** Indexing runs in the background after the upload: a visitor quick enough may ask before it ends, and asks again. */
const MAX_QUESTIONS = 10;
const PAUSE_BETWEEN_QUESTIONS_MS = 1_000;

const SITE_PAGE =
  '<!doctype html><html lang="en"><head><title>Glimmerwood bikes</title></head><body><p>Bicycles can be rented at the south pier for 9 euros a day.</p></body></html>';

let browser: Browser;
let page: Page;
let site: Server;
let sitePageUrl: string;

beforeAll(async () => {
  site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITE_PAGE));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  sitePageUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/bikes`;
  browser = await launchBrowser();
  ({ page } = await newVisitor(browser, productUrl));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
});

/** Sends the question and returns the bot's reply (the newest bubble), once the typing indicator is gone. */
async function ask(question: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Type your message...' }).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('The bot is typing…').waitFor({ state: 'hidden', ...SLOW_STEP });
  const bubbles = page.getByRole('log', { name: 'Chat' }).locator('> div');
  // The bubble's first block is the answer (paragraphs and quotes); its sources and time follow.
  return (await bubbles.last().locator('> div').first().textContent()) ?? '';
}

describe('the interactive demo', () => {
  it('opens on the template step, with the countdown running', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Try demo', exact: true }).click();
    await page.waitForURL('**/demo');
    await page.getByRole('heading', { level: 1, name: 'Interactive demo' }).waitFor();
    await page.getByRole('timer', { name: /^Time left: 00:5\d:\d\d$/ }).waitFor();
    await page.getByRole('button', { name: 'Use this bot' }).first().waitFor();
    await expectAccessible(page);
  });

  it('creates a bot from a template and keeps a valid document', async () => {
    await page.getByRole('button', { name: 'Use this bot' }).first().click();
    const fileInput = page.getByLabel('Choose documents');
    await fileInput.waitFor({ state: 'attached' });
    await fileInput.setInputFiles([
      { name: 'glimmerwood-travel.txt', mimeType: 'text/plain', buffer: Buffer.from(DOCUMENT) },
      { name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    ]);
    await page.getByText('Only PDF, TXT, or Markdown files up to 2MB are allowed.').waitFor();
    await page.getByText('glimmerwood-travel.txt').waitFor();
    expect(await page.getByText('holiday.png').count()).toBe(0);
    const documents = page.getByRole('list', { name: 'Documents added' });
    await documents.getByText('Uploaded').waitFor(SLOW_STEP);
    await screenshot(page, 'demo-knowledge');
    await expectAccessible(page);
  });

  it('keeps the uploaded document and Continue on this step after a reload', async () => {
    await page.reload();
    const documents = page.getByRole('list', { name: 'Documents added' });
    await documents.getByText('glimmerwood-travel.txt').waitFor(SLOW_STEP);
    await documents.getByText('Uploaded').waitFor();
    await page.getByRole('button', { name: 'Continue' }).waitFor();
  });

  it('reads a page of a website as knowledge too', async () => {
    await page.getByRole('tab', { name: 'Website' }).click();
    await page.getByRole('textbox', { name: 'Website URL' }).fill(sitePageUrl);
    await page.getByRole('button', { name: 'Read this page' }).click();
    await page.getByRole('list', { name: 'Pages read' }).getByText(sitePageUrl).waitFor(SLOW_STEP);
    await screenshot(page, 'demo-website');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Start chatting' }).waitFor(SLOW_STEP);
  });

  it('chats with the bot, which answers from the document', async () => {
    await page.getByRole('button', { name: 'Start chatting' }).click();
    await page.getByText('Hello', { exact: true }).waitFor();

    // An empty message is not sent.
    await page.getByRole('textbox', { name: 'Type your message...' }).press('Enter');
    expect(await page.getByText('The bot is typing…').count()).toBe(0);

    let reply = '';
    for (let attempt = 0; attempt < MAX_QUESTIONS && !reply.includes(FACT); attempt += 1) {
      if (attempt > 0) await page.waitForTimeout(PAUSE_BETWEEN_QUESTIONS_MS);
      reply = await ask(QUESTION);
    }
    expect(reply).toContain(FACT);
    await screenshot(page, 'demo-chat');
    await expectAccessible(page);
  });

  it('resumes at the chat step after a reload, with the conversation and the same countdown', async () => {
    await page.reload();
    const log = page.getByRole('log', { name: 'Chat' });
    await log.getByText(QUESTION).first().waitFor(SLOW_STEP);
    await log.getByText(FACT).first().waitFor();
    expect(await page.getByRole('button', { name: 'Start chatting' }).count()).toBe(0);
    await screenshot(page, 'demo-reloaded');
    await page.getByRole('timer', { name: /^Time left: 00:5\d:\d\d$/ }).waitFor();
  });

  it('fits a 375 px phone in French, step labels included', async () => {
    const phone = await newVisitor(browser, productUrl, PHONE);
    try {
      await phone.page.goto('/demo');
      await phone.page.getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
      await phone.page.getByText('Ajouter des connaissances').first().waitFor(SLOW_STEP);
      await screenshot(phone.page, 'demo-phone-fr');
      expect(await scrollsSideways(phone.page)).toBe(false);
    } finally {
      await phone.context.close();
    }
  });
});
