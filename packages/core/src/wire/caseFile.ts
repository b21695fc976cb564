// Case-file (digitale Fallakte) wire types; docs/api.md describes them.
import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './primitives.js';

export const LawyerGenderCodec = t.keyof({ female: null, male: null, other: null }, 'LawyerGender');
export type LawyerGender = t.TypeOf<typeof LawyerGenderCodec>;

/** LockedUntil/LockedForSeconds only while the file is locked after wrong PINs (the page counts down after a reload). */
export const LoginInformation = t.intersection(
  [t.type({ PhoneNumberPart: t.string }), t.partial({ LockedUntil: IsoDate, LockedForSeconds: t.number })],
  'LoginInformation',
);
export type LoginInformation = t.TypeOf<typeof LoginInformation>;

/**
 * The extra fields of a refused login (401 NotAuthenticated, 429 Locked) besides `{ Error, Message }`: AttemptsLeft from
 * the second consecutive wrong PIN (never for an unknown token), LockedUntil and LockedForSeconds while locked.
 */
export const LoginRefusal = t.partial({ AttemptsLeft: t.number, LockedUntil: IsoDate, LockedForSeconds: t.number }, 'LoginRefusal');
export type LoginRefusal = t.TypeOf<typeof LoginRefusal>;

export const LoginData = t.intersection(
  [t.type({ Pin: t.string, UrlToken: t.string }), t.partial({ AgreedPrivacyWithLawyer: t.boolean, AgreedTermsOfService: t.boolean })],
  'LoginData',
);
export const LoginPayload = t.type({ LoginData, AgreedPrivacyWithLawyer: t.boolean, AgreedTermsOfService: t.boolean }, 'LoginPayload');
export type LoginPayload = t.TypeOf<typeof LoginPayload>;

export const LogoutEndState = t.type(
  { Endstate: t.literal('Logout'), Title: t.string, InfoText: t.string, ButtonLabel: t.string, ButtonRedirectUrl: t.string },
  'LogoutEndState',
);
export type LogoutEndState = t.TypeOf<typeof LogoutEndState>;

export const CaseFileLawyer = t.type({ Name: t.string, Gender: LawyerGenderCodec, ImageUrl: t.string, Email: t.string, Phone: t.string }, 'CaseFileLawyer');
export type CaseFileLawyer = t.TypeOf<typeof CaseFileLawyer>;

export const CaseSummary = t.type(
  { CaseId: Id, CaseNumber: t.string, Title: t.string, FieldOfLaw: t.string, Status: t.string, Closed: t.boolean, CreatedAt: IsoDate },
  'CaseSummary',
);
export type CaseSummary = t.TypeOf<typeof CaseSummary>;

/** GET {token}/check without the token's session: only that the link is valid – nothing of the case before the PIN. */
export const CaseFileLinkValid = t.type({ Valid: t.literal(true) }, 'CaseFileLinkValid');
export type CaseFileLinkValid = t.TypeOf<typeof CaseFileLinkValid>;

/** GET {token}/check: the summary for the token's own session, else only that the link is valid (404 for an unknown one). */
export const CaseFileCheck = t.union([CaseSummary, CaseFileLinkValid], 'CaseFileCheck');
export type CaseFileCheck = t.TypeOf<typeof CaseFileCheck>;

/**
 * GET {token}/case. `UnreadMessages`: the firm's messages and answers since the client last opened „Kontaktieren Sie uns“;
 * `UnreadDocuments`: the documents the firm shared since the client last opened „Dokumente“ (PUT {token}/seen/{what}).
 * Optional on the wire, so a server without them still decodes (read as 0).
 */
export const CaseDetails = t.intersection(
  [
    CaseSummary,
    t.type({ Description: t.string, Opponent: nullable(t.string), UpdatedAt: IsoDate }),
    t.partial({ UnreadMessages: t.number, UnreadDocuments: t.number }),
  ],
  'CaseDetails',
);
export type CaseDetails = t.TypeOf<typeof CaseDetails>;

export const PersonInfo = t.type(
  {
    FirstName: t.string,
    LastName: t.string,
    Email: nullable(t.string),
    Phone: t.string,
    Street: nullable(t.string),
    PostalCode: nullable(t.string),
    City: nullable(t.string),
  },
  'PersonInfo',
);
export type PersonInfo = t.TypeOf<typeof PersonInfo>;
export const PersonUpdate = t.partial(
  { Email: nullable(t.string), Street: nullable(t.string), PostalCode: nullable(t.string), City: nullable(t.string) },
  'PersonUpdate',
);
export type PersonUpdate = t.TypeOf<typeof PersonUpdate>;

export const HistoryEntry = t.type({ Id, Created: IsoDate, Kind: t.string, Title: t.string, Text: t.string }, 'HistoryEntry');
export type HistoryEntry = t.TypeOf<typeof HistoryEntry>;
export const HistoryList = t.array(HistoryEntry, 'HistoryList');

