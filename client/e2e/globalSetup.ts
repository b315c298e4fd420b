import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startProductServer } from '../../scripts/e2e/productServer.ts';
import { startFakeGoogle } from '../../server/test/fakeGoogle.ts';
import { startFakeNotion } from '../../server/test/fakeNotion.ts';
import { startFakeWhatsApp } from '../../server/test/fakeWhatsApp.ts';

const builtClient = fileURLToPath(new URL('../dist/index.html', import.meta.url));

/** Where the fakes of Google, Notion and Meta listen, and the keys they accept. */
export interface Fakes {
  googleUrl: string;
  notionUrl: string;
  notionApiKey: string;
  whatsApp: { accessToken: string; phoneNumberId: string; displayDigits: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    productUrl: string;
    outboxDir: string;
    fakes: Fakes;
  }
}

/**
 * One product server for the whole run (booting it is the slow part), with the outside services
 * it connects to (Google, Notion, WhatsApp's Graph API) replaced by local fakes over HTTP.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(builtClient)) throw new Error('The client is not built: run `npm run build -w client` first.');
  const [google, notion, whatsApp] = await Promise.all([startFakeGoogle(), startFakeNotion(), startFakeWhatsApp()]);
  const product = await startProductServer({ ...google.environment, NOTION_API_URL: notion.url, WHATSAPP_API_URL: whatsApp.url });
  project.provide('productUrl', product.url);
  project.provide('outboxDir', product.outboxDir);
  project.provide('fakes', {
    googleUrl: google.url,
    notionUrl: notion.url,
    notionApiKey: notion.apiKey,
    whatsApp: { accessToken: whatsApp.accessToken, phoneNumberId: whatsApp.phoneNumberId, displayDigits: whatsApp.displayDigits },
  });
  return async () => {
    await product.stop();
    await Promise.all([google.close(), notion.close(), whatsApp.close()]);
  };
}
