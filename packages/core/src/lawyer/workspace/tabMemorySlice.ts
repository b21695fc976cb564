// Tab memory slice: what the browser tab keeps across a reload (sessionStorage: it ends with the tab, never outlives the
// session on a shared computer) – unsent answers per chat, the selected chat or view, the half-filled case-file form,
// the case file being read –
// and forgetting all of it when the lawyer signs out; and the finished chats whose tab the lawyer closed, which the
// browser keeps for the lawyer (localStorage, ids only) across sign-outs and browser tabs.
import { EMPTY_CASE_FILE_FORM, type CaseFileFormValues, type CaseFilePrefill } from '../caseFileForm.js';
import { decodeSelection, encodeSelection, type CaseFileDraftState, type WorkspaceState } from '../workspaceState.js';
import type { Step, StepContext, WorkspaceEffect, WorkspaceModel } from './model.js';

/** sessionStorage key of a chat's unsent answer. */
export const DRAFT_KEY_PREFIX = 'rc.console.draft.';
/** sessionStorage key (plus the lawyer's id) of the selected chat or view (`encodeSelection`). */
export const SELECTION_KEY_PREFIX = 'rc.console.selection.';
/** sessionStorage key (plus the lawyer's id) of the half-filled case-file form: its values and the chat it came from. */
export const CASE_FILE_FORM_KEY_PREFIX = 'rc.console.caseFileForm.';
/** sessionStorage key (plus the lawyer's id) of the case file open for reading (its id). */
export const OPEN_CASE_FILE_KEY_PREFIX = 'rc.console.openCaseFile.';
/**
 * localStorage key (plus the lawyer's id) of the ended chats whose tab the lawyer closed (a JSON array of chat ids). Not
 * the tab's sessionStorage, and not forgotten at sign-out: a tab closed in the morning must not come back after a
 * sign-out for lunch or in a new browser tab. Chat ids only – nothing of the chat – so a shared computer shows nobody
 * anything.
 */
export const DISMISSED_KEY_PREFIX = 'rc.console.dismissed.';
/** The server lists at most 20 finished chats; more ids than that are older than any it still lists. */
const DISMISSED_KEPT = 50;

export const draftKey = (chatId: string): string => `${DRAFT_KEY_PREFIX}${chatId}`;
export const selectionKey = (lawyerId: string): string => `${SELECTION_KEY_PREFIX}${lawyerId}`;
export const caseFileFormKey = (lawyerId: string): string => `${CASE_FILE_FORM_KEY_PREFIX}${lawyerId}`;
export const dismissedKey = (lawyerId: string): string => `${DISMISSED_KEY_PREFIX}${lawyerId}`;
export const openCaseFileKey = (lawyerId: string): string => `${OPEN_CASE_FILE_KEY_PREFIX}${lawyerId}`;

/** A stored case-file id as the server makes them; anything else (an old or tampered value) counts as none. */
const decodeCaseFileId = (stored: string | null | undefined): string | null => (stored && /^[A-Za-z0-9_-]{1,64}$/.test(stored) ? stored : null);

/** Reads the stored closed tabs back; anything that is not an array of strings counts as none. */
export function decodeDismissed(stored: string | null): ReadonlySet<string> {
  if (stored === null) return new Set();
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) && parsed.every((id) => typeof id === 'string') ? new Set(parsed) : new Set();
  } catch {
    return new Set();
  }
}

export type TabMemoryEvent = { readonly type: 'memory/forget' };

interface StoredCaseFileForm {
  readonly values: CaseFileFormValues | null;
  readonly prefill: CaseFilePrefill | null;
}

const isStringRecord = (value: unknown, keys: readonly string[]): boolean =>
  typeof value === 'object' && value !== null && keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

const FORM_KEYS = Object.keys(EMPTY_CASE_FILE_FORM);

/** Reads the stored form back; a value that does not fit (an older version, tampering) counts as none. */
export function decodeStoredCaseFileForm(stored: string | null): StoredCaseFileForm | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { values?: unknown; prefill?: unknown };
    const values = parsed.values === null ? null : isStringRecord(parsed.values, FORM_KEYS) ? (parsed.values as CaseFileFormValues) : undefined;
    const prefill = parsed.prefill as CaseFilePrefill | null | undefined;
    const prefillOk =
      prefill === null ||
      (isStringRecord(prefill, ['chatId', 'chatCaseId', 'caseReference']) && isStringRecord(prefill?.values, FORM_KEYS) && Array.isArray(prefill?.filled));
    if (values === undefined || !prefillOk || (values === null && prefill === null)) return null;
    return { values, prefill: prefill ?? null };
  } catch {
    return null;
  }
}

