// A screen whose data others change (the team's last logins, open work) reads it again when the administrator comes
// back to it: the window regains the focus (another window was in front) or the tab is shown again (another tab, a
// minimised window, a phone's suspended tab). No polling: nothing is read while the screen stays in front or hidden.
import { useEffect } from 'react';

/** Calls `onShown` each time the window regains the focus or the document becomes visible again. */
export function useShownAgain(onShown: () => void): void {
  useEffect(() => {
    const shown = () => {
      if (document.visibilityState !== 'hidden') onShown();
    };
    window.addEventListener('focus', shown);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('focus', shown);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [onShown]);
}
