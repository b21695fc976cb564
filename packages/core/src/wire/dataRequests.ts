// Data-subject requests (GDPR Art. 15 access, Art. 17 erasure) of the firm's administration. Chat host, admin only;
// see docs/api.md "Data-subject requests". The insurance number travels only in POST bodies, never in a URL.
import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './primitives.js';

/**
 * Whom the request is about: exactly one of the insurance number (looked up by its keyed hash, across all insurers)
 * or a reference – the chat case's `RC-…` or the case file's number `FA-…`. `Insurer` (with the insurance number
 * only): the insurer's id, or `default` for the single-insurer default – needed when the number belongs to people at
 * more than one insurer, who are different people.
 */
export const DataRequestQuery = t.partial({ InsuranceNumber: t.string, Reference: t.string, Insurer: t.string }, 'DataRequestQuery');
export type DataRequestQuery = t.TypeOf<typeof DataRequestQuery>;

/** Which key found the person. */
export const DataRequestKeyCodec = t.keyof({ insuranceNumber: null, chatReference: null, caseFileNumber: null }, 'DataRequestKey');
export type DataRequestKey = t.TypeOf<typeof DataRequestKeyCodec>;

/**
 * One chat case of the person. `Insurer`: the insurer whose entry opened it, by the name the firm administers it under
 * (Verwaltung → Versicherer, the insurer choice, reports and CSV – not the display name the client saw; null: the
 * single-insurer default).
 * `Running`: a chat of it waits for or talks to a lawyer – nothing is erased then. `KeptFor`: the case file (its
 * number) that holds this chat as part of the lawyer's records (§ 50 BRAO), null when none does; `KeptUntil` is
 * then that file's deletion date, null while its mandate is open.
 */
export const DataSubjectChatCase = t.type(
  {
    Id,
    Reference: t.string,
    Insurer: nullable(t.string),
    FieldOfLaw: t.string,
    CreatedAt: IsoDate,
    ClosedAt: nullable(IsoDate),
    Running: t.boolean,
    Messages: t.number,
    Files: t.number,
    Callbacks: t.number,
    Ratings: t.number,
    KeptFor: nullable(t.string),
    KeptUntil: nullable(IsoDate),
  },
  'DataSubjectChatCase',
);
export type DataSubjectChatCase = t.TypeOf<typeof DataSubjectChatCase>;

/**
 * One case file (Handakte). `RetentionUntil`: from when it may be deleted (§ 50 BRAO: six years after the end of the
 * year the mandate ended); null while the mandate is open.
 */
export const DataSubjectCaseFile = t.type(
  {
    Id,
    CaseNumber: t.string,
    Title: t.string,
    CreatedAt: IsoDate,
    MandateOpen: t.boolean,
    MandateEndedAt: nullable(IsoDate),
    RetentionUntil: nullable(IsoDate),
    Documents: t.number,
    History: t.number,
    Contacts: t.number,
    ChatCaseReference: nullable(t.string),
  },
  'DataSubjectCaseFile',
);
export type DataSubjectCaseFile = t.TypeOf<typeof DataSubjectCaseFile>;

/** POST api/admin/data-requests/search: what is stored about the person. `Found` false: nothing at all. */
export const DataSubjectSummary = t.type(
  {
    Found: t.boolean,
    SearchedBy: DataRequestKeyCodec,
    CustomerSince: nullable(IsoDate),
    ChatCases: t.array(DataSubjectChatCase),
    CaseFiles: t.array(DataSubjectCaseFile),
  },
  'DataSubjectSummary',
);
export type DataSubjectSummary = t.TypeOf<typeof DataSubjectSummary>;

/** POST api/admin/data-requests/erase: the query and the chat cases the administrator confirmed (ids of the summary). */
export const DataErasureRequest = t.intersection([DataRequestQuery, t.type({ ChatCaseIds: t.array(Id) })], 'DataErasureRequest');
export type DataErasureRequest = t.TypeOf<typeof DataErasureRequest>;

/** What had to stay, with the date from which it may be deleted (null while the mandate is open). */
export const DataErasureKept = t.type(
  { Kind: t.keyof({ chatCase: null, caseFile: null }), Reference: t.string, Until: nullable(IsoDate), Message: t.string },
  'DataErasureKept',
);
export type DataErasureKept = t.TypeOf<typeof DataErasureKept>;

/** The answer of the erasure: references of the deleted chat cases, number of files removed, and what was kept. */
export const DataErasureResult = t.type({ ErasedChatCases: t.array(t.string), ErasedFiles: t.number, Kept: t.array(DataErasureKept) }, 'DataErasureResult');
export type DataErasureResult = t.TypeOf<typeof DataErasureResult>;
