// The journeys' browser is a German user's: de-DE (navigator.language, Accept-Language, Intl) in Berlin time.
// playwright.config.ts sets it for the `page` fixture; a context a journey opens itself (browser.newContext, a second
// device) does not inherit the config's `use` and spreads GERMAN_BROWSER. The native date fields' TT.MM.JJJJ comes
// from Chromium's own language (GERMAN_CHROMIUM_ENV in playwright.config.ts): `locale` alone leaves them mm/dd/yyyy.
import { expect, type Page } from '@playwright/test';

export const GERMAN_BROWSER = { locale: 'de-DE', timezoneId: 'Europe/Berlin' } as const;

/** The page runs as a German browser in Berlin: what decides how a native date field shows and reads a day. */
export async function expectGermanBrowser(page: Page): Promise<void> {
  const browser = await page.evaluate(() => ({ language: navigator.language, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
  expect(browser, 'the journey’s browser is German (de-DE, Europe/Berlin)').toEqual({ language: 'de-DE', timeZone: 'Europe/Berlin' });
}
