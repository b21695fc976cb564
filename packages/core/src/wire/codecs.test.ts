// Property tests for every wire codec: valid values survive encode → JSON → decode
// unchanged, and junk of every shape becomes a DecodeError value, never an exception.
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as wire from './index.js';
import { decode, decodeJson } from './decode.js';

const id = fc.string({ maxLength: 12 });
const text = fc.string({ maxLength: 40 });
// JSON has no -0, NaN or Infinity; the wire never carries them.
const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => n || 0);
const int = fc.integer({ min: -1_000_000, max: 1_000_000 });
const isoDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
const textTemplate = fc.record({ Id: id, Title: text, Text: text, UpdatedAt: isoDate });
const nullable = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: null });
const gender = fc.constantFrom('female', 'male', 'other');
const responseType = fc.constantFrom(...wire.ResponseTypeValues);

const author = fc.record({ Id: id, Name: text });
const chatMessage = fc.record(
  {
    Id: id,
    Message: text,
    Type: fc.constantFrom(1, 2, 3, 4, 5),
    Author: nullable(author),
    Created: isoDate,
    ChatId: id,
    ClientId: nullable(text),
    NextResponseType: nullable(responseType),
    ResponsePropertyName: nullable(text),
    Delay: nullable(int),
    HighlightedMessage: fc.boolean(),
    FileId: nullable(id),
    FileName: nullable(text),
    AuthorKind: fc.constantFrom('participant' as const, 'lawyer' as const, 'system' as const),
  },
  { requiredKeys: ['Id', 'Message', 'Type', 'Author', 'Created'] },
);
const caseSummary = fc.record({ CaseId: id, CaseNumber: text, Title: text, FieldOfLaw: text, Status: text, Closed: fc.boolean(), CreatedAt: isoDate });
const loginData = fc.record(
  { Pin: text, UrlToken: text, AgreedPrivacyWithLawyer: fc.boolean(), AgreedTermsOfService: fc.boolean() },
  { requiredKeys: ['Pin', 'UrlToken'] },
);
const answers = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__'),
  fc.oneof(text, fc.boolean(), num, fc.constant(null)),
  { maxKeys: 5 },
);
const serviceHoursEntry = fc.record({ Weekday: fc.integer({ min: 1, max: 7 }), From: text, To: text });
const closureNotice = fc.record({ FirstDay: text, LastDay: text, Note: text });
const serviceHours = fc.record(
  {
    IsOpen: fc.boolean(),
    Hours: fc.array(serviceHoursEntry, { maxLength: 7 }),
    TimeZone: text,
    Closure: nullable(closureNotice),
    UpcomingClosures: fc.array(closureNotice, { maxLength: 3 }),
    OpensAt: nullable(isoDate),
  },
  { requiredKeys: ['IsOpen', 'Hours', 'TimeZone'] },
);
const firmDetails = fc.record(Object.fromEntries(wire.FIRM_DETAILS_FIELDS.map((field) => [field, text])) as Record<keyof wire.FirmDetails, typeof text>);
const serviceClosure = fc.record({ Id: id, FirstDay: text, LastDay: text, Note: text, CreatedByName: text, CreatedAt: isoDate });
const historyEntry = fc.record({ Id: id, Created: isoDate, Kind: text, Title: text, Text: text });
const caseDocument = fc.record({
  Id: id,
  FileName: text,
  ContentType: text,
  Size: int,
  Created: isoDate,
  UploadedBy: fc.constantFrom('client', 'lawyer', 'system'),
});
const transcriptEntry = fc.record(
  { ClientId: text, Author: fc.constantFrom('bot' as const, 'participant' as const), Message: text, Created: isoDate, Highlighted: fc.boolean() },
  { requiredKeys: ['ClientId', 'Author', 'Message', 'Created'] },
);
const botProgress = fc.record({
  Script: fc.constant('offboarding' as const),
  StepIndex: int,
  Status: fc.constantFrom('idle' as const, 'typing' as const, 'awaiting' as const, 'waitingForData' as const, 'finished' as const),
  Collected: answers,
  LastEntry: int,
});
const queueEntry = fc.record(
  {
    ChatId: id,
    CaseId: id,
    Description: text,
    FieldOfLaw: int,
    FieldOfLawLongName: text,
    WaitingSince: isoDate,
    AssignedLawyerId: nullable(id),
    ForwardedBy: nullable(text),
    CallbackRequested: fc.boolean(),
    ClientAwaySince: nullable(isoDate),
    HandedOverFrom: text,
  },
  {
    requiredKeys: [
      'ChatId',
      'CaseId',
      'Description',
      'FieldOfLaw',
      'FieldOfLawLongName',
      'WaitingSince',
      'AssignedLawyerId',
      'ForwardedBy',
      'CallbackRequested',
    ],
  },
);
const callbackEntry = fc.record({
  Id: id,
  ChatId: id,
  CaseId: id,
  CaseReference: text,
  Phone: text,
  PhoneDisplay: text,
  Availability: text,
  Description: text,
  FieldOfLawLongName: text,
  Created: isoDate,
  DoneAt: nullable(isoDate),
  DoneBy: nullable(fc.record({ Id: id, Name: text })),
  AssignedLawyer: nullable(fc.record({ Id: id, Name: text })),
  Claimed: fc.option(fc.boolean(), { nil: undefined }),
});
const caseFileSummary = fc.record({
  CaseId: id,
  CaseNumber: text,
  Title: text,
  ClientName: text,
  Created: isoDate,
  DocumentCount: int,
  QuestionnaireSubmitted: fc.boolean(),
  ContactCount: int,
  PowerOfAttorneySignedAt: nullable(isoDate),
  Closed: fc.boolean(),
  ClosedAt: nullable(isoDate),
});
const contactReply = fc.record({ Text: text, Created: isoDate, By: text });
const repliedFirmMessage = fc.record({ Id: id, Subject: text, Created: isoDate });
const caseFileContact = fc.record(
  { Id: id, Subject: text, Message: text, Created: isoDate, Reply: contactReply, InReplyTo: repliedFirmMessage },
  { requiredKeys: ['Id', 'Subject', 'Message', 'Created'] },
);
const contactThread = fc.record(
  { Id: id, Subject: text, Message: text, Created: isoDate, Reply: nullable(contactReply), InReplyTo: repliedFirmMessage },
  { requiredKeys: ['Id', 'Subject', 'Message', 'Created', 'Reply'] },
);
const firmMessage = fc.record({ Kind: fc.constant('FirmMessage' as const), Id: id, Subject: text, Text: text, Created: isoDate, By: text });
const handOverNote = fc.record({ From: text, At: isoDate, Note: nullable(text) });
const caseFileDetail = fc
  .record({
    CaseId: id,
    CaseNumber: text,
    Title: text,
    Description: text,
    FieldOfLaw: text,
    FirstName: text,
    LastName: text,
    Phone: text,
    PhoneDisplay: text,
    Email: nullable(text),
    Street: nullable(text),
    PostalCode: nullable(text),
    City: nullable(text),
    PersonUpdatedAt: nullable(isoDate),
    ChatCaseReference: nullable(text),
    Created: isoDate,
    Documents: fc.array(caseDocument, { maxLength: 2 }),
    Questionnaire: fc.record({ Submitted: fc.boolean(), SubmittedAt: nullable(isoDate), Answers: answers }),
    Contacts: fc.array(caseFileContact, { maxLength: 2 }),
    FirmMessages: fc.array(firmMessage, { maxLength: 2 }),
    PowerOfAttorneySignedAt: nullable(isoDate),
    Closed: fc.boolean(),
    ClosedAt: nullable(isoDate),
    RetentionUntil: nullable(isoDate),
    LoginLockedUntil: nullable(isoDate),
  })
  .chain((detail) =>
    fc.option(handOverNote, { nil: undefined }).map((handedOver) => (handedOver === undefined ? detail : { ...detail, HandedOver: handedOver })),
  );
