// What a screen reader hears: the console's refusals and confirmations sit in one live region each (an `aria-live`
// wrapper; the MUI Alert inside it has role="none", so nothing is read out twice). Journeys find the announced text in
// whichever live region holds it – the wrapper, a role="alert" or a role="status" – instead of asking for role="alert".
import type { Locator, Page } from '@playwright/test';

const LIVE_REGION = ':is([aria-live]:not([aria-live="off"]), [role="alert"], [role="status"])';

/** The innermost live region under `scope` that says `text` (or holds `has`). */
export function announced(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.locator(LIVE_REGION).filter({ hasText: text }).last();
}

/** The live region under `scope` that holds `has` (e.g. a heading). */
export function announcedWith(scope: Page | Locator, has: Locator): Locator {
  return scope.locator(LIVE_REGION).filter({ has }).last();
}

/** The element that has the focus, inside `scope` – a notice the console focused so that it is read out at once. */
export function focusedIn(scope: Page | Locator): Locator {
  return scope.locator(':focus');
}
