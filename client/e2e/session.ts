import type { Page } from 'playwright-core';

/** Signs in through the auth view the page shows, and waits for where it lands (the dashboard by default). */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  submitLabel = 'Sign in',
  landing = '**/dashboard',
): Promise<void> {
  await page.getByRole('textbox', { name: /^(Email|E-mail|Adresse e-mail)/ }).fill(email);
  await page.getByLabel(/^(Password|Mot de passe)/).fill(password);
  await page.getByRole('button', { name: submitLabel, exact: true }).click();
  await page.waitForURL(landing);
}

export async function signOut(page: Page, label = 'Sign out'): Promise<void> {
  await page.getByRole('button', { name: label }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs the demo customer in from the landing's auth view, as a visitor trying the product does. */
export async function signInAsDemoCustomer(page: Page): Promise<void> {
  await page.goto('/?auth=signin');
  await page.getByRole('button', { name: 'Demo customer account' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/** A REST call of the product's API with the signed-in page's access token, as the page itself would make it. */
export async function apiAs(page: Page, productUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  return fetch(`${productUrl}/api/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
  });
}

/** A new bot of the signed-in customer, named `name`, through REST. */
export async function newBotAs(page: Page, productUrl: string, name: string): Promise<{ id: string; name: string; widgetToken: string }> {
  const saved = await apiAs(page, productUrl, '/bots/save', {
    method: 'POST',
    body: JSON.stringify({ name, displayName: name, useCase: 'customer-support', description: 'Answers questions about orders.' }),
  });
  if (saved.status !== 201) throw new Error(`bot creation failed: ${await saved.text()}`);
  return (await saved.json()) as { id: string; name: string; widgetToken: string };
}

/** Whether the page has asked the server for `subscription` over its graphql-ws socket (watched from its first). */
export function watchSubscriptions(watched: Page): (subscription: string) => boolean {
  const sent: string[] = [];
  watched.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload))));
  return (subscription) => sent.some((payload) => payload.includes('"subscribe"') && payload.includes(subscription));
}
