// Migration 0046 (second_level_phones: each number once per case) on both engines: of a number stored twice for one case
// only the oldest row stays, a different number of the case, the same number under another case and the numbers left
// under a link parameter (no case) all stay; afterwards the index refuses a repeat, and going down drops only the index.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines } from './support/migrationOnBothEngines.js';

const BEFORE = '0045_case_file_contact_in_reply_to';

async function phone(db: Db, id: string, caseId: string | null, number: string, createdAt: string): Promise<void> {
  await sql`insert into second_level_phones (id, case_id, param, participant_id, phone, created_at)
    values (${id}, ${caseId}, ${caseId === null ? 'kampagne7' : null}, 'p1', ${number}, ${createdAt})`.execute(db);
}

async function upAndDown(db: Db): Promise<void> {
  await migrateTo(db, BEFORE);
  // Two cases of one person (the numbers' foreign key): 0046 adds no column, so today's row types fit.
  const at = '2026-06-01T09:00:00.000Z';
  await db.insertInto('customers').values({ id: 'k1', number_hash: 'h1', second_level_enabled: 1, created_at: at, insurer_id: null }).execute();
  await db.insertInto('participants').values({ id: 'p1', customer_id: 'k1', created_at: at }).execute();
  for (const id of ['case-a', 'case-b'])
    await db
      .insertInto('cases')
      .values({
        id,
        participant_id: 'p1',
        description: 'Kündigung',
        email: null,
        verified_email: 0,
        field_of_law: 3,
        field_of_law_long_name: 'Verkehrsrecht',
        request_phone_number: 1,
        protocol_email: null,
        protocol_sent_at: null,
        closed_at: at,
        disabled: 0,
        next_seq: 1,
        created_at: at,
        retention_until: '2036-06-01T09:00:00.000Z',
        override_domain: null,
        insurer_id: null,
      })
      .execute();
  await phone(db, 'z-late', 'case-a', '+491701234567', '2026-06-01T10:05:00.000Z');
  await phone(db, 'y-oldest', 'case-a', '+491701234567', '2026-06-01T10:00:00.000Z');
  await phone(db, 'b-same-time', 'case-a', '+491701234567', '2026-06-01T10:05:00.000Z');
  await phone(db, 'other-number', 'case-a', '+49301234567', '2026-06-01T10:01:00.000Z');
  await phone(db, 'other-case', 'case-b', '+491701234567', '2026-06-01T10:02:00.000Z');
  await phone(db, 'param-1', null, '+491701234567', '2026-06-01T10:03:00.000Z');
  await phone(db, 'param-2', null, '+491701234567', '2026-06-01T10:04:00.000Z');

  await migrateToLatest(db);
  const ids = async () => (await db.selectFrom('second_level_phones').select('id').orderBy('id').execute()).map((row) => row.id);
  expect(await ids()).toEqual(['other-case', 'other-number', 'param-1', 'param-2', 'y-oldest']);
  await expect(phone(db, 'again', 'case-a', '+491701234567', '2026-06-02T10:00:00.000Z')).rejects.toThrow();
  await phone(db, 'param-3', null, '+491701234567', '2026-06-02T10:00:00.000Z');

  await migrateTo(db, BEFORE);
  await phone(db, 'again', 'case-a', '+491701234567', '2026-06-02T10:00:00.000Z');
  expect(await ids()).toEqual(['again', 'other-case', 'other-number', 'param-1', 'param-2', 'param-3', 'y-oldest']);
}

describe('migration 0046_second_level_phones_unique', () => {
  itOnBothEngines('should keep the oldest of a number stored twice for one case, then refuse a repeat, and go down to the index alone', upAndDown);
});
