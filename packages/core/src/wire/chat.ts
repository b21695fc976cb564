// Chat wire types: the entities and the contract of docs/api.md.
import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './primitives.js';
import { TranscriptEntry } from './transcript.js';

/** Chat message Type values. */
export const MessageType = { Information: 1, Message: 2, ChatbotMessage: 3, File: 4, ForwardedMessage: 5 } as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];
export const MessageTypeCodec = t.union([t.literal(1), t.literal(2), t.literal(3), t.literal(4), t.literal(5)], 'MessageType');

export const ResponseTypeValues = ['AskForNextMessage', 'Text', 'EMail', 'YesOrNo', 'YesOrNoPhone', 'YesOrNoEmail', 'PhoneNumber', 'Rating', 'Done'] as const;
export type ResponseType = (typeof ResponseTypeValues)[number];
export const ResponseTypeCodec = t.keyof(Object.fromEntries(ResponseTypeValues.map((v) => [v, null])) as Record<ResponseType, null>, 'ResponseType');

export const Author = t.type({ Id, Name: t.string }, 'Author');
export type Author = t.TypeOf<typeof Author>;

/** Who wrote a stored message: the client, a lawyer (also a colleague before a forward) or the system. */
export const AuthorKindCodec = t.keyof({ participant: null, lawyer: null, system: null }, 'AuthorKind');
export type AuthorKind = t.TypeOf<typeof AuthorKindCodec>;

export const ChatMessage = t.intersection(
  [
    t.type({ Id, Message: t.string, Type: MessageTypeCodec, Author: nullable(Author), Created: IsoDate }),
    t.partial({
      ChatId: Id,
      ClientId: nullable(t.string),
      NextResponseType: nullable(ResponseTypeCodec),
      ResponsePropertyName: nullable(t.string),
      Delay: nullable(t.number),
      HighlightedMessage: t.boolean,
      FileId: nullable(Id),
      FileName: nullable(t.string),
      /** Set by the server on every stored message; absent on the bot's own steps in the client. */
      AuthorKind: AuthorKindCodec,
    }),
  ],
  'ChatMessage',
);
export type ChatMessage = t.TypeOf<typeof ChatMessage>;
export const ChatMessageList = t.array(ChatMessage, 'ChatMessageList');

// QueuePosition: to a waiting participant, where their request stands (Data.Position, 1 = next) and, when
// enough chats were taken lately, their median wait in minutes (Data.WaitMinutes).
// ClientAway / ClientBack: to the lawyer of an accepted chat, when its client has had no connection for a while
// (Data.AwaySince: when the client was last connected) and when the client is connected again.
// StillHere: to the participant's other tabs and devices, when the person answered „Ich bin noch da“ in one of them.
// FieldOfLawChanged: to every console of the lawyer who holds the chat, when they corrected its field of law
// (Data.FieldOfLaw and Data.FieldOfLawLongName: the field as now stored).
export const NotificationTypeValues = [
  'Joined',
  'Closed',
  'ClosedAndRequestPhoneNumber',
  'Forwarded',
  'IsTyping',
  'QueuePosition',
  'ClientAway',
  'ClientBack',
  'StillHere',
  'FieldOfLawChanged',
] as const;
export type NotificationType = (typeof NotificationTypeValues)[number];
export const NotificationTypeCodec = t.keyof(
  Object.fromEntries(NotificationTypeValues.map((v) => [v, null])) as Record<NotificationType, null>,
  'NotificationType',
);

/** Why a chat ended, on Closed when it was not the lawyer: 'Timeout' – the participant stopped answering. */
export const CloseReasonCodec = t.keyof({ Timeout: null }, 'CloseReason');

