// Vite build of the client app into packages/web/dist; in development /api and the hub go to the local server.
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { appShell, caseFileLoginMainHtml, chatEntryMainHtml, siteNameHtml } from './appShell.js';
import { CASE_FILE_HOME_PATH, CASE_FILE_LOGIN_PATH, FROM_CASE_FILE_QUERY } from './src/layout/caseFileLoginPath.js';
import { caseFileLoginDe } from './src/i18n/de-DE/caseFileLogin.js';
import { chatPagesDe } from './src/i18n/de-DE/chatPages.js';
import { commonDe } from './src/i18n/de-DE/common.js';
import { pageShellDe } from './src/i18n/de-DE/pageShell.js';
import { routePreloads } from './routePreloads.js';
import { preloadOnlyMissingDeps } from './preloadDeps.js';
import { sharedChunkGroups, sharedChunksStayLazy } from './sharedChunks.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const preloadDeps = preloadOnlyMissingDeps();
const server = 'http://localhost:8080';
/** The app's start chunks, which the tiny entry imports right after the first paint. */
const critical = ['src/app/start.ts', 'src/i18n/i18n.ts', 'src/app/renderApp.tsx'];

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
  root,
  plugins: [
    productionBuild,
    react(),
    // The page frame as static HTML, painted before the JavaScript arrives.
    appShell(
      {
        serviceName: commonDe['App.ServiceName'],
        loading: commonDe['App.Loading'],
        loadFailed: { text: pageShellDe['PageShell.LoadFailed'], reload: pageShellDe['PageShell.Reload'] },
      },
      [
        {
          pattern: '^/chat/new/?$',
          main: chatEntryMainHtml({
            title: chatPagesDe['ChatPages.Title'],
            intro: chatPagesDe['ChatPages.Intro'],
            preparing: chatPagesDe['ChatPages.New.Preparing'],
          }),
        },
        {
          pattern: CASE_FILE_LOGIN_PATH,
          main: caseFileLoginMainHtml({
            title: caseFileLoginDe['CaseFile.Login.Title'],
            intro: caseFileLoginDe['CaseFile.Login.Intro'],
            loading: commonDe['App.Loading'],
          }),
          siteName: siteNameHtml(CASE_FILE_HOME_PATH, caseFileLoginDe['CaseFile.ServiceName']),
        },
        // The area's other pages: only the header's name is the case file's (SiteLayout under CASE_FILE_SERVICE).
        { pattern: '^/digitale-fallakte(?:/|$)', siteName: siteNameHtml(CASE_FILE_HOME_PATH, caseFileLoginDe['CaseFile.ServiceName']) },
        // A shared page (Impressum, Barrierefreiheit …) reached from the case file, reloaded: its name from the first paint.
        { pattern: '^/', query: FROM_CASE_FILE_QUERY, siteName: siteNameHtml(CASE_FILE_HOME_PATH, caseFileLoginDe['CaseFile.ServiceName']) },
      ],
    ),
    // Each import()'s preload list without the chunks its importer has loaded already (build.modulePreload below).
    preloadDeps.plugin,
    // The chunks each route loads lazily at start, for the server's <link rel="modulepreload">.
    routePreloads({
      root,
      critical,
      always: ['src/app/container.ts'],
      routes: [
        { prefix: '/chat', modules: ['src/chat/pages/ChatScreenHost.tsx', 'src/app/chatControllerBinding.ts'] },
        { prefix: '/digitale-fallakte', modules: ['src/casefile/CaseFileArea.tsx'] },
      ],
    }),
    // The lazy pages' shared code in a few chunks (sharedChunks.ts); the check keeps them out of the start.
    sharedChunksStayLazy({ root, critical }),
  ],
  resolve: {
    alias: [
      // Core imports fp-ts' CommonJS build (fp-ts/lib), io-ts its ES build (fp-ts/es6); one copy is enough.
      { find: /^fp-ts\/lib\//, replacement: 'fp-ts/es6/' },
      // @inversifyjs/container's polyfill for decorators: the decorator-free bindings (ADR 0003) need only the few
      // metadata functions of src/app/reflectMetadataLite.ts (2 kB gzip less on the way to a usable chat).
      { find: /^reflect-metadata\/lite$/, replacement: fileURLToPath(new URL('./src/app/reflectMetadataLite.ts', import.meta.url)) },
    ],
    // rxjs' ES2015 build (native classes, spread, async generators) instead of its ES5 default, which needs
    // tslib's helpers (__extends, __generator, __asyncGenerator …): smaller on every route, rxjs is in the start
    // chunks (chat entry's session calls). Among the app's dependencies only rxjs has an `es2015` export condition.
    conditions: ['es2015', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Maps stay on disk for Sentry and the bundle attribution (bench/) but are not referenced from
    // the code; the server does not serve them either (staticRoutes.ts).
    sourcemap: 'hidden',
    // No inline script or style for the CSP.
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: { groups: sharedChunkGroups } } },
    modulePreload: { polyfill: false, resolveDependencies: preloadDeps.resolveDependencies },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/signalr': { target: server, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/signalr': { target: server, ws: true },
    },
  },
});
