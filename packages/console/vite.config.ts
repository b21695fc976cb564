// Vite build of the lawyer console into packages/console/dist; the server serves it under /konsole/.
// In development /api and the hub go to the local server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/konsole/',
  plugins: [react()],
  // Source maps: on disk for Sentry, not referenced from the code and not served (staticRoutes.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', assetsInlineLimit: 0 },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: server },
      '/signalr': { target: server, ws: true },
    },
  },
});
