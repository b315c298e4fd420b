import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductServer, type ProductServer } from '../../scripts/e2e/productServer.ts';
import { seriousAccessibilityViolations } from '../../scripts/e2e/accessibility.ts';
import { startHostSite, type HostSite } from './hostSite.ts';
import { createBot, deploy, enableTalkToPerson, fullName, latestRatings, logIn, uploadDocument, waitForDocuments } from './productApi.ts';

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
/** Pictures of what visitors see, to look at after a run (not compared: kept out of git). */
const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots', import.meta.url));
const BUILT_FILES = ['../dist/widget.js', '../dist/embed-widget/index.html'].map((file) => fileURLToPath(new URL(file, import.meta.url)));

const FACT = 'The Zorbling Museum of Clocks opens its doors at 7:45 every Tuesday morning.';
const DOCUMENT = [
  'Visitor information for the Zorbling Museum of Clocks.',
  `Opening hours. ${FACT} On other days it opens at ten.`,
  'Tickets. Adults pay twelve francs; children under twelve enter free of charge.',
  'Accessibility. Every gallery can be reached by lift, and guide dogs are welcome.',
].join('\n\n');
const QUESTION = 'When does the Zorbling Museum of Clocks open on Tuesday?';
/** The owner's own answer to QUESTION, written from Needs attention after a visitor rated the bot's down. */
const OWNER_ANSWER = 'On Tuesdays we open at 7:45, and at ten on the other days. Sundays included.';
const THEME_RGB = 'rgb(225, 29, 72)';
/** expect.poll gives up after 1 s by default: page states get as long as Playwright's own waits. */
const STATE_WAIT = { timeout: 30_000 };

/** Page rules that would restyle and move any element they could reach. */
const HOSTILE_SITE_CSS =
  '* { position: static !important; background: lime !important; font-family: serif !important; } button, iframe { display: none !important; }';

