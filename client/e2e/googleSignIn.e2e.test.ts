// Google sign-in as a browser goes through it, against the fake Google: the app lands signed in and
// no token ever shows in an address the browser navigated to, kept in history or sent as a Referer.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newVisitor } from './browser.ts';

const productUrl = inject('productUrl');
const fakes = inject('fakes');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('Google sign-in', () => {
  it('signs a new customer in with a clean address bar: no token in any address, history entry or Referer', async () => {
    const email = `google-e2e-${Date.now()}@example.org`;
    const consent = await fetch(`${fakes.googleUrl}/__fake/consent`, {
      method: 'POST',
      body: JSON.stringify({ account: { sub: `google-e2e-${Date.now()}`, email, name: 'Gwen Google', picture: '' } }),
    });
    expect(consent.ok).toBe(true);

    const { context, page } = await newVisitor(browser, productUrl);
    const addresses: string[] = [];
    const referers: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    context.on('request', (request) => {
      addresses.push(request.url());
      const referer = request.headers()['referer'];
      if (referer) referers.push(referer);
    });

    await page.goto('/?auth=signin');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).isVisible(), { timeout: 30_000 }).toBe(true);

    const { accessToken, refreshToken } = await page.evaluate(() => ({
      accessToken: localStorage.getItem('accessToken'),
      refreshToken: localStorage.getItem('refreshToken'),
    }));
    expect(accessToken).toBeTruthy();
    expect(refreshToken).toBeTruthy();
    expect(new URL(page.url()).search).toBe('');
    const seen = [...addresses, ...referers, page.url()];
    expect(seen.filter((address) => address.includes(accessToken!) || address.includes(refreshToken!))).toEqual([]);
    expect(seen.filter((address) => /[?&](token|refresh|access_token|refresh_token)=/.test(address))).toEqual([]);
    // The landing that redeemed the code replaced its own history entry: Back does not redeem again.
    expect(addresses.some((address) => address.endsWith('/?auth=google'))).toBe(true);
    await page.goBack();
    expect(new URL(page.url()).searchParams.get('auth')).not.toBe('google');
    await context.close();
  });
});
