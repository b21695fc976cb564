// Withdrawing a case file created by mistake (POST api/lawyer/case-files/{id}/withdraw, docs/api.md): the reason the
// lawyer gives, and the server's answer. The rule (only while the client has never signed in) is the server's.
import * as t from 'io-ts';
import { Id, IsoDate } from './primitives.js';

/** At most this many characters in the reason: a short note for the audit log, not a memo. */
export const WITHDRAWAL_REASON_MAX = 300;

/** `Reason`: why the file was created by mistake (wrong chat, a duplicate …); required, trimmed by the server. */
export const WithdrawCaseFileRequest = t.type({ Reason: t.string }, 'WithdrawCaseFileRequest');
export type WithdrawCaseFileRequest = t.TypeOf<typeof WithdrawCaseFileRequest>;

/** The withdrawn file: its number for the lawyer's confirmation, and when. */
export const WithdrawnCaseFile = t.type({ CaseId: Id, CaseNumber: t.string, WithdrawnAt: IsoDate }, 'WithdrawnCaseFile');
export type WithdrawnCaseFile = t.TypeOf<typeof WithdrawnCaseFile>;
