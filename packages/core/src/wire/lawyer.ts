// Lawyer API wire types (DESIGN §5, chat host).
import * as t from 'io-ts';
import { LawyerGenderCodec } from './caseFile.js';
import { Id, IsoDate, nullable } from './primitives.js';

export const LawyerLoginRequest = t.type({ Email: t.string, Password: t.string }, 'LawyerLoginRequest');
export type LawyerLoginRequest = t.TypeOf<typeof LawyerLoginRequest>;

export const LawyerProfile = t.type({ Id, Name: t.string, Email: t.string, Gender: LawyerGenderCodec, ImageUrl: t.string }, 'LawyerProfile');
export type LawyerProfile = t.TypeOf<typeof LawyerProfile>;

export const QueueEntry = t.type(
  { ChatId: Id, CaseId: Id, Description: t.string, FieldOfLaw: t.number, FieldOfLawLongName: t.string, WaitingSince: IsoDate, AssignedLawyerId: nullable(Id), CallbackRequested: t.boolean },
  'QueueEntry',
);
export type QueueEntry = t.TypeOf<typeof QueueEntry>;
export const Queue = t.array(QueueEntry, 'Queue');

export const CreateCaseFileRequest = t.intersection(
  [t.type({ FirstName: t.string, LastName: t.string, Phone: t.string, Title: t.string }), t.partial({ Email: nullable(t.string), Description: t.string, FieldOfLaw: t.string })],
  'CreateCaseFileRequest',
);
export type CreateCaseFileRequest = t.TypeOf<typeof CreateCaseFileRequest>;
export const CreateCaseFileResult = t.type({ CaseId: Id, Url: t.string, Token: t.string, Pin: t.string }, 'CreateCaseFileResult');
export type CreateCaseFileResult = t.TypeOf<typeof CreateCaseFileResult>;

export const CallbackEntry = t.type({ Id, ChatId: Id, CaseId: Id, Phone: t.string, Availability: t.string, Created: IsoDate, DoneAt: nullable(IsoDate) }, 'CallbackEntry');
export type CallbackEntry = t.TypeOf<typeof CallbackEntry>;
export const CallbackList = t.array(CallbackEntry, 'CallbackList');

/** PUT api/lawyer/callbacks/{id}/done: `Value` true marks the callback done, false undoes it. */
export const CallbackDoneRequest = t.type({ Value: t.boolean }, 'CallbackDoneRequest');
export type CallbackDoneRequest = t.TypeOf<typeof CallbackDoneRequest>;

/**
 * One chat the lawyer is holding right now (GET api/lawyer/chats), with the facts the bot collected,
 * so a reload or a second device restores every open conversation.
 */
export const ActiveChatEntry = t.type(
  {
    ChatId: Id,
    CaseId: Id,
    Description: t.string,
    FieldOfLaw: t.number,
    FieldOfLawLongName: t.string,
    Email: nullable(t.string),
    VerifiedEmail: t.boolean,
    WaitingSince: IsoDate,
    AcceptedAt: IsoDate,
  },
  'ActiveChatEntry',
);
export type ActiveChatEntry = t.TypeOf<typeof ActiveChatEntry>;
export const ActiveChatList = t.array(ActiveChatEntry, 'ActiveChatList');
