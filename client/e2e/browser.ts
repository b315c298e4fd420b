import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

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
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
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
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core in the page and returns its serious and critical violations, printable. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}) on ${page.url()}:\n` +
        violation.nodes.map((node) => `  ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
    );
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** True when the page is wider than the viewport (a horizontal scroll bar on a phone). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
