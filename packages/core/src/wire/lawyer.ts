// Lawyer API wire types (chat host).
import * as t from 'io-ts';
import { CaseDocument, ContactReply, FirmMessage, LawyerGenderCodec, QuestionnaireAnswers, RepliedFirmMessage } from './caseFile.js';
import { CaseFileHandOverNote } from './caseFileHandover.js';
import { Id, IsoDate, nullable } from './primitives.js';

const isSecondFactorCode = (u: unknown): u is string => typeof u === 'string' && /^[A-Za-z0-9 -]{0,32}$/.test(u);

/**
 * What the login's code field holds: the app's six digits or a recovery code (`ABCDE-FGHJK`, any case, with spaces or
 * dashes) – letters, digits, spaces and dashes, at most 32; blank counts as none. Anything else is a malformed request.
 */
export const SecondFactorCode = new t.Type<string, string, unknown>(
  'SecondFactorCode',
  isSecondFactorCode,
  (u, c) => (isSecondFactorCode(u) ? t.success(u) : t.failure(u, c)),
  (a) => a,
);

/**
 * The lawyer's login: `TotpCode` only for lawyers with a second factor, `WebAuthn` (a passkey's assertion, checked in
 * detail by the server) in its place. A wrongly typed factor is refused with 400 before any password is checked.
 */
export const LawyerLoginRequest = t.intersection(
  [t.type({ Email: t.string, Password: t.string }), t.partial({ TotpCode: SecondFactorCode, WebAuthn: t.UnknownRecord })],
  'LawyerLoginRequest',
);
export type LawyerLoginRequest = t.TypeOf<typeof LawyerLoginRequest>;

/** A lawyer's role in the firm: `admin` manages the team (and sees the console's administration), `lawyer` advises. */
export const LawyerRoleCodec = t.keyof({ admin: null, lawyer: null }, 'LawyerRole');
export type LawyerRole = t.TypeOf<typeof LawyerRoleCodec>;

/** The signed-in lawyer (`me`, `whoami`) and the colleagues a chat can be forwarded to. `Phone`: the lawyer's own number as stored (clients see it in the Fallakte). */
export const LawyerProfile = t.type(
  { Id, Name: t.string, Email: t.string, Gender: LawyerGenderCodec, ImageUrl: t.string, Role: LawyerRoleCodec, Phone: t.string },
  'LawyerProfile',
);
export type LawyerProfile = t.TypeOf<typeof LawyerProfile>;

/**
 * A colleague a chat can be forwarded to (`GET api/lawyer/colleagues`): the profile and `LastActive`, the latest
 * activity of the colleague's signed-in console (to the minute), or null when they are not signed in – a chat forwarded
 * to them waits until they sign in, at most FORWARD_HOLD_MINUTES.
 */
/** `ConsoleOpen`: the colleague's console is connected now (absent from older servers: read as open when signed in). */
export const Colleague = t.intersection([LawyerProfile, t.type({ LastActive: nullable(IsoDate) }), t.partial({ ConsoleOpen: t.boolean })], 'Colleague');
export type Colleague = t.TypeOf<typeof Colleague>;

/** What every list entry of a chat says about it and its case (the server's chatSummary in features/lawyer/queue.ts). */
const chatSummary = {
  ChatId: Id,
  CaseId: Id,
  Description: t.string,
  FieldOfLaw: t.number,
  FieldOfLawLongName: t.string,
  WaitingSince: IsoDate,
};

/** When the client was last connected, if they have had no connection for a while (as the ClientAway notice says); absent or null while connected. */
const clientAway = t.partial({ ClientAwaySince: nullable(IsoDate) });

/** The insurer the client came through, by its name in the administration; null (or absent, older servers) for the default. */
const insurerOfCase = t.partial({ InsurerName: nullable(t.string) });

/**
 * A queue entry. `WaitingSince`: when the chat began – for one the server handed back because its lawyer was away, when
 * that lawyer last answered the client (the acceptance or their newest message); the queue is ordered by it, oldest first.
 */
