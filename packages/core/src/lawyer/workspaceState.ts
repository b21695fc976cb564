// The lawyer workspace as plain data, plus the pure steps that change it. The console renders this
// state; every rule (what counts as unread, how history and live messages merge) lives here.
import type { ConnectionState } from '../ports/chatHub.js';
import type { CaseFileFormValues, CaseFilePrefill } from './caseFileForm.js';
import {
  MessageType,
  type ActiveChatEntry,
  type CallbackEntry,
  type ChatMessage,
  type CreateCaseFileResult,
  type FinishedChatEntry,
  type LawyerCaseFileDetail,
  type LawyerCaseFileSummary,
  type Colleague,
  type LawyerProfile,
  type QueueEntry,
} from '../wire/index.js';

/**
 * Why a tab no longer takes input. `timedOut`: closed because the client stopped answering.
 * `gone`: the server no longer lists it as ours (closed or forwarded elsewhere).
 */
export type ChatEnd = 'closed' | 'closedPhone' | 'timedOut' | 'forwarded' | 'gone';

export interface ChatTab {
  readonly chatId: string;
  readonly caseId: string;
  /** What the bot collected before the lawyer joined. */
  readonly facts: ActiveChatEntry;
  /** The whole case in order, each server message exactly once. */
  readonly messages: readonly ChatMessage[];
  /**
   * Whether the case's stored history has arrived: until then the log is silent for screen readers, so the history that
   * arrives as one batch after accepting is not read out as if every old message were new (keyboard tester).
   */
  readonly historyLoaded: boolean;
  readonly unread: number;
  readonly participantTyping: boolean;
  readonly draft: string;
  /** The message being sent; a retry of the same text reuses its clientId, so the server stores it once. */
  readonly pending: { readonly clientId: string; readonly text: string } | null;
  readonly busy: boolean;
  /** A file is on its way to the client; `busy` is set too. The console names it, so a text send never reads as an upload. */
  readonly uploading: boolean;
  /**
   * Why the last file the lawyer picked was not sent (refused before sending or by the server), shown beside the
   * upload button of this tab; null again with the next file and once one was sent.
   */
  readonly uploadProblem: WorkspaceNotice | null;
  readonly ended: ChatEnd | null;
  /**
   * When the chat ended (ISO 8601 instant): the server's `ClosedAt` for a chat the server lists as finished, else the
   * moment this console learned of the end (the client left, the lawyer closed or forwarded it). null while it runs,
   * and for a chat that vanished from the server's lists without a time (`gone`).
   */
  readonly endedAt: string | null;
  /**
   * The colleague a forwarded chat went to (their name), for "Der Chat wurde an … weitergeleitet.": from the colleagues
   * list when this console forwarded it, from the server's notice or finished list otherwise. null for any other end, and
   * while it is not known.
   */
  readonly forwardedTo: string | null;
  /**
   * The colleague a forwarded chat waited for who did not take it within the hold, so the server offered it to every
   * lawyer again: learnt from the queue (an entry of the same case with `ReleasedFrom`), and kept when a lawyer takes it
   * from there. null for any other tab, and while nothing says so.
   */
  readonly notTakenBy: string | null;
  /** Whether the client still has the chat open, as far as the server can tell; null for an ended tab. */
  readonly clientPresence: ClientPresence;
  /**
   * The lawyer's correction of the field of law (`facts.FieldOfLaw`): `saving` while it is on its way, `saved` once the
   * server stored it (the console announces it), `failed` when it was refused – `fieldOfLawError` then holds the
   * server's German text for a refused choice (400), null for any other failure (the console's general text).
   */
  readonly fieldOfLawStatus: 'idle' | 'saving' | 'saved' | 'failed';
  readonly fieldOfLawError: string | null;
}

/**
 * What the server said about the client of a running chat (its ClientAway and ClientBack notices, ClientAwaySince of
 * the chat list): `away` with the client's last connection, `back` once it is connected again (until it writes), null
 * while there is nothing to say.
 */
