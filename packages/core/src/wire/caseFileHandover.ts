// Handing one case file over to a colleague (POST api/lawyer/case-files/{id}/handover, docs/api.md): the colleague who
// takes it over and an optional note for them, and the server's answer. The rules (another active lawyer of the firm,
// the file's lawyer or an administrator) are the server's.
import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './primitives.js';

/** At most this many characters in the note to the colleague: a short hint, not a memo. */
export const HANDOVER_NOTE_MAX = 500;

/** `ToLawyerId`: the active colleague who takes the file over; `Note`: for them only (the client never reads it). */
export const HandOverCaseFileRequest = t.intersection([t.type({ ToLawyerId: Id }), t.partial({ Note: t.string })], 'HandOverCaseFileRequest');
export type HandOverCaseFileRequest = t.TypeOf<typeof HandOverCaseFileRequest>;

/** The handed-over file: its number and the colleague who has it now, for the former holder's confirmation. */
export const HandedOverCaseFile = t.type({ CaseId: Id, CaseNumber: t.string, LawyerId: Id, LawyerName: t.string, HandedOverAt: IsoDate }, 'HandedOverCaseFile');
export type HandedOverCaseFile = t.TypeOf<typeof HandedOverCaseFile>;

/** In the file's detail for its new lawyer: who handed it over, when, and their note (null: none). The last hand-over only. */
export const CaseFileHandOverNote = t.type({ From: t.string, At: IsoDate, Note: nullable(t.string) }, 'CaseFileHandOverNote');
export type CaseFileHandOverNote = t.TypeOf<typeof CaseFileHandOverNote>;
