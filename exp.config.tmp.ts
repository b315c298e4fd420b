import { defineConfig } from 'prisma/config';
process.env.PRISMA_SCHEMA_ENGINE_BINARY = '/work/main/prisma/engine/schema-engine.mjs';
export default defineConfig({ schema: '/tmp/exp/schema.prisma', migrations: { path: '/tmp/exp/mig3' }, datasource: { url: process.env.DATABASE_URL! } });
