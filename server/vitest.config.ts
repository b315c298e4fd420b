import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const resultsDir = process.env.TEST_RESULTS_DIR;
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS and ESM builds; Node (and so every dependency) loads the CommonJS one,
    // so the tests must too, or `instanceof GraphQLError` fails across the two copies.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports the server once for all its files: isolated, every file paid 4-5 s to import
    // it again (134 files). The files share no module state they rely on: each starts its own server
    // and database, and none mocks modules.
    isolate: false,
    reporters: resultsDir ? ['default', ['json', { outputFile: path.join(resultsDir, 'server.json') }]] : ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'pglite', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], env: { DATABASE_URL: '' } },
      },
      {
        // The same integration tests again on a real PostgreSQL server, each file in its own database.
        extends: true,
        test: { name: 'postgres', include: ['src/**/*.integration.test.ts'], env: { DATABASE_URL: postgresUrl } },
      },
    ],
  },
});
