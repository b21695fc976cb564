// What a screen reader hears from a screen's live regions: each region once – a region inside another one (MUI's Alert is
// role="alert" by default) is read out twice by some screen readers, so tests read the outermost regions only.
import { waitFor } from '@testing-library/react';

const LIVE = '[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"], [role="log"]';
const ASSERTIVE = '[aria-live="assertive"], [role="alert"]:not([aria-live="polite"])';

/** Live regions that lie inside another live region (each is a second announcement of the same text). */
export function nestedLiveRegions(root: ParentNode = document.body): Element[] {
  return [...root.querySelectorAll(LIVE)].filter((element) => element.parentElement?.closest(LIVE) != null);
}

/** The text of the assertive regions under `root` („“ when none says anything), each region read once. */
export function assertiveText(root: ParentNode = document.body): string {
  return [...root.querySelectorAll(ASSERTIVE)]
    .filter((element) => element.parentElement?.closest(LIVE) == null)
    .map((element) => element.textContent?.trim() ?? '')
    .filter((text) => text !== '')
    .join(' ');
}

/** Waits until an assertive region under `root` says something, and returns what. */
export async function findAssertiveText(root: ParentNode = document.body): Promise<string> {
  return waitFor(() => {
    const text = assertiveText(root);
    if (text === '') throw new Error('no assertive live region says anything');
    return text;
  });
}
