import type { TestProject } from 'vitest/node';
import { startProductServer } from './productServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    productUrl: string;
    outboxDir: string;
  }
}

/** One product server for the whole run: booting it (PGlite, migrations, seed) is the slow part. */
export default async function setup(project: TestProject) {
  const product = await startProductServer();
  project.provide('productUrl', product.url);
  project.provide('outboxDir', product.outboxDir);
  return () => product.stop();
}
