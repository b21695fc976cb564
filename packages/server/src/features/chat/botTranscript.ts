// The bot part of the transcript (DESIGN §5 "Transcript", issue 9). The browser runs the bot and
// records its questions and the participant's answers; they are stored through the same
// storage call as chat messages (insertMessage: case sequence, UNIQUE(chat_id, client_id)), so
// the whole conversation has one order and a resend after a lost answer is a no-op.
import { BotProgress, decodeJson, MessageType, type TranscriptEntry, type TranscriptPost } from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import { chatOfParticipant } from './chatAccess.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest } from '../../platform/errors.js';
import { insertMessage, type MessageRow } from './messages.js';

export const MAX_TRANSCRIPT_ENTRIES = 200;
/** Bot texts are longer than chat messages (750); the participant's answers are validated by the bot. */
export const MAX_TRANSCRIPT_TEXT = 5000;
const MAX_PROGRESS_JSON = 8000;
/** How far back the browser's display time of an entry may lie (a long onboarding). */
const MAX_ENTRY_AGE_MS = 6 * 3_600_000;
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export interface TranscriptTarget {
  readonly caseId: string;
  readonly chatId: string;
  readonly participantId: string;
}

/** Rejects what the bot cannot have produced in shape or size; content is the participant's own. */
export function validateTranscript(entries: readonly TranscriptEntry[]): void {
  if (entries.length > MAX_TRANSCRIPT_ENTRIES) throw badRequest(`Höchstens ${MAX_TRANSCRIPT_ENTRIES} Einträge auf einmal.`);
  for (const entry of entries) {
    if (!CLIENT_ID.test(entry.ClientId)) throw badRequest('Ungültige Nachrichtenkennung.');
    if (entry.Message.trim() === '' || entry.Message.length > MAX_TRANSCRIPT_TEXT) throw badRequest(`Ein Eintrag muss 1 bis ${MAX_TRANSCRIPT_TEXT} Zeichen lang sein.`);
  }
}

/**
 * Stores entries in the given order inside the caller's transaction. The time shown is the
 * browser's display time, clamped between the case's latest message and now, so the stored
 * times never contradict the stored order (a skewed browser clock cannot move an entry).
 */
export async function insertTranscriptEntries(trx: Transaction<Database>, clock: Clock, target: TranscriptTarget, entries: readonly TranscriptEntry[]): Promise<MessageRow[]> {
  const now = clock.now().getTime();
  const latest = await trx.selectFrom('messages').select('created_at').where('case_id', '=', target.caseId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  let floor = latest ? Date.parse(latest.created_at) : now - MAX_ENTRY_AGE_MS;
  const rows: MessageRow[] = [];
  for (const entry of entries) {
    const shown = Math.min(now, Math.max(floor, Date.parse(entry.Created)));
    const [row, created] = await insertMessage(trx, { now: () => new Date(shown) }, {
      caseId: target.caseId,
      chatId: target.chatId,
      clientId: entry.ClientId,
      type: entry.Author === 'bot' ? MessageType.ChatbotMessage : MessageType.Message,
      text: entry.Message.trim(),
      author: entry.Author === 'bot' ? { kind: 'system', id: null, name: null } : { kind: 'participant', id: target.participantId, name: null },
    });
    if (created && entry.Highlighted === true) await trx.insertInto('message_highlights').values({ message_id: row.id, case_id: target.caseId }).execute();
    floor = Math.max(floor, Date.parse(row.created_at));
    rows.push(row);
  }
  return rows;
}

export interface TranscriptDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/** POST api/chat/transcript/{chatId}: entries of the offboarding bot plus where it stands, in one transaction. */
export async function recordTranscript(deps: TranscriptDeps, participantId: string, chatId: string, post: TranscriptPost): Promise<MessageRow[]> {
  const { chat } = await chatOfParticipant(deps.db, participantId, chatId);
  validateTranscript(post.Entries);
  const progress = post.Progress ? JSON.stringify(post.Progress) : null;
  if (progress !== null && progress.length > MAX_PROGRESS_JSON) throw badRequest('Der Gesprächsstand ist zu groß.');
  return deps.db.transaction().execute(async (trx) => {
    const rows = await insertTranscriptEntries(trx, deps.clock, { caseId: chat.case_id, chatId, participantId }, post.Entries);
    if (progress !== null) {
      const updatedAt = deps.clock.now().toISOString();
      await trx
        .insertInto('bot_progress')
        .values({ case_id: chat.case_id, script: 'offboarding', state: progress, updated_at: updatedAt })
        .onConflict((oc) => oc.column('case_id').doUpdateSet({ state: progress, updated_at: updatedAt }))
        .execute();
    }
    return rows;
  });
}

/** Where the case's offboarding bot stands, or null (none yet, or unreadable). */
export async function botProgressOf(db: Db, caseId: string): Promise<BotProgress | null> {
  const row = await db.selectFrom('bot_progress').select('state').where('case_id', '=', caseId).executeTakeFirst();
  if (!row) return null;
  const decoded = decodeJson(BotProgress, row.state);
  return E.isRight(decoded) ? decoded.right : null;
}

/** Ids of the case's highlighted bot messages. */
export async function highlightedMessageIds(db: Db, caseId: string): Promise<ReadonlySet<string>> {
  const rows = await db.selectFrom('message_highlights').select('message_id').where('case_id', '=', caseId).execute();
  return new Set(rows.map((r) => r.message_id));
}
