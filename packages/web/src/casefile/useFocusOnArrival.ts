// Where keyboard focus goes when a case-file frame appears after an in-app navigation (after the PIN login, after
// the logout): the new page's h1, so screen-reader and keyboard users start at the page's title instead of the
// document body (the button they pressed is gone). A page load or Back/Forward (POP) leaves focus to the browser.
import { useEffect, useState } from 'react';
import { useNavigationType } from '../routing/hooks.js';
import { MAIN_ID } from '../layout/FocusOnNavigate.js';

/** Focuses the h1 in <main id="inhalt"> (made focusable by script only), else <main> itself. */
export function focusMainHeading(): void {
  const main = document.getElementById(MAIN_ID);
  const heading = main?.querySelector<HTMLElement>('h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  } else main?.focus();
}

/** Call in the component that mounts with the new page: focuses its heading once, unless this was a page load or Back/Forward. */
export function useFocusHeadingOnArrival(): void {
  const navigationType = useNavigationType();
  const [arrivedInApp] = useState(navigationType !== 'POP');
  useEffect(() => {
    if (arrivedInApp) focusMainHeading();
  }, [arrivedInApp]);
}
