// The workspace's tab rows stay at the window's top (WorkspaceScreen, position: sticky) and cover what scrolls under
// them. So the page keeps their height free whenever the browser scrolls something into view – the control Tab or
// Shift+Tab focuses, a scrollIntoView – via the root's scroll-padding-top, measured again when the rows wrap or a
// chat's row appears; without it a focused „Annehmen“ in the queue sat fully behind the rows at 1280 × 657.
import { useEffect, type RefObject } from 'react';

/** Room kept below the rows, so a focus ring is not flush with their edge. */
const GAP_PX = 8;

export function useStickyClearance(rows: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = rows.current;
    if (element === null) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.scrollPaddingTop = `${element.offsetHeight + GAP_PX}px`;
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, [rows]);
}
