import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newVisitor, screenshot, STATE_WAIT } from './browser.ts';

const productUrl = inject('productUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('GraphiQL at /graphql', () => {
  it('loads and introspects the schema with every other host unreachable', async () => {
    const { context, page } = await newVisitor(browser, productUrl);
    const productOrigin = new URL(productUrl).origin;
    const refused: string[] = [];
    // The network unplugged: only the product itself (and the page's own blob: workers) answer.
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === productOrigin || url.protocol === 'blob:' || url.protocol === 'data:') return route.continue();
      refused.push(url.href);
      return route.abort('internetdisconnected');
    });
    const introspected = page.waitForResponse(
      (response) => response.url().startsWith(`${productOrigin}/graphql`) && response.request().method() === 'POST',
    );
    await page.goto('/graphql', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('.graphiql-container').count(), STATE_WAIT).toBeGreaterThan(0);
    expect((await introspected).status()).toBe(200);
    expect(await page.getByText(/Loading .*…/).count()).toBe(0);
    await screenshot(page, 'graphiql-offline');
    expect(refused).toEqual([]);
    await context.close();
  });
});