/** What was stored before this page: the tab's selection and case-file form, the lawyer's closed tabs (raw storage values). */
export interface StoredTab {
  readonly selection: string | null;
  readonly caseFileForm: string | null;
  readonly dismissed?: string | null;
  readonly openCaseFile?: string | null;
}

/** The model a (re)loaded tab starts from. */
export function restoredModel(initial: WorkspaceState, stored: StoredTab): WorkspaceModel {
  const remembered = decodeSelection(stored.selection);
  const form = decodeStoredCaseFileForm(stored.caseFileForm);
  return {
    state: {
      ...initial,
      // A remembered view counts as chosen: held chats then do not take it over.
      ...(remembered !== null && 'view' in remembered ? { view: remembered.view, viewChosen: true } : {}),
      ...(form ? { caseFile: { ...initial.caseFile, ...form } } : {}),
    },
    seenQueueIds: null,
    closing: new Map(),
    typingSentAt: new Map(),
    remembered,
    reopenCaseFileId: decodeCaseFileId(stored.openCaseFile),
    wantedCaseFileId: null,
    dismissed: decodeDismissed(stored.dismissed ?? null),
    forgotten: false,
  };
}

/** The lawyer closed an ended chat's tab: kept, so neither a reload nor signing in again shows that finished chat again. */
export function dismissedMemory(model: WorkspaceModel, chatId: string, context: StepContext): Step {
  if (model.dismissed.has(chatId)) return [model, []];
  const dismissed = new Set([...model.dismissed, chatId].slice(-DISMISSED_KEPT));
  const next = { ...model, dismissed };
  return [next, model.forgotten ? [] : [{ type: 'savePreference', key: dismissedKey(context.lawyerId), value: JSON.stringify([...dismissed]) }]];
}

/** Keeps a chat's unsent answer; an empty one is forgotten. */
export const draftMemory = (model: WorkspaceModel, chatId: string, text: string): readonly WorkspaceEffect[] =>
  model.forgotten ? [] : [{ type: 'rememberInTab', key: draftKey(chatId), value: text === '' ? null : text }];

/** Keeps the case-file form (typed values and the chat it came from); an empty form is forgotten. */
export function caseFileFormMemory(model: WorkspaceModel, context: StepContext): readonly WorkspaceEffect[] {
  if (model.forgotten) return [];
  const form: CaseFileDraftState = model.state.caseFile;
  const empty = form.values === null && form.prefill === null;
  return [
    { type: 'rememberInTab', key: caseFileFormKey(context.lawyerId), value: empty ? null : JSON.stringify({ values: form.values, prefill: form.prefill }) },
  ];
}

/** A changed selection is kept; nothing chosen yet (the console just started) leaves what an earlier page stored. */
export function selectionMemory(before: WorkspaceState, after: WorkspaceModel, context: StepContext): readonly WorkspaceEffect[] {
  const encoded = encodeSelection(after.state);
  if (encoded === null || after.forgotten || encoded === encodeSelection(before)) return [];
  return [{ type: 'rememberInTab', key: selectionKey(context.lawyerId), value: encoded }];
}

/** Keeps which case file is open for reading (null: none), so a reload opens it again. */
export const openCaseFileMemory = (model: WorkspaceModel, context: StepContext, caseFileId: string | null): readonly WorkspaceEffect[] =>
  model.forgotten ? [] : [{ type: 'rememberInTab', key: openCaseFileKey(context.lawyerId), value: caseFileId }];

/** A tab opened by a reload or a reconnect gets back the answer its lawyer had not sent yet. */
export const withStoredDrafts = (state: WorkspaceState, storedDrafts: ReadonlyMap<string, string>): WorkspaceState => ({
  ...state,
  tabs: state.tabs.map((tab) => (tab.draft === '' ? { ...tab, draft: storedDrafts.get(tab.chatId) ?? '' } : tab)),
});

/** Signing out: forgets what this tab kept, so the next person finds nothing (the closed tabs' ids stay, see DISMISSED_KEY_PREFIX). */
export function tabMemoryStep(model: WorkspaceModel, _event: TabMemoryEvent, context: StepContext): Step {
  const forget = (key: string): WorkspaceEffect => ({ type: 'rememberInTab', key, value: null });
  return [
    { ...model, forgotten: true },
    [
      ...model.state.tabs.map((tab) => forget(draftKey(tab.chatId))),
      forget(selectionKey(context.lawyerId)),
      forget(caseFileFormKey(context.lawyerId)),
      forget(openCaseFileKey(context.lawyerId)),
    ],
  ];
}
