// Chat tabs slice: the chats the lawyer holds, one tab each – history and live messages, unread counts, typing
// notices, drafts, sending, files, closing and forwarding – and which tab or view is selected.
import type { AppError } from '../../result.js';
import { MAX_CHAT_TEXT_LENGTH } from '../../validation/chatText.js';
import { characterCount } from '../../validation/characters.js';
import { checkChatUpload, type ChatUploadErrorKey } from '../../chat/chatUploadRules.js';
import type { BlobLike } from '../../ports/platform.js';
import type { ActiveChatEntry, ChatMessage, Colleague, FinishedChatEntry, Notification } from '../../wire/index.js';
import {
  isFromClient,
  mergeMessages,
  syncTabs,
  updateTab,
  type ChatEnd,
  type ChatTab,
  type WorkspaceNotice,
  type WorkspaceNoticeKey,
  type WorkspaceView,
} from '../workspaceState.js';
import { withState, type Step, type StepContext, type WorkspaceEffect, type WorkspaceModel } from './model.js';
import { loadSucceeded, withNotice } from './notices.js';
import { alerted } from './queueSlice.js';
import { withFieldOfLaw } from './fieldOfLawSlice.js';
import { dismissedMemory, draftMemory, withStoredDrafts } from './tabMemorySlice.js';

/** Our own typing notice goes out at most this often. */
export const TYPING_NOTIFY_INTERVAL_MS = 2000;

export type ChatTabsEvent =
  /**
   * The server's list of the lawyer's active chats, with the unsent answers the tab kept for them, and of the chats the
   * lawyer held that ended in the last hours (shown again as ended tabs; empty when that list could not be read).
   */
  | {
      readonly type: 'tabs/chatsLoaded';
      readonly active: readonly ActiveChatEntry[];
      readonly storedDrafts: ReadonlyMap<string, string>;
      readonly finished?: readonly FinishedChatEntry[];
    }
  | { readonly type: 'tabs/historyLoaded'; readonly chatId: string; readonly history: readonly ChatMessage[] }
  /** The history could not be read: the notice says so, and the tab's log speaks from now on (new messages). */
  | { readonly type: 'tabs/historyFailed'; readonly chatId: string; readonly error: AppError }
  | { readonly type: 'tabs/colleaguesLoaded'; readonly colleagues: readonly Colleague[] }
  /** The lawyer is about to choose whom to forward to: the colleagues as they are now (joined, deactivated meanwhile). */
  | { readonly type: 'tabs/loadColleagues' }
  | { readonly type: 'tabs/select'; readonly chatId: string | null }
  | { readonly type: 'tabs/showView'; readonly view: WorkspaceView }
  /**
   * The lawyer reaches for a view: pressed (or focused) a tab of the views' row, or a control in the view shown (the
   * queue's „Annehmen“), the click not complete yet. Held chats restored from now on no longer open in front of the
   * view – one that did took the focus and scrolled the page under the pressed pointer, and the click it moved off
   * „Profil“ (or replaced „Annehmen“ under) was lost.
   */
  | { readonly type: 'tabs/holdView' }
  | { readonly type: 'tabs/setDraft'; readonly chatId: string; readonly text: string; readonly nowMs: number }
  /** `clientId`: a fresh id, used unless this is a retry of the pending text. */
  | { readonly type: 'tabs/send'; readonly chatId: string; readonly clientId: string }
  | { readonly type: 'tabs/sendText'; readonly chatId: string; readonly text: string; readonly clientId: string }
  | { readonly type: 'tabs/sent'; readonly chatId: string; readonly stored: ChatMessage; readonly text: string; readonly fromDraft: boolean }
  | { readonly type: 'tabs/sendFailed'; readonly chatId: string; readonly fromDraft: boolean; readonly error: AppError }
  | { readonly type: 'tabs/upload'; readonly chatId: string; readonly file: BlobLike; readonly fileName: string }
  | { readonly type: 'tabs/uploaded'; readonly chatId: string }
  | { readonly type: 'tabs/uploadFailed'; readonly chatId: string; readonly error: AppError }
  | { readonly type: 'tabs/close'; readonly chatId: string; readonly requestPhoneNumber: boolean }
  /** `nowMs`: scheduler time of the acknowledgement, shown as the chat's end time. */
  | { readonly type: 'tabs/closed'; readonly chatId: string; readonly requestPhoneNumber: boolean; readonly nowMs: number }
  | { readonly type: 'tabs/closeFailed'; readonly chatId: string; readonly error: AppError }
  | { readonly type: 'tabs/forward'; readonly chatId: string; readonly lawyerId: string }
  /** `lawyerId`: the colleague chosen in tabs/forward; the tab names them from the colleagues list. */
  | { readonly type: 'tabs/forwarded'; readonly chatId: string; readonly lawyerId: string; readonly nowMs: number }
  | { readonly type: 'tabs/forwardFailed'; readonly chatId: string; readonly error: AppError }
  /** Removes an ended tab. */
  | { readonly type: 'tabs/dismiss'; readonly chatId: string }
  | { readonly type: 'tabs/messageReceived'; readonly message: ChatMessage; readonly windowFocused: boolean }
  /** `nowMs`: scheduler time of arrival – a chat's end time when the notice ends it (the notice carries none). */
  | { readonly type: 'tabs/notification'; readonly notification: Notification; readonly nowMs: number }
  | { readonly type: 'tabs/typingExpired'; readonly chatId: string }
  /** An administrator erased these chat cases on the person's request: their tabs go, whatever their state. */
  | { readonly type: 'tabs/casesErased'; readonly caseIds: readonly string[] };