export const QueueEntry = t.intersection(
  [
    t.type({
      ...chatSummary,
      AssignedLawyerId: nullable(Id),
      /** Who forwarded the chat (the lawyer of the chat before it in the case); null for a chat that was not forwarded. */
      ForwardedBy: nullable(t.string),
      CallbackRequested: t.boolean,
    }),
    clientAway,
    insurerOfCase,
    /**
     * `ReturnedFrom`: the chat was not forwarded but handed back to the queue because its lawyer (named here; null when
     * the name is gone) had no console for LAWYER_AWAY_MINUTES; absent for every other chat (and from older servers).
     */
    t.partial({ ReturnedFrom: nullable(t.string) }),
    /**
     * `HandedOverFrom`: the chat was forwarded to a colleague who was deactivated while it waited, and handed over to
     * this lawyer with the rest of that colleague's work (named here); absent for every other chat.
     * `ReleasedFrom`: the chat was forwarded (`ForwardedBy`) to the colleague named here, who did not take it within
     * the forward hold, so it is open to every lawyer again; absent for every other chat (and from older servers).
     * `ReleasedFromLawyerId`: that colleague's id, beside `ReleasedFrom` – the console of that very colleague addresses
     * them („Von Ihnen nicht angenommen“) instead of naming them to themselves; names are not unique.
     */
    t.partial({ HandedOverFrom: t.string, ReleasedFrom: t.string, ReleasedFromLawyerId: Id }),
  ],
  'QueueEntry',
);
export type QueueEntry = t.TypeOf<typeof QueueEntry>;
export const Queue = t.array(QueueEntry, 'Queue');

/**
 * POST api/lawyer/case-files. `ChatCaseId`: the chat case the file grows out of ("Fallakte aus diesem Chat
 * anlegen"); the server links the two when the calling lawyer took a chat of that case and has not forwarded it since.
 * `ConfirmSecond`: true when the lawyer confirmed making another file from a chat that already has one; without it the
 * server answers 409 `CaseFileExists` with the existing files' `CaseNumbers`.
 */
export const CreateCaseFileRequest = t.intersection(
  [
    t.type({ FirstName: t.string, LastName: t.string, Phone: t.string, Title: t.string }),
    t.partial({ Email: nullable(t.string), Description: t.string, FieldOfLaw: t.string, ChatCaseId: Id, ConfirmSecond: t.boolean }),
  ],
  'CreateCaseFileRequest',
);
export type CreateCaseFileRequest = t.TypeOf<typeof CreateCaseFileRequest>;
/**
 * The new file's link (`Url`, its `Token`) and PIN, shown once; POST …/{id}/new-link answers a file's new link alike.
 * `CaseNumber`: the file's number ("FA-2026-…"), which the chat it was created from names from now on.
 */
export const CreateCaseFileResult = t.type({ CaseId: Id, CaseNumber: t.string, Url: t.string, Token: t.string, Pin: t.string }, 'CreateCaseFileResult');
export type CreateCaseFileResult = t.TypeOf<typeof CreateCaseFileResult>;

/** A lawyer named on a callback (who marked it done, or whose call it is): the id and the name as it is now. */
const CallbackLawyer = t.type({ Id, Name: t.string }, 'CallbackLawyer');

/**
 * A callback request with what the lawyer needs to make the call: the number (E.164 for `tel:` links,
 * and written out for reading), the case reference (RC-…), the field of law and the client's problem.
 * `DoneAt` and `DoneBy`: when and by whom it was marked done (null while open; `DoneBy` is also null for callbacks
 * marked done before the server recorded who did it). `AssignedLawyer`: whose call it is – the colleague it was handed
 * to, else the lawyer who held its chat (who promised the call when ending the chat asking for the number); null for a
 * request a waiting client booked before any lawyer took the chat. `Claimed`: the `AssignedLawyer` took it from the firm's
 * list („Übernehmen“, or marking it done while it was nobody's) rather than it being theirs from its chat – only such a
 * callback can be given back (POST api/lawyer/callbacks/{id}/release); missing counts as false.
 */
export const CallbackEntry = t.intersection(
  [
    t.type({
      Id,
      ChatId: Id,
      CaseId: Id,
      CaseReference: t.string,
      Phone: t.string,
      PhoneDisplay: t.string,
      Availability: t.string,
      Description: t.string,
      FieldOfLawLongName: t.string,
      Created: IsoDate,
      DoneAt: nullable(IsoDate),
      DoneBy: nullable(CallbackLawyer),
      AssignedLawyer: nullable(CallbackLawyer),
    }),
    // Optional: a console of a newer release still reads the list of a server of the one before (rolling update).
    t.partial({ Claimed: t.boolean }),
  ],
  'CallbackEntry',
);
export type CallbackEntry = t.TypeOf<typeof CallbackEntry>;
export const CallbackList = t.array(CallbackEntry, 'CallbackList');

