// What is new from the firm since the client last opened „Kontaktieren Sie uns“ and „Dokumente“ (the server's
// `UnreadMessages` / `UnreadDocuments` of GET {token}/case, migration 0050). The shell holds the counts for the menu's
// badges, reads them again on every screen change, and says them once after the login in a polite live region of its
// own. Opening either screen marks it seen (PUT {token}/seen/…); its badge goes at once. Outside the shell (a screen
// rendered alone) there are no counts and marking does nothing.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as E from 'fp-ts/lib/Either.js';
import type { CaseDetails } from '@rechtschat/core';
import { useHistoryEntry } from '../../routing/AppRouter.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';

export type UnreadScreen = 'messages' | 'documents';

export interface UnreadCounts {
  readonly messages: number;
  readonly documents: number;
}

/** The counts of a case read; a server without them (older) has nothing unread. */
export const unreadOf = (details: Pick<CaseDetails, 'UnreadMessages' | 'UnreadDocuments'>): UnreadCounts => ({
  messages: details.UnreadMessages ?? 0,
  documents: details.UnreadDocuments ?? 0,
});

interface UnreadState {
  readonly counts: UnreadCounts | null;
  readonly markSeen: (screen: UnreadScreen) => void;
}

const UnreadContext = createContext<UnreadState>({ counts: null, markSeen: () => undefined });

export const useUnreadCounts = (): UnreadCounts | null => useContext(UnreadContext).counts;

/** Marks the screen's news as read once when the screen opens. */
export function useMarkSeenOnOpen(screen: UnreadScreen): void {
  const { markSeen } = useContext(UnreadContext);
  useEffect(() => markSeen(screen), [markSeen, screen]);
}

export function UnreadNewsProvider({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const { pathname } = useHistoryEntry();
  const [counts, setCounts] = useState<UnreadCounts | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(false);
  // A read that started before a screen was marked seen may answer after it: its counts are stale then.
  const marks = useRef(0);

  useEffect(() => {
    const startedAt = marks.current;
    const subscription = content.getCase(token).subscribe((details) => {
      if (E.isLeft(details) || marks.current !== startedAt) return;
      const next = unreadOf(details.right);
      setCounts(next);
      if (announced.current) return;
      announced.current = true;
      const items = [
        next.messages > 0 ? t('CaseFile.Unread.Messages', { count: next.messages }) : null,
        next.documents > 0 ? t('CaseFile.Unread.Documents', { count: next.documents }) : null,
      ].filter((item) => item !== null);
      if (items.length > 0) setAnnouncement(t('CaseFile.Unread.Announce', { items: items.join(t('CaseFile.Unread.And')) }));
    });
    return () => subscription.unsubscribe();
  }, [content, token, pathname, t]);

  const markSeen = useCallback(
    (screen: UnreadScreen) => {
      content.markSeen(token, screen).subscribe((result) => {
        if (E.isLeft(result)) return;
        marks.current += 1;
        setCounts((previous) => (previous ? { ...previous, [screen]: 0 } : previous));
      });
    },
    [content, token],
  );

  const value = useMemo(() => ({ counts, markSeen }), [counts, markSeen]);
  return (
    <UnreadContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" className="visually-hidden" data-testid="unread-news">
        {announcement}
      </div>
    </UnreadContext.Provider>
  );
}

/** „2“ in a badge, read as „2 neue Nachrichten“ / „1 neues Dokument“; nothing when nothing is new. */
export function UnreadBadge({ screen, count }: { readonly screen: UnreadScreen; readonly count: number }) {
  const { t } = useTranslation('common');
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <span className="casefile-badge" data-testid={`unread-${screen}`}>
        <span aria-hidden="true">{count}</span>
        <span className="visually-hidden">{t(screen === 'messages' ? 'CaseFile.Unread.Messages' : 'CaseFile.Unread.Documents', { count })}</span>
      </span>
    </>
  );
}
