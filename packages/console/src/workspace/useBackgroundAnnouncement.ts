// What a screen-reader user would otherwise miss while working in one chat: a client writing in another chat tab
// (its unread count only changes the tab's name, which nobody reads out), a new client in the queue (the queue
// is not shown then) and a new callback request (only the count in „Rückrufe (n)“ changes). The chat shown announces
// its own messages through its log. Each announcement is a new node of the live region (`count`, the key to render it
// under): the same text again – the client's second message in the same chat – changed nothing in the page and was
// not read out, so after „Neue Nachricht in Chat 3“ that chat stayed silent (outside-in lawyer pass 2026-12-07). A
// client's problem is read out to its first 100 characters: the whole of a long one drowned the lawyer's own typing.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { caseReferenceOf, type QueueEntry, type WorkspaceState } from '@rechtschat/core';

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

export interface BackgroundAnnouncement {
  /** Empty until something happened in the background. */
  readonly text: string;
  /** How many announcements were made: a new node per announcement, so the same text is read out again. */
  readonly count: number;
}

const ANNOUNCED_DESCRIPTION = 100;
const shortened = (description: string) =>
  description.length > ANNOUNCED_DESCRIPTION ? `${description.slice(0, ANNOUNCED_DESCRIPTION - 1).trimEnd()} …` : description;

/**
 * How a new queue entry is read out. A chat a colleague forwarded to this lawyer is theirs to take: said so, and by
 * whom. One handed over from a deactivated colleague it had been forwarded to names that colleague, not the lawyer who
 * forwarded it: „Von Dr. Anna Berger an Sie weitergeleitet“ was read out to Dr. Anna Berger herself when, as the
 * administrator, she took over the work of the colleague she had forwarded it to (outside pass, hand-over). A chat the
 * colleague did not take within the forward hold names that colleague; to the lawyer who forwarded it (a forwarded tab
 * of the case) it says that it came back – it was read out to her as „Neu in der Warteschlange“ (outside pass, forwarding).
 * To that colleague themselves it says „von Ihnen nicht angenommen“, not their own name.
 */
function queuedNews(t: TFunction, entry: QueueEntry, tabs: WorkspaceState['tabs'], lawyerId: string): string {
  const description = shortened(entry.Description);
  if (entry.ReleasedFrom !== undefined) {
    // Back from the colleague this lawyer forwarded it to (a forwarded tab of the same case): not news of a new client.
    if (entry.ReleasedFromLawyerId === lawyerId) return t('Announce.QueuedNotTakenByMe', { description });
    const mine = tabs.some((tab) => tab.ended === 'forwarded' && tab.caseId === entry.CaseId);
    return t(mine ? 'Announce.NotTakenFromMe' : 'Announce.QueuedNotTaken', { name: entry.ReleasedFrom, description });
  }
  if (entry.AssignedLawyerId === null) return t('Announce.Queued', { description });
  if (entry.HandedOverFrom !== undefined) return t('Announce.HandedOverToMe', { from: entry.HandedOverFrom, description });
  return entry.ForwardedBy === null ? t('Announce.QueuedForMe', { description }) : t('Announce.QueuedForMeBy', { name: entry.ForwardedBy, description });
}

/** The latest announcement for a polite live region; `lawyerId`: the signed-in lawyer. */
export function useBackgroundAnnouncement(state: WorkspaceState, lawyerId: string): BackgroundAnnouncement {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState<BackgroundAnnouncement>({ text: '', count: 0 });
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
        if (before.queueIds.has(entry.ChatId)) continue;
        parts.push(queuedNews(t, entry, state.tabs, lawyerId));
      }
    }
    // An open request only: one marked done (elsewhere) and seen for the first time is no call to make.
    if (before.callbackIds !== null) {
      for (const callback of state.callbacks) {
        if (callback.DoneAt === null && !before.callbackIds.has(callback.Id)) {
          parts.push(t('Announce.Callback', { reference: callback.CaseReference, description: shortened(callback.Description) }));
        }
      }
    }
    if (parts.length > 0) setAnnouncement((before) => ({ text: parts.join(' '), count: before.count + 1 }));
  }, [state, t, lawyerId]);
  return announcement;
}
