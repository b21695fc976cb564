// Queries of the bot transcript (Kysely): its entries, the highlights and the offboarding progress.
import type { Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database, Db } from '../../platform/storage/database.js';
import { insertMessage, latestMessageCreatedAt } from './messageQueries.js';
import type { MessageRow, NewMessage } from './messages.js';
import { transcriptResendOf } from './clientIds.js';

/** One entry as the service decided it: the message, the browser's display time and the highlight. */
export interface TranscriptMessage {
  readonly message: NewMessage;
  readonly requestedAt: number;
  readonly highlighted: boolean;
}

/**
 * Stores entries in the given order inside the caller's transaction. The time shown is the
 * browser's display time, clamped between the case's latest message (or `maxAgeMs` before now)
 * and now, so the stored times never contradict the stored order (a skewed browser clock cannot
 * move an entry). The clamp needs the rows stored so far, so it runs here with them.
 */
export async function insertTranscriptEntries(
  trx: Transaction<Database>,
  clock: Clock,
  caseId: string,
  entries: readonly TranscriptMessage[],
  maxAgeMs: number,
): Promise<MessageRow[]> {
  const now = clock.now().getTime();
  const latest = await latestMessageCreatedAt(trx, caseId);
  let floor = latest !== undefined ? Date.parse(latest) : now - maxAgeMs;
  const rows: MessageRow[] = [];
  for (const entry of entries) {
    const shown = Math.min(now, Math.max(floor, entry.requestedAt));
    const outcome = await insertMessage(trx, { now: () => new Date(shown) }, entry.message);
    // Transcript entries never ask for an open chat, so they are always stored.
    if (outcome.kind !== 'stored') throw new Error('transcript entry refused');
    const { created } = outcome;
    const row = created ? outcome.row : transcriptResendOf(outcome.row);
    if (created && entry.highlighted) await trx.insertInto('message_highlights').values({ message_id: row.id, case_id: caseId }).execute();
    floor = Math.max(floor, Date.parse(row.created_at));
    rows.push(row);
  }
  return rows;
}

/** Entries of the offboarding bot plus where it stands (JSON, or null to keep it), in one transaction. */
export async function insertTranscriptWithProgress(
  db: Db,
  clock: Clock,
  caseId: string,
  entries: readonly TranscriptMessage[],
  maxAgeMs: number,
  progress: string | null,
): Promise<MessageRow[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await insertTranscriptEntries(trx, clock, caseId, entries, maxAgeMs);
    if (progress !== null) {
      const updatedAt = clock.now().toISOString();
      await trx
        .insertInto('bot_progress')
        .values({ case_id: caseId, script: 'offboarding', state: progress, updated_at: updatedAt })
        .onConflict((oc) => oc.column('case_id').doUpdateSet({ state: progress, updated_at: updatedAt }))
        .execute();
    }
    return rows;
  });
}

/** The stored progress JSON of the case's offboarding bot, if any. */
export async function findBotProgressState(db: Db, caseId: string): Promise<string | undefined> {
  const row = await db.selectFrom('bot_progress').select('state').where('case_id', '=', caseId).executeTakeFirst();
  return row?.state;
}

export async function listHighlightedMessageIds(db: Db, caseId: string): Promise<string[]> {
  const rows = await db.selectFrom('message_highlights').select('message_id').where('case_id', '=', caseId).execute();
  return rows.map((r) => r.message_id);
}
