// Prisma CLI configuration (Prisma 7: the database URL lives here, not in schema.prisma).
//
// DATABASE_URL selects the database for `prisma migrate ...`:
//   postgresql://user@host:5432/db      a real PostgreSQL server
//   postgresql://pglite/<absolute dir>  an embedded PGlite data directory (default: ./.data/pglite)
//   postgresql://pglite/memory          a throwaway in-memory PGlite
//
// The native schema engine cannot be downloaded here: PRISMA_SCHEMA_ENGINE_BINARY points the CLI
// at prisma/engine/schema-engine.mjs, which serves the same protocol with the WASM engine.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

const root = path.dirname(fileURLToPath(import.meta.url));

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(root, 'prisma/engine/schema-engine.mjs');

const defaultPgliteUrl = `postgresql://pglite${path.join(root, '.data/pglite')}`;

export default defineConfig({
  schema: path.join(root, 'prisma/schema.prisma'),
  migrations: { path: path.join(root, 'prisma/migrations') },
  datasource: { url: process.env.DATABASE_URL || defaultPgliteUrl },
});
