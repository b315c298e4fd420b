import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config.ts';

const resultsDir = process.env.TEST_RESULTS_DIR;

export default defineConfig({
  resolve: { alias: preactAliases },
  test: {
    reporters: resultsDir ? ['default', ['json', { outputFile: path.join(resultsDir, 'widget.json') }]] : ['default'],
    projects: [
      {
        extends: true,
        resolve: { mainFields: ['module', 'main'] },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          // Inlined, from its ES module build, so the preact aliases apply inside it too.
          server: { deps: { inline: ['@testing-library/react'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          // Booting the real server (PGlite, migrations, seed) and indexing a document take most of it.
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