export type ClientPresence = { readonly kind: 'away'; readonly since: string } | { readonly kind: 'back' } | null;

export type WorkspaceNoticeKey =
  | 'Workspace.ChatTaken'
  | 'Workspace.ActionFailed'
  | 'Workspace.LoadFailed'
  | 'Workspace.TooManyConnections'
  | 'Workspace.SendFailed'
  | 'Workspace.UploadFailed'
  | 'Workspace.UploadEmpty'
  | 'Workspace.UploadTooLarge'
  | 'Workspace.UploadUnsupportedType'
  | 'Workspace.UploadArchiveRefused'
  | 'Workspace.TooLong'
  | 'Workspace.CaseFileFailed'
  | 'Workspace.ProfileFailed';

export interface WorkspaceNotice {
  readonly key: WorkspaceNoticeKey;
  /** The server's German explanation, when it sent one. */
  readonly detail: string | null;
}

export type CaseFileFormField = 'FirstName' | 'LastName' | 'Phone' | 'Email' | 'Title';

export interface CaseFileDraftState {
  readonly busy: boolean;
  /** Validation keys per field (i18n keys of core validation or 'CaseFile.Required'). */
  readonly errors: Partial<Record<CaseFileFormField, string>>;
  /** Link, token and PIN: shown once, then dismissed for good. */
  readonly created: CreateCaseFileResult | null;
  /** The form was started from a chat: its values and the chat case the new file is linked to. null: a blank form. */
  readonly prefill: CaseFilePrefill | null;
  /**
   * What the lawyer has typed into the form so far, kept in the browser tab so a reload does not lose it. null: the
   * form starts from the prefill (or empty).
   */
  readonly values: CaseFileFormValues | null;
}

/** The console's views besides the chat tabs. */
export type WorkspaceView = 'queue' | 'callbacks' | 'casefiles' | 'casefile' | 'profile';
const WORKSPACE_VIEWS: readonly WorkspaceView[] = ['queue', 'callbacks', 'casefiles', 'casefile', 'profile'];

/** What the lawyer was looking at before a reload: a chat, or one of the views. */
export type RememberedSelection = { readonly chatId: string } | { readonly view: WorkspaceView };

