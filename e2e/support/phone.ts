// Phone journeys: a touch phone in de-DE (Chromium with isMobile + hasTouch, so `pointer: coarse` and the
// virtual-keyboard paths apply), at the three sizes a stressed client meets – portrait, a small 320 px phone and
// landscape – and the geometry checks they share (nothing off-screen, no sideways scrolling, tap targets).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

export const PHONE_SIZES = {
  portrait: { width: 390, height: 844 },
  narrow: { width: 320, height: 568 },
  landscape: { width: 844, height: 390 },
} as const;

export type PhoneSize = keyof typeof PHONE_SIZES;

/** `test.use(touchPhone)` in a spec (or a describe block): a touch phone at portrait size. */
export const touchPhone = { viewport: PHONE_SIZES.portrait, isMobile: true, hasTouch: true } as const;

/** WCAG 2.5.5 (AAA) / Apple and Material guidance: every control at least 44 × 44 CSS px. */
export const MIN_TAP_TARGET = 44;

/** The page does not scroll sideways: nothing is wider than the viewport. */
export async function expectNoSidewaysScroll(page: Page, context: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${context}: the page scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** The element is fully inside the visual viewport (not above, below or beside it). */
export async function expectFullyInView(page: Page, locator: Locator, context: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${context}: element is rendered`).not.toBeNull();
  const size = page.viewportSize();
  if (!box || !size) return;
  expect(box.y, `${context}: top edge inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${context}: left edge inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${context}: bottom edge inside the screen`).toBeLessThanOrEqual(size.height + 0.5);
  expect(box.x + box.width, `${context}: right edge inside the screen`).toBeLessThanOrEqual(size.width + 0.5);
}

/** Every visible element the locator matches is at least 44 × 44 px. */
export async function expectTapTargets(locator: Locator, context: string): Promise<void> {
  const boxes = await locator.evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        return { label, width: Math.round(rect.width), height: Math.round(rect.height) };
      }),
  );
  const small = boxes.filter((box) => box.width < MIN_TAP_TARGET || box.height < MIN_TAP_TARGET);
  expect(small, `${context}: tap targets smaller than 44 × 44 px`).toEqual([]);
}

/** The narrowest common Android phone (Galaxy S-series, many mid-range phones): 360 × 740 CSS px. */
export const ANDROID_360 = { width: 360, height: 740 } as const;

/**
 * Every visible link and button of the page that stands on its own is at least 44 × 44 px. Exempt (WCAG 2.5.5): a link
 * inside running text – displayed inline, with more than a label such as „Telefon:“ around it in its element – and
 * what is hidden until focused (the skip links, 1 × 1 px).
 */
export async function expectStandaloneTapTargets(page: Page, context: string): Promise<void> {
  const small = await page.locator('body').evaluate((body, min) => {
    const found: { label: string; width: number; height: number }[] = [];
    for (const element of Array.from(body.querySelectorAll<HTMLElement>('a[href], button, summary, [role="button"]'))) {
      if (element.offsetParent === null) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 && rect.height <= 1) continue;
      if (rect.width >= min && rect.height >= min) continue;
      const own = element.textContent?.trim() ?? '';
      const around = (element.parentElement?.textContent ?? '').replace(own, '').trim();
      const inSentence = getComputedStyle(element).display === 'inline' && around !== '' && !around.endsWith(':');
      if (inSentence) continue;
      const label = element.getAttribute('aria-label') ?? (own.slice(0, 40) || element.tagName);
      found.push({ label, width: Math.round(rect.width), height: Math.round(rect.height) });
    }
    return found;
  }, MIN_TAP_TARGET);
  expect(small, `${context}: links and buttons on their own smaller than 44 × 44 px`).toEqual([]);
}

/** The lines a heading is broken into on the screen, as the reader sees them. */
export async function headingLines(heading: Locator): Promise<string[]> {
  return heading.evaluate((element) => {
    const lines: string[] = [];
    let line = '';
    let top: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (rect && top !== null && Math.abs(rect.top - top) > rect.height / 2) {
          lines.push(line.trim());
          line = '';
        }
        if (rect) top = rect.top;
        line += text[index];
      }
    }
    lines.push(line.trim());
    return lines;
  });
}

/** No line of the heading ends in a one- or two-letter part of a compound („per E-“ / „Mail“). */
export async function expectHeadingWrapsWell(heading: Locator, context: string): Promise<void> {
  const lines = await headingLines(heading);
  expect(
    lines.filter((line) => /(^|\s)\p{L}{1,2}-$/u.test(line)),
    `${context}: heading lines ${JSON.stringify(lines)}`,
  ).toEqual([]);
}

/** What a phone of this size shows at 200 % browser zoom: half the CSS pixels in each direction. */
export function zoomed200(size: { readonly width: number; readonly height: number }): { width: number; height: number } {
  return { width: Math.round(size.width / 2), height: Math.round(size.height / 2) };
}

/**
 * The newest message is in view: the log is scrolled to its end and the log's bottom edge is on the screen, without
 * the page having been scrolled to get there (a full-height chat).
 */
export async function expectNewestMessageInView(page: Page, log: Locator, context: string): Promise<void> {
  await expect
    .poll(() => log.evaluate((element) => Math.round(element.scrollHeight - element.scrollTop - element.clientHeight)), {
      message: `${context}: the log is scrolled to its newest message`,
    })
    .toBeLessThanOrEqual(1);
  // Scrolled to its end, the log shows the newest message at its bottom edge: that edge must be on the screen.
  await expectFullyInView(page, log, `${context}: the log`);
  expect(await page.evaluate(() => window.scrollY), `${context}: the page itself is not scrolled`).toBe(0);
}

/**
 * No ordinary word inside the locator's elements is broken across lines: every run of letters (e-mail addresses, ids
 * and anything with digits are left out – those may break) lies on one line. A hyphen or a space may end a line.
 */
export async function expectWordsWhole(locator: Locator, context: string): Promise<void> {
  const broken = await locator.evaluateAll((elements) => {
    const found: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const token of text.matchAll(/\S+/g)) {
          if (/[@\d_]/.test(token[0])) continue;
          // Parts between hyphens may each end a line; a part itself must not.
          let offset = token.index;
          for (const part of token[0].split('-')) {
            const range = document.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + part.length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) found.push(part);
            offset += part.length + 1;
          }
        }
      }
    }
    return found;
  });
  expect(broken, `${context}: words broken across lines`).toEqual([]);
}
