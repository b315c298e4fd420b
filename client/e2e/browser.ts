import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { seriousAccessibilityViolations } from '../../scripts/e2e/accessibility.ts';

export { seriousAccessibilityViolations };

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots', import.meta.url));

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };
/** expect.poll gives up after 1 s by default: page states get as long as Playwright's own waits. */
export const STATE_WAIT = { timeout: 30_000 };
/** Playwright's waits, for steps the server takes a while over (indexing, crawling, answering). */
export const SLOW_STEP = { timeout: 60_000 };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}. The end-to-end tests drive Debian's Chromium: install it with \`apt-get install -y chromium\`.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh visitor: its own storage (tokens, language, demo session), at the product's address. */
export async function newVisitor(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  journalOf(page, `${viewport.width} px`);
  return { context, page };
}

/**
 * A 375 px visitor holding `signedIn`'s storage (tokens, language), for the current test only: closed
 * once the test has finished, after a failure report has read its screen.
 */
export async function phoneLike(browser: Browser, baseURL: string, signedIn: Page): Promise<Page> {
  const phone = await newVisitor(browser, baseURL, PHONE);
  onTestFinished(() => phone.context.close());
  const storage = await signedIn.evaluate(() => Object.entries(localStorage));
  await phone.page.goto('/');
  await phone.page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), storage);
  return phone.page;
}

/** What the visitors' pages met during the current test: printed when it fails (see reportFailures.ts). */
const journal: string[] = [];
const openPages = new Map<Page, string>();
const JOURNAL_LINES = 60;

function note(label: string, line: string): void {
  journal.push(`${new Date().toISOString().slice(11, 23)} [${label}] ${line}`);
  if (journal.length > JOURNAL_LINES) journal.shift();
}

/** Keeps the page's errors, refused requests and navigations in the journal, even after it closes. */
function journalOf(page: Page, label: string): void {
  openPages.set(page, label);
  page.on('close', () => openPages.delete(page));
  page.on('pageerror', (error) => note(label, `page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(label, `console error: ${message.text().slice(0, 300)}`);
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(`[${label}] ${page.url()}: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // A navigation cancels the previous page's requests: not worth a line.
    const reason = request.failure()?.errorText;
    if (reason !== 'net::ERR_ABORTED') note(label, `request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) note(label, `HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(label, `at ${frame.url()}`);
  });
}

export function clearJournal(): void {
  journal.length = 0;
}

/** What the server's Content-Security-Policy refused in the visitors' pages (Chromium says so in the console). */
const policyViolations: string[] = [];

/** The policy violations met since the last call: each test expects none (see reportFailures.ts). */
export function takePolicyViolations(): string[] {
  return policyViolations.splice(0);
}

/** The journal and what each open page shows, for a failed test's log. */
export async function failureReport(): Promise<string> {
  const screens = await Promise.all(
    [...openPages].map(async ([page, label]) => {
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: Error) => `(unreadable: ${error.message})`);
      return `[${label}] ${page.url()} shows:\n${text.slice(0, 1_500)}`;
    }),
  );
  return ['What the pages met during the test:', ...journal, ...screens].join('\n');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  // Transitions end first: a button enabled a moment ago is pictured as it stays, not half faded.
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** True when the page is wider than the viewport (a horizontal scroll bar on a phone). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
