// Queue slice: waiting chats and callbacks, accepting a chat, and the alerts (sound, attention count for the blinking
// title) for what arrives while the window is in the background.
import type { AppError } from '../../result.js';
import type { CallbackEntry, QueueEntry } from '../../wire/index.js';
import { updateTab, type ChatTab } from '../workspaceState.js';
import { withState, type Step, type WorkspaceModel } from './model.js';
import { loadSucceeded, withNotice } from './notices.js';

export const MUTED_KEY = 'rechtschat.console.muted';

export type QueueEvent =
  /** The hub's signal; it also follows a new callback request, so the callbacks are re-read with the queue. */
  | { readonly type: 'queue/changed' }
  | { readonly type: 'queue/loaded'; readonly queue: readonly QueueEntry[]; readonly windowFocused: boolean }
  | { readonly type: 'queue/callbacksDue' }
  | { readonly type: 'queue/callbacksLoaded'; readonly callbacks: readonly CallbackEntry[] }
  | { readonly type: 'queue/accept'; readonly chatId: string }
  | { readonly type: 'queue/accepted'; readonly chatId: string }
  | { readonly type: 'queue/acceptFailed'; readonly error: AppError }
  | { readonly type: 'queue/setCallbackDone'; readonly callbackId: string; readonly done: boolean }
  | { readonly type: 'queue/callbackDoneSet' }
  | { readonly type: 'queue/claimCallback'; readonly callbackId: string }
  | { readonly type: 'queue/callbackClaimed'; readonly callbackId: string }
  | { readonly type: 'queue/claimFailed'; readonly callbackId: string; readonly error: AppError }
  | { readonly type: 'queue/releaseCallback'; readonly callbackId: string }
  | { readonly type: 'queue/callbackReleased'; readonly callbackId: string }
  | { readonly type: 'queue/releaseFailed'; readonly callbackId: string; readonly error: AppError }
  | { readonly type: 'queue/setMuted'; readonly muted: boolean }
  | { readonly type: 'queue/windowFocused' };

/**
 * The hub's refusal when a colleague accepted the chat first. The one place that recognises it: by its code
 * `ChatTaken`. Only a refusal without a code (the generic `HubError` of a server that sends none, as during a rolling
 * update) is still recognised by its German text.
 */
export const isChatTaken = (error: AppError): boolean =>
  error._tag === 'HttpError' && (error.code === 'ChatTaken' || (error.code === 'HubError' && /bereits von einer anderen/i.test(error.message)));

/** Something arrived: counted and announced by sound, but only while the window is in the background. */
export function alerted(model: WorkspaceModel, kind: 'chat' | 'message', windowFocused: boolean): Step {
  if (windowFocused) return [model, []];
  const next = withState(model, (s) => ({ ...s, attention: s.attention + 1, attentionMessages: s.attentionMessages + (kind === 'message' ? 1 : 0) }));
  return [next, next.state.muted ? [] : [{ type: 'playSound' }]];
}

/**
 * A chat this lawyer forwarded that the colleague did not take within the hold is back in the queue for everyone (an
 * entry of its case with `ReleasedFrom`): its ended tab no longer says it is with that colleague (`notTakenBy`).
 */
function notTakenTabs(tabs: readonly ChatTab[], queue: readonly QueueEntry[]): readonly ChatTab[] {
  const released = new Map(queue.flatMap((entry) => (entry.ReleasedFrom === undefined ? [] : [[entry.CaseId, entry.ReleasedFrom] as const])));
  if (released.size === 0) return tabs;
  return tabs.map((tab) => {
    const name = released.get(tab.caseId);
    return tab.ended === 'forwarded' && name !== undefined && tab.notTakenBy !== name ? { ...tab, notTakenBy: name } : tab;
  });
}

