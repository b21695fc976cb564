// Shared fixtures: one real server per worker (its address becomes baseURL), axe-core checks, screenshots.
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeAccessibility } from './axe.js';
import { startServer, type ServerHandle } from './server.js';

export const screenshotDir = resolve(import.meta.dirname, '..', 'screenshots');

export const test = base.extend<{ serverLogOnFailure: void; browserLogOnFailure: void }, { server: ServerHandle }>({
  server: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.webUrl);
  },
  // A failed journey carries the server's last log lines in its report.
  serverLogOnFailure: [
    async ({ server }, use, testInfo) => {
      await use();
      await attachServerLogOnFailure(server, testInfo);
    },
    { auto: true },
  ],
  // …and the page's console errors and uncaught exceptions (what an error boundary reported, for instance).
  browserLogOnFailure: [
    async ({ page }, use, testInfo) => {
      const lines: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') lines.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => lines.push(`pageerror: ${error.stack ?? error.message}`));
      await use();
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        await testInfo.attach('browser-log', { body: lines.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export async function attachServerLogOnFailure(server: ServerHandle, testInfo: TestInfo): Promise<void> {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server-log', { body: server.logTail(), contentType: 'text/plain' });
}

export { expect };

/**
 * Tag of the journeys that run in the full browser as well as in the headless shell (project `chromium`, ADR 0017):
 * the chat from link to rating, and the case file's upload, finger signature, PDF tab and download.
 */
export const FULL_BROWSER = { tag: '@full-browser' } as const;

/**
 * The console errors a page logs from now on – Chromium logs every failed request (4xx/5xx) as one, so an expected
 * "not signed in" answered with 401 shows up here too – and its uncaught exceptions.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Opacity of the least opaque open dialog, all ancestors multiplied (1 when no dialog is open). */
function dialogOpacity(): number {
  const opacities = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((dialog) => {
    let opacity = 1;
    for (let node: Element | null = dialog; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
  return Math.min(1, ...opacities);
}

/** CSS transitions and finite animations still running: a button fading to its focus colour, a ripple entering. */
function runningTransitions(): number {
  return document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity).length;
}

/** axe-core (WCAG 2.x A/AA rules) must report no serious or critical violation. */
export async function expectAccessible(page: Page, context: string): Promise<void> {
  // A dialog still fading in has washed-out colours; contrast is judged on the settled screen.
  await expect.poll(() => page.evaluate(dialogOpacity), { message: `${context}: dialogs settle` }).toBe(1);
  // Contrast is measured on settled colours, not halfway through a transition (endless animations are left alone).
  await expect.poll(() => page.evaluate(runningTransitions), { message: `${context}: transitions settle` }).toBe(0);
  // axe.run in the page itself: neither app has a frame, so the blank page axe.finishRun would open per check (a new
  // renderer, twice the CPU of the check) merges nothing (ADR 0017); axe is injected once per document (support/axe.ts).
  const results = await analyzeAccessibility(page);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${context}: ${v.id} – ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;

/**
 * Saves the current page at phone and desktop sizes into e2e/screenshots. Chat journeys run at
 * phone size: widening only shortens the message list, so it stays scrolled to the newest message.
 */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['390x844', PHONE_VIEWPORT],
    ['1280x800', DESKTOP_VIEWPORT],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(screenshotDir, `${name}-${label}.png`), fullPage: false, animations: 'disabled', caret: 'hide' });
  }
  if (original) await page.setViewportSize(original);
}
