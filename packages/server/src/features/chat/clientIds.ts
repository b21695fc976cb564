// Client ids of chat messages (UNIQUE(chat_id, client_id)): a caller chooses one for each of its messages, so that a
// resend after a lost answer is answered with the stored message instead of storing it twice; the server chooses
// the ids of its own notices (systemNotices.ts, the hand-over notices of features/admin), so that each is stored once.
// The two never meet: every id the server chooses contains a ':', which no caller's id may, and the ids the server
// chose before it did so (still stored in chats that ran during an upgrade) are refused from callers too. Found from
// outside: a client who sent a message under 'lawyer-joined' while waiting made the lawyer's join notice vanish.
import type { MessageRow, NewMessage } from './messageTypes.js';
import { badRequest } from '../../platform/errors.js';

/** What every caller's id looks like (the browsers send UUIDs and the bot's `onboarding-1`, `offboarding-1`, …). */
const CALLER_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The server's notice ids before they had their own namespace: exact ids and prefixes of ids with a random tail. */
const LEGACY_SERVER_IDS: ReadonlySet<string> = new Set(['lawyer-joined', 'closed-by-timeout', 'closed-abandoned', 'closed-for-callback']);
const LEGACY_SERVER_PREFIXES: readonly string[] = ['participant-logged-out-', 'handover-', 'forward-handover-'];

/** The German refusal of an id a caller may not use (a malformed one, a server's, or another author's). */
export const INVALID_CLIENT_ID = 'Ungültige Nachrichtenkennung.';

/** Whether a caller (participant, lawyer, the browser's bot transcript) may store a message under this id. */
export function isCallerClientId(value: string): boolean {
  return CALLER_CLIENT_ID.test(value) && !LEGACY_SERVER_IDS.has(value) && !LEGACY_SERVER_PREFIXES.some((prefix) => value.startsWith(prefix));
}

/** The id of a notice the server stores: `system:<name>`, which no caller's id can be. */
export function serverClientId(name: string): string {
  return `system:${name}`;
}

/**
 * The stored message a repeated client id stands for, when the same author stored it: the answer to a resend. Another
 * author's message under the same id is no resend of this one – answering with it would drop this message without a
 * word (found from outside: a lawyer's message under an id the client had used) – so the call is refused. Runs only on
 * the conflict path, after the INSERT stored nothing (docs/performance.md: the usual message stays one statement).
 */
export function resendOf(stored: MessageRow, input: Pick<NewMessage, 'author'>): MessageRow {
  if (stored.author_kind !== input.author.kind || stored.author_id !== input.author.id) throw badRequest(INVALID_CLIENT_ID);
  return stored;
}

/**
 * The same for an entry of the browser's bot transcript: its lines are all the participant's browser's – the bot's
 * (stored as the system's) and the answers (the participant's) – and which of the two a line is stored as may differ
 * between a send and its resend across a release (a changed bot text), so only a lawyer's message under the id is
 * another author's.
 */
export function transcriptResendOf(stored: MessageRow): MessageRow {
  if (stored.author_kind === 'lawyer') throw badRequest(INVALID_CLIENT_ID);
  return stored;
}