/**
 * Removable (the client's list only): the client's own upload that no lawyer has opened yet, which the client may
 * still remove. SharedBy and Note (UploadedBy `lawyer` only): the name of the lawyer who shared the document into the
 * Fallakte, as the client saw it then, and the lawyer's short note to the client, if any.
 */
export const CaseDocument = t.intersection(
  [
    t.type({
      Id,
      FileName: t.string,
      ContentType: t.string,
      Size: t.number,
      Created: IsoDate,
      UploadedBy: t.keyof({ client: null, lawyer: null, system: null }),
    }),
    t.partial({ Removable: t.boolean, SharedBy: t.string, Note: t.string }),
  ],
  'CaseDocument',
);
export type CaseDocument = t.TypeOf<typeof CaseDocument>;
export const CaseDocumentList = t.array(CaseDocument, 'CaseDocumentList');

/**
 * POST {token}/contact. `InReplyTo`: the id of the firm's message the client answers („Antworten“ on „Kontakt“); the
 * server takes only a message of the firm in the same case file.
 */
export const ContactMessage = t.intersection([t.type({ Subject: t.string, Message: t.string }), t.partial({ InReplyTo: Id })], 'ContactMessage');
export type ContactMessage = t.TypeOf<typeof ContactMessage>;

/** The firm's message a client's message answers: its id, subject and when the firm wrote it. */
export const RepliedFirmMessage = t.type({ Id, Subject: t.string, Created: IsoDate }, 'RepliedFirmMessage');
export type RepliedFirmMessage = t.TypeOf<typeof RepliedFirmMessage>;

/** The firm's answer to a message the client sent from the Fallakte (one per message): the text, when, and the lawyer. */
export const ContactReply = t.type({ Text: t.string, Created: IsoDate, By: t.string }, 'ContactReply');
export type ContactReply = t.TypeOf<typeof ContactReply>;

/**
 * A message the client sent („Kontakt“) with the firm's answer, null until there is one (GET {token}/contact);
 * `InReplyTo` only when it answers a message the firm started.
 */
export const ContactThread = t.intersection(
  [t.type({ Id, Subject: t.string, Message: t.string, Created: IsoDate, Reply: nullable(ContactReply) }), t.partial({ InReplyTo: RepliedFirmMessage })],
  'ContactThread',
);
export type ContactThread = t.TypeOf<typeof ContactThread>;

/**
 * A message the firm started in the Fallakte (POST api/lawyer/case-files/{id}/messages), e.g. asking for a missing
 * document: `By` is the lawyer's name as the client saw it then. `Kind` tells it from a ContactThread in one list.
 */
export const FirmMessage = t.type({ Kind: t.literal('FirmMessage'), Id, Subject: t.string, Text: t.string, Created: IsoDate, By: t.string }, 'FirmMessage');
export type FirmMessage = t.TypeOf<typeof FirmMessage>;

/** One entry on „Kontakt“: the client's message with the firm's answer, or a message the firm started. */
export const ContactEntry = t.union([ContactThread, FirmMessage], 'ContactEntry');
export type ContactEntry = t.TypeOf<typeof ContactEntry>;
/** GET {token}/contact: the client's messages and the firm's, newest first. */
export const ContactThreadList = t.array(ContactEntry, 'ContactThreadList');

/** True for a message the firm started (no `Kind` on the client's own messages). Pure. */
export function isFirmMessage(entry: ContactEntry): entry is FirmMessage {
  return 'Kind' in entry && entry.Kind === 'FirmMessage';
}

/** The body of POST api/lawyer/case-files/{id}/messages. */
export const FirmMessageRequest = t.type({ Subject: t.string, Text: t.string }, 'FirmMessageRequest');
export type FirmMessageRequest = t.TypeOf<typeof FirmMessageRequest>;

/** The body of POST api/lawyer/case-files/{id}/contacts/{contactId}/reply. */
export const ContactReplyRequest = t.type({ Text: t.string }, 'ContactReplyRequest');
export type ContactReplyRequest = t.TypeOf<typeof ContactReplyRequest>;

export const QuestionnaireAnswers = t.record(t.string, t.union([t.string, t.boolean, t.number, t.null]), 'QuestionnaireAnswers');
export type QuestionnaireAnswers = t.TypeOf<typeof QuestionnaireAnswers>;
export const Questionnaire = t.type({ Submitted: t.boolean, Answers: QuestionnaireAnswers }, 'Questionnaire');
export type Questionnaire = t.TypeOf<typeof Questionnaire>;
/** POST body of the questionnaire: the answers only; the server sets Submitted. */
export const QuestionnaireSubmission = t.type({ Answers: QuestionnaireAnswers }, 'QuestionnaireSubmission');
export type QuestionnaireSubmission = t.TypeOf<typeof QuestionnaireSubmission>;

/** The signature is a PNG data URL drawn in the browser. */
export const PowerOfAttorneySignature = t.type({ SignatureImage: t.string, Place: t.string }, 'PowerOfAttorneySignature');
export type PowerOfAttorneySignature = t.TypeOf<typeof PowerOfAttorneySignature>;
