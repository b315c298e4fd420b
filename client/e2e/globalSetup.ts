import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startProductServer } from '../../scripts/e2e/productServer.ts';

const builtClient = fileURLToPath(new URL('../dist/index.html', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    productUrl: string;
    outboxDir: string;
  }
}

/** One product server for the whole run: booting it (PGlite, migrations, seed) is the slow part. */
export default async function setup(project: TestProject) {
  if (!existsSync(builtClient)) throw new Error('The client is not built: run `npm run build -w client` first.');
  const product = await startProductServer();
  project.provide('productUrl', product.url);
  project.provide('outboxDir', product.outboxDir);
  return () => product.stop();
}
