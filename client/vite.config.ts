import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import relay from 'vite-plugin-relay';

/** The Fastify server (`npm start -w server`) during development. */
const backend = 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: backend, changeOrigin: true },
  '/graphql': { target: backend, changeOrigin: true, ws: true },
  '/static': { target: backend, changeOrigin: true },
};

/**
 * Chakra's component recipes one by one (its package only exports them all together), so the
 * theme ships only the recipes the app uses. tsconfig.json maps the same name to their types.
 */
const chakraRecipes = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/theme/recipes',
);

export default defineConfig({
  plugins: [react(), relay],
  resolve: {
    alias: [
      { find: /^chakra-recipes\/(.*)$/, replacement: `${chakraRecipes}/$1.js` },
      // The hooks API only: the app uses no legacy containers, and CommonJS cannot be tree-shaken.
      { find: /^react-relay$/, replacement: 'react-relay/hooks' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads which chunks each screen loads from it.
    manifest: true,
  },
  server: { proxy },
  preview: { proxy },
});
