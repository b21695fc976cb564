// The bot part of the transcript: bot questions and the participant's
// answers are recorded by the browser, which runs the bot, and stored by the server in the
// case's message order. ClientId makes a resend idempotent, exactly like chat messages.
import * as t from 'io-ts';
import { IsoDate, nullable } from './primitives.js';

export const TranscriptAuthor = t.keyof({ bot: null, participant: null }, 'TranscriptAuthor');

export const TranscriptEntry = t.intersection(
  [t.type({ ClientId: t.string, Author: TranscriptAuthor, Message: t.string, Created: IsoDate }), t.partial({ Highlighted: t.boolean })],
  'TranscriptEntry',
);
export type TranscriptEntry = t.TypeOf<typeof TranscriptEntry>;

const BotValueCodec = t.union([t.string, t.number, t.boolean, t.null]);

/** Where the offboarding bot stands, so a reload or another tab continues it instead of starting over. */
export const BotProgress = t.type(
  {
    Script: t.literal('offboarding'),
    StepIndex: t.number,
    Status: t.keyof({ idle: null, typing: null, awaiting: null, waitingForData: null, finished: null }),
    Collected: t.record(t.string, BotValueCodec),
    /** Highest number n of the runner's ids `offboarding-n` used so far. */
    LastEntry: t.number,
  },
  'BotProgress',
);
export type BotProgress = t.TypeOf<typeof BotProgress>;

/** POST api/chat/transcript/{chatId} */
export const TranscriptPost = t.intersection([t.type({ Entries: t.array(TranscriptEntry) }), t.partial({ Progress: nullable(BotProgress) })], 'TranscriptPost');
export type TranscriptPost = t.TypeOf<typeof TranscriptPost>;

/** GET api/chat/case/{caseId}/bot-progress */
export const BotProgressResponse = t.type({ Progress: nullable(BotProgress) }, 'BotProgressResponse');
export type BotProgressResponse = t.TypeOf<typeof BotProgressResponse>;
