// `npm run build` ships production bundles even when the shell exports NODE_ENV=development (a development React
// build is larger, slower and prints React's development warnings). Checked on the resolved Vite configs of both apps,
// which is what decides it, without running a build; docs/operations.md describes the manual check on the bundle.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from 'vite';

const configOf = (app: string) => fileURLToPath(new URL(`../packages/${app}/vite.config.ts`, import.meta.url));
const saved = process.env.NODE_ENV;

describe.each(['web', 'console'])('vite build of %s', (app) => {
  afterEach(() => {
    process.env.NODE_ENV = saved;
  });

  it('should be a production build with NODE_ENV=development exported', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile: configOf(app), logLevel: 'silent' }, 'build');
    expect(config.isProduction).toBe(true);
    expect(config.env.DEV).toBe(false);
    expect(config.env.PROD).toBe(true);
  });

  it('should leave the development server a development build', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile: configOf(app), logLevel: 'silent' }, 'serve');
    expect(config.isProduction).toBe(false);
  });
});