/** PUT api/lawyer/callbacks/{id}/done: `Value` true marks the callback done, false undoes it. */
export const CallbackDoneRequest = t.type({ Value: t.boolean }, 'CallbackDoneRequest');
export type CallbackDoneRequest = t.TypeOf<typeof CallbackDoneRequest>;

/**
 * A case file created from a chat's case ("Fallakte aus diesem Chat anlegen"), as the chat names it: its number, and
 * whose it is – `Own` when it is assigned to the lawyer who asks (who can open it), else `LawyerName`, the colleague it
 * is assigned to (e.g. the lawyer who held the chat before it was forwarded).
 */
export const ChatCaseFile = t.type({ CaseId: Id, CaseNumber: t.string, Own: t.boolean, LawyerName: t.string }, 'ChatCaseFile');
export type ChatCaseFile = t.TypeOf<typeof ChatCaseFile>;

/**
 * One chat the lawyer is holding right now (GET api/lawyer/chats), with the facts the bot collected,
 * so a reload or a second device restores every open conversation. `ClientAwaySince`: when the client was last
 * connected, if the client has had no connection for a while (as the ClientAway notice says); absent or null while
 * the client is connected.
 */
export const ActiveChatEntry = t.intersection(
  [
    t.type({ ...chatSummary, Email: nullable(t.string), VerifiedEmail: t.boolean, AcceptedAt: IsoDate }),
    clientAway,
    insurerOfCase,
    /** `CaseFiles`: the case files created from the chat's case, oldest first (absent from older servers: none known). */
    t.partial({ CaseFiles: t.array(ChatCaseFile) }),
    /**
     * `EmailVerifiedByMail`: the client confirmed `Email` by the link of the protocol mail's double opt-in, not only by
     * retyping it in the chat (`VerifiedEmail`). Absent from older servers: not known, shown as not confirmed by mail.
     */
    t.partial({ EmailVerifiedByMail: t.boolean }),
  ],
  'ActiveChatEntry',
);
export type ActiveChatEntry = t.TypeOf<typeof ActiveChatEntry>;
export const ActiveChatList = t.array(ActiveChatEntry, 'ActiveChatList');

/**
 * One of the lawyer's chats that ended in the last hours (GET api/lawyer/chats/finished): the facts of an active chat,
 * when it ended (`ClosedAt`) and how (`Ended`, as the console's ended tab says it: closed by the lawyer, closed asking
 * for the phone number, closed for inactivity, forwarded to a colleague). `ForwardedTo`: for a forwarded chat the name
 * of the colleague it was forwarded to ("Der Chat wurde an … weitergeleitet."), else null. A reload shows them as
 * ended tabs again.
 */
export const FinishedChatEntry = t.intersection(
  [
    ActiveChatEntry,
    t.type({
      ClosedAt: IsoDate,
      Ended: t.keyof({ closed: null, closedPhone: null, timedOut: null, forwarded: null }),
      ForwardedTo: nullable(t.string),
    }),
  ],
  'FinishedChatEntry',
);
export type FinishedChatEntry = t.TypeOf<typeof FinishedChatEntry>;
export const FinishedChatList = t.array(FinishedChatEntry, 'FinishedChatList');

/** One of the lawyer's digitale Fallakten (GET api/lawyer/case-files), newest first. */
export const LawyerCaseFileSummary = t.type(
  {
    CaseId: Id,
    CaseNumber: t.string,
    Title: t.string,
    ClientName: t.string,
    Created: IsoDate,
    DocumentCount: t.number,
    QuestionnaireSubmitted: t.boolean,
    ContactCount: t.number,
    PowerOfAttorneySignedAt: nullable(IsoDate),
    /** The lawyer ended the mandate (POST …/close); `ClosedAt` when, null while it is open. */
    Closed: t.boolean,
    ClosedAt: nullable(IsoDate),
  },
  'LawyerCaseFileSummary',
);
export type LawyerCaseFileSummary = t.TypeOf<typeof LawyerCaseFileSummary>;
export const LawyerCaseFileList = t.array(LawyerCaseFileSummary, 'LawyerCaseFileList');