function hostPage(snippet: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Zorbling Museum</title><link rel="stylesheet" href="/site.css"></head>
  <body>
    <h1>Welcome to the Zorbling Museum</h1>
    ${snippet}
  </body>
</html>`;
}

let product: ProductServer | undefined;
let site: HostSite | undefined;
let browser: Browser | undefined;
let page: Page;
let accessToken: string;
/** The museum bot, on the host site's first page. */
let museumBotId: string;
/** The French bot, on the host site's /fr page. */
let frenchBotId: string;
const cspViolations: string[] = [];

const DESKTOP = { width: 1280, height: 720 };
/** A small phone: the chat fills the screen. */
const PHONE = { width: 375, height: 667 };

async function openPage(path: string, viewport = DESKTOP): Promise<Page> {
  const opened = await browser!.newPage({ viewport });
  opened.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await opened.goto(`${site!.url}${path}`);
  return opened;
}

async function screenshot(on: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await on.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, animations: 'disabled' });
}

const bubbleOf = (on: Page) => on.locator('chatbot-widget button.bubble');

/** The chat app's frame once the visitor has opened the bubble. */
async function chatFrame(on: Page): Promise<Frame> {
  await on.locator('chatbot-widget iframe').waitFor();
  let frame: Frame | undefined;
  await expect.poll(() => (frame = on.frames().find((candidate) => candidate.url().includes('/embed-widget'))), STATE_WAIT).toBeDefined();
  await frame!.locator('#root > *').waitFor();
  return frame!;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}. The end-to-end test drives Debian's Chromium: install it with \`apt-get install -y chromium\`.`,
    );
  }
  if (!BUILT_FILES.every((file) => existsSync(file))) throw new Error('The widget is not built: run `npm run build -w widget` first.');

  product = await startProductServer();
  accessToken = await logIn(product.url, 'customer@example.com', 'customer-demo-2026');
  const botId = (museumBotId = await createBot(product.url, accessToken, {
    name: 'Museum bot',
    displayName: 'Museum helper',
    useCase: 'customer-support',
    description: 'Answers visitors’ questions about the Zorbling Museum of Clocks.',
    themeColor: '#e11d48',
    chatPosition: 'bottom-left',
  }));
  await uploadDocument(product.url, accessToken, botId, 'museum-facts.txt', DOCUMENT);
  await waitForDocuments(product.url, accessToken, botId);
  const snippet = await deploy(product.url, accessToken, botId);
  // A bot left in the default corner (bottom-right), where a phone's Send button is.
  const cornerBotId = await createBot(product.url, accessToken, {
    name: 'Corner bot',
    displayName: 'Corner helper',
    useCase: 'customer-support',
    description: 'Answers from the default corner.',
  });
  const cornerSnippet = await deploy(product.url, accessToken, cornerBotId);
  frenchBotId = await createBot(product.url, accessToken, {
    name: 'Bot du musée',
    displayName: 'Guide du musée',
    useCase: 'customer-support',
    description: 'Répond aux visiteurs du musée.',
    languageCode: 'fr',
  });
  const frenchSnippet = await deploy(product.url, accessToken, frenchBotId);

  site = await startHostSite(product.url, {
    '/': hostPage(snippet),
    '/no-token': hostPage(snippet.replace(/ data-token="[^"]*"/, '')),
    '/bottom-right': hostPage(cornerSnippet),
    '/fr': hostPage(frenchSnippet),
    '/site.css': HOSTILE_SITE_CSS,
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  page = await openPage('/');
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await product?.stop();
});

describe('the deploy snippet pasted into a page of another origin', () => {
  it('draws only a bubble, bottom-left in the theme colour, untouched by the page’s styles and within its CSP', async () => {
    const bubble = bubbleOf(page);
    await bubble.waitFor();
    const box = (await bubble.boundingBox())!;
    expect(box.x).toBeCloseTo(20, 0);
    expect(box.y + box.height).toBeCloseTo(700, 0);
    expect(await bubble.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(THEME_RGB);
    expect(await bubble.getAttribute('aria-label')).toBe('Open chat');
    expect(await page.evaluate(() => [...document.body.children].map((child) => child.localName))).toEqual([
      'h1',
      'script',
      'chatbot-widget',
    ]);
    expect(await page.locator('chatbot-widget iframe').count()).toBe(0);
    expect(cspViolations).toEqual([]);
  });

  it('opens the chat, focused, and answers a question with a streamed, cited quote from the document', async () => {
    await bubbleOf(page).click();
    const chat = await chatFrame(page);
    await chat.getByText('Hello! How can I help you today?').waitFor();
    expect(await chat.getByRole('heading', { level: 1 }).textContent()).toBe('Museum helper');
    const input = chat.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => input.evaluate((element) => element === document.activeElement), STATE_WAIT).toBe(true);

    const answer = page.waitForResponse((response) => response.url().includes('/chat?token='));
    await input.fill(QUESTION);
    await input.press('Enter');
    expect((await answer).headers()['content-type']).toContain('text/event-stream');

    const reply = chat.locator('.messages > .from-bot').last();
    await reply.locator('.sources').waitFor();
    expect(await reply.locator('blockquote').allTextContents()).toContainEqual(`${FACT} [1]`);
    expect(await reply.locator('.sources').textContent()).toContain('museum-facts.txt');
    expect(await chat.getByRole('status').textContent()).toContain(FACT);
    expect(cspViolations).toEqual([]);
    await screenshot(page, 'widget-answer');
  });

  it('closes on Escape and hands focus back to the bubble', async () => {
    const chat = await chatFrame(page);
    await chat.getByRole('textbox', { name: 'Message' }).press('Escape');
    await page.locator('chatbot-widget iframe').waitFor({ state: 'hidden' });
    await expect
      .poll(() => bubbleOf(page).evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element), STATE_WAIT)
      .toBe(true);
    expect(await bubbleOf(page).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the conversation again after a reload, the answer with its sources', async () => {
    await page.reload();
    await bubbleOf(page).click();
    const chat = await chatFrame(page);
    await chat.getByText(QUESTION).waitFor();
    const reply = chat.locator('.messages > .from-bot').last();
    expect(await reply.locator('blockquote').allTextContents()).toContainEqual(`${FACT} [1]`);
    expect(await reply.getByRole('list', { name: 'Sources' }).textContent()).toContain('[1] museum-facts.txt');
    expect(await chat.getByText('Hello! How can I help you today?').count()).toBe(0);
    await screenshot(page, 'widget-reloaded');
  });

  it('lets the visitor rate the answer down with a line the owner reads, kept after a reload', async () => {
    let chat = await chatFrame(page);
    let reply = chat.locator('.messages > .from-bot').last();
    const rated = page.waitForResponse((response) => response.url().includes('/rating?token=') && response.request().method() === 'POST');
    await reply.getByRole('button', { name: 'Not helpful' }).click();
    expect((await rated).status()).toBe(200);
    const commented = page.waitForResponse((response) => response.url().includes('/rating?token='));
    await reply.getByRole('textbox', { name: 'What was wrong? (optional)' }).fill('Say the Sunday hours too');
    await reply.getByRole('button', { name: 'Send' }).click();
    expect((await commented).status()).toBe(200);
    await reply.getByText('Thank you for your feedback.').waitFor();
    await screenshot(page, 'widget-rated');
    expect((await latestRatings(product!.url, accessToken))[0]).toEqual({ rating: 'DOWN', ratingComment: 'Say the Sunday hours too' });

    await page.reload();
    await bubbleOf(page).click();
    chat = await chatFrame(page);
    reply = chat.locator('.messages > .from-bot').last();
    await expect.poll(() => reply.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed'), STATE_WAIT).toBe('true');
    expect(cspViolations).toEqual([]);
  });

  it('lets the owner write the right answer from Needs attention, and the next visitor asking it gets that answer', async () => {
    const dashboard = await browser!.newPage({ viewport: DESKTOP, baseURL: product!.url });
    await dashboard.goto('/?auth=signin');
    await dashboard.getByRole('button', { name: 'Demo customer account' }).click();
    await dashboard.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dashboard.waitForURL('**/dashboard');
    await dashboard.goto('/needs-attention');
    const rated = dashboard.getByRole('heading', { level: 2, name: QUESTION });
    await rated.waitFor();
    await dashboard.getByRole('button', { name: `Write the right answer to “${QUESTION}”` }).click();
    const dialog = dashboard.getByRole('dialog', { name: 'Write the right answer' });
    await dialog.getByText(FACT).first().waitFor();
    await dialog.getByRole('textbox', { name: /The right answer/ }).fill(OWNER_ANSWER);
    await screenshot(dashboard, 'needs-attention-write-answer');
    await dialog.getByRole('button', { name: 'Save the answer' }).click();
    await rated.waitFor({ state: 'detached' });
    await dashboard.close();

    const visitor = await openPage('/');
    await bubbleOf(visitor).click();
    const chat = await chatFrame(visitor);
    await chat.getByRole('textbox', { name: 'Message' }).fill('On Tuesdays, when does the Zorbling Museum of Clocks open?');
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = chat.locator('.messages > .from-bot').nth(1);
    await reply.getByText(OWNER_ANSWER).waitFor();
    await screenshot(visitor, 'widget-owner-answer');
    expect(cspViolations).toEqual([]);
    await visitor.close();
  });

  it('shows the configuration error inside the iframe when the snippet lacks data-token', async () => {
    const noToken = await openPage('/no-token');
    await bubbleOf(noToken).click();
    const chat = await chatFrame(noToken);
    await chat.getByRole('heading', { name: 'Configuration Error' }).waitFor();
    expect(await chat.getByText('Bot ID or token missing from URL parameters').count()).toBe(1);
    expect(cspViolations).toEqual([]);
    await noToken.close();
  });

  it('serves the versioned loader for a day, revalidated by ETag, and the chat app’s hashed assets for good', async () => {
    const loader = await fetch(`${product!.url}/widget.js?v=1`);
    expect(loader.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = loader.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await fetch(`${product!.url}/widget.js?v=1`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const chatPage = await fetch(`${product!.url}/embed-widget`);
    expect(chatPage.headers.get('cache-control')).toBe('no-cache');
    // Framed by customers' sites, any of them, as the tests above do from another origin.
    expect(chatPage.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const script = /src="\.\.\/embed-widget\/(assets\/[^"]+\.js)"/.exec(await chatPage.text())![1];
    const asset = await fetch(`${product!.url}/embed-widget/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('on a 375 px phone', () => {
  it('fills the screen with the chat, keeps the bubble off its Send button, and sends on a tap of Send', async () => {
    const phone = await openPage('/bottom-right', PHONE);
    await bubbleOf(phone).click();
    const chat = await chatFrame(phone);
    await chat.getByText('Hello! How can I help you today?').waitFor();
    await chat.getByRole('textbox', { name: 'Message' }).fill('Are you open on Sundays?');
    const [sent] = await Promise.all([
      phone.waitForResponse((response) => response.url().includes('/chat?token=')),
      // A real click: it fails when anything covers the button.
      chat.getByRole('button', { name: 'Send message' }).click({ timeout: 10_000 }),
    ]);
    expect(sent.status()).toBe(200);
    await chat.locator('.messages > .from-user').getByText('Are you open on Sundays?').waitFor();
    await chat.locator('.messages > .from-bot').nth(1).locator('.message-text').waitFor();
    await screenshot(phone, 'widget-phone');

    await chat.getByRole('button', { name: 'Close chat' }).click();
    await phone.locator('chatbot-widget iframe').waitFor({ state: 'hidden' });
    await bubbleOf(phone).waitFor({ state: 'visible' });
    await phone.close();
  });
});

describe('a bot whose language is French', () => {
  it('speaks French in the bubble, the chat’s own texts and its answer', async () => {
    const french = await openPage('/fr');
    expect(await bubbleOf(french).getAttribute('aria-label')).toBe('Ouvrir le chat');
    await bubbleOf(french).click();
    expect(await bubbleOf(french).getAttribute('aria-label')).toBe('Fermer le chat');
    const chat = await chatFrame(french);
    await chat.getByText('Bonjour ! Comment puis-je vous aider aujourd’hui ?').waitFor();
    expect(await chat.locator('html').getAttribute('lang')).toBe('fr');
    const input = chat.getByRole('textbox', { name: 'Message' });
    expect(await input.getAttribute('placeholder')).toBe('Écrivez votre message...');
    expect(await chat.getByRole('button', { name: 'Fermer le chat' }).count()).toBe(1);

    await input.fill('Êtes-vous ouverts le dimanche ?');
    await chat.getByRole('button', { name: 'Envoyer le message' }).click();
    const reply = chat.locator('.messages > .from-bot').nth(1).locator('.message-text');
    await reply.waitFor();
    expect(await reply.textContent()).toContain('Je n’ai pas trouvé d’information');
    await screenshot(french, 'widget-french');
    await french.close();
  });
});

describe('a visitor asking for a person', () => {
  const REPLY = 'Hello, I am at the front desk: guide dogs are welcome in every gallery.';
  const FOLLOW_UP = 'Wonderful, thank you!';

  it('reaches the owner’s inbox; the owner takes over and both write live; given back, the bot answers again', async () => {
    await enableTalkToPerson(product!.url, accessToken, museumBotId);
    const ownerName = await fullName(product!.url, accessToken);
    // Two browsers' worth of state: the visitor on the museum's site, the owner in the product.
    const visitorContext = await browser!.newContext({ viewport: DESKTOP });
    const ownerContext = await browser!.newContext({ viewport: DESKTOP, baseURL: product!.url });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`${site!.url}/`);
      await bubbleOf(visitor).click();
      const chat = await chatFrame(visitor);
      await chat.getByRole('button', { name: 'Talk to a person' }).click();
      const messages = chat.locator('.messages');
      await messages.getByText("I've asked a person from the team to join.", { exact: false }).waitFor();
      await chat.getByText('Waiting for a person from the team…').first().waitFor();
      expect(await chat.getByRole('button', { name: 'Talk to a person' }).count()).toBe(0);
      await screenshot(visitor, 'widget-waiting-for-person');

      const owner = await ownerContext.newPage();
      await owner.goto('/?auth=signin');
      await owner.getByRole('button', { name: 'Demo customer account' }).click();
      await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
      await owner.waitForURL('**/dashboard');
      await owner.goto('/inbox');
      await owner.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'Needs a person' });
      const waiting = owner.getByRole('list', { name: 'Conversations' }).getByRole('link');
      await expect.poll(() => waiting.count(), STATE_WAIT).toBe(1);
      await waiting.getByText('Waiting for a person').waitFor();
      await waiting.click();
      const transcript = owner.getByRole('log', { name: 'Conversation' });
      await transcript.getByText("I've asked a person from the team to join.", { exact: false }).waitFor();
      await owner.getByRole('button', { name: 'Take over' }).click();
      await owner.getByRole('textbox', { name: 'Your reply' }).fill(REPLY);
      await owner.getByRole('button', { name: 'Send' }).click();
      await transcript.getByText(REPLY).waitFor();

      // The visitor sees the person join and their reply without reloading.
      await messages.getByText(`${ownerName} joined the conversation`).waitFor();
      await messages.getByText(REPLY).waitFor();
      await screenshot(visitor, 'widget-person-replied');
      await chat.getByRole('textbox', { name: 'Message' }).fill(FOLLOW_UP);
      await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
      await transcript.getByText(FOLLOW_UP).waitFor();
      await screenshot(owner, 'inbox-person-conversation');

      await owner.getByRole('button', { name: 'Give back to the bot' }).click();
      await messages.getByText("You're chatting with the assistant again.").waitFor();
      await chat.getByRole('textbox', { name: 'Message' }).fill(QUESTION);
      await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
      await chat.locator('.messages > .from-bot').last().getByText('7:45', { exact: false }).first().waitFor();
      await transcript.getByText(QUESTION).last().waitFor();
      await screenshot(visitor, 'widget-back-to-bot');
      expect(cspViolations).toEqual([]);
    } finally {
      await visitorContext.close();
      await ownerContext.close();
    }
  });
});

describe('a French visitor asking for a person on a 375 px phone', () => {
  it('is answered in French, waits with the notice in view, and the chat stays accessible', async () => {
    await enableTalkToPerson(product!.url, accessToken, frenchBotId);
    const phone = await openPage('/fr', PHONE);
    await bubbleOf(phone).click();
    const chat = await chatFrame(phone);
    await chat.getByRole('button', { name: 'Parler à une personne' }).waitFor();
    const input = chat.getByRole('textbox', { name: 'Message' });
    await input.fill('Je voudrais parler à une personne');
    await chat.getByRole('button', { name: 'Envoyer le message' }).click();
    await chat.locator('.messages').getByText('J’ai demandé à une personne de l’équipe de vous rejoindre.', { exact: false }).waitFor();
    await chat.getByText('En attente d’une personne de l’équipe…').first().waitFor();
    expect(await chat.getByRole('button', { name: 'Parler à une personne' }).count()).toBe(0);
    await screenshot(phone, 'widget-person-fr-375');
    expect(await seriousAccessibilityViolations(chat)).toEqual([]);
    expect(cspViolations).toEqual([]);
    await phone.close();
  });
});