const chatCaseFile = fc.record({ CaseId: id, CaseNumber: text, Own: fc.boolean(), LawyerName: text });
const activeChat = fc.record(
  {
    ChatId: id,
    CaseId: id,
    Description: text,
    FieldOfLaw: int,
    FieldOfLawLongName: text,
    Email: nullable(text),
    VerifiedEmail: fc.boolean(),
    EmailVerifiedByMail: fc.boolean(),
    WaitingSince: isoDate,
    AcceptedAt: isoDate,
    CaseFiles: fc.array(chatCaseFile, { maxLength: 2 }),
  },
  { requiredKeys: ['ChatId', 'CaseId', 'Description', 'FieldOfLaw', 'FieldOfLawLongName', 'Email', 'VerifiedEmail', 'WaitingSince', 'AcceptedAt'] },
);
const finishedChat = fc
  .tuple(
    activeChat,
    fc.record({
      ClosedAt: isoDate,
      Ended: fc.constantFrom('closed' as const, 'closedPhone' as const, 'timedOut' as const, 'forwarded' as const),
      ForwardedTo: nullable(text),
    }),
  )
  .map(([chat, end]) => ({ ...chat, ...end }));

interface CodecCase {
  readonly name: string;
  readonly codec: t.Type<unknown, unknown, unknown>;
  readonly valid: fc.Arbitrary<unknown>;
  /** Keys whose absence must be rejected (object codecs only). */
  readonly required?: readonly string[];
}

const codec = <A, O>(c: t.Type<A, O, unknown>) => c as unknown as t.Type<unknown, unknown, unknown>;

const lawyerRole = fc.constantFrom('admin' as const, 'lawyer' as const);
const mailDelivery = fc.constantFrom('sent' as const, 'outbox' as const, 'failed' as const);
const teamMemberMfa = fc.record({ Totp: fc.boolean(), Passkeys: fc.nat({ max: 20 }) });
const openWork = fc.record({ Chats: fc.nat({ max: 99 }), Callbacks: fc.nat({ max: 99 }), CaseFiles: fc.nat({ max: 99 }) });
const reassignedWork = fc.record({
  Chats: fc.nat({ max: 99 }),
  Callbacks: fc.nat({ max: 99 }),
  CaseFiles: fc.nat({ max: 99 }),
  ForwardedChats: fc.nat({ max: 99 }),
});
const teamMember = fc.record({
  Id: id,
  Name: text,
  Email: text,
  Role: lawyerRole,
  Status: fc.constantFrom('active' as const, 'deactivated' as const),
  CreatedAt: isoDate,
  LastLoginAt: nullable(isoDate),
  DeactivatedAt: nullable(isoDate),
  Mfa: teamMemberMfa,
  OpenWork: openWork,
  EndedCaseFiles: fc.nat({ max: 99 }),
});
const pendingInvitation = fc.record({ Id: id, Email: text, Role: lawyerRole, CreatedAt: isoDate, ExpiresAt: isoDate, Expired: fc.boolean() });
const auditLogEntry = fc.record({
  Id: id,
  At: isoDate,
  ActorId: nullable(id),
  ActorName: text,
  Action: text,
  TargetKind: nullable(text),
  TargetId: nullable(text),
  TargetLabel: nullable(text),
  Details: fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__'),
    fc.oneof(text, fc.boolean(), int, fc.constant(null)),
    { maxKeys: 4 },
  ),
  Ip: nullable(text),
});
// Realistic values for the firm-administration codecs (reports, insurers, data-subject requests), mixed with
// arbitrary text so that both what the server writes and odd strings survive the round trip.
const uuid = fc.oneof(fc.uuid(), id);
const count = fc.nat({ max: 10_000 });
const seconds = fc.double({ min: 0, max: 7 * 24 * 3600, noNaN: true }).map((n) => n || 0);
const starMean = fc.double({ min: 1, max: 5, noNaN: true });
const deText = fc.oneof(
  text,
  fc.constantFrom(
    'Sehr hilfreich, vielen Dank!',
    'Die Beratung war schnell und verständlich.',
    'Leider musste ich über 20 Minuten warten.',
    'Größtenteils zufrieden – gern wieder.',
  ),
);
const personName = fc.oneof(text, fc.constantFrom('Dr. Anna Müller', 'Jürgen Weiß', 'Özlem Şahin', 'Björn Groß-Bäcker', 'Mag. Renée Löwe'));
const fieldOfLaw = fc.oneof(text, fc.constantFrom('Arbeitsrecht', 'Mietrecht', 'Verkehrsrecht', 'Familienrecht', 'Erbrecht', 'Sozialrecht'));
const insurerName = fc.oneof(
  text,
  fc.constantFrom('Süddeutsche Rechtsschutz AG', 'Nordstern Versicherung a.G.', 'Hanseatische Rechtsschutz', 'Rheinland Rechtsschutz-Versicherungs-AG'),
);
const firmName = fc.oneof(text, fc.constantFrom('Kanzlei Groß & Partner mbB', 'Rechtsanwälte Müller Schäfer', 'Rechtschat'));
const calendarDay = isoDate.map((iso) => iso.slice(0, 10));
const chatReference = fc.stringMatching(/^RC-[0-9A-Z_-]{8}$/);
const caseFileNumber = fc.stringMatching(/^FA-\d{4}-[A-Z0-9]{6}$/);
const insuranceNumber = fc.oneof(text, fc.stringMatching(/^\d{6,12}$/), fc.stringMatching(/^[A-Z]{2}-\d{8}$/));

const reportDurationStats = fc.record({ Count: count, MedianSeconds: nullable(seconds), P90Seconds: nullable(seconds), MeanSeconds: nullable(seconds) });
const reportCounts = fc.record({
  Started: count,
  Taken: count,
  Completed: count,
  Abandoned: count,
  CallbackBeforeTaken: count,
  Open: count,
  CallbacksRequested: count,
  CallbacksDone: count,
});
const reportRatingComment = fc.record({ Date: isoDate, Reference: chatReference, Stars: fc.integer({ min: 1, max: 5 }), Comment: deText });
const reportRatings = fc.record({
  Count: count,
  Mean: nullable(starMean),
  Distribution: fc.array(count, { minLength: 5, maxLength: 5 }),
  Comments: fc.array(reportRatingComment, { maxLength: 3 }),
});
const reportFieldOfLawRow = fc.record({ FieldOfLaw: fc.nat({ max: 99 }), Name: fieldOfLaw, Started: count, Completed: count });
const reportInsurerRow = fc.record({ InsurerId: nullable(uuid), Name: insurerName, Started: count, Completed: count });
const reportLawyerRow = fc.record({
  LawyerId: uuid,
  Name: personName,
  Taken: count,
  Completed: count,
  WaitingMedianSeconds: nullable(seconds),
  DurationMedianSeconds: nullable(seconds),
  RatingCount: count,
  RatingMean: nullable(starMean),
});
const reportInvoiceTotals = fc.record({ Consultations: count, Minutes: count });
const report = fc.record({
  From: calendarDay,
  To: calendarDay,
  Insurer: nullable(fc.oneof(uuid, fc.constant(wire.DEFAULT_INSURER))),
  LawyerId: nullable(uuid),
  Counts: reportCounts,
  WaitingTime: reportDurationStats,
  Duration: reportDurationStats,
  Ratings: reportRatings,
  FieldsOfLaw: fc.array(reportFieldOfLawRow, { maxLength: 3 }),
  Insurers: fc.array(reportInsurerRow, { maxLength: 3 }),
  Lawyers: fc.array(reportLawyerRow, { maxLength: 3 }),
  Invoice: nullable(reportInvoiceTotals),
});
const reportFilters = fc.record({
  MayChooseLawyer: fc.boolean(),
  MayExportInvoice: fc.boolean(),
  Insurers: fc.array(fc.record({ Id: uuid, Name: insurerName }), { maxLength: 3 }),
  Lawyers: fc.array(fc.record({ Id: uuid, Name: personName, Deactivated: fc.boolean() }), { maxLength: 3 }),
});

const kid = fc.oneof(text, fc.stringMatching(/^k-[A-Za-z0-9_-]{12}$/));
const insurerKey = fc.record({ Kid: kid, CreatedAt: isoDate, RevokedAt: nullable(isoDate), LastUsedAt: nullable(isoDate) });
const insurer = fc.record({
  Id: uuid,
  Name: insurerName,
  DisplayName: nullable(insurerName),
  CreatedAt: isoDate,
  EndedAt: nullable(isoDate),
  Keys: fc.array(insurerKey, { maxLength: 3 }),
  Deletable: fc.boolean(),
});

