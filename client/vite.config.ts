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

export default defineConfig({
  plugins: [react(), relay],
  resolve: {
    alias: [
      // The hooks API only: the app uses no legacy containers, and CommonJS cannot be tree-shaken.
      { find: /^react-relay$/, replacement: 'react-relay/hooks' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads which chunks each screen loads from it.
    manifest: true,
    rolldownOptions: {
      // Chakra's defineConfig returns its argument, but the bundler cannot always tell: when a
      // recipe is also imported outside the theme (ui/chakra/), the call building Chakra's default
      // theme was kept, and every recipe with it (19 KB gzip more in the first page).
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
  server: { proxy },
  preview: { proxy },
});
