import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  newVisitor,
  PHONE,
  phoneLike,
  screenshot,
  scrollsSideways,
  seriousAccessibilityViolations,
  STATE_WAIT,
} from './browser.ts';
import { signIn } from './session.ts';

const productUrl = inject('productUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function visit(path: string, viewport?: typeof PHONE): Promise<Page> {
  const { page } = await newVisitor(browser, productUrl, viewport);
  await page.goto(path);
  return page;
}

describe('the public pages', () => {
  /** Each page with what shows it has rendered (not a spinner or an error). */
  const PUBLIC_PAGES = [
    {
      name: 'landing',
      path: '/',
      ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Build an AI chatbot for your business, no code needed' }),
    },
    { name: 'auth', path: '/?auth=signin', ready: (page: Page) => page.getByRole('heading', { name: 'Sign in to your account' }) },
    { name: 'auth-signup', path: '/?auth=signup', ready: (page: Page) => page.getByRole('heading', { name: 'Create your account' }) },
    { name: 'demo', path: '/demo', ready: (page: Page) => page.getByRole('button', { name: 'Use this bot' }).first() },
    { name: 'privacy-policy', path: '/privacy-policy', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
    { name: 'terms-of-service', path: '/terms-of-service', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
    { name: 'verify-email', path: '/verify-email', ready: (page: Page) => page.getByText('Oops! This verification link seems invalid.') },
    {
      name: 'verify-email-failed',
      path: '/verify-email?token=not-a-real-token',
      ready: (page: Page) => page.getByText('Verification failed. The link may have expired.'),
    },
    { name: 'payment-success', path: '/payment-success', ready: (page: Page) => page.getByRole('heading', { name: 'Payment Successful' }) },
    {
      name: 'payment-cancelled',
      path: '/payment-cancelled',
      ready: (page: Page) => page.getByRole('heading', { name: 'Payment Cancelled' }),
    },
    { name: 'not-found', path: '/no-such-page', ready: (page: Page) => page.getByRole('link', { name: 'Go to the home page' }) },
  ];

  it.each(PUBLIC_PAGES)('$path renders with no serious or critical accessibility violation', async ({ name, path, ready }) => {
    const page = await visit(path);
    await ready(page).waitFor();
    await screenshot(page, name);
    const violations = await seriousAccessibilityViolations(page);
    if (violations.length > 0) console.error(violations.join('\n\n'));
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('the landing’s chat preview answers a question after a pause, and ignores an empty one', async () => {
    const page = await visit('/');
    const question = page.getByRole('textbox', { name: 'Type a question…' });
    await question.press('Enter');
    await question.fill('Can it answer from my documents?');
    await question.press('Enter');
    await page.getByText('Can it answer from my documents?').waitFor();
    const cannedAnswers = [
      'I can answer your customers around the clock, from your own documents.',
      'Upload PDFs or crawl your website, and I learn from them in minutes.',
      'You can embed me on any website with a single snippet.',
      'Try the interactive demo to build a bot of your own in one hour, free.',
    ];
    await page.getByText(new RegExp(cannedAnswers.map((answer) => answer.replace(/[.,]/g, '\\$&')).join('|'))).waitFor();
    await page.context().close();
  });
});

describe('an address no page answers', () => {
  const NOT_FOUND = { en: ['404: page not found', 'Go to the home page'], fr: ['404 : page introuvable', "Aller à l'accueil"] } as const;

  /** The 404 page in `language` at `path`: the address stays, with a link to the home page. */
  async function expectNotFound(page: Page, path: string, language: keyof typeof NOT_FOUND): Promise<void> {
    const [title, home] = NOT_FOUND[language];
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('link', { name: home }).getAttribute('href')).toBe('/');
    expect(new URL(page.url()).pathname).toBe(path);
  }

  it('shows the 404 page to a visitor who is not signed in, in English and in French, and leads home', async () => {
    const { context, page } = await newVisitor(browser, productUrl);
    await page.goto('/no/such/page');
    await expectNotFound(page, '/no/such/page', 'en');
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/nulle-part');
    await expectNotFound(page, '/nulle-part', 'fr');
    await screenshot(page, 'not-found-signed-out-fr');
    await page.getByRole('link', { name: "Aller à l'accueil" }).click();
    await page.getByRole('heading', { level: 1, name: 'Créez un chatbot IA pour votre entreprise, sans code' }).waitFor();
    await context.close();
  });

  it('shows the 404 page to a signed-in customer too, on a desktop and on a 375 px phone, instead of the dashboard', async () => {
    const { context, page } = await newVisitor(browser, productUrl);
    await page.goto('/?auth=signin');
    await signIn(page, 'customer@example.com', 'customer-demo-2026');
    await page.goto('/no/such/page');
    await expectNotFound(page, '/no/such/page', 'en');
    await screenshot(page, 'not-found-signed-in');
    await expectAccessible(page);

    const phone = await phoneLike(browser, productUrl, page);
    await phone.goto('/dashboard/typo');
    await expectNotFound(phone, '/dashboard/typo', 'en');
    expect(await scrollsSideways(phone)).toBe(false);
    await screenshot(phone, 'not-found-signed-in-phone');
    await phone.evaluate(() => localStorage.setItem('language', 'fr'));
    await phone.reload();
    await expectNotFound(phone, '/dashboard/typo', 'fr');
    await screenshot(phone, 'not-found-signed-in-phone-fr');

    // The link home leads a signed-in customer on to their dashboard.
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });
});

describe('switching to French', () => {
  it('translates the landing and the dashboard, and the choice survives a reload', async () => {
    const { context, page } = await newVisitor(browser, productUrl);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
    await page.getByRole('heading', { level: 1, name: 'Créez un chatbot IA pour votre entreprise, sans code' }).waitFor();
    await page.getByRole('link', { name: 'Essayer la démo', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Se connecter' }).waitFor();
    await screenshot(page, 'landing-fr');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Se connecter' }).click();
    await signIn(page, 'customer@example.com', 'customer-demo-2026', 'Se connecter');
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Historique' }).count()).toBe(1);
    await screenshot(page, 'dashboard-fr');
    await expectAccessible(page);
    await context.close();
  });
});

describe('on a 375 px wide phone', () => {
  it('the landing fits the screen', async () => {
    const page = await visit('/', PHONE);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'landing-phone');
    await expectAccessible(page);
    await page.context().close();
  });

  it('the dashboard fits the screen, with the menu in a drawer', async () => {
    const page = await visit('/?auth=signin', PHONE);
    await signIn(page, 'customer@example.com', 'customer-demo-2026');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await expect.poll(() => scrollsSideways(page), STATE_WAIT).toBe(false);
    await screenshot(page, 'dashboard-phone');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Toggle sidebar (Ctrl/Cmd+B)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.getByRole('link', { name: 'Chatbots' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chatbots' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'chatbots-phone');
    await page.context().close();
  });
});