const dataRequestKey = fc.constantFrom('insuranceNumber' as const, 'chatReference' as const, 'caseFileNumber' as const);
const dataRequestQuery = fc.record({ InsuranceNumber: insuranceNumber, Reference: fc.oneof(chatReference, caseFileNumber) }, { requiredKeys: [] });
const dataSubjectChatCase = fc.record({
  Id: uuid,
  Reference: chatReference,
  Insurer: nullable(insurerName),
  FieldOfLaw: fieldOfLaw,
  CreatedAt: isoDate,
  ClosedAt: nullable(isoDate),
  Running: fc.boolean(),
  Messages: count,
  Files: count,
  Callbacks: count,
  Ratings: count,
  KeptFor: nullable(caseFileNumber),
  KeptUntil: nullable(isoDate),
});
const dataSubjectCaseFile = fc.record({
  Id: uuid,
  CaseNumber: caseFileNumber,
  Title: deText,
  CreatedAt: isoDate,
  MandateOpen: fc.boolean(),
  MandateEndedAt: nullable(isoDate),
  RetentionUntil: nullable(isoDate),
  Documents: count,
  History: count,
  Contacts: count,
  ChatCaseReference: nullable(chatReference),
});
const dataErasureKept = fc.record({
  Kind: fc.constantFrom('chatCase' as const, 'caseFile' as const),
  Reference: fc.oneof(chatReference, caseFileNumber),
  Until: nullable(isoDate),
  Message: deText,
});
// The lawyer's own account (sign-in, devices, second factor, passkeys).
const lawyerProfile = fc.record({
  Id: id,
  Name: text,
  Email: text,
  Gender: gender,
  ImageUrl: text,
  Role: fc.constantFrom('admin' as const, 'lawyer' as const),
  Phone: text,
});
const recoveryCodes = fc.array(text, { maxLength: 10 });
const deviceSession = fc.record(
  { Id: id, CreatedAt: isoDate, LastSeenAt: isoDate, Current: fc.boolean(), Browser: text, System: text, Network: text },
  { requiredKeys: ['Id', 'CreatedAt', 'LastSeenAt', 'Current'] },
);
const passkey = fc.record({ Id: id, Name: text, CreatedAt: isoDate, LastUsedAt: nullable(isoDate) });
const cases: readonly CodecCase[] = [
  { name: 'IsoDate', codec: codec(wire.IsoDate), valid: isoDate },
  { name: 'NonEmptyString', codec: codec(wire.NonEmptyString), valid: text.filter((s) => s.trim().length > 0) },
  { name: 'valuePayload(boolean)', codec: codec(wire.valuePayload(wire.IsoDate)), valid: fc.record({ Value: isoDate }), required: ['Value'] },
  { name: 'Id', codec: codec(wire.Id), valid: id },
  { name: 'UserRole', codec: codec(wire.UserRoleCodec), valid: fc.constantFrom('participant', 'client', 'lawyer') },
  { name: 'AuditAction', codec: codec(wire.AuditActionCodec), valid: fc.constantFrom(...wire.AUDIT_ACTIONS) },
  { name: 'LawyerGender', codec: codec(wire.LawyerGenderCodec), valid: gender },
  { name: 'ServiceHoursEntry', codec: codec(wire.ServiceHoursEntry), valid: serviceHoursEntry, required: ['Weekday', 'From', 'To'] },
  { name: 'MessageType', codec: codec(wire.MessageTypeCodec), valid: fc.constantFrom(1, 2, 3, 4, 5) },
  { name: 'ResponseType', codec: codec(wire.ResponseTypeCodec), valid: responseType },
  { name: 'NotificationType', codec: codec(wire.NotificationTypeCodec), valid: fc.constantFrom(...wire.NotificationTypeValues) },
  { name: 'CloseReason', codec: codec(wire.CloseReasonCodec), valid: fc.constant('Timeout') },
  { name: 'AuthorKind', codec: codec(wire.AuthorKindCodec), valid: fc.constantFrom('participant', 'lawyer', 'system') },
  { name: 'Author', codec: codec(wire.Author), valid: author, required: ['Id', 'Name'] },
  { name: 'ChatMessage', codec: codec(wire.ChatMessage), valid: chatMessage, required: ['Id', 'Message', 'Type', 'Author', 'Created'] },
  { name: 'ChatMessageList', codec: codec(wire.ChatMessageList), valid: fc.array(chatMessage, { maxLength: 4 }) },
  {
    name: 'Notification',
    codec: codec(wire.Notification),
    valid: fc.record(
      {
        ChatId: id,
        Type: fc.constantFrom(...wire.NotificationTypeValues),
        Data: nullable(fc.record({ NewChatId: id, LawyerName: text, Reason: fc.constant('Timeout') }, { requiredKeys: [] })),
      },
      { requiredKeys: ['ChatId', 'Type'] },
    ),
    required: ['ChatId', 'Type'],
  },
  {
    name: 'StartChatRequest',
    codec: codec(wire.StartChatRequest),
    valid: fc.record(
      {
        Description: text,
        EMailAddress: nullable(text),
        VerifiedEmail: fc.boolean(),
        FieldOfLaw: int,
        FieldOfLawLongName: text,
        OverrideDomain: nullable(text),
        Transcript: fc.array(transcriptEntry, { maxLength: 3 }),
      },
      { requiredKeys: ['Description', 'EMailAddress', 'VerifiedEmail', 'FieldOfLaw', 'FieldOfLawLongName'] },
    ),
    required: ['Description', 'VerifiedEmail', 'FieldOfLaw'],
  },
  { name: 'CaseReference', codec: codec(wire.CaseReference), valid: fc.stringMatching(/^RC-[0-9A-Z_-]{8}$/) },
  { name: 'TranscriptAuthor', codec: codec(wire.TranscriptAuthor), valid: fc.constantFrom('bot', 'participant') },
  { name: 'TranscriptEntry', codec: codec(wire.TranscriptEntry), valid: transcriptEntry, required: ['ClientId', 'Author', 'Message', 'Created'] },
  { name: 'BotProgress', codec: codec(wire.BotProgress), valid: botProgress, required: ['Script', 'StepIndex', 'Status', 'Collected', 'LastEntry'] },
  {
    name: 'TranscriptPost',
    codec: codec(wire.TranscriptPost),
    valid: fc.record({ Entries: fc.array(transcriptEntry, { maxLength: 3 }), Progress: nullable(botProgress) }, { requiredKeys: ['Entries'] }),
    required: ['Entries'],
  },
  { name: 'BotProgressResponse', codec: codec(wire.BotProgressResponse), valid: fc.record({ Progress: nullable(botProgress) }), required: ['Progress'] },
  { name: 'StartJoinResult', codec: codec(wire.StartJoinResult), valid: fc.record({ CaseId: id, ChatId: id }), required: ['CaseId', 'ChatId'] },
  {
    name: 'CaseStatus',
    codec: codec(wire.CaseStatus),
    valid: fc.record(
      {
        CaseRating: nullable(int),
        ParticipantEnteredEmail: fc.boolean(),
        RequestPhoneNumber: fc.boolean(),
        LawyerConnected: fc.boolean(),
        CaseClosed: fc.boolean(),
        Disabled: fc.boolean(),
        SecondLevelEnabled: fc.boolean(),
        CallbackRequested: fc.boolean(),
        ProtocolEmail: nullable(text),
        ProtocolConfirmationPending: fc.boolean(),
      },
      { requiredKeys: ['CaseRating', 'ParticipantEnteredEmail', 'RequestPhoneNumber', 'LawyerConnected', 'CaseClosed', 'Disabled', 'SecondLevelEnabled'] },
    ),
    required: ['CaseClosed', 'LawyerConnected', 'SecondLevelEnabled'],
  },
  { name: 'CallbackRequest', codec: codec(wire.CallbackRequest), valid: fc.record({ Phone: text, Availability: text }), required: ['Phone', 'Availability'] },
  {
    name: 'RatingRequest',
    codec: codec(wire.RatingRequest),
    valid: fc.record({ CaseId: id, Stars: fc.integer({ min: 1, max: 5 }), Comment: nullable(text) }, { requiredKeys: ['CaseId', 'Stars'] }),
    required: ['CaseId', 'Stars'],
  },
  { name: 'UsageConfirmationRequest', codec: codec(wire.UsageConfirmationRequest), valid: fc.record({ CaseId: id }), required: ['CaseId'] },
  { name: 'ClassifyResult', codec: codec(wire.ClassifyResult), valid: fc.record({ FieldOfLaw: int, FieldOfLawLongName: text }), required: ['FieldOfLaw'] },
  {
    name: 'ChatFileInfo',
    codec: codec(wire.ChatFileInfo),
    valid: fc.record({ Id: id, ChatId: id, FileName: text, ContentType: text, Size: num }),
    required: ['Id', 'FileName', 'Size'],
  },
  {
    name: 'PublicSettings',
    codec: codec(wire.PublicSettings),
    valid: fc.record({
      SentryDsn: text,
      SentryProject: text,
      VersionTag: text,
      Environment: text,
      FirmName: firmName,
      ImprintUrl: nullable(fc.webUrl({ validSchemes: ['https', 'http'] })),
      FirmDetails: firmDetails,
    }),
    required: ['SentryDsn', 'Environment', 'FirmName', 'ImprintUrl'],
  },
  { name: 'FirmDetails', codec: codec(wire.FirmDetails), valid: firmDetails, required: ['Name', 'Street', 'PostalCode', 'SupervisoryAuthority'] },
  {
    name: 'FirmDetailsSettings',
    codec: codec(wire.FirmDetailsSettings),
    valid: fc.record({
      Details: firmDetails,
      Source: fc.constantFrom('console' as const, 'environment' as const),
      UpdatedByName: nullable(text),
      UpdatedAt: nullable(isoDate),
    }),
    required: ['Details', 'Source'],
  },
  {
    name: 'CurrentUser',
    codec: codec(wire.CurrentUser),
    valid: fc.record(
      {
        Id: id,
        Role: fc.constantFrom('participant', 'client', 'lawyer'),
        Name: nullable(text),
        CaseId: nullable(id),
        OpenChatCaseId: nullable(id),
        InsurerName: nullable(insurerName),
      },
      { requiredKeys: ['Id', 'Role'] },
    ),
    required: ['Id', 'Role'],
  },
  {
    name: 'CustomerLoginRequest',
    codec: codec(wire.CustomerLoginRequest),
    valid: fc.record({ InsuranceNumber: text, AgreedPrivacy: fc.boolean(), AgreedTermsOfService: fc.boolean() }),
    required: ['InsuranceNumber', 'AgreedPrivacy'],
  },
  {
    name: 'ServiceHours',
    codec: codec(wire.ServiceHours),
    valid: serviceHours,
    required: ['IsOpen', 'Hours'],
  },
  { name: 'ServiceClosureNotice', codec: codec(wire.ServiceClosureNotice), valid: closureNotice, required: ['FirstDay', 'LastDay', 'Note'] },
  { name: 'ServiceClosure', codec: codec(wire.ServiceClosure), valid: serviceClosure, required: ['Id', 'FirstDay', 'Note', 'CreatedAt'] },
  {
    name: 'ServiceHoursSettings',
    codec: codec(wire.ServiceHoursSettings),
    valid: fc.record({
      Effective: serviceHours,
      Source: fc.constantFrom('console' as const, 'environment' as const),
      Weekly: fc.array(serviceHoursEntry, { maxLength: 9 }),
      UpdatedByName: nullable(text),
      UpdatedAt: nullable(isoDate),
      Closures: fc.array(serviceClosure, { maxLength: 3 }),
    }),
    required: ['Effective', 'Source', 'Weekly', 'Closures'],
  },
  {
    name: 'SaveServiceHoursRequest',
    codec: codec(wire.SaveServiceHoursRequest),
    valid: fc.record({ Hours: fc.array(serviceHoursEntry, { maxLength: 9 }) }),
    required: ['Hours'],
  },
  {
    name: 'AddServiceClosureRequest',
    codec: codec(wire.AddServiceClosureRequest),
    valid: fc.record({ FirstDay: text, LastDay: text, Note: text }),
    required: ['FirstDay', 'LastDay', 'Note'],
  },
  { name: 'TextTemplate', codec: codec(wire.TextTemplate), valid: textTemplate, required: ['Id', 'Title', 'Text', 'UpdatedAt'] },
  {
    name: 'TextTemplates',
    codec: codec(wire.TextTemplates),
    valid: fc.record({ Own: fc.array(textTemplate, { maxLength: 3 }), Firm: fc.array(textTemplate, { maxLength: 3 }) }),
    required: ['Own', 'Firm'],
  },
  { name: 'SaveTextTemplateRequest', codec: codec(wire.SaveTextTemplateRequest), valid: fc.record({ Title: text, Text: text }), required: ['Title', 'Text'] },
  { name: 'ErrorBody', codec: codec(wire.ErrorBody), valid: fc.record({ Error: text, Message: text }), required: ['Error', 'Message'] },
  {
    name: 'LoginInformation',
    codec: codec(wire.LoginInformation),
    valid: fc.record({ PhoneNumberPart: text, LockedUntil: isoDate, LockedForSeconds: fc.nat() }, { requiredKeys: ['PhoneNumberPart'] }),
    required: ['PhoneNumberPart'],
  },
  {
    name: 'LoginRefusal',
    codec: codec(wire.LoginRefusal),
    valid: fc.record({ AttemptsLeft: fc.nat(5), LockedUntil: isoDate, LockedForSeconds: fc.nat() }, { requiredKeys: [] }),
  },
  { name: 'LoginData', codec: codec(wire.LoginData), valid: loginData, required: ['Pin', 'UrlToken'] },
  {
    name: 'LoginPayload',
    codec: codec(wire.LoginPayload),
    valid: fc.record({ LoginData: loginData, AgreedPrivacyWithLawyer: fc.boolean(), AgreedTermsOfService: fc.boolean() }),
    required: ['LoginData', 'AgreedPrivacyWithLawyer', 'AgreedTermsOfService'],
  },
  {
    name: 'LogoutEndState',
    codec: codec(wire.LogoutEndState),
    valid: fc.record({ Endstate: fc.constant('Logout'), Title: text, InfoText: text, ButtonLabel: text, ButtonRedirectUrl: text }),
    required: ['Endstate', 'Title'],
  },
  {
    name: 'CaseFileLawyer',
    codec: codec(wire.CaseFileLawyer),
    valid: fc.record({ Name: text, Gender: gender, ImageUrl: text, Email: text, Phone: text }),
    required: ['Name', 'Gender'],
  },
  { name: 'CaseSummary', codec: codec(wire.CaseSummary), valid: caseSummary, required: ['CaseId', 'Closed', 'CreatedAt'] },
  { name: 'CaseFileLinkValid', codec: codec(wire.CaseFileLinkValid), valid: fc.constant({ Valid: true as const }), required: ['Valid'] },
  { name: 'CaseFileCheck', codec: codec(wire.CaseFileCheck), valid: fc.oneof(caseSummary, fc.constant({ Valid: true as const })) },
  {
    name: 'CaseDetails',
    codec: codec(wire.CaseDetails),
    valid: fc.tuple(caseSummary, fc.record({ Description: text, Opponent: nullable(text), UpdatedAt: isoDate })).map(([a, b]) => ({ ...a, ...b })),
    required: ['CaseId', 'Description', 'UpdatedAt'],
  },
  {
    name: 'PersonInfo',
    codec: codec(wire.PersonInfo),
    valid: fc.record({
      FirstName: text,
      LastName: text,
      Email: nullable(text),
      Phone: text,
      Street: nullable(text),
      PostalCode: nullable(text),
      City: nullable(text),
    }),
    required: ['FirstName', 'Phone'],
  },
  {
    name: 'PersonUpdate',
    codec: codec(wire.PersonUpdate),
    valid: fc.record({ Email: nullable(text), Street: nullable(text), PostalCode: nullable(text), City: nullable(text) }, { requiredKeys: [] }),
  },
  { name: 'HistoryEntry', codec: codec(wire.HistoryEntry), valid: historyEntry, required: ['Id', 'Created'] },
  { name: 'HistoryList', codec: codec(wire.HistoryList), valid: fc.array(historyEntry, { maxLength: 4 }) },
  { name: 'CaseDocument', codec: codec(wire.CaseDocument), valid: caseDocument, required: ['Id', 'UploadedBy'] },
  { name: 'CaseDocumentList', codec: codec(wire.CaseDocumentList), valid: fc.array(caseDocument, { maxLength: 4 }) },
  {
    name: 'ContactMessage',
    codec: codec(wire.ContactMessage),
    valid: fc.record({ Subject: text, Message: text, InReplyTo: id }, { requiredKeys: ['Subject', 'Message'] }),
    required: ['Subject', 'Message'],
  },
  {
    name: 'Questionnaire',
    codec: codec(wire.Questionnaire),
    valid: fc.record({ Submitted: fc.boolean(), Answers: answers }),
    required: ['Submitted', 'Answers'],
  },
  { name: 'QuestionnaireAnswers', codec: codec(wire.QuestionnaireAnswers), valid: answers },
  { name: 'QuestionnaireSubmission', codec: codec(wire.QuestionnaireSubmission), valid: fc.record({ Answers: answers }), required: ['Answers'] },
  {
    name: 'PowerOfAttorneySignature',
    codec: codec(wire.PowerOfAttorneySignature),
    valid: fc.record({ SignatureImage: text, Place: text }),
    required: ['SignatureImage', 'Place'],
  },
  { name: 'SecondFactorCode', codec: codec(wire.SecondFactorCode), valid: fc.stringMatching(/^[A-Za-z0-9 -]{0,32}$/) },
  {
    name: 'LawyerLoginRequest',
    codec: codec(wire.LawyerLoginRequest),
    valid: fc.record(
      {
        Email: text,
        Password: text,
        TotpCode: fc.stringMatching(/^[A-Za-z0-9 -]{0,32}$/),
        // An assertion as JSON carries it: JSON has no -0 (fc.jsonValue makes one, JSON.stringify writes it as 0).
        WebAuthn: fc.dictionary(
          fc.string(),
          fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown),
        ),
      },
      { requiredKeys: ['Email', 'Password'] },
    ),
    required: ['Email', 'Password'],
  },
  {
    name: 'LawyerProfile',
    codec: codec(wire.LawyerProfile),
    valid: lawyerProfile,
    required: ['Id', 'Gender', 'Role'],
  },
  {
    name: 'Colleague',
    codec: codec(wire.Colleague),
    valid: fc.tuple(lawyerProfile, nullable(isoDate)).map(([profile, lastActive]) => ({ ...profile, LastActive: lastActive })),
    required: ['Id', 'LastActive'],
  },
  { name: 'QueueEntry', codec: codec(wire.QueueEntry), valid: queueEntry, required: ['ChatId', 'WaitingSince'] },
  { name: 'Queue', codec: codec(wire.Queue), valid: fc.array(queueEntry, { maxLength: 4 }) },
  {
    name: 'CreateCaseFileRequest',
    codec: codec(wire.CreateCaseFileRequest),
    valid: fc.record(
      { FirstName: text, LastName: text, Phone: text, Title: text, Email: nullable(text), Description: text, FieldOfLaw: text, ChatCaseId: id },
      { requiredKeys: ['FirstName', 'LastName', 'Phone', 'Title'] },
    ),
    required: ['FirstName', 'Phone', 'Title'],
  },
  {
    name: 'CreateCaseFileResult',
    codec: codec(wire.CreateCaseFileResult),
    valid: fc.record({ CaseId: id, CaseNumber: text, Url: text, Token: text, Pin: text }),
    required: ['CaseId', 'CaseNumber', 'Token', 'Pin'],
  },
  { name: 'CallbackEntry', codec: codec(wire.CallbackEntry), valid: callbackEntry, required: ['Id', 'Phone', 'Description', 'Created'] },
  { name: 'CallbackList', codec: codec(wire.CallbackList), valid: fc.array(callbackEntry, { maxLength: 4 }) },
  { name: 'ChatCaseFile', codec: codec(wire.ChatCaseFile), valid: chatCaseFile, required: ['CaseId', 'CaseNumber', 'Own', 'LawyerName'] },
  { name: 'ActiveChatEntry', codec: codec(wire.ActiveChatEntry), valid: activeChat, required: ['ChatId', 'CaseId', 'VerifiedEmail', 'AcceptedAt'] },
  { name: 'ActiveChatList', codec: codec(wire.ActiveChatList), valid: fc.array(activeChat, { maxLength: 3 }) },
  {
    name: 'FinishedChatEntry',
    codec: codec(wire.FinishedChatEntry),
    valid: finishedChat,
    required: ['ChatId', 'AcceptedAt', 'ClosedAt', 'Ended', 'ForwardedTo'],
  },
  { name: 'FinishedChatList', codec: codec(wire.FinishedChatList), valid: fc.array(finishedChat, { maxLength: 3 }) },
  {
    name: 'LawyerCaseFileSummary',
    codec: codec(wire.LawyerCaseFileSummary),
    valid: caseFileSummary,
    required: ['CaseId', 'PowerOfAttorneySignedAt', 'Closed'],
  },
  { name: 'LawyerCaseFileList', codec: codec(wire.LawyerCaseFileList), valid: fc.array(caseFileSummary, { maxLength: 3 }) },
  { name: 'LawyerCaseFileContact', codec: codec(wire.LawyerCaseFileContact), valid: caseFileContact, required: ['Id', 'Message'] },
  {
    name: 'LawyerCaseFileDetail',
    codec: codec(wire.LawyerCaseFileDetail),
    valid: caseFileDetail,
    required: ['CaseId', 'Documents', 'Questionnaire', 'Contacts', 'FirmMessages'],
  },
  {
    name: 'UpdateCaseFileClientRequest',
    codec: codec(wire.UpdateCaseFileClientRequest),
    valid: fc.record({ FirstName: text, LastName: text, Phone: text }),
    required: ['FirstName', 'LastName', 'Phone'],
  },
  { name: 'ContactReply', codec: codec(wire.ContactReply), valid: contactReply, required: ['Text', 'Created', 'By'] },
  { name: 'RepliedFirmMessage', codec: codec(wire.RepliedFirmMessage), valid: repliedFirmMessage, required: ['Id', 'Subject', 'Created'] },
  { name: 'ContactThread', codec: codec(wire.ContactThread), valid: contactThread, required: ['Id', 'Message', 'Reply'] },
  { name: 'FirmMessage', codec: codec(wire.FirmMessage), valid: firmMessage, required: ['Kind', 'Id', 'Subject', 'Text', 'Created', 'By'] },
  { name: 'ContactEntry', codec: codec(wire.ContactEntry), valid: fc.oneof(contactThread, firmMessage), required: ['Id', 'Subject', 'Created'] },
  { name: 'ContactThreadList', codec: codec(wire.ContactThreadList), valid: fc.array(fc.oneof(contactThread, firmMessage), { maxLength: 3 }) },
  {
    name: 'FirmMessageRequest',
    codec: codec(wire.FirmMessageRequest),
    valid: fc.record({ Subject: text, Text: text }),
    required: ['Subject', 'Text'],
  },
  { name: 'ContactReplyRequest', codec: codec(wire.ContactReplyRequest), valid: fc.record({ Text: text }), required: ['Text'] },
  {
    name: 'HandOverCaseFileRequest',
    codec: codec(wire.HandOverCaseFileRequest),
    valid: fc.record({ ToLawyerId: id, Note: text }, { requiredKeys: ['ToLawyerId'] }),
    required: ['ToLawyerId'],
  },
  {
    name: 'HandedOverCaseFile',
    codec: codec(wire.HandedOverCaseFile),
    valid: fc.record({ CaseId: id, CaseNumber: text, LawyerId: id, LawyerName: text, HandedOverAt: isoDate }),
    required: ['CaseId', 'LawyerId', 'HandedOverAt'],
  },
  { name: 'CaseFileHandOverNote', codec: codec(wire.CaseFileHandOverNote), valid: handOverNote, required: ['From', 'At', 'Note'] },
  { name: 'WithdrawCaseFileRequest', codec: codec(wire.WithdrawCaseFileRequest), valid: fc.record({ Reason: text }), required: ['Reason'] },
  {
    name: 'WithdrawnCaseFile',
    codec: codec(wire.WithdrawnCaseFile),
    valid: fc.record({ CaseId: id, CaseNumber: text, WithdrawnAt: isoDate }),
    required: ['CaseId', 'CaseNumber', 'WithdrawnAt'],
  },
  {
    name: 'UpdateCaseFileClientResult',
    codec: codec(wire.UpdateCaseFileClientResult),
    valid: fc.record({ Detail: caseFileDetail, Pin: nullable(text) }),
    required: ['Detail', 'Pin'],
  },
  {
    name: 'UpdateLawyerProfileRequest',
    codec: codec(wire.UpdateLawyerProfileRequest),
    valid: fc.record({ Name: text, Gender: fc.constantFrom('female', 'male', 'other'), Phone: text }, { requiredKeys: ['Name', 'Gender'] }),
    required: ['Name', 'Gender'],
  },
  { name: 'CallbackDoneRequest', codec: codec(wire.CallbackDoneRequest), valid: fc.record({ Value: fc.boolean() }), required: ['Value'] },
  {
    name: 'ChangeFieldOfLawRequest',
    codec: codec(wire.ChangeFieldOfLawRequest),
    valid: fc.record({ FieldOfLaw: fc.constantFrom(...wire.FIELDS_OF_LAW.map((f) => f.id)) }),
    required: ['FieldOfLaw'],
  },
  {
    name: 'ChatFieldOfLaw',
    codec: codec(wire.ChatFieldOfLaw),
    valid: fc.record({ ChatId: id, FieldOfLaw: fc.integer({ min: 1, max: 12 }), FieldOfLawLongName: text }),
    required: ['ChatId', 'FieldOfLaw', 'FieldOfLawLongName'],
  },
  // Team administration and account links (wire/adminTeam.ts).
  { name: 'LawyerRoleCodec', codec: codec(wire.LawyerRoleCodec), valid: lawyerRole },
  { name: 'LawyerStatusCodec', codec: codec(wire.LawyerStatusCodec), valid: fc.constantFrom('active' as const, 'deactivated' as const) },
  { name: 'TeamMemberMfa', codec: codec(wire.TeamMemberMfa), valid: teamMemberMfa, required: ['Totp', 'Passkeys'] },
  { name: 'OpenWork', codec: codec(wire.OpenWork), valid: openWork, required: ['Chats', 'Callbacks', 'CaseFiles'] },
  { name: 'ReassignedWork', codec: codec(wire.ReassignedWork), valid: reassignedWork, required: ['Chats', 'ForwardedChats'] },
  { name: 'TeamMember', codec: codec(wire.TeamMember), valid: teamMember, required: ['Id', 'Role', 'Status', 'LastLoginAt', 'Mfa', 'OpenWork'] },
  { name: 'TeamMemberList', codec: codec(wire.TeamMemberList), valid: fc.array(teamMember, { maxLength: 3 }) },
  { name: 'PendingInvitation', codec: codec(wire.PendingInvitation), valid: pendingInvitation, required: ['Id', 'Email', 'Role', 'ExpiresAt'] },
  { name: 'PendingInvitationList', codec: codec(wire.PendingInvitationList), valid: fc.array(pendingInvitation, { maxLength: 3 }) },
  { name: 'MailDeliveryCodec', codec: codec(wire.MailDeliveryCodec), valid: mailDelivery },
  { name: 'InviteLawyerRequest', codec: codec(wire.InviteLawyerRequest), valid: fc.record({ Email: text, Role: lawyerRole }), required: ['Email', 'Role'] },
  {
    name: 'IssuedAccountLink',
    codec: codec(wire.IssuedAccountLink),
    valid: fc.record({ Url: text, ExpiresAt: isoDate, Delivery: mailDelivery }),
    required: ['Url', 'ExpiresAt', 'Delivery'],
  },
  {
    name: 'IssuedPasswordResetLink',
    codec: codec(wire.IssuedPasswordResetLink),
    valid: fc.record({ Url: nullable(text), ExpiresAt: isoDate, Delivery: mailDelivery }),
    required: ['Url', 'ExpiresAt', 'Delivery'],
  },
  { name: 'ChangeRoleRequest', codec: codec(wire.ChangeRoleRequest), valid: fc.record({ Role: lawyerRole }), required: ['Role'] },
  { name: 'DeactivateLawyerRequest', codec: codec(wire.DeactivateLawyerRequest), valid: fc.record({ ReassignTo: nullable(id) }), required: ['ReassignTo'] },
  {
    name: 'DeactivationResult',
    codec: codec(wire.DeactivationResult),
    valid: fc.record({ Lawyer: teamMember, Reassigned: reassignedWork, EndedSessions: fc.nat() }),
    required: ['Lawyer', 'Reassigned', 'EndedSessions'],
  },
  { name: 'AuditLogEntry', codec: codec(wire.AuditLogEntry), valid: auditLogEntry, required: ['Id', 'At', 'ActorName', 'Action', 'Details'] },
  {
    name: 'AuditLogPage',
    codec: codec(wire.AuditLogPage),
    valid: fc.record({ Entries: fc.array(auditLogEntry, { maxLength: 3 }), NextBefore: nullable(id) }),
    required: ['Entries', 'NextBefore'],
  },
  {
    name: 'AccountLinkPurposeCodec',
    codec: codec(wire.AccountLinkPurposeCodec),
    valid: fc.constantFrom('setup' as const, 'invitation' as const, 'passwordReset' as const),
  },
  {
    name: 'ProtocolConfirmationPending',
    codec: codec(wire.ProtocolConfirmationPending),
    valid: fc.record({ ConfirmationPending: fc.constant(true as const), ExpiresAt: isoDate }),
    required: ['ConfirmationPending', 'ExpiresAt'],
  },
  { name: 'ProtocolConfirmationRequest', codec: codec(wire.ProtocolConfirmationRequest), valid: fc.record({ Token: text }), required: ['Token'] },
  {
    name: 'ProtocolConfirmationInfo',
    codec: codec(wire.ProtocolConfirmationInfo),
    valid: fc.record({ Reference: text, Email: text, ExpiresAt: isoDate }),
    required: ['Reference', 'Email', 'ExpiresAt'],
  },
  {
    name: 'ProtocolConfirmed',
    codec: codec(wire.ProtocolConfirmed),
    valid: fc.record({ Reference: text, Email: text, AlreadySent: fc.boolean() }),
    required: ['Reference', 'Email', 'AlreadySent'],
  },
  { name: 'AccountLinkInspectRequest', codec: codec(wire.AccountLinkInspectRequest), valid: fc.record({ Token: text }), required: ['Token'] },
  {
    name: 'AccountLinkInfo',
    codec: codec(wire.AccountLinkInfo),
    valid: fc.record({
      Purpose: fc.constantFrom('setup' as const, 'invitation' as const, 'passwordReset' as const),
      Email: text,
      Name: nullable(text),
      Role: lawyerRole,
      ExpiresAt: isoDate,
    }),
    required: ['Purpose', 'Email', 'Role', 'ExpiresAt'],
  },
  {
    name: 'AccountLinkCompleteRequest',
    codec: codec(wire.AccountLinkCompleteRequest),
    valid: fc.record({ Token: text, Password: text, Name: text, Gender: gender, Phone: text }, { requiredKeys: ['Token', 'Password'] }),
    required: ['Token', 'Password'],
  },
  { name: 'AccountLinkCompleted', codec: codec(wire.AccountLinkCompleted), valid: fc.record({ Email: text }), required: ['Email'] }, // Reports (wire/reports.ts).
  {
    name: 'ReportDurationStats',
    codec: codec(wire.ReportDurationStats),
    valid: reportDurationStats,
    required: ['Count', 'MedianSeconds', 'P90Seconds', 'MeanSeconds'],
  },
  {
    name: 'ReportCounts',
    codec: codec(wire.ReportCounts),
    valid: reportCounts,
    required: ['Started', 'Taken', 'Completed', 'Abandoned', 'CallbackBeforeTaken', 'Open', 'CallbacksRequested', 'CallbacksDone'],
  },
  { name: 'ReportRatingComment', codec: codec(wire.ReportRatingComment), valid: reportRatingComment, required: ['Date', 'Reference', 'Stars', 'Comment'] },
  { name: 'ReportRatings', codec: codec(wire.ReportRatings), valid: reportRatings, required: ['Count', 'Mean', 'Distribution', 'Comments'] },
  { name: 'ReportFieldOfLawRow', codec: codec(wire.ReportFieldOfLawRow), valid: reportFieldOfLawRow, required: ['FieldOfLaw', 'Name', 'Started', 'Completed'] },
  { name: 'ReportInsurerRow', codec: codec(wire.ReportInsurerRow), valid: reportInsurerRow, required: ['InsurerId', 'Name', 'Started', 'Completed'] },
  {
    name: 'ReportLawyerRow',
    codec: codec(wire.ReportLawyerRow),
    valid: reportLawyerRow,
    required: ['LawyerId', 'Name', 'Taken', 'Completed', 'WaitingMedianSeconds', 'DurationMedianSeconds', 'RatingCount', 'RatingMean'],
  },
  {
    name: 'Report',
    codec: codec(wire.Report),
    valid: report,
    required: ['From', 'To', 'Insurer', 'LawyerId', 'Counts', 'WaitingTime', 'Duration', 'Ratings', 'FieldsOfLaw', 'Insurers', 'Lawyers', 'Invoice'],
  },
  { name: 'ReportInvoiceTotals', codec: codec(wire.ReportInvoiceTotals), valid: reportInvoiceTotals, required: ['Consultations', 'Minutes'] },
  {
    name: 'ReportFilters',
    codec: codec(wire.ReportFilters),
    valid: reportFilters,
    required: ['MayChooseLawyer', 'MayExportInvoice', 'Insurers', 'Lawyers'],
  },
  // Insurers and their entry-token keys (wire/insurers.ts).
  { name: 'InsurerKey', codec: codec(wire.InsurerKey), valid: insurerKey, required: ['Kid', 'CreatedAt', 'RevokedAt', 'LastUsedAt'] },
  { name: 'Insurer', codec: codec(wire.Insurer), valid: insurer, required: ['Id', 'Name', 'DisplayName', 'CreatedAt', 'EndedAt', 'Keys', 'Deletable'] },
  { name: 'InsurerList', codec: codec(wire.InsurerList), valid: fc.array(insurer, { maxLength: 3 }) },
  {
    name: 'SaveInsurerRequest',
    codec: codec(wire.SaveInsurerRequest),
    valid: fc.record({ Name: insurerName, DisplayName: nullable(insurerName) }),
    required: ['Name', 'DisplayName'],
  },
  {
    name: 'IssuedInsurerKey',
    codec: codec(wire.IssuedInsurerKey),
    valid: fc.record({
      InsurerId: uuid,
      Kid: kid,
      Secret: fc.oneof(text, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
      Algorithm: fc.constant('HS256' as const),
      CreatedAt: isoDate,
    }),
    required: ['InsurerId', 'Kid', 'Secret', 'Algorithm', 'CreatedAt'],
  },
  // Data-subject requests (wire/dataRequests.ts).
  { name: 'DataRequestQuery', codec: codec(wire.DataRequestQuery), valid: dataRequestQuery },
  { name: 'DataRequestKeyCodec', codec: codec(wire.DataRequestKeyCodec), valid: dataRequestKey },
  {
    name: 'DataSubjectChatCase',
    codec: codec(wire.DataSubjectChatCase),
    valid: dataSubjectChatCase,
    required: [
      'Id',
      'Reference',
      'Insurer',
      'FieldOfLaw',
      'CreatedAt',
      'ClosedAt',
      'Running',
      'Messages',
      'Files',
      'Callbacks',
      'Ratings',
      'KeptFor',
      'KeptUntil',
    ],
  },
  {
    name: 'DataSubjectCaseFile',
    codec: codec(wire.DataSubjectCaseFile),
    valid: dataSubjectCaseFile,
    required: [
      'Id',
      'CaseNumber',
      'Title',
      'CreatedAt',
      'MandateOpen',
      'MandateEndedAt',
      'RetentionUntil',
      'Documents',
      'History',
      'Contacts',
      'ChatCaseReference',
    ],
  },
  {
    name: 'DataSubjectSummary',
    codec: codec(wire.DataSubjectSummary),
    valid: fc.record({
      Found: fc.boolean(),
      SearchedBy: dataRequestKey,
      CustomerSince: nullable(isoDate),
      ChatCases: fc.array(dataSubjectChatCase, { maxLength: 3 }),
      CaseFiles: fc.array(dataSubjectCaseFile, { maxLength: 3 }),
    }),
    required: ['Found', 'SearchedBy', 'CustomerSince', 'ChatCases', 'CaseFiles'],
  },
  {
    name: 'DataErasureRequest',
    codec: codec(wire.DataErasureRequest),
    valid: fc.tuple(dataRequestQuery, fc.array(uuid, { maxLength: 4 })).map(([query, ids]) => ({ ...query, ChatCaseIds: ids })),
    required: ['ChatCaseIds'],
  },
  { name: 'DataErasureKept', codec: codec(wire.DataErasureKept), valid: dataErasureKept, required: ['Kind', 'Reference', 'Until', 'Message'] },
  {
    name: 'DataErasureResult',
    codec: codec(wire.DataErasureResult),
    valid: fc.record({ ErasedChatCases: fc.array(chatReference, { maxLength: 4 }), ErasedFiles: count, Kept: fc.array(dataErasureKept, { maxLength: 3 }) }),
    required: ['ErasedChatCases', 'ErasedFiles', 'Kept'],
  },
  {
    name: 'LawyerMfaEnrolmentRequest',
    codec: codec(wire.LawyerMfaEnrolmentRequest),
    valid: fc.record({ EnrolmentToken: text, Code: text }),
    required: ['EnrolmentToken', 'Code'],
  },
  {
    name: 'ChangeLawyerPasswordRequest',
    codec: codec(wire.ChangeLawyerPasswordRequest),
    valid: fc.record({ CurrentPassword: text, NewPassword: text }),
    required: ['CurrentPassword', 'NewPassword'],
  },
  { name: 'TotpCodeRequest', codec: codec(wire.TotpCodeRequest), valid: fc.record({ Code: text }), required: ['Code'] },
  { name: 'TotpSetupStepUp', codec: codec(wire.TotpSetupStepUp), valid: fc.record({ CurrentPassword: text }, { requiredKeys: [] }) },
  { name: 'StepUpRequest', codec: codec(wire.StepUpRequest), valid: fc.record({ Code: text, CurrentPassword: text }, { requiredKeys: [] }) },
  { name: 'PasskeyLoginOptionsRequest', codec: codec(wire.PasskeyLoginOptionsRequest), valid: fc.record({ Email: text }), required: ['Email'] },
  {
    name: 'MfaEnrolment',
    codec: codec(wire.MfaEnrolment),
    valid: fc.record({ Error: fc.constant('MfaEnrolmentRequired' as const), Message: text, EnrolmentToken: text, Secret: text, OtpauthUri: text }),
    required: ['Error', 'EnrolmentToken', 'Secret', 'OtpauthUri'],
  },
  {
    name: 'SignedInProfile',
    codec: codec(wire.SignedInProfile),
    valid: fc
      .tuple(lawyerProfile, fc.option(fc.nat({ max: 10 }), { nil: undefined }))
      .map(([profile, left]) => (left === undefined ? profile : { ...profile, RecoveryCodesLeft: left })),
    required: ['Id', 'Gender', 'Role'],
  },
  { name: 'RecoveryCodes', codec: codec(wire.RecoveryCodes), valid: fc.record({ RecoveryCodes: recoveryCodes }), required: ['RecoveryCodes'] },
  {
    name: 'EnrolledProfile',
    codec: codec(wire.EnrolledProfile),
    valid: fc.tuple(lawyerProfile, recoveryCodes).map(([profile, codes]) => ({ ...profile, RecoveryCodes: codes })),
    required: ['Id', 'Role', 'RecoveryCodes'],
  },
  { name: 'WhoAmI', codec: codec(wire.WhoAmI), valid: nullable(lawyerProfile) },
  { name: 'DeviceSession', codec: codec(wire.DeviceSession), valid: deviceSession, required: ['Id', 'CreatedAt', 'LastSeenAt', 'Current'] },
  { name: 'DeviceSessionList', codec: codec(wire.DeviceSessionList), valid: fc.array(deviceSession, { maxLength: 3 }) },
  { name: 'EndedSessions', codec: codec(wire.EndedSessions), valid: fc.record({ Ended: fc.nat({ max: 100 }) }), required: ['Ended'] },
  {
    name: 'TotpStatus',
    codec: codec(wire.TotpStatus),
    valid: fc.record({ Enabled: fc.boolean(), Required: fc.boolean(), RecoveryCodesLeft: fc.nat({ max: 10 }) }),
    required: ['Enabled', 'Required', 'RecoveryCodesLeft'],
  },
  { name: 'TotpSetup', codec: codec(wire.TotpSetup), valid: fc.record({ Secret: text, OtpauthUri: text }), required: ['Secret', 'OtpauthUri'] },
  { name: 'Passkey', codec: codec(wire.Passkey), valid: passkey, required: ['Id', 'Name', 'CreatedAt', 'LastUsedAt'] },
  { name: 'PasskeyList', codec: codec(wire.PasskeyList), valid: fc.array(passkey, { maxLength: 3 }) },
  {
    name: 'WebAuthnOptions',
    codec: codec(wire.WebAuthnOptions),
    valid: fc.record({ challenge: text, timeout: fc.nat(), rpId: text }, { requiredKeys: ['challenge'] }),
  },
];
const isDecodeError = (result: E.Either<wire.DecodeError, unknown>) => E.isLeft(result) && result.left._tag === 'DecodeError';
const isObjectCodec = (c: CodecCase) => c.required !== undefined;