/** Why a file the lawyer picked is not sent (the rules of the client's chat, chatUploadRules.ts). */
const UPLOAD_REFUSED: Record<ChatUploadErrorKey, WorkspaceNoticeKey> = {
  'Chat.UploadEmpty': 'Workspace.UploadEmpty',
  'Chat.UploadTooLarge': 'Workspace.UploadTooLarge',
  'Chat.UploadUnsupportedType': 'Workspace.UploadUnsupportedType',
};

const tabOf = (model: WorkspaceModel, chatId: string): ChatTab | undefined => model.state.tabs.find((tab) => tab.chatId === chatId);

const changeTab = (model: WorkspaceModel, chatId: string, change: (tab: ChatTab) => ChatTab): WorkspaceModel =>
  withState(model, (s) => updateTab(s, chatId, change));

const notBusy = (tab: ChatTab): ChatTab => ({ ...tab, busy: false });

/** An ended tab takes no more input; the first reason to end it wins, and with it the end time shown (`nowMs`). */
const endTab = (model: WorkspaceModel, chatId: string, ended: ChatEnd, nowMs: number): WorkspaceModel =>
  changeTab(model, chatId, (tab) =>
    tab.ended === null
      ? { ...tab, ended, endedAt: new Date(nowMs).toISOString(), busy: false, uploading: false, participantTyping: false, clientPresence: null }
      : tab,
  );

/** Ends the tab as forwarded and names the colleague, also when another path (notice or acknowledgement) ended it first. */
const forwardedTab = (model: WorkspaceModel, chatId: string, to: string | null, nowMs: number): WorkspaceModel =>
  changeTab(endTab(model, chatId, 'forwarded', nowMs), chatId, (tab) =>
    tab.ended === 'forwarded' && tab.forwardedTo === null && to !== null ? { ...tab, forwardedTo: to } : tab,
  );

const showTyping = (model: WorkspaceModel, chatId: string, visible: boolean): WorkspaceModel =>
  changeTab(model, chatId, (tab) => ({ ...tab, participantTyping: visible && tab.ended === null }));

const failed = (model: WorkspaceModel, chatId: string, event: { readonly error: AppError }, key: 'Workspace.ActionFailed'): Step => [
  withState(changeTab(model, chatId, notBusy), (s) => withNotice(s, key, event.error)),
  [],
];

/**
 * Why the server did not take the lawyer's file, for the tab's own alert beside the upload button (the lawyer is at the
 * chat's buttons, far below the page's notices): a refused archive in its own words, else the general text with the
 * server's German explanation.
 */
function uploadRefusedByServer(error: AppError): WorkspaceNotice {
  if (error._tag === 'HttpError' && error.code === 'ArchiveRefused') return { key: 'Workspace.UploadArchiveRefused', detail: null };
  return { key: 'Workspace.UploadFailed', detail: error._tag === 'HttpError' && error.status !== 500 ? error.message : null };
}

function chatsLoaded(
  model: WorkspaceModel,
  active: readonly ActiveChatEntry[],
  storedDrafts: ReadonlyMap<string, string>,
  finished: readonly FinishedChatEntry[],
): Step {
  const known = new Set(model.state.tabs.map((tab) => tab.chatId));
  const next = withState(model, (s) => withStoredDrafts(syncTabs(loadSucceeded(s), active, model.remembered, finished, model.dismissed), storedDrafts));
  // A finished chat shown again needs its history once; one already shown keeps what it has.
  const returning = finished.filter((entry) => !known.has(entry.ChatId) && next.state.tabs.some((tab) => tab.chatId === entry.ChatId));
  return [next, [...active, ...returning].map((entry): WorkspaceEffect => ({ type: 'loadHistory', chatId: entry.ChatId, caseId: entry.CaseId }))];
}

