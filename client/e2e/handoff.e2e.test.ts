import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, phoneLike, screenshot, scrollsSideways, SLOW_STEP, STATE_WAIT } from './browser.ts';
import { newBotAs, signInAsDemoCustomer, watchSubscriptions } from './session.ts';

const productUrl = inject('productUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let bot: { id: string; name: string; widgetToken: string };

let subscribed: (subscription: string) => boolean;

const editorAddress = () => `/editor/${encodeURIComponent(btoa(`Bot:${bot.id}`))}`;

async function openHandoffTab(on: Page, tabName = 'Talk to a person') {
  await on.goto(editorAddress());
  await on.getByRole('tab', { name: tabName }).click();
  await on.getByRole('heading', { level: 2, name: tabName }).waitFor();
}

/** The waiting count the sidebar's Inbox entry says, 0 without its badge. */
async function waitingInMenu(): Promise<number> {
  const name =
    (await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Inbox/ })
      .textContent()) ?? '';
  return Number(/(\d+) waiting/.exec(name)?.[1] ?? 0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newVisitor(browser, productUrl));
  subscribed = watchSubscriptions(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('Talk to a person', () => {
  it('signs the demo customer in, with a bot of their own', async () => {
    await signInAsDemoCustomer(page);
    bot = await newBotAs(page, productUrl, `Handoff bot ${Date.now()}`);
  });

  it('turns it on in the editor with a wait, a time zone and opening hours, and keeps them after a reload', async () => {
    await openHandoffTab(page);
    await page.getByText(/Visitors see “Talk to a person”, and the bot offers a person when it cannot help/).waitFor();
    await page.getByText('Let visitors talk to a person').click();
    await page.getByRole('spinbutton', { name: 'Wait time (minutes)' }).fill('10');
    await page.getByRole('combobox', { name: 'When a person can answer' }).selectOption({ label: 'During opening hours' });
    await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Paris');
    await page.getByText('Monday', { exact: true }).click();
    await page.getByRole('button', { name: 'Add a second opening on Monday' }).click();
    await page.getByLabel('Monday, second opening: closes at').fill('18:30');
    await page.getByText('Saturday', { exact: true }).click();
    await page.getByLabel('Saturday: opens at').fill('10:00');
    await page.getByLabel('Saturday: closes at').fill('00:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Talk to a person saved').waitFor();
    await page.getByText(/^(Open|Closed) now$/).waitFor();
    await screenshot(page, 'handoff-settings');
    await expectAccessible(page);

    await page.reload();
    await page.getByRole('tab', { name: 'Talk to a person' }).click();
    expect(await page.getByRole('checkbox', { name: 'Let visitors talk to a person' }).isChecked()).toBe(true);
    expect(await page.getByRole('spinbutton', { name: 'Wait time (minutes)' }).inputValue()).toBe('10');
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/Paris');
    const times = async (day: string) => [
      await page.getByLabel(`${day}: opens at`).inputValue(),
      await page.getByLabel(`${day}: closes at`).inputValue(),
    ];
    expect(await times('Monday')).toEqual(['09:00', '12:00']);
    expect(await times('Monday, second opening')).toEqual(['14:00', '18:30']);
    expect(await times('Saturday')).toEqual(['10:00', '00:00']);
    expect(await page.getByRole('checkbox', { name: 'Sunday' }).isChecked()).toBe(false);

    const widget = (await (await fetch(`${productUrl}/api/v1/public/bots/settings/${bot.id}`)).json()) as { talk_to_person: boolean };
    expect(widget.talk_to_person).toBe(true);
  });

  it('shows the new section in French on a 375 px phone, accessible', async () => {
    const phone = await phoneLike(browser, productUrl, page);
    await phone.evaluate(() => localStorage.setItem('language', 'fr'));
    await openHandoffTab(phone, 'Parler à une personne');
    await phone.getByText('Horaires d’ouverture', { exact: true }).waitFor();
    expect(await phone.getByRole('checkbox', { name: 'lundi' }).isChecked()).toBe(true);
    await phone.getByLabel('lundi, seconde plage : ferme à').waitFor();
    await screenshot(phone, 'handoff-settings-fr-375');
    expect(await scrollsSideways(phone)).toBe(false);
    await expectAccessible(phone);
  });

  it('counts a visitor asking for a person in the menu, live, and opens the conversation an email links to', async () => {
    // At any hour, so the visitor waits in the chat whatever the time of the run.
    await openHandoffTab(page);
    await page.getByRole('combobox', { name: 'When a person can answer' }).selectOption({ label: 'At any hour' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Talk to a person saved').waitFor();
    await page.getByText('Open now', { exact: true }).waitFor();
    await expect.poll(() => subscribed('CustomerShellInboxSubscription'), STATE_WAIT).toBe(true);
    const before = await waitingInMenu();

    const session = await fetch(`${productUrl}/api/v1/public/bots/sessions/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot_id: bot.id, name: 'Grace Visitor', email: 'grace@example.com' }),
    });
    expect(session.status).toBe(201);
    const { session_token } = (await session.json()) as { session_token: string };
    const asked = await fetch(`${productUrl}/api/v1/public/bots/${bot.id}/talk-to-person?token=${bot.widgetToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_token }),
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    expect(((await asked.json()) as { status: string }).status).toBe('waiting');
    await expect.poll(waitingInMenu, SLOW_STEP).toBeGreaterThan(before);
    await screenshot(page, 'handoff-menu-badge');
    await expectAccessible(page);

    // The owner's email names the conversation by its database id.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Inbox/ })
      .click();
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Grace Visitor/ });
    await row.getByText('Waiting for a person').waitFor(SLOW_STEP);
    const conversationPath = (await row.getAttribute('href'))!;
    const databaseId = atob(decodeURIComponent(conversationPath.split('/').at(-1)!)).replace(/^Conversation:/, '');
    await page.goto(`/inbox?conversation=${encodeURIComponent(databaseId)}`);
    await page.waitForURL((url) => url.pathname === conversationPath);
    await page.getByRole('heading', { level: 2, name: 'Grace Visitor' }).waitFor();
    await page.getByText('The visitor asked for a person. Take over to answer.').waitFor();
    await screenshot(page, 'handoff-inbox-waiting');
    await expectAccessible(page);
  });
});
