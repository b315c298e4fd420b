// `npm run test:cluster`: the cluster tests, apart from the main suite (they start real processes on
// the machine's PostgreSQL and Redis and need the compiled server). One file, one cluster, one fork.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const resultsDir = process.env.TEST_RESULTS_DIR;

export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['test/cluster/**/*.cluster-test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: resultsDir ? ['default', ['json', { outputFile: path.join(resultsDir, 'server-cluster.json') }]] : ['default'],
  },
});
