// Migration 0041 (the protocol mail's double opt-in) goes up and down on both engines; a participant confirms an
// address once (the pair is the key), and the links are found by their hash.
import { describe, expect } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines, tableNames } from './support/migrationOnBothEngines.js';

async function upAndDown(db: Db): Promise<void> {
  await migrateToLatest(db);
  expect(await tableNames(db)).toEqual(expect.arrayContaining(['protocol_mail_confirmations', 'confirmed_protocol_addresses']));
  const address = { participant_id: 'p1', email: 'erika@example.org', confirmed_at: '2026-06-01T09:00:00.000Z', last_used_at: '2026-06-01T09:00:00.000Z' };
  await db.insertInto('confirmed_protocol_addresses').values(address).execute();
  await expect(db.insertInto('confirmed_protocol_addresses').values(address).execute()).rejects.toThrow();
  await db
    .insertInto('protocol_mail_confirmations')
    .values({
      token_hash: 'hash',
      case_id: 'c1',
      participant_id: 'p1',
      email: 'erika@example.org',
      created_at: '2026-06-01T09:00:00.000Z',
      expires_at: '2026-06-03T09:00:00.000Z',
      used_at: null,
      renewals: 0,
    })
    .execute();
  expect(await db.selectFrom('protocol_mail_confirmations').select('case_id').where('token_hash', '=', 'hash').execute()).toEqual([{ case_id: 'c1' }]);
  await migrateTo(db, '0040_case_file_contact_replies');
  expect(await tableNames(db)).not.toEqual(expect.arrayContaining(['protocol_mail_confirmations']));
  expect(await tableNames(db)).not.toEqual(expect.arrayContaining(['confirmed_protocol_addresses']));
  await migrateToLatest(db);
  expect(await tableNames(db)).toEqual(expect.arrayContaining(['protocol_mail_confirmations', 'confirmed_protocol_addresses']));
}

describe('migration 0041_protocol_mail_confirmations', () => {
  itOnBothEngines('should create and drop both tables, one row per participant and address', upAndDown);
});
