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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { proxy },
  preview: { proxy },
});
