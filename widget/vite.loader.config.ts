import { defineConfig } from 'vite';

/** Builds the embed loader alone: dist/widget.js, one self-contained IIFE (no chunks, no CSS file). */
export default defineConfig({
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    // Runs after vite.config.ts's build, which emptied dist and wrote dist/embed-widget.
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: 'src/loader/main.ts',
      name: 'ChatbotWidgetLoader',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
});
