// The journeys' browser is a German user's: de-DE (navigator.language, Accept-Language, Intl) in Berlin time.
// playwright.config.ts sets it for the `page` fixture; a context a journey opens itself (browser.newContext, a second
// device) does not inherit the config's `use` and spreads JOURNEY_BROWSER. The native date fields' TT.MM.JJJJ comes
// from Chromium's own language (GERMAN_CHROMIUM_ENV in playwright.config.ts): `locale` alone leaves them mm/dd/yyyy.
import { expect, type Page } from '@playwright/test';

export const GERMAN_BROWSER = { locale: 'de-DE', timezoneId: 'Europe/Berlin' } as const;

/**
 * Every journey's browser: German, and asking for less motion (`prefers-reduced-motion: reduce`), as some lawyers' and
 * clients' systems do. Both apps then show dialogs, menus and drawers at once instead of animating them (the console's
 * theme without transitions or ripples, consoleTheme.ts; the web app's CSS). What a journey checks is the same; the
 * browser draws fewer frames and Playwright waits for no animation to settle: the console's journeys took 10 % less
 * time and 8 % less CPU (docs/performance.md, "Test suite time"). The journeys in the full browser keep the motion
 * (playwright.config.ts), so the animated path stays proven.
 */
export const JOURNEY_BROWSER = { ...GERMAN_BROWSER, reducedMotion: 'reduce' } as const;

/** The page runs as a German browser in Berlin: what decides how a native date field shows and reads a day. */
export async function expectGermanBrowser(page: Page): Promise<void> {
  const browser = await page.evaluate(() => ({ language: navigator.language, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
  expect(browser, 'the journey’s browser is German (de-DE, Europe/Berlin)').toEqual({ language: 'de-DE', timeZone: 'Europe/Berlin' });
}
