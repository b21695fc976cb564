// Vite build of the lawyer console into packages/console/dist; the server serves it under /konsole/.
// In development /api and the hub go to the local server.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:8080';

/**
 * `vite build` is always a production build, even with NODE_ENV=development exported in the shell (a development
 * React build would be shipped otherwise: Vite takes `import.meta.env.DEV` and `process.env.NODE_ENV` from it).
 * The config hook runs before Vite decides, so the build step alone sees NODE_ENV=production.
 */
const productionBuild: Plugin = {
  name: 'rechtschat-production-build',
  apply: 'build',
  config() {
    process.env.NODE_ENV = 'production';
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/konsole/',
  plugins: [productionBuild, react()],
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
