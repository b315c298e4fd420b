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
