// Moves keyboard focus to the main content after client-side navigation, as a full page load would.
import { useEffect, useRef } from 'react';
import { useHistoryEntry } from '../routing/AppRouter.js';

export const MAIN_ID = 'inhalt';

/** Focuses <main id="inhalt"> whenever the path changes (not on the first render). */
export function FocusOnNavigate() {
  const { pathname } = useHistoryEntry();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_ID)?.focus();
  }, [pathname]);
  return null;
}