export const Notification = t.intersection(
  [
    t.type({ ChatId: Id, Type: NotificationTypeCodec }),
    t.partial({
      Data: nullable(
        t.partial({
          NewChatId: Id,
          LawyerName: t.string,
          Reason: CloseReasonCodec,
          Position: t.number,
          WaitMinutes: t.number,
          AwaySince: IsoDate,
          FieldOfLaw: t.number,
          FieldOfLawLongName: t.string,
        }),
      ),
    }),
  ],
  'Notification',
);
export type Notification = t.TypeOf<typeof Notification>;

export const StartChatRequest = t.intersection(
  [
    t.type({ Description: t.string, EMailAddress: nullable(t.string), VerifiedEmail: t.boolean, FieldOfLaw: t.number, FieldOfLawLongName: t.string }),
    // Transcript: the onboarding conversation, stored with the case in the same transaction.
    t.partial({ OverrideDomain: nullable(t.string), Transcript: t.array(TranscriptEntry) }),
  ],
  'StartChatRequest',
);
export type StartChatRequest = t.TypeOf<typeof StartChatRequest>;

export const StartJoinResult = t.type({ CaseId: Id, ChatId: Id }, 'StartJoinResult');
export type StartJoinResult = t.TypeOf<typeof StartJoinResult>;

export const CaseStatus = t.intersection(
  [
    t.type({
      CaseRating: nullable(t.number),
      ParticipantEnteredEmail: t.boolean,
      RequestPhoneNumber: t.boolean,
      LawyerConnected: t.boolean,
      CaseClosed: t.boolean,
      Disabled: t.boolean,
      SecondLevelEnabled: t.boolean,
    }),
    // The case has an open callback request (from the waiting chat): a reload must not offer a second one.
    t.partial({
      CallbackRequested: t.boolean,
      // Where the protocol is mailed after the consultation (the onboarding address, confirmed), for the closing words.
      ProtocolEmail: nullable(t.string),
      // ProtocolEmail was never confirmed by the double opt-in's link: a confirmation mail goes there before the protocol.
      ProtocolConfirmationPending: t.boolean,
      // The lawyer of the latest chat once one took it: the closing words name them instead of "Ihre Anwältin oder Ihr Anwalt".
      LawyerName: nullable(t.string),
      // A lawyer accepted one of the case's chats (also one forwarded since): there was a consultation, so the
      // usage confirmation and the protocol exist. Missing from older servers: then LawyerName stands in.
      LawyerTookPart: t.boolean,
    }),
  ],
  'CaseStatus',
);
export type CaseStatus = t.TypeOf<typeof CaseStatus>;

export const AvailabilitySlotValues = ['Availability1', 'Availability2'] as const;
export type AvailabilitySlot = (typeof AvailabilitySlotValues)[number];

/** Availability is the German medium date plus the slot's text, e.g. "24.11.2026, 08:00–12:00 Uhr". */
export const CallbackRequest = t.type({ Phone: t.string, Availability: t.string }, 'CallbackRequest');
export type CallbackRequest = t.TypeOf<typeof CallbackRequest>;

const Stars = t.refinement(t.number, (n) => Number.isInteger(n) && n >= 1 && n <= 5, 'Stars');
export const RatingRequest = t.intersection([t.type({ CaseId: Id, Stars }), t.partial({ Comment: nullable(t.string) })], 'RatingRequest');
export type RatingRequest = t.TypeOf<typeof RatingRequest>;

export const UsageConfirmationRequest = t.type({ CaseId: Id }, 'UsageConfirmationRequest');
export type UsageConfirmationRequest = t.TypeOf<typeof UsageConfirmationRequest>;

export const ClassifyResult = t.type({ FieldOfLaw: t.number, FieldOfLawLongName: t.string }, 'ClassifyResult');
export type ClassifyResult = t.TypeOf<typeof ClassifyResult>;

export const ChatFileInfo = t.type({ Id, ChatId: Id, FileName: t.string, ContentType: t.string, Size: t.number }, 'ChatFileInfo');
export type ChatFileInfo = t.TypeOf<typeof ChatFileInfo>;