export interface WorkspaceState {
  readonly connection: ConnectionState;
  /**
   * The hub was connected once, or a start failed: only then does 'disconnected' mean a lost connection. Before that
   * the console is still setting up its first connection after the sign-in or a reload, which is no interruption to
   * show – or to read out as „Keine Verbindung zum Chat-Server“ (keyboard and screen-reader pass 2026-12-07).
   */
  readonly connectionTried: boolean;
  /**
   * While disconnected: the wait, in ms, of the next start the workspace makes by itself (15 s, or the doubled waits
   * of the connection cap), as scheduled – the „zu viele Verbindungen“ notice names it. null while connected.
   */
  readonly connectionRetryMs: number | null;
  readonly queue: readonly QueueEntry[];
  /** The queue was read at least once: entries seen after that are new arrivals (the console announces them). */
  readonly queueLoaded: boolean;
  readonly callbacks: readonly CallbackEntry[];
  /** The callbacks were read at least once: requests seen after that are new (the console announces them). */
  readonly callbacksLoaded: boolean;
  /**
   * How the lawyer's last „Übernehmen“ went (null: none since): claimed, or refused – `message` the server's German
   * 409 naming the colleague who took it first, null for any other failure.
   */
  readonly callbackClaim: { readonly callbackId: string; readonly claimed: boolean; readonly message: string | null } | null;
  /**
   * How the lawyer's last „Zurückgeben“ went (null: none since): given back, or refused – `message` the server's German
   * 403/409 (a colleague's, done, promised in the chat), null for any other failure.
   */
  readonly callbackRelease: { readonly callbackId: string; readonly released: boolean; readonly message: string | null } | null;
  readonly colleagues: readonly Colleague[];
  readonly tabs: readonly ChatTab[];
  /** null: the chosen view (`view`) shows. */
  readonly selectedChatId: string | null;
  /** The view shown while no chat is selected. */
  readonly view: WorkspaceView;
  /** The lawyer picked a view or chat; restoring held chats then no longer opens the first of them. */
  readonly viewChosen: boolean;
  readonly muted: boolean;
  /** New chats or client messages since the window was last in the foreground. */
  readonly attention: number;
  /** Of `attention`, the client messages (the rest are new chats in the queue): the title names what is new. */
  readonly attentionMessages: number;
  readonly notice: WorkspaceNotice | null;
  readonly sessionExpired: boolean;
  readonly caseFile: CaseFileDraftState;
  /** The lawyer's case files, newest first. */
  readonly caseFiles: readonly LawyerCaseFileSummary[];
  /** The case file opened for reading (uploads, questionnaire, contact messages, Vollmacht). */
  readonly openedCaseFile: LawyerCaseFileDetail | null;
  /** How often the open file was re-read because its client changed it: the console announces each new one. */
  readonly openedCaseFileClientChanges: number;
  /**
   * The open file was found gone when it was read again (handed over or withdrawn in another tab, on another device or
   * by an administrator): the list says so until another file is opened.
   */
  readonly caseFileLeft: { readonly CaseId: string; readonly CaseNumber: string } | null;
  /** The signed-in lawyer as clients see them (name, gender, picture). */
  readonly profile: LawyerProfile | null;
  readonly profileStatus: 'idle' | 'saving' | 'saved';
  /** i18n key of a refused name. */
  readonly profileError: string | null;
  /** Scheduler time of the last clock tick, for "waiting for n minutes". */
  readonly nowMs: number;
}

export const initialWorkspaceState = (nowMs: number, muted: boolean): WorkspaceState => ({
  connection: 'disconnected',
  connectionTried: false,
  connectionRetryMs: null,
  queue: [],
  queueLoaded: false,
  callbacks: [],
  callbacksLoaded: false,
  callbackClaim: null,
  callbackRelease: null,
  colleagues: [],
  tabs: [],
  selectedChatId: null,
  view: 'queue',
  viewChosen: false,
  muted,
  attention: 0,
  attentionMessages: 0,
  notice: null,
  sessionExpired: false,
  caseFile: { busy: false, errors: {}, created: null, prefill: null, values: null },
  caseFiles: [],
  openedCaseFile: null,
  openedCaseFileClientChanges: 0,
  caseFileLeft: null,
  profile: null,
  profileStatus: 'idle',
  profileError: null,
  nowMs,
});

/**
 * Adds the incoming messages not shown yet, ordered by creation time (stable, so equal times keep
 * arrival order). History and live events may overlap in any way: each Id appears once.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  const seen = new Set(current.map((m) => m.Id));
  const added = incoming.filter((m) => !seen.has(m.Id) && seen.add(m.Id) !== undefined);
  if (added.length === 0) return current;
  return [...current, ...added]
    .map((m, i) => [m, i] as const)
    .sort(([a, i], [b, j]) => (a.Created < b.Created ? -1 : a.Created > b.Created ? 1 : i - j))
    .map(([m]) => m);
}

/** A message the lawyer should notice: from the client (not the lawyer, not the bot, not a system notice). */
export function isFromClient(message: ChatMessage, lawyerId: string): boolean {
  const byPerson = message.Type === MessageType.Message || message.Type === MessageType.File;
  // A colleague's answers from before a forward are the firm's, not the client's.
  return byPerson && message.Author !== null && message.Author.Id !== lawyerId && message.AuthorKind !== 'lawyer';
}

