// axe-core in the page, injected once per document: a check costs the rules' run, not axe's 550 kB evaluated again.
// @axe-core/playwright's legacy mode (which ran every check in the page, ADR 0017) evaluated axe's source twice per
// check – before the run and again per frame – and each evaluation sets up every rule and check anew: measured
// 2026-12-07, two thirds of a check's CPU (docs/performance.md, CI). This does what that mode did, once:
// axe into every frame that lacks it, configured for same-origin frames, then `axe.run` on the top document.
import axe from 'axe-core';
import type { AxeResults } from 'axe-core';
import type { Frame, Page } from '@playwright/test';

/** The WCAG 2.x A/AA rules and axe's best practices – what every journey's check runs. */
export const ACCESSIBILITY_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

const CONFIGURE = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'rechtschat-e2e' } });`;

type WindowWithAxe = Window & { axe?: { run?: unknown } };

async function hasAxe(frame: Frame): Promise<boolean> {
  return frame.evaluate(() => typeof (window as WindowWithAxe).axe?.run === 'function');
}

/** axe into a frame that does not hold it yet (a navigation or a new frame starts without it). */
async function injectInto(frame: Frame): Promise<void> {
  if (await hasAxe(frame)) return;
  await frame.evaluate(axe.source + CONFIGURE);
}

/** Runs axe-core over the page's top document (and its frames) with the journeys' rule tags. */
export async function analyzeAccessibility(page: Page): Promise<AxeResults> {
  await injectInto(page.mainFrame());
  // A frame axe cannot enter (gone, or another origin's) is left out, as @axe-core/playwright left it out.
  for (const frame of page.frames().slice(1)) await injectInto(frame).catch(() => undefined);
  return page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: [...tags] } }),
    ACCESSIBILITY_TAGS,
  );
}