function setDraft(model: WorkspaceModel, chatId: string, text: string, nowMs: number): Step {
  const next = changeTab(model, chatId, (tab) => ({ ...tab, draft: text }));
  const stored = draftMemory(model, chatId, text);
  const tab = tabOf(next, chatId);
  const last = model.typingSentAt.get(chatId);
  if (!tab || tab.ended !== null || text.trim() === '' || (last !== undefined && nowMs - last < TYPING_NOTIFY_INTERVAL_MS)) return [next, stored];
  return [{ ...next, typingSentAt: new Map(model.typingSentAt).set(chatId, nowMs) }, [...stored, { type: 'sendTyping', chatId }]];
}

function sendMessage(model: WorkspaceModel, chatId: string, raw: string, freshClientId: string, fromDraft: boolean): Step {
  const text = raw.trim();
  if (text === '') return [model, []];
  if (characterCount(text) > MAX_CHAT_TEXT_LENGTH) return [withState(model, (s) => withNotice(s, 'Workspace.TooLong')), []];
  const pending = tabOf(model, chatId)?.pending;
  // A retry of the same text reuses its id, so the server stores it once even if the first acknowledgement was lost.
  const clientId = fromDraft && pending?.text === text ? pending.clientId : freshClientId;
  const next = fromDraft ? changeTab(model, chatId, (tab) => ({ ...tab, busy: true, pending: { clientId, text } })) : model;
  return [next, [{ type: 'sendMessage', chatId, text, clientId, fromDraft }]];
}

function sent(model: WorkspaceModel, chatId: string, stored: ChatMessage, text: string, fromDraft: boolean): Step {
  const draft = tabOf(model, chatId)?.draft;
  // The sent text leaves the draft; what the lawyer typed on meanwhile (the next sentence, written while the message
  // was on its way) stays. Before, the whole draft stayed, so the next Enter sent the first message a second time.
  const rest = fromDraft && draft !== undefined ? unsentRest(draft, text) : undefined;
  const next = changeTab(model, chatId, (tab) => ({
    ...tab,
    messages: mergeMessages(tab.messages, [stored]),
    ...(fromDraft ? { busy: false, pending: null, draft: rest ?? tab.draft } : {}),
  }));
  return [next, rest === undefined || rest === draft ? [] : draftMemory(model, chatId, rest)];
}

/**
 * What is left of the draft once `sent` went out: the text after it when the draft still begins with it, else
 * (the lawyer changed the sent part meanwhile) undefined – the draft stays as it is.
 */
function unsentRest(draft: string, sent: string): string | undefined {
  const start = draft.trimStart();
  if (!start.startsWith(sent)) return undefined;
  return start.slice(sent.length).trimStart();
}

function messageReceived(model: WorkspaceModel, message: ChatMessage, windowFocused: boolean, context: StepContext): Step {
  const chatId = message.ChatId;
  const tab = chatId === undefined ? undefined : tabOf(model, chatId);
  if (!tab || chatId === undefined) return [model, []];
  const fromClient = isFromClient(message, context.lawyerId);
  const isNew = !tab.messages.some((m) => m.Id === message.Id);
  const unseen = fromClient && isNew && (model.state.selectedChatId !== chatId || !windowFocused);
  // A client who writes has the chat open: whatever was said about its absence or return is over.
  const shown = changeTab(fromClient ? showTyping(model, chatId, false) : model, chatId, (t) => ({
    ...t,
    messages: mergeMessages(t.messages, [message]),
    unread: t.unread + (unseen ? 1 : 0),
    ...(fromClient && isNew ? { clientPresence: null } : {}),
  }));
  const cancel: readonly WorkspaceEffect[] = fromClient ? [{ type: 'cancelHideTyping', chatId }] : [];
  if (!(fromClient && isNew)) return [shown, cancel];
  const [alertedModel, alerts] = alerted(shown, 'message', windowFocused);
  return [alertedModel, [...cancel, ...alerts]];
}