export function newTab(facts: ActiveChatEntry): ChatTab {
  return {
    chatId: facts.ChatId,
    caseId: facts.CaseId,
    facts,
    messages: [],
    historyLoaded: false,
    unread: 0,
    participantTyping: false,
    draft: '',
    pending: null,
    busy: false,
    uploading: false,
    uploadProblem: null,
    ended: null,
    endedAt: null,
    forwardedTo: null,
    notTakenBy: null,
    clientPresence: facts.ClientAwaySince ? { kind: 'away', since: facts.ClientAwaySince } : null,
    fieldOfLawStatus: 'idle',
    fieldOfLawError: null,
  };
}

/** The chat list's word on the client: away (since when), or back when the tab had the client away; else what the tab knew. */
function presenceFromList(known: ClientPresence, entry: ActiveChatEntry): ClientPresence {
  if (entry.ClientAwaySince) return known?.kind === 'away' && known.since === entry.ClientAwaySince ? known : { kind: 'away', since: entry.ClientAwaySince };
  return known?.kind === 'away' ? { kind: 'back' } : known;
}

export function updateTab(state: WorkspaceState, chatId: string, change: (tab: ChatTab) => ChatTab): WorkspaceState {
  let changed = false;
  const tabs = state.tabs.map((tab) => {
    if (tab.chatId !== chatId) return tab;
    changed = true;
    return change(tab);
  });
  return changed ? { ...state, tabs } : state;
}

/** The stored form of a selection (sessionStorage value). */
export function encodeSelection(state: Pick<WorkspaceState, 'selectedChatId' | 'view' | 'viewChosen'>): string | null {
  if (state.selectedChatId !== null) return `chat:${state.selectedChatId}`;
  return state.viewChosen ? `view:${state.view}` : null;
}

/** Reads back what `encodeSelection` stored; anything else (an old or tampered value) counts as nothing stored. */
export function decodeSelection(stored: string | null): RememberedSelection | null {
  if (stored === null) return null;
  if (stored.startsWith('chat:') && stored.length > 'chat:'.length) return { chatId: stored.slice('chat:'.length) };
  const view = WORKSPACE_VIEWS.find((v) => stored === `view:${v}`);
  return view ? { view } : null;
}

/**
 * The chat to open when the console (re)loads the chats the lawyer holds: the one the lawyer was working in before the
 * reload if it is still theirs – active, or ended and shown again (`finished`: the lawyer was reading it) –, otherwise
 * the first (oldest) active one. A reload must never silently put another client in front of the lawyer while the one
 * they worked with is still there; an ended chat is never opened in place of an active one.
 */
export function restoredChatId(
  active: readonly ActiveChatEntry[],
  remembered: RememberedSelection | null,
  finished: readonly { readonly ChatId: string }[] = [],
): string | null {
  const shown = (id: string) => active.some((a) => a.ChatId === id) || finished.some((f) => f.ChatId === id);
  if (remembered !== null && 'chatId' in remembered && shown(remembered.chatId)) return remembered.chatId;
  return active[0]?.ChatId ?? null;
}

/** Tabs in the order their chats were accepted, as they were opened. */
function byAcceptance(tabs: ChatTab[]): ChatTab[] {
  return tabs.sort((a, b) => (a.facts.AcceptedAt < b.facts.AcceptedAt ? -1 : a.facts.AcceptedAt > b.facts.AcceptedAt ? 1 : 0));
}

/** A finished chat as an ended, read-only tab: as it looked before the reload. */
function finishedTab(entry: FinishedChatEntry): ChatTab {
  const { ClosedAt, Ended, ForwardedTo, ...facts } = entry;
  return { ...newTab(facts), ended: Ended, endedAt: ClosedAt, forwardedTo: ForwardedTo, clientPresence: null };
}

/**
 * Brings the tabs in line with the server's lists: the active chats and the chats the lawyer held that ended in the
 * last hours (`finished`). New active ones open (when nothing is selected and the lawyer chose no view: the remembered
 * chat, else the first one – `restoredChatId`), known ones keep their messages; a finished chat not shown yet comes
 * back as an ended tab (unless the lawyer had closed its tab, `dismissed`), a shown one ends with the server's reason;
 * vanished ones end as `gone`. New tabs are placed in the order the chats were accepted, as they were opened – new
 * active chats before the ended ones that come back.
 */