describe('wire codecs', () => {
  it('should have a property test for every codec the wire module exports', () => {
    const exported = Object.entries(wire).filter(([, value]) => value instanceof t.Type);
    const untested = exported.filter(([, value]) => !cases.some((c) => c.codec === value)).map(([name]) => name);
    expect(untested).toEqual([]);
  });

  it.each(cases)('$name should round-trip valid values through encode, JSON and decode', ({ codec: c, valid }) => {
    fc.assert(
      fc.property(valid, (value) => {
        const json = JSON.stringify(c.encode(value));
        expect(decodeJson(c, json)).toEqual(E.right(value));
      }),
      { numRuns: 60 },
    );
  });

  it.each(cases)('$name should turn arbitrary junk into a Result without throwing', ({ codec: c }) => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true, withTypedArray: true }), (junk) => {
        const result = decode(c, junk);
        expect(E.isRight(result) || isDecodeError(result)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it.each(cases.filter(isObjectCodec))('$name should reject values of the wrong type', ({ codec: c }) => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)), (junk) => {
        expect(isDecodeError(decode(c, junk))).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it.each(cases.filter(isObjectCodec))('$name should reject a value with a required field missing or of the wrong type', ({ codec: c, valid, required }) => {
    fc.assert(
      fc.property(valid, fc.constantFrom(...(required ?? [])), fc.boolean(), (value, key, drop) => {
        const broken: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        if (drop) delete broken[key];
        else broken[key] = Symbol('not wire data');
        const result = decode(c, broken);
        expect(isDecodeError(result)).toBe(true);
        if (E.isLeft(result)) expect(result.left.paths.join(' ')).toContain(key);
      }),
      { numRuns: 40 },
    );
  });
});

describe('decodeJson', () => {
  it('should turn malformed JSON into a DecodeError for every codec', () => {
    const malformed = fc.string().filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    });
    fc.assert(
      fc.property(malformed, fc.constantFrom(...cases), (textInput, { codec: c }) => {
        expect(decodeJson(c, textInput)).toEqual(E.left({ _tag: 'DecodeError', message: 'Ungültiges JSON', paths: [] }));
      }),
      { numRuns: 100 },
    );
  });

  it('should report a throwing getter in the input as a DecodeError', () => {
    const hostile = Object.defineProperty({}, 'CaseId', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const result = decode(wire.StartJoinResult, hostile);
    expect(isDecodeError(result)).toBe(true);
  });

  it('should refuse a SaveTextTemplateRequest with a field it does not know, so a misspelt field is not dropped', () => {
    expect(isDecodeError(decode(wire.SaveTextTemplateRequest, { Title: 'Gruß', Text: 'Guten Tag', Titel: 'x' }))).toBe(true);
    expect(decode(wire.SaveTextTemplateRequest, { Title: 'Gruß', Text: 'Guten Tag' })).toEqual(E.right({ Title: 'Gruß', Text: 'Guten Tag' }));
  });

  it('should read a chat entry’s EmailVerifiedByMail as a boolean, absent from older servers, and refuse any other value', () => {
    const entry = {
      ChatId: 'c',
      CaseId: 'k',
      Description: 'd',
      FieldOfLaw: 1,
      FieldOfLawLongName: 'Mietrecht',
      Email: 'erika@example.org',
      VerifiedEmail: true,
      WaitingSince: '2026-06-01T08:00:00.000Z',
      AcceptedAt: '2026-06-01T08:01:00.000Z',
    };
    expect(decode(wire.ActiveChatEntry, entry)).toEqual(E.right(entry));
    expect(decode(wire.ActiveChatEntry, { ...entry, EmailVerifiedByMail: true })).toEqual(E.right({ ...entry, EmailVerifiedByMail: true }));
    const wrong = decode(wire.ActiveChatEntry, { ...entry, EmailVerifiedByMail: 'ja' });
    expect(isDecodeError(wrong)).toBe(true);
    if (E.isLeft(wrong)) expect(wrong.left.paths.join(' ')).toContain('EmailVerifiedByMail');
  });

  it('should read a contact message’s InReplyTo as the answered firm message’s id, absent when it answers none, and refuse any other value', () => {
    const message = { Subject: 'Re: Unterlagen', Message: 'Anbei.' };
    expect(decode(wire.ContactMessage, message)).toEqual(E.right(message));
    expect(decode(wire.ContactMessage, { ...message, InReplyTo: 'fm-1' })).toEqual(E.right({ ...message, InReplyTo: 'fm-1' }));
    for (const wrong of [42, null, { Id: 'fm-1' }]) {
      const result = decode(wire.ContactMessage, { ...message, InReplyTo: wrong });
      expect(isDecodeError(result)).toBe(true);
      if (E.isLeft(result)) expect(result.left.paths.join(' ')).toContain('InReplyTo');
    }
  });

  it('should keep a client’s message with InReplyTo a client’s message in the contact list, never a message of the firm', () => {
    fc.assert(
      fc.property(contactThread, (thread) => {
        const decoded = decode(wire.ContactEntry, JSON.parse(JSON.stringify(thread)));
        expect(E.isRight(decoded) && !wire.isFirmMessage(decoded.right)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('should reject invalid ISO dates and a RatingRequest outside 1–5 stars', () => {
    expect(isDecodeError(decode(wire.IsoDate, '2026-13-45T99:00:00Z'))).toBe(true);
    expect(isDecodeError(decode(wire.IsoDate, '24.11.2026'))).toBe(true);
    expect(isDecodeError(decode(wire.RatingRequest, { CaseId: 'c', Stars: 6 }))).toBe(true);
    expect(isDecodeError(decode(wire.RatingRequest, { CaseId: 'c', Stars: 2.5 }))).toBe(true);
  });

  it('should name the failing field in German in the message and keep the expected type for logs in the paths', () => {
    const result = decode(wire.StartJoinResult, { CaseId: 'c' });
    expect(result).toEqual(E.left(expect.objectContaining({ _tag: 'DecodeError', paths: ['ChatId: expected string'] })));
    if (E.isLeft(result)) expect(result.left.message).toBe('Ungültige Daten: Das Feld „ChatId“ fehlt oder hat nicht das erwartete Format.');
  });

  it('should name no type and no union branch in the message', () => {
    const messages = [
      decode(wire.StartChatRequest, 'hallo'),
      decode(wire.RatingRequest, { CaseId: 'c', Stars: 'fünf', Comment: 7 }),
      decode(wire.CallbackRequest, { Phone: null }),
    ].map((result) => (E.isLeft(result) ? result.left.message : ''));
    expect(messages[0]).toBe('Ungültige Daten: Der Inhalt hat nicht das erwartete Format.');
    expect(messages[1]).toMatch(/^Ungültige Daten: Die Felder „Stars“, „Comment“ fehlen oder haben nicht das erwartete Format\.$/);
    expect(messages[2]).toMatch(/^Ungültige Daten: Die Felder „Phone“, „Availability“ fehlen/);
    for (const message of messages) expect(message).not.toMatch(/expected|string|boolean|number|\{/);
  });
});
