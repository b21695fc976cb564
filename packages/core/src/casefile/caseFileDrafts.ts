// Unsent form input of the case file (Kontakt, Persönliche Daten, Fragebogen, Vollmacht), kept in the tab's session
// storage so a reload or a new login after the session ended does not lose what the person typed. One entry per token
// and form; removed after a successful save and, for every form of the token, on logout (a shared device must not
// show the previous person's input). Only the form fields are stored – never the PIN. The Vollmacht keeps its drawn
// signature as a PNG data URL (signatureForm's SignatureDraft).
import type { KeyValueStorage } from '../ports/platform.js';

export const CASE_FILE_DRAFT_FORMS = ['contact', 'person', 'questionnaire', 'signature'] as const;
export type CaseFileDraftForm = (typeof CASE_FILE_DRAFT_FORMS)[number];

/** Prefix of every case-file draft key in the tab's storage. */
export const CASE_FILE_DRAFT_KEY_PREFIX = 'rc.casefile.draft.';

export function caseFileDraftKey(token: string, form: CaseFileDraftForm): string {
  return `${CASE_FILE_DRAFT_KEY_PREFIX}${form}.${token}`;
}

/**
 * The stored draft of one form: only the named fields, only text values; null when there is none or it cannot be
 * read (an unreadable entry is removed).
 */
export function readCaseFileDraft<F extends string>(
  storage: KeyValueStorage,
  token: string,
  form: CaseFileDraftForm,
  fields: readonly F[],
): Record<F, string> | null {
  const key = caseFileDraftKey(token, form);
  const raw = storage.get(key);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    storage.remove(key);
    return null;
  }
  const record = parsed as Record<string, unknown>;
  const draft = {} as Record<F, string>;
  for (const field of fields) {
    const value = record[field];
    if (typeof value !== 'string') {
      storage.remove(key);
      return null;
    }
    draft[field] = value;
  }
  return draft;
}

/** Stores the form's values; null removes the draft. */
export function writeCaseFileDraft<T extends { readonly [K in keyof T]: string }>(
  storage: KeyValueStorage,
  token: string,
  form: CaseFileDraftForm,
  values: T | null,
): void {
  const key = caseFileDraftKey(token, form);
  if (values === null) storage.remove(key);
  else storage.set(key, JSON.stringify(values));
}

/** Removes the drafts of every form of the token (logout). */
export function clearCaseFileDrafts(storage: KeyValueStorage, token: string): void {
  for (const form of CASE_FILE_DRAFT_FORMS) storage.remove(caseFileDraftKey(token, form));
}
