import { defineConfig } from 'vite';

/**
 * Builds the page shown inside the widget's iframe: dist/embed-widget/index.html with its assets in
 * dist/embed-widget/assets (relative URLs, so the folder can be served under any path).
 * `npm run build` then runs vite.loader.config.ts, which adds dist/widget.js.
 * Also the config vitest reads: NODE_ENV is defined for builds only.
 */
export default defineConfig(({ command, mode }) => ({
  base: './',
  define: command === 'build' && mode !== 'test' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'embed-widget/assets',
    rollupOptions: {
      input: { 'embed-widget': 'embed-widget/index.html' },
    },
  },
}));
