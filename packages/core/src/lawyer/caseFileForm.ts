// The case-file form as the lawyer edits it, and a form started from a chat (caseFileFromChat.ts fills it).
// Its own module so the workspace state can hold a prefill without importing the function that makes one.

/** The case-file form as the lawyer edits it: every field a string, '' for "not given". */
export interface CaseFileFormValues {
  readonly FirstName: string;
  readonly LastName: string;
  readonly Phone: string;
  readonly Email: string;
  readonly Title: string;
  readonly Description: string;
  readonly FieldOfLaw: string;
}

export type CaseFileFormValueField = keyof CaseFileFormValues;

export const EMPTY_CASE_FILE_FORM: CaseFileFormValues = { FirstName: '', LastName: '', Phone: '', Email: '', Title: '', Description: '', FieldOfLaw: '' };

/** A form started from a chat: its values, which of them came from the chat, and the chat case to link. */
export interface CaseFilePrefill {
  readonly chatId: string;
  readonly chatCaseId: string;
  /** "RC-…", as the lawyer knows the chat from callbacks and PDFs. */
  readonly caseReference: string;
  readonly values: CaseFileFormValues;
  /** The fields filled from the chat, in form order; the others the lawyer still has to fill or check. */
  readonly filled: readonly CaseFileFormValueField[];
  /**
   * The chat already named a case file when the form was opened from it, so the lawyer confirmed another one („Weitere
   * Fallakte anlegen“): the request says so (`ConfirmSecond`), which the server requires for a second file.
   */
  readonly confirmedSecond?: boolean;
}
