// File links (document downloads, the Vollmacht PDF) stay real links: keyboard, "open in new tab" and the context
// menu work. A plain click (or Enter) first asks core's checkFileLink whether the session is still live – without
// loading the file – and opens the link only then; after the session ended the page shows SessionEndedAlert instead
// of the browser saving or showing the server's raw 401 answer.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { Subscription } from 'rxjs';
import { checkFileLink, isPlainLinkClick } from '@rechtschat/core';
import { useCaseFileSession } from './CaseFileContext.js';
import { useCaseFileServices } from './caseFileServices.js';

export interface CheckedFileLinks {
  /** The last checked click found the session ended: show SessionEndedAlert in the page's live region. */
  readonly sessionEnded: boolean;
  /** The `onClick` of every file link of the page. */
  readonly onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function useCheckedFileLinks(): CheckedFileLinks {
  const { token } = useCaseFileSession();
  const { api } = useCaseFileServices();
  const [sessionEnded, setSessionEnded] = useState(false);
  const checking = useRef<Subscription | null>(null);
  // The link clicked again by the page once the check allowed it: that click goes to the browser unchanged.
  const allowed = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => () => checking.current?.unsubscribe(), []);

  const onClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      const link = event.currentTarget;
      if (allowed.current === link) {
        allowed.current = null;
        return;
      }
      if (!isPlainLinkClick(event)) return;
      event.preventDefault();
      // A second click while the first is being checked opens nothing twice.
      if (checking.current && !checking.current.closed) return;
      checking.current = checkFileLink(api, token).subscribe((outcome) => {
        setSessionEnded(outcome === 'session-ended');
        if (outcome !== 'open' || !link.isConnected) return;
        allowed.current = link;
        link.click();
        allowed.current = null;
      });
    },
    [api, token],
  );

  return { sessionEnded, onClick };
}