function queueLoaded(model: WorkspaceModel, queue: readonly QueueEntry[], windowFocused: boolean): Step {
  const seen = model.seenQueueIds;
  const fresh = seen !== null && queue.some((entry) => !seen.has(entry.ChatId));
  const loaded = loadSucceeded(model.state);
  const next: WorkspaceModel = {
    ...model,
    seenQueueIds: new Set([...(seen ?? []), ...queue.map((entry) => entry.ChatId)]),
    state: { ...loaded, queue, queueLoaded: true, tabs: notTakenTabs(loaded.tabs, queue) },
  };
  return fresh ? alerted(next, 'chat', windowFocused) : [next, []];
}

export function queueStep(model: WorkspaceModel, event: QueueEvent): Step {
  switch (event.type) {
    case 'queue/changed':
      return [model, [{ type: 'loadQueue' }, { type: 'loadCallbacks' }]];
    case 'queue/loaded':
      return queueLoaded(model, event.queue, event.windowFocused);
    case 'queue/callbacksDue':
    case 'queue/callbackDoneSet':
      return [model, [{ type: 'loadCallbacks' }]];
    case 'queue/callbacksLoaded':
      return [withState(model, (s) => ({ ...loadSucceeded(s), callbacks: event.callbacks, callbacksLoaded: true })), []];
    case 'queue/accept':
      return [model, [{ type: 'acceptChat', chatId: event.chatId }]];
    case 'queue/accepted':
      return [withState(model, (s) => ({ ...s, selectedChatId: event.chatId, notice: null })), [{ type: 'loadChats' }, { type: 'loadQueue' }]];
    case 'queue/acceptFailed':
      return [
        withState(model, (s) => withNotice(s, isChatTaken(event.error) ? 'Workspace.ChatTaken' : 'Workspace.ActionFailed', event.error)),
        [{ type: 'loadQueue' }],
      ];
    case 'queue/setCallbackDone':
      return [model, [{ type: 'setCallbackDone', callbackId: event.callbackId, done: event.done }]];
    case 'queue/claimCallback':
      return [withState(model, (s) => ({ ...s, callbackClaim: null })), [{ type: 'claimCallback', callbackId: event.callbackId }]];
    case 'queue/callbackClaimed':
      return [withState(model, (s) => ({ ...s, callbackClaim: { callbackId: event.callbackId, claimed: true, message: null } })), [{ type: 'loadCallbacks' }]];
    case 'queue/claimFailed': {
      // A colleague took it first (409 names them): said at the entry, and the list re-read so it shows whose it is.
      const message = event.error._tag === 'HttpError' && event.error.status === 409 ? event.error.message : null;
      return [withState(model, (s) => ({ ...s, callbackClaim: { callbackId: event.callbackId, claimed: false, message } })), [{ type: 'loadCallbacks' }]];
    }
    case 'queue/releaseCallback':
      return [withState(model, (s) => ({ ...s, callbackRelease: null })), [{ type: 'releaseCallback', callbackId: event.callbackId }]];
    case 'queue/callbackReleased':
      return [
        withState(model, (s) => ({ ...s, callbackRelease: { callbackId: event.callbackId, released: true, message: null } })),
        [{ type: 'loadCallbacks' }],
      ];
    case 'queue/releaseFailed': {
      // Someone else's, done, or promised in its chat (403/409 say which): said at the entry, and the list re-read.
      const { error } = event;
      const message = error._tag === 'HttpError' && (error.status === 403 || error.status === 409) ? error.message : null;
      return [withState(model, (s) => ({ ...s, callbackRelease: { callbackId: event.callbackId, released: false, message } })), [{ type: 'loadCallbacks' }]];
    }
    case 'queue/setMuted':
      return [withState(model, (s) => ({ ...s, muted: event.muted })), [{ type: 'savePreference', key: MUTED_KEY, value: String(event.muted) }]];
    case 'queue/windowFocused':
      return [
        withState(model, (s) => {
          const cleared = s.selectedChatId === null ? s : updateTab(s, s.selectedChatId, (tab) => ({ ...tab, unread: 0 }));
          return { ...cleared, attention: 0, attentionMessages: 0 };
        }),
        [],
      ];
  }
}