/**
 * A message the client sent; `Reply`: the firm's answer (POST …/contacts/{contactId}/reply), absent until there is one;
 * `InReplyTo`: the firm's message it answers (an entry of `FirmMessages`), absent when it answers none.
 */
export const LawyerCaseFileContact = t.intersection(
  [t.type({ Id, Subject: t.string, Message: t.string, Created: IsoDate }), t.partial({ Reply: ContactReply, InReplyTo: RepliedFirmMessage })],
  'LawyerCaseFileContact',
);
export type LawyerCaseFileContact = t.TypeOf<typeof LawyerCaseFileContact>;

/**
 * Everything the client added to a case file (GET api/lawyer/case-files/{id}). The contact data are as stored
 * now: `Email` and the address (`Street`, `PostalCode`, `City`) change when the client edits them under
 * "Persönliche Daten", and `PersonUpdatedAt` says when that last happened (null: never). `Phone` is E.164 (for
 * `tel:` links), `PhoneDisplay` the same number written out. `ChatCaseReference` ("RC-…"): the chat the file was
 * created from, or null. `Closed`, `ClosedAt`, `RetentionUntil`: the mandate's end (POST …/close, …/reopen).
 * `LoginLockedUntil`: until when the client's PIN login is locked after repeated wrong PINs, null when it is not locked
 * now (a new link, POST …/new-link, ends the lock).
 */
export const LawyerCaseFileDetail = t.intersection(
  [
    t.type({
      CaseId: Id,
      CaseNumber: t.string,
      Title: t.string,
      Description: t.string,
      FieldOfLaw: t.string,
      FirstName: t.string,
      LastName: t.string,
      Phone: t.string,
      PhoneDisplay: t.string,
      Email: nullable(t.string),
      Street: nullable(t.string),
      PostalCode: nullable(t.string),
      City: nullable(t.string),
      PersonUpdatedAt: nullable(IsoDate),
      ChatCaseReference: nullable(t.string),
      Created: IsoDate,
      Documents: t.array(CaseDocument),
      Questionnaire: t.type({ Submitted: t.boolean, SubmittedAt: nullable(IsoDate), Answers: QuestionnaireAnswers }),
      Contacts: t.array(LawyerCaseFileContact),
      /** The messages the firm started (POST …/messages), newest first. */
      FirmMessages: t.array(FirmMessage),
      PowerOfAttorneySignedAt: nullable(IsoDate),
      Closed: t.boolean,
      ClosedAt: nullable(IsoDate),
      /** From when the deletion job removes the file (§ 50 Abs. 1 BRAO, caseFileRetentionUntil); null while the mandate is open. */
      RetentionUntil: nullable(IsoDate),
      LoginLockedUntil: nullable(IsoDate),
    }),
    /** The last hand-over from a colleague (POST …/handover), for the lawyer who has the file now; absent when none. */
    t.partial({ HandedOver: CaseFileHandOverNote }),
  ],
  'LawyerCaseFileDetail',
);
export type LawyerCaseFileDetail = t.TypeOf<typeof LawyerCaseFileDetail>;

/** PUT api/lawyer/case-files/{id}/client: the client's name and phone as their lawyer corrects them. */
export const UpdateCaseFileClientRequest = t.type({ FirstName: t.string, LastName: t.string, Phone: t.string }, 'UpdateCaseFileClientRequest');
export type UpdateCaseFileClientRequest = t.TypeOf<typeof UpdateCaseFileClientRequest>;
/** The file as now stored; `Pin` only when the new number made a new PIN (its last four digits), else null. */
export const UpdateCaseFileClientResult = t.type({ Detail: LawyerCaseFileDetail, Pin: nullable(t.string) }, 'UpdateCaseFileClientResult');
export type UpdateCaseFileClientResult = t.TypeOf<typeof UpdateCaseFileClientResult>;
/** PUT api/lawyer/me: the name clients see, the gender that drives their wording and (optional) the lawyer's own phone number. */
export const UpdateLawyerProfileRequest = t.intersection(
  [t.type({ Name: t.string, Gender: LawyerGenderCodec }), t.partial({ Phone: t.string })],
  'UpdateLawyerProfileRequest',
);
export type UpdateLawyerProfileRequest = t.TypeOf<typeof UpdateLawyerProfileRequest>;
