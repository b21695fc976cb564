// Migration 0023 (chats.accepted_lawyer_id) goes up and down on both engines; on the way up the chats accepted before it
// get their lawyer as the one who accepted them, waiting chats none.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines, migrationTestLawyer } from './support/migrationOnBothEngines.js';
import { factParticipant, insertFactCases } from './support/reportFacts.js';

/** A chat as written before migration 0023 (no accepted_lawyer_id). */
async function insertOldChat(db: Db, id: string, caseId: string, lawyerId: string | null, acceptedAt: string | null): Promise<void> {
  await sql`insert into chats (id, case_id, state, lawyer_id, requested_lawyer_id, previous_chat_id, close_reason, file_forwarding_revoked, created_at, accepted_at, closed_at)
    values (${id}, ${caseId}, ${acceptedAt ? 'active' : 'waiting'}, ${lawyerId}, null, null, null, 0, '2026-03-02T09:00:00.000Z', ${acceptedAt}, null)`.execute(
    db,
  );
}

async function upAndDown(db: Db): Promise<void> {
  await migrateToLatest(db);
  const lawyer = await migrationTestLawyer(db);
  const participant = await factParticipant(db);
  const [acceptedCase, waitingCase] = await insertFactCases(db, participant, [
    { createdAt: '2026-03-02T09:00:00.000Z', chats: [] },
    { createdAt: '2026-03-02T10:00:00.000Z', chats: [] },
  ]);
  await migrateTo(db, '0022_chats_accepted_index');
  await insertOldChat(db, 'chat-accepted', acceptedCase!, lawyer.id, '2026-03-02T09:01:00.000Z');
  await insertOldChat(db, 'chat-waiting', waitingCase!, null, null);
  await migrateToLatest(db);
  const rows = await db.selectFrom('chats').select(['id', 'accepted_lawyer_id']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 'chat-accepted', accepted_lawyer_id: lawyer.id },
    { id: 'chat-waiting', accepted_lawyer_id: null },
  ]);
  await migrateTo(db, '0022_chats_accepted_index');
  const { rows: after } = await sql<Record<string, unknown>>`select * from chats where id = 'chat-accepted'`.execute(db);
  expect(Object.keys(after[0] ?? {})).not.toContain('accepted_lawyer_id');
  await migrateToLatest(db);
}

describe('migration 0023_chats_accepted_lawyer', () => {
  itOnBothEngines('should record the lawyer of the chats accepted before it as the one who accepted them, and drop the column again', upAndDown);
});
