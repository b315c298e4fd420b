import { defineConfig, type Alias } from 'vite';

/** The chat app is written against React's API and built with Preact's compat layer (~8 KB instead of ~69 KB). */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** The Fastify server (`npm start -w server`) answers the API and serves uploaded images during development. */
const backend = 'http://localhost:3000';

/**
 * Builds the chat app shown in the widget's iframe: dist/embed-widget/index.html with its assets in
 * dist/embed-widget/assets. `npm run build` then runs vite.loader.config.ts, which adds dist/widget.js.
 * Tests use vitest.config.ts.
 */
export default defineConfig({
  base: './',
  resolve: { alias: preactAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'embed-widget/assets',
    rolldownOptions: {
      input: { 'embed-widget': 'embed-widget/index.html' },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/static': { target: backend, changeOrigin: true },
    },
  },
});
