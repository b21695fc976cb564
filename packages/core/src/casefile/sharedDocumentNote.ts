// The lawyer's short note to a document shared into the client's Fallakte: optional, at most 500 characters. The
// console's field and POST api/lawyer/case-files/{id}/documents on the server apply the same rule (docs/api.md).

export const SHARED_NOTE_MAX = 500;

/** The note as it is stored: trimmed; null when nothing is left. */
export function sharedNoteOf(text: string): string | null {
  const note = text.trim();
  return note === '' ? null : note;
}

/** Whether the note may be sent (an empty one may: the note is optional). Pure. */
export const sharedNoteFits = (text: string): boolean => text.trim().length <= SHARED_NOTE_MAX;
