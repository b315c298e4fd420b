import path from 'node:path';
import { defineConfig } from 'vitest/config';

const resultsDir = process.env.TEST_RESULTS_DIR;

/** The end-to-end suite: the built client served by the real server, driven in Debian's headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/globalSetup.ts'],
    setupFiles: ['./e2e/reportFailures.ts'],
    // One server and one browser at a time: the machines have two cores.
    fileParallelism: false,
    testTimeout: 180_000,
    // Booting the real server (PGlite, migrations, seed) and Chromium take most of it.
    hookTimeout: 180_000,
    reporters: resultsDir ? ['default', ['json', { outputFile: path.join(resultsDir, 'client-e2e.json') }]] : ['default'],
  },
});
