import path from 'node:path';
import { defineConfig } from 'vitest/config';

const resultsDir = process.env.TEST_RESULTS_DIR;

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    reporters: resultsDir ? ['default', ['json', { outputFile: path.join(resultsDir, 'common.json') }]] : ['default'],
  },
});
