// What a screen-reader user would otherwise miss while working in one chat: a client writing in another chat tab
// (its unread count only changes the tab's name, which nobody reads out), a new client in the queue (the queue
// is not shown then) and a new callback request (only the count in „Rückrufe (n)“ changes). The chat shown announces
// its own messages through its log.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caseReferenceOf, type WorkspaceState } from '@rechtschat/core';

interface Seen {
  /** null until the first queue arrived: what waits when the lawyer signs in is on screen, not news. */
  readonly queueIds: ReadonlySet<string> | null;
  /** null until the callbacks were first read, for the same reason. */
  readonly callbackIds: ReadonlySet<string> | null;
  readonly unread: ReadonlyMap<string, number>;
}

const seenOf = (state: WorkspaceState): Seen => ({
  queueIds: state.queueLoaded ? new Set(state.queue.map((entry) => entry.ChatId)) : null,
  callbackIds: state.callbacksLoaded ? new Set(state.callbacks.map((callback) => callback.Id)) : null,
  unread: new Map(state.tabs.map((tab) => [tab.chatId, tab.unread])),
});

/** The latest announcement for a polite live region; empty until something happened in the background. */
export function useBackgroundAnnouncement(state: WorkspaceState): string {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const seen = useRef<Seen>({ queueIds: null, callbackIds: null, unread: new Map() });
  useEffect(() => {
    const before = seen.current;
    seen.current = seenOf(state);
    const parts: string[] = [];
    if (before.queueIds !== null) {
      state.tabs.forEach((tab, index) => {
        if (tab.chatId !== state.selectedChatId && tab.unread > (before.unread.get(tab.chatId) ?? 0)) {
          parts.push(t('Announce.Message', { index: index + 1, reference: caseReferenceOf(tab.caseId) }));
        }
      });
      for (const entry of state.queue) {
        if (!before.queueIds.has(entry.ChatId)) parts.push(t('Announce.Queued', { description: entry.Description }));
      }
    }
    // An open request only: one marked done (elsewhere) and seen for the first time is no call to make.
    if (before.callbackIds !== null) {
      for (const callback of state.callbacks) {
        if (callback.DoneAt === null && !before.callbackIds.has(callback.Id)) {
          parts.push(t('Announce.Callback', { reference: callback.CaseReference, description: callback.Description }));
        }
      }
    }
    if (parts.length > 0) setText(parts.join(' '));
  }, [state, t]);
  return text;
}