function notified(model: WorkspaceModel, n: Notification, nowMs: number): Step {
  if (!tabOf(model, n.ChatId)) return [model, []];
  switch (n.Type) {
    case 'IsTyping':
      return [showTyping(model, n.ChatId, true), [{ type: 'hideTypingLater', chatId: n.ChatId }]];
    case 'ClientAway': {
      const since = n.Data?.AwaySince ?? new Date(nowMs).toISOString();
      return [changeTab(model, n.ChatId, (tab) => (tab.ended === null ? { ...tab, clientPresence: { kind: 'away', since } } : tab)), []];
    }
    case 'ClientBack':
      return [changeTab(model, n.ChatId, (tab) => (tab.clientPresence?.kind === 'away' ? { ...tab, clientPresence: { kind: 'back' } } : tab)), []];
    case 'Closed':
      // The client's side closes only by timeout, and says so; without a reason the lawyer closed it (maybe in another window).
      return [endTab(model, n.ChatId, n.Data?.Reason === 'Timeout' ? 'timedOut' : (model.closing.get(n.ChatId) ?? 'closed'), nowMs), []];
    case 'ClosedAndRequestPhoneNumber':
      return [endTab(model, n.ChatId, 'closedPhone', nowMs), []];
    case 'Forwarded':
      return [forwardedTab(model, n.ChatId, n.Data?.LawyerName ?? null, nowMs), []];
    case 'FieldOfLawChanged': {
      // Corrected on another of the lawyer's consoles (or this one, before its own answer arrived).
      const field = n.Data?.FieldOfLaw;
      const name = n.Data?.FieldOfLawLongName;
      return [field === undefined || name === undefined ? model : withFieldOfLaw(model, n.ChatId, field, name), []];
    }
    default:
      return [model, []];
  }
}

function dismiss(model: WorkspaceModel, chatId: string, context: StepContext): Step {
  const ended = model.state.tabs.some((t) => t.chatId === chatId && t.ended !== null);
  const next = withState(model, (s) => {
    const tabs = s.tabs.filter((t) => t.chatId !== chatId || t.ended === null);
    return { ...s, tabs, selectedChatId: s.selectedChatId === chatId && !tabs.some((t) => t.chatId === chatId) ? null : s.selectedChatId };
  });
  if (!ended) return [next, []];
  // Closed for good: the server lists the finished chat for some hours, and a reload must not bring it back.
  const [remembering, effects] = dismissedMemory(next, chatId, context);
  return [remembering, [...draftMemory(model, chatId, ''), ...effects]];
}

/**
 * Erased chat cases (GDPR Art. 17) leave the console at once: their tabs and unsent answers go, and the queue and the
 * callbacks are read again – an erased case's callback is gone from the server's list too.
 */
function casesErased(model: WorkspaceModel, caseIds: readonly string[]): Step {
  const erased = new Set(caseIds);
  const gone = model.state.tabs.filter((t) => erased.has(t.caseId)).map((t) => t.chatId);
  const next = withState(model, (s) => ({
    ...s,
    tabs: s.tabs.filter((t) => !erased.has(t.caseId)),
    selectedChatId: s.selectedChatId !== null && gone.includes(s.selectedChatId) ? null : s.selectedChatId,
  }));
  return [next, [...gone.flatMap((chatId) => draftMemory(model, chatId, '')), { type: 'loadQueue' }, { type: 'loadCallbacks' }]];
}

/** The list and the open file again (one audited read) when the lawyer turns to the case files. */
function showView(model: WorkspaceModel, view: WorkspaceView): Step {
  const next = withState(model, (s) => ({ ...s, selectedChatId: null, view, viewChosen: true }));
  if (view !== 'casefiles') return [next, []];
  const opened = model.state.openedCaseFile;
  return [next, [{ type: 'loadCaseFiles' }, ...(opened === null ? [] : [{ type: 'refreshCaseFile', caseFileId: opened.CaseId } as const])]];
}

