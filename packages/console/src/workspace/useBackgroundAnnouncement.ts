// What a screen-reader user would otherwise miss while working in one chat: a client writing in another chat tab
// (its unread count only changes the tab's name, which nobody reads out) and a new client in the queue (the queue
// is not shown then). The chat shown announces its own messages through its log.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caseReferenceOf, type WorkspaceState } from '@rechtschat/core';

interface Seen {
  readonly queueIds: ReadonlySet<string>;
  readonly unread: ReadonlyMap<string, number>;
}

const seenOf = (state: WorkspaceState): Seen => ({
  queueIds: new Set(state.queue.map((entry) => entry.ChatId)),
  unread: new Map(state.tabs.map((tab) => [tab.chatId, tab.unread])),
});

/** The latest announcement for a polite live region; empty until something happened in the background. */
export function useBackgroundAnnouncement(state: WorkspaceState): string {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // null until the first queue arrived: what waits when the lawyer signs in is on screen, not news.
  const seen = useRef<Seen | null>(null);
  useEffect(() => {
    const before = seen.current;
    if (!state.queueLoaded) return;
    seen.current = seenOf(state);
    if (before === null) return;
    const parts: string[] = [];
    state.tabs.forEach((tab, index) => {
      if (tab.chatId !== state.selectedChatId && tab.unread > (before.unread.get(tab.chatId) ?? 0)) {
        parts.push(t('Announce.Message', { index: index + 1, reference: caseReferenceOf(tab.caseId) }));
      }
    });
    for (const entry of state.queue) {
      if (!before.queueIds.has(entry.ChatId)) parts.push(t('Announce.Queued', { description: entry.Description }));
    }
    if (parts.length > 0) setText(parts.join(' '));
  }, [state, t]);
  return text;
}
