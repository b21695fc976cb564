// Moves keyboard focus to the main content after client-side navigation, as a full page load would.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_ID = 'inhalt';

/** Focuses <main id="inhalt"> whenever the path changes (not on the first render). */
export function FocusOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_ID)?.focus();
  }, [pathname]);
  return null;
}