export function chatTabsStep(model: WorkspaceModel, event: ChatTabsEvent, context: StepContext): Step {
  switch (event.type) {
    case 'tabs/chatsLoaded':
      return chatsLoaded(model, event.active, event.storedDrafts, event.finished ?? []);
    case 'tabs/historyLoaded':
      return [changeTab(model, event.chatId, (tab) => ({ ...tab, messages: mergeMessages(tab.messages, event.history), historyLoaded: true })), []];
    case 'tabs/historyFailed':
      return [
        withState(
          changeTab(model, event.chatId, (tab) => ({ ...tab, historyLoaded: true })),
          (s) => withNotice(s, 'Workspace.LoadFailed', event.error),
        ),
        [],
      ];
    case 'tabs/colleaguesLoaded':
      return [withState(model, (s) => ({ ...s, colleagues: event.colleagues })), []];
    case 'tabs/loadColleagues':
      return [model, [{ type: 'loadColleagues' }]];
    case 'tabs/select': {
      const next = withState(model, (s) => ({ ...s, selectedChatId: event.chatId, viewChosen: true }));
      return [event.chatId === null ? next : changeTab(next, event.chatId, (tab) => ({ ...tab, unread: 0 })), []];
    }
    case 'tabs/showView':
      return showView(model, event.view);
    case 'tabs/holdView':
      return model.state.viewChosen ? [model, []] : [withState(model, (s) => ({ ...s, viewChosen: true })), []];
    case 'tabs/setDraft':
      return setDraft(model, event.chatId, event.text, event.nowMs);
    case 'tabs/send': {
      const tab = tabOf(model, event.chatId);
      if (!tab || tab.ended !== null || tab.busy) return [model, []];
      return sendMessage(model, event.chatId, tab.draft, event.clientId, true);
    }
    case 'tabs/sendText': {
      const tab = tabOf(model, event.chatId);
      if (!tab || tab.ended !== null) return [model, []];
      return sendMessage(model, event.chatId, event.text, event.clientId, false);
    }
    case 'tabs/sent':
      return sent(model, event.chatId, event.stored, event.text, event.fromDraft);
    case 'tabs/sendFailed':
      return [withState(event.fromDraft ? changeTab(model, event.chatId, notBusy) : model, (s) => withNotice(s, 'Workspace.SendFailed', event.error)), []];
    case 'tabs/upload': {
      // Size and type are checked before anything is sent, as in the client's chat: a 25 MB scan is refused at once,
      // naming the limit, instead of after the whole upload with the server's bare "zu groß".
      const refused = checkChatUpload(event.file, event.fileName);
      if (refused !== null) return [changeTab(model, event.chatId, (tab) => ({ ...tab, uploadProblem: { key: UPLOAD_REFUSED[refused], detail: null } })), []];
      // The server stores and distributes the file as a type-4 message; it arrives over the hub.
      return [
        changeTab(model, event.chatId, (tab) => ({ ...tab, busy: true, uploading: true, uploadProblem: null })),
        [{ type: 'uploadFile', chatId: event.chatId, file: event.file, fileName: event.fileName }],
      ];
    }
    case 'tabs/uploaded':
      return [changeTab(model, event.chatId, (tab) => ({ ...tab, busy: false, uploading: false })), []];
    case 'tabs/uploadFailed':
      return [changeTab(model, event.chatId, (tab) => ({ ...tab, busy: false, uploading: false, uploadProblem: uploadRefusedByServer(event.error) })), []];
    case 'tabs/close': {
      const end: ChatEnd = event.requestPhoneNumber ? 'closedPhone' : 'closed';
      const next = { ...changeTab(model, event.chatId, (tab) => ({ ...tab, busy: true })), closing: new Map(model.closing).set(event.chatId, end) };
      return [next, [{ type: 'closeChat', chatId: event.chatId, requestPhoneNumber: event.requestPhoneNumber }]];
    }
    case 'tabs/closed':
      return [endTab(model, event.chatId, event.requestPhoneNumber ? 'closedPhone' : 'closed', event.nowMs), []];
    case 'tabs/closeFailed': {
      const closing = new Map(model.closing);
      closing.delete(event.chatId);
      return failed({ ...model, closing }, event.chatId, event, 'Workspace.ActionFailed');
    }
    case 'tabs/forward':
      return [changeTab(model, event.chatId, (tab) => ({ ...tab, busy: true })), [{ type: 'forwardChat', chatId: event.chatId, lawyerId: event.lawyerId }]];
    case 'tabs/forwarded': {
      const to = model.state.colleagues.find((c) => c.Id === event.lawyerId)?.Name ?? null;
      return [forwardedTab(model, event.chatId, to, event.nowMs), []];
    }
    case 'tabs/forwardFailed':
      // The colleague may be gone meanwhile (deactivated: 404): the choice is read again, without them.
      return [failed(model, event.chatId, event, 'Workspace.ActionFailed')[0], [{ type: 'loadColleagues' }]];
    case 'tabs/dismiss':
      return dismiss(model, event.chatId, context);
    case 'tabs/messageReceived':
      return messageReceived(model, event.message, event.windowFocused, context);
    case 'tabs/notification':
      return notified(model, event.notification, event.nowMs);
    case 'tabs/typingExpired':
      return [showTyping(model, event.chatId, false), []];
    case 'tabs/casesErased':
      return casesErased(model, event.caseIds);
  }
}
