// The half-written „Nachricht an Mandant/in schreiben“ of each case file, kept in the tab's sessionStorage like a chat's
// unsent answer (core tabMemorySlice): the lawyer who turns to a chat because a client wrote, or reloads, finds subject
// and text again when coming back to the file – before, both were gone (outside-in lawyer pass 2026-12-07). Removed
// once sent and, with every other draft of the tab, at sign-out (`forgetCaseFileDrafts`).
// The same for the file's other half-written texts: the answer to a client's message (ContactReply, per message) and
// the note to a document about to be shared (ShareDocumentSection, per file) – both were lost the same way.

const FIRM_MESSAGE_DRAFT_PREFIX = 'rc.console.firmMessage.';
const TEXT_DRAFT_PREFIX = 'rc.console.caseFileText.';
const PREFIXES = [FIRM_MESSAGE_DRAFT_PREFIX, TEXT_DRAFT_PREFIX];

/** What a text draft belongs to: the answer to one client message, or the note of the next shared document. */
export type TextDraftKey =
  { readonly kind: 'contactReply'; readonly caseFileId: string; readonly contactId: string } | { readonly kind: 'shareNote'; readonly caseFileId: string };

const textDraftKey = (key: TextDraftKey) =>
  `${TEXT_DRAFT_PREFIX}${key.kind}.${key.kind === 'contactReply' ? JSON.stringify([key.caseFileId, key.contactId]) : key.caseFileId}`;

interface FirmMessageDraft {
  readonly subject: string;
  readonly text: string;
}

const EMPTY: FirmMessageDraft = { subject: '', text: '' };

/** The tab's storage; none (a browser that refuses it) keeps nothing, as before. */
function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readFirmMessageDraft(caseFileId: string): FirmMessageDraft {
  try {
    const parsed: unknown = JSON.parse(tabStorage()?.getItem(`${FIRM_MESSAGE_DRAFT_PREFIX}${caseFileId}`) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return EMPTY;
    const { subject, text } = parsed as Record<string, unknown>;
    return typeof subject === 'string' && typeof text === 'string' ? { subject, text } : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Keeps the draft; an empty one is forgotten. */
export function keepFirmMessageDraft(caseFileId: string, draft: FirmMessageDraft): void {
  const key = `${FIRM_MESSAGE_DRAFT_PREFIX}${caseFileId}`;
  try {
    if (draft.subject === '' && draft.text === '') tabStorage()?.removeItem(key);
    else tabStorage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or refused storage keeps the draft on screen only.
  }
}

export function readTextDraft(key: TextDraftKey): string {
  try {
    return tabStorage()?.getItem(textDraftKey(key)) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the text; an empty one is forgotten. */
export function keepTextDraft(key: TextDraftKey, text: string): void {
  try {
    if (text === '') tabStorage()?.removeItem(textDraftKey(key));
    else tabStorage()?.setItem(textDraftKey(key), text);
  } catch {
    // A full or refused storage keeps the text on screen only.
  }
}

/** Signing out: no draft of any case file stays in the tab for the next person. */
export function forgetCaseFileDrafts(): void {
  const storage = tabStorage();
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key) => PREFIXES.some((prefix) => key?.startsWith(prefix)));
    for (const key of keys) if (key) storage.removeItem(key);
  } catch {
    // Nothing kept that could be removed.
  }
}
