import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, phoneLike, screenshot, scrollsSideways, SLOW_STEP } from './browser.ts';
import { signOut } from './session.ts';

// A customer's whole path through the bot editor: create, teach with a document and a crawled
// page, test the answer and its citation, deploy and copy the snippet, reload the bot's address.

const productUrl = inject('productUrl');

const BOT_NAME = `Harbour museum ${Date.now()}`;
const DOCUMENT_FACT = 'The harbour museum opens every day at 10 am and the guided boat tour costs 14 euros.';
const SITE_PAGE = `<!doctype html><html lang="en"><head><title>Harbour museum visits</title></head>
<body><h1>Visiting the harbour museum</h1><p>Group visits of more than twelve people must be booked two weeks ahead by phone.</p></body></html>`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let site: Server;
let siteUrl: string;
let fileDir: string;

beforeAll(async () => {
  site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITE_PAGE));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/visits`;
  fileDir = await mkdtemp(path.join(tmpdir(), 'editor-e2e-'));
  await writeFile(path.join(fileDir, 'museum-facts.txt'), `Harbour museum facts\n\n${DOCUMENT_FACT}\n`);
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser, productUrl));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: productUrl });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

describe('the bot editor', () => {
  it('creates a bot from its use case and a generated prompt', async () => {
    await page.goto('/?auth=signin');
    await page.getByRole('button', { name: 'Demo customer account' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Chatbots' }).click();
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.waitForURL('**/editor');

    await page.getByRole('textbox', { name: /^Bot name/ }).fill(BOT_NAME);
    await page.getByRole('combobox', { name: /^Use case type/ }).selectOption('customer-support');
    await page
      .getByRole('textbox', { name: /^Detailed description/ })
      .fill('Answers visitors of a harbour museum about opening hours, tours and prices.');
    await page.getByRole('button', { name: 'Generate prompt' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Generated prompt/ }).inputValue(), SLOW_STEP).not.toBe('');
    await screenshot(page, 'editor-use-case');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('tab', { name: 'Bot Details and Appearance', selected: true }).waitFor();
    await page.getByRole('textbox', { name: /^Display name/ }).fill('Harbour guide');
    await screenshot(page, 'editor-details');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save Bot' }).click();
    await page.getByRole('tab', { name: 'Documents', selected: true }).waitFor(SLOW_STEP);
    expect(await page.getByRole('button', { name: 'Save Bot' }).isDisabled()).toBe(true);
    // The saved bot now has an address of its own.
    await page.waitForURL(/\/editor\/[^/]+$/);
  });

  it('uploads a document and shows it completed, live', async () => {
    await page.getByLabel('Upload documents', { exact: true }).setInputFiles(path.join(fileDir, 'museum-facts.txt'));
    await page.getByText('museum-facts.txt').first().waitFor();
    await page.getByText('Completed', { exact: true }).first().waitFor(SLOW_STEP);
    await screenshot(page, 'editor-documents');
    await expectAccessible(page);
  });

  it('crawls a page of a local website and lists it in the history', async () => {
    await page.getByRole('tab', { name: 'Website Url' }).click();
    const url = page.getByRole('textbox', { name: 'Website URL' });
    await url.fill('not a url');
    await page.getByText('Invalid URL', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Single page' }).isDisabled()).toBe(true);
    await url.fill('https://harbour-museum.example/visits');
    await page.getByText('Valid URL', { exact: true }).waitFor();
    // The test's site is on this machine: the field warns that such an address is private, and the
    // crawl still runs (this installation allows its own network).
    await url.fill(siteUrl);
    await page.getByText('Private address', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Single page' }).click();
    await page.getByText('Completed', { exact: true }).first().waitFor(SLOW_STEP);
    await page
      .getByText('$0.0000')
      .or(page.getByText(/\$\d+\.\d{4}/))
      .first()
      .waitFor();
    await screenshot(page, 'editor-website');
    await expectAccessible(page);
  });

  it('answers a test question from the document, with its citation', async () => {
    await page.getByRole('button', { name: 'Test Bot' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('How much does the guided boat tour cost?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog
      .getByText(/14 euros/)
      .first()
      .waitFor(SLOW_STEP);
    await dialog.getByText('Sources').waitFor(SLOW_STEP);
    await dialog
      .getByText(/museum-facts\.txt/)
      .first()
      .waitFor();
    // The owner rates the answer as a visitor would, and says what was wrong.
    const rated = page.waitForResponse(
      (response) => response.url().endsWith('/graphql') && response.request().postData()?.includes('rateAnswer') === true,
    );
    await dialog.getByRole('button', { name: 'Not helpful' }).click();
    expect(await (await rated).json()).toMatchObject({ data: { rateAnswer: { __typename: 'ChatLog', rating: 'DOWN' } } });
    await dialog.getByRole('textbox', { name: 'What was wrong? (optional)' }).fill('Say the children’s price too');
    await dialog.getByRole('textbox', { name: 'What was wrong? (optional)' }).press('Enter');
    await dialog.getByText('Thank you: this rating shows in your chat logs.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'editor-test-chat');
    // Why this answer: the passage it quoted, cited as [1], from the document, by the offline answerer.
    await dialog.getByRole('button', { name: 'Why this answer to “How much does the guided boat tour cost?”?' }).click();
    const why = page.getByRole('dialog', { name: 'Why this answer' });
    await why.getByText('Cited as [1]').first().waitFor(SLOW_STEP);
    await why.getByText('museum-facts.txt').first().waitFor();
    await why.getByText('The offline answerer (quotes from the knowledge, no model)').waitFor();
    await screenshot(page, 'editor-test-chat-why');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await why.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('deploys the bot and copies its HTML snippet', async () => {
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await page.getByText('Deployment Successful').waitFor(SLOW_STEP);
    await dialog.getByRole('button', { name: 'Copy HTML code' }).click();
    await page.getByText('Copied to Clipboard').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('widget.js');
    await screenshot(page, 'editor-deploy');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('opens the same bot again when its address is reloaded', async () => {
    const address = page.url();
    await page.reload();
    await page.getByRole('heading', { name: `Edit ${BOT_NAME}` }).waitFor();
    expect(page.url()).toBe(address);
    expect(await page.getByRole('textbox', { name: /^Bot name/ }).inputValue()).toBe(BOT_NAME);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByText('museum-facts.txt').first().waitFor();
    await screenshot(page, 'editor-reloaded');
  });

  it('lets a phone user edit and save the bot at 375 px, in English and in French', async () => {
    const editor = await phoneLike(browser, productUrl, page);
    const editAndSave = async (
      labels: { tabs: string[]; details: string; displayName: RegExp; chooseImage: string; save: string; saved: string },
      name: string,
      shot: string,
    ) => {
      await editor.goto(new URL(page.url()).pathname);
      const tabList = editor.getByRole('tablist');
      await tabList.waitFor();
      // The cut side of the tab row fades, so it shows that the row scrolls.
      await expect.poll(() => tabList.getAttribute('data-more-after')).toBe('true');
      expect(await tabList.evaluate((element) => getComputedStyle(element).maskImage)).toContain('linear-gradient');
      // Every tab label shows whole: none is cut by its own box, the list scrolls instead of the page.
      for (const label of labels.tabs) {
        const tab = editor.getByRole('tab', { name: label });
        await tab.scrollIntoViewIfNeeded();
        expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      }
      await expect.poll(() => tabList.getAttribute('data-more-before')).toBe('true');
      expect(await scrollsSideways(editor)).toBe(false);
      await editor.getByRole('tab', { name: labels.details }).click();
      await editor.getByRole('textbox', { name: labels.displayName }).fill(name);
      // The logo's and the icon's file pickers speak the page's language, not the browser's.
      expect(await editor.getByText(labels.chooseImage, { exact: true }).count()).toBe(2);
      // Saving moves on to the Documents tab: the details form is pictured before.
      await screenshot(editor, shot);
      await editor.getByRole('button', { name: labels.save }).click();
      const toast = editor.getByText(labels.saved);
      await toast.waitFor(SLOW_STEP);
      // The toast never covers the buttons the user reaches for next.
      const toastBox = (await toast.boundingBox())!;
      for (const button of await editor.getByRole('button', { name: new RegExp(`^(${labels.save}|Test|Tester|Deploy|Déployer)`) }).all()) {
        const box = await button.boundingBox();
        if (!box) continue;
        const overlaps =
          box.x < toastBox.x + toastBox.width &&
          toastBox.x < box.x + box.width &&
          box.y < toastBox.y + toastBox.height &&
          toastBox.y < box.y + box.height;
        expect(overlaps).toBe(false);
      }
      expect(await scrollsSideways(editor)).toBe(false);
    };

    await editAndSave(
      {
        tabs: ['Agent Use Case', 'Bot Details and Appearance', 'Documents', 'Website Url', 'Connections'],
        details: 'Bot Details and Appearance',
        displayName: /^Display name/,
        chooseImage: 'Choose an image',
        save: 'Save Bot',
        saved: 'Bot Saved Successfully',
      },
      'Harbour guide (phone)',
      'editor-details-en-375',
    );

    await editor.evaluate(() => localStorage.setItem('language', 'fr'));
    await editAndSave(
      {
        tabs: ["Cas d'usage de l'agent", 'Détails et apparence du bot', 'Documents', 'URL du site web', 'Connexions'],
        details: 'Détails et apparence du bot',
        displayName: /^Nom affiché/,
        chooseImage: 'Choisir une image',
        save: 'Enregistrer le bot',
        saved: 'Bot enregistré avec succès',
      },
      'Guide du port',
      'editor-details-fr-375',
    );
    await editor.getByRole('tab', { name: 'Documents' }).click();
    await editor.getByText('museum-facts.txt').first().waitFor();
    expect(await scrollsSideways(editor)).toBe(false);
    await screenshot(editor, 'editor-documents-fr-375');
    // The website tab, with each site's re-crawl schedule and Run now.
    await editor.getByRole('tab', { name: 'URL du site web' }).click();
    await editor
      .getByRole('button', { name: /^Lancer maintenant : explorer à nouveau/ })
      .first()
      .waitFor();
    expect(await scrollsSideways(editor)).toBe(false);
    await screenshot(editor, 'editor-website-fr-375');
    await expectAccessible(editor);
  });

  it('finds the test conversation in the chat logs filtered by this bot', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat logs' }).waitFor();
    await page.getByRole('combobox', { name: 'Filter by bot' }).selectOption({ label: BOT_NAME });
    await page.getByText('How much does the guided boat tour cost?').first().waitFor(SLOW_STEP);
    expect(await page.getByText('No conversations match these filters.').count()).toBe(0);
    await screenshot(page, 'logs-filtered-by-bot');
  });

  it('shows why a logged answer came out so, in French on a 375 px phone', async () => {
    const phone = await phoneLike(browser, productUrl, page);
    await phone.evaluate(() => localStorage.setItem('language', 'fr'));
    await phone.goto('/logs');
    await phone
      .getByRole('button', { name: 'Pourquoi cette réponse à « How much does the guided boat tour cost? » ?' })
      .first()
      .click(SLOW_STEP);
    const why = phone.getByRole('dialog', { name: 'Pourquoi cette réponse' });
    await why.getByText('Cité en [1]').first().waitFor(SLOW_STEP);
    await why.getByText('Passages fournis').waitFor();
    await screenshot(phone, 'logs-why-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await expectAccessible(phone);
  });

  it('signs out', async () => {
    await signOut(page);
    await page.getByRole('link', { name: 'Try demo', exact: true }).waitFor();
  });
});
