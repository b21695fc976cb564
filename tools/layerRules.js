// The dependency rule (docs/architecture.md: adapters → core, web and console → core + adapters, server → core,
// nothing imports web, console or server) as ESLint config, shared by eslint.config.js
// and the test that proves a violation fails the build.
import { featureBoundaries } from './featureBoundaries.js';
const frameworkAndIo = [
  {
    group: [
      'react',
      'react-dom',
      'react/*',
      'react-dom/*',
      'react-router',
      'react-router-dom',
      'wouter',
      'wouter/*',
      'inversify',
      'i18next',
      'react-i18next',
      '@mui/*',
      '@emotion/*',
    ],
    message: 'core is framework-free (docs/architecture.md).',
  },
  { group: ['@microsoft/signalr', '@sentry/*'], message: 'core talks to the outside only through ports; adapters implement them.' },
  {
    group: ['node:*', 'fs', 'http', 'https', 'net', 'path', 'crypto', 'ws', 'pg', 'ioredis', 'better-sqlite3', 'kysely', 'fastify'],
    message: 'core performs no I/O.',
  },
  {
    group: [
      '@rechtschat/adapters',
      '@rechtschat/web',
      '@rechtschat/console',
      '@rechtschat/server',
      '**/adapters/src/**',
      '**/web/src/**',
      '**/console/src/**',
      '**/server/src/**',
    ],
    message: 'core imports nothing from outer layers.',
  },
];

const outerApps = {
  group: ['@rechtschat/web', '@rechtschat/console', '@rechtschat/server', '**/web/src/**', '**/console/src/**', '**/server/src/**'],
  message: 'Nothing imports web, console or server (docs/architecture.md).',
};

const ambientIo = [
  { name: 'fetch', message: 'Use a port; fetch belongs in adapters.' },
  { name: 'setTimeout', message: 'Use the injected RxJS scheduler.' },
  { name: 'setInterval', message: 'Use the injected RxJS scheduler.' },
  { name: 'sessionStorage', message: 'Use the storage port.' },
  { name: 'localStorage', message: 'Use the storage port.' },
  { name: 'window', message: 'core has no DOM.' },
  { name: 'document', message: 'core has no DOM.' },
  { name: 'XMLHttpRequest', message: 'Use a port.' },
  { name: 'WebSocket', message: 'Use a port.' },
];

const ambientSyntax = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Use the injected clock (scheduler.now()).' },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Use the injected clock (scheduler.now()).' },
  { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Inject a random source.' },
];

export const layerRules = [
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: frameworkAndIo }],
      'no-restricted-globals': ['error', ...ambientIo],
      'no-restricted-syntax': ['error', ...ambientSyntax],
    },
  },
  {
    files: ['packages/adapters/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Exact names: the pattern 'react' would also match '@sentry/react', the SDK adapters are meant to use.
          paths: ['react', 'react-dom', 'react-router', 'react-router-dom', 'wouter'].map((name) => ({ name, message: 'adapters are UI-free.' })),
          patterns: [outerApps, { group: ['react-dom/*', '@mui/*', '@emotion/*'], message: 'adapters are UI-free.' }],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...outerApps, group: outerApps.group.filter((g) => !g.includes('web')) },
            {
              group: ['react-router', 'react-router-dom'],
              message: 'The web app routes with wouter and src/routing (ADR 0022); the console keeps React Router.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/console/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ ...outerApps, group: outerApps.group.filter((g) => !g.includes('console')) }] }] },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@rechtschat/adapters',
                '@rechtschat/web',
                '@rechtschat/console',
                '**/adapters/src/**',
                '**/web/src/**',
                '**/console/src/**',
                'react',
                'react-dom',
              ],
              message: 'server uses only core (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Lint zones of the server: a feature only through its index.ts; platform and hub import no feature (docs/server.md).
    files: ['packages/server/src/**/*.ts'],
    plugins: { 'feature-boundaries': featureBoundaries },
    rules: { 'feature-boundaries/entry-points': 'error' },
  },
];
