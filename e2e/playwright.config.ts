// Playwright journeys in Debian's Chromium against the real built apps and server.
// baseURL comes from the worker's server fixture (free ports), see support/fixtures.ts.
import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { JOURNEY_BROWSER } from './support/locale.js';

/**
 * Debian's Chromium in two builds of the same engine (ADR 0017): the headless shell (package chromium-headless-shell,
 * the build Playwright itself uses for headless runs) carries every journey – a new tab costs it a tenth of the CPU the
 * full browser spends – and the full browser runs the journeys named in FULL_BROWSER_JOURNEYS, so both stay proven.
 * Without the shell (a developer machine without the package) every journey runs in the full browser.
 */
const FULL_BROWSER = process.env.CHROMIUM_BIN ?? '/usr/lib/chromium/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_BIN ?? '/usr/lib/chromium/chromium-headless-shell';
const hasHeadlessShell = existsSync(HEADLESS_SHELL);
if (!hasHeadlessShell) console.warn(`${HEADLESS_SHELL} is missing (apt-get install chromium-headless-shell): every journey runs in ${FULL_BROWSER}.`);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Chromium in German, as a German user's Chrome is: its UI language draws the native date fields (TT.MM.JJJJ, typed day
 * first) – the context's `locale: 'de-DE'` alone left them mm/dd/yyyy, and „08122026“ typed as a German reads it became
 * 2026-08-12. Chromium takes the language from LANGUAGE, but only with its German strings (`locales/de.pak`, Debian
 * package chromium-l10n, installed by .ci/run); without them it stays English (and `--lang` is not enough either).
 */
const GERMAN_CHROMIUM_ENV = { ...process.env, LANGUAGE: 'de' };
for (const binary of hasHeadlessShell ? [FULL_BROWSER, HEADLESS_SHELL] : [FULL_BROWSER]) {
  const strings = join(dirname(binary), 'locales', 'de.pak');
  if (!existsSync(strings)) console.warn(`${strings} is missing (apt-get install chromium-l10n): native date fields show mm/dd/yyyy.`);
}

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Files are shared out over three workers, each with its own server (support/fixtures.ts); the journeys in one file
  // run in order. A journey spends part of its time waiting for a timer (the bot's pauses) or the server: with two
  // workers in the headless shell both cores were still 23 % idle (2026-12-02, AMD: 11.1 min), with three 11 % (10.2
  // min, no retry). In the full browser a third worker had overloaded a slower machine (19.3 min, 2026-11-29), since
  // each tab cost ten times the CPU (ADR 0017; docs/performance.md, CI).
  fullyParallel: false,
  workers: 3,
  // One retry in CI only: Playwright then reports a journey that passed on the second try as "flaky" in the
  // output, so it is seen and fixed, while a slow shared machine does not block a landing. Locally: no retries.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    // Our users are German: native date fields show TT.MM.JJJJ; and the browser asks for reduced motion (support/locale.ts).
    ...JOURNEY_BROWSER,
    trace: 'off',
  },
  projects: hasHeadlessShell
    ? [
        // The full browser's few journeys first: a slow one at the end would leave the other worker idle.
        {
          name: 'chromium',
          grep: /@full-browser/,
          // These journeys keep the apps' transitions and ripples, so the animated path stays proven.
          use: { reducedMotion: 'no-preference', launchOptions: { executablePath: FULL_BROWSER, args: CHROMIUM_ARGS, env: GERMAN_CHROMIUM_ENV } },
        },
        { name: 'headless-shell', use: { launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS, env: GERMAN_CHROMIUM_ENV } } },
      ]
    : [{ name: 'chromium', use: { launchOptions: { executablePath: FULL_BROWSER, args: CHROMIUM_ARGS, env: GERMAN_CHROMIUM_ENV } } }],
});