export function syncTabs(
  state: WorkspaceState,
  active: readonly ActiveChatEntry[],
  remembered: RememberedSelection | null = null,
  finished: readonly FinishedChatEntry[] = [],
  dismissed: ReadonlySet<string> = new Set(),
): WorkspaceState {
  const byId = new Map(active.map((a) => [a.ChatId, a]));
  const endedById = new Map(finished.map((f) => [f.ChatId, f]));
  const kept = state.tabs.map((tab) => {
    const entry = byId.get(tab.chatId);
    if (entry) return { ...tab, facts: entry, clientPresence: presenceFromList(tab.clientPresence, entry) };
    const finishedEntry = endedById.get(tab.chatId);
    // The server's end time is the one to show: it may differ a little from when this console learned of the end.
    // The server also knows to whom a chat was forwarded when this console did not (a second device, a missed notice).
    if (tab.ended !== null) {
      if (!finishedEntry) return tab;
      const forwardedTo = tab.forwardedTo ?? finishedEntry.ForwardedTo;
      // A case file made from the ended chat meanwhile (on another device) is named too, and so is an address the client
      // confirmed by the protocol mail's link since (that comes after the chat's end).
      const caseFiles = finishedEntry.CaseFiles ?? tab.facts.CaseFiles;
      const sameFiles = JSON.stringify(caseFiles) === JSON.stringify(tab.facts.CaseFiles);
      const byMail = finishedEntry.EmailVerifiedByMail ?? tab.facts.EmailVerifiedByMail;
      const sameFacts = sameFiles && byMail === tab.facts.EmailVerifiedByMail;
      const facts = sameFacts ? tab.facts : { ...tab.facts, CaseFiles: caseFiles ?? [], ...(byMail === undefined ? {} : { EmailVerifiedByMail: byMail }) };
      return tab.endedAt !== finishedEntry.ClosedAt || tab.forwardedTo !== forwardedTo || !sameFacts
        ? { ...tab, endedAt: finishedEntry.ClosedAt, forwardedTo, facts }
        : tab;
    }
    return {
      ...tab,
      ended: finishedEntry?.Ended ?? ('gone' as const),
      endedAt: finishedEntry?.ClosedAt ?? null,
      forwardedTo: finishedEntry?.ForwardedTo ?? null,
      participantTyping: false,
      clientPresence: null,
    };
  });
  const known = new Set(state.tabs.map((t) => t.chatId));
  const returning = finished.filter((f) => !known.has(f.ChatId) && !byId.has(f.ChatId) && !dismissed.has(f.ChatId));
  // Active chats before the ended ones: with a working day's ended chats back after a reload, the chats the lawyer
  // still has to answer must not be pushed to the end of the tab row. So does a chat accepted later: it goes before the
  // ended tabs at the row's end, where a reload puts it too – appended after them, it sat out of view behind a day's
  // ended chats, and „Chat 9“ of the announcements became „Chat 2“ after a reload (outside-in lawyer pass 2026-12-07).
  // Tabs already shown keep their places, so a chat that ends while the lawyer works does not move.
  let endedAtEnd = kept.length;
  while (endedAtEnd > 0 && kept[endedAtEnd - 1]?.ended != null) endedAtEnd--;
  const addedActive = byAcceptance(active.filter((a) => !known.has(a.ChatId)).map(newTab));
  const tabs = [...kept.slice(0, endedAtEnd), ...addedActive, ...kept.slice(endedAtEnd), ...byAcceptance(returning.map(finishedTab))];
  const opensFirst = state.tabs.length === 0 && !state.viewChosen;
  const selectedChatId = state.selectedChatId ?? (opensFirst ? restoredChatId(active, remembered, returning) : null);
  return { ...state, tabs, selectedChatId };
}
