import path from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const resultsDir = process.env.TEST_RESULTS_DIR;

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      testTimeout: 20_000,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      reporters: resultsDir ? ['default', ['json', { outputFile: path.join(resultsDir, 'client.json') }]] : ['default'],
    },
  }),
);
