import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, phoneLike, screenshot, scrollsSideways, SLOW_STEP, STATE_WAIT } from './browser.ts';
import { apiAs, newBotAs, signInAsDemoCustomer, watchSubscriptions } from './session.ts';

const productUrl = inject('productUrl');

const VISITOR = `Ada Visitor ${Date.now()}`;
const QUESTION = 'Can a person tell me when my order ships?';
const REPLY = 'Hello Ada, I am here: your order ships tomorrow.';
const FOLLOW_UP = 'Thank you, that is all I needed.';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let bot: { id: string; name: string; widgetToken: string };
let sessionToken: string;
let ownerName: string;

/** The widget's REST calls, as a visitor's browser on another site makes them. */
async function visitorSays(message: string): Promise<void> {
  const answer = await fetch(`${productUrl}/api/v1/public/bots/${bot.id}/chat?token=${bot.widgetToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, session_token: sessionToken }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

let subscribed: (subscription: string) => boolean;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser, productUrl));
  subscribed = watchSubscriptions(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the inbox', () => {
  it('signs the demo customer in, with a bot of their own on the widget', async () => {
    await signInAsDemoCustomer(page);
    bot = await newBotAs(page, productUrl, `Inbox bot ${Date.now()}`);
    ownerName = ((await (await apiAs(page, productUrl, '/users/me')).json()) as { full_name: string }).full_name;
  });

  it('shows a new visitor’s conversation as it starts, without a reload', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.getByText('Choose a conversation to read it and answer.').waitFor();
    await expect.poll(() => subscribed('InboxListChangesSubscription'), STATE_WAIT).toBe(true);

    const session = await fetch(`${productUrl}/api/v1/public/bots/sessions/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot_id: bot.id, name: VISITOR, email: 'ada@example.com' }),
    });
    expect(session.status).toBe(201);
    sessionToken = ((await session.json()) as { session_token: string }).session_token;
    await visitorSays(QUESTION);

    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(VISITOR) });
    await row.waitFor(SLOW_STEP);
    await row.getByText(bot.name).waitFor();
    await row.getByText('Bot', { exact: true }).waitFor();
    await row.getByText('Website').waitFor();
    await screenshot(page, 'inbox');
    await expectAccessible(page);
  });

  it('opens the conversation, takes it over and replies; the visitor’s chat history has the reply', async () => {
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(VISITOR) })
      .click();
    await page.waitForURL(/\/inbox\/[^/]+$/);
    const panel = page.getByRole('region', { name: VISITOR });
    await panel.getByRole('heading', { level: 2, name: VISITOR }).waitFor();
    await panel.getByText('ada@example.com').waitFor();
    const transcript = panel.getByRole('log', { name: 'Conversation' });
    await transcript.getByText(QUESTION).waitFor();
    await transcript.getByText(/^Bot · /).waitFor();

    await panel.getByRole('button', { name: 'Take over' }).click();
    await panel.getByText('You answer this visitor; the bot stays silent.').waitFor();
    await panel.getByRole('textbox', { name: 'Your reply' }).fill(REPLY);
    await panel.getByRole('button', { name: 'Send' }).click();
    await transcript.getByText(REPLY).waitFor();
    await transcript.getByText(new RegExp(`^${ownerName} · `)).waitFor();
    expect(await panel.getByRole('textbox', { name: 'Your reply' }).inputValue()).toBe('');

    const history = await fetch(`${productUrl}/api/v1/public/bots/${bot.id}/chat-history?session_token=${sessionToken}`);
    expect(history.status).toBe(200);
    const entries = (await history.json()) as { text: string; role: string }[];
    expect(entries.at(-1)).toMatchObject({ text: REPLY, role: 'agent' });

    // The visitor writes back: the bot stays silent, and the message arrives in the open transcript.
    await expect.poll(() => subscribed('ConversationTranscriptChangesSubscription'), STATE_WAIT).toBe(true);
    await visitorSays(FOLLOW_UP);
    await transcript.getByText(FOLLOW_UP).waitFor(SLOW_STEP);
    await screenshot(page, 'inbox-conversation');
    await expectAccessible(page);
  });

  it('shows the inbox in French on a 375 px phone: the list, then the conversation with its way back', async () => {
    const phone = await phoneLike(browser, productUrl, page);
    await phone.evaluate(() => localStorage.setItem('language', 'fr'));
    await phone.goto('/inbox');
    await phone.getByRole('heading', { level: 1, name: 'Boîte de réception' }).waitFor();
    const row = phone.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(VISITOR) });
    await row.getByText('Vous', { exact: true }).waitFor();
    await phone.getByRole('combobox', { name: 'Filtrer par statut' }).waitFor();
    expect(await phone.getByText('Choisissez une conversation pour la lire et répondre.').isVisible()).toBe(false);
    await screenshot(phone, 'inbox-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await expectAccessible(phone);

    await row.click();
    const panel = phone.getByRole('region', { name: VISITOR });
    await panel.getByRole('log', { name: 'Conversation' }).getByText(FOLLOW_UP).waitFor();
    await panel.getByRole('button', { name: 'Rendre au bot' }).waitFor();
    expect(await phone.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
    await screenshot(phone, 'inbox-conversation-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await expectAccessible(phone);

    await panel.getByRole('link', { name: 'Toutes les conversations' }).click();
    await phone.waitForURL((url) => url.pathname === '/inbox');
    await phone.getByRole('list', { name: 'Conversations' }).waitFor();
  });

  it('gives the conversation back to the bot, and closes it', async () => {
    const panel = page.getByRole('region', { name: VISITOR });
    await panel.getByRole('button', { name: 'Give back to the bot' }).click();
    await panel.getByText('The bot answers this visitor.').waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.getByText('This conversation is closed. Take it over to write again.').waitFor();
    expect(await panel.getByRole('textbox', { name: 'Your reply' }).isDisabled()).toBe(true);
  });
});
