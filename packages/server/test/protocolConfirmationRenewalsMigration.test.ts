// Migration 0044 (protocol_mail_confirmations.renewals) goes up and down on both engines: a link stored before it counts
// as never renewed (0), and going down drops only the column, never the link.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines } from './support/migrationOnBothEngines.js';

const BEFORE = '0041_protocol_mail_confirmations';

async function upAndDown(db: Db): Promise<void> {
  await migrateTo(db, BEFORE);
  // The row as 0041 knew it: without the column (written untyped, the schema type already has it).
  await sql`insert into protocol_mail_confirmations (token_hash, case_id, participant_id, email, created_at, expires_at, used_at)
    values ('hash', 'c1', 'p1', 'erika@example.org', '2026-06-01T09:00:00.000Z', '2026-06-03T09:00:00.000Z', null)`.execute(db);
  const renewals = () => db.selectFrom('protocol_mail_confirmations').select('renewals').where('token_hash', '=', 'hash').executeTakeFirstOrThrow();
  await expect(renewals()).rejects.toThrow();
  await migrateToLatest(db);
  expect(await renewals()).toEqual({ renewals: 0 });
  await db.updateTable('protocol_mail_confirmations').set({ renewals: 2 }).where('token_hash', '=', 'hash').execute();
  expect(await renewals()).toEqual({ renewals: 2 });
  await migrateTo(db, BEFORE);
  await expect(renewals()).rejects.toThrow();
  expect(await db.selectFrom('protocol_mail_confirmations').select('email').where('token_hash', '=', 'hash').execute()).toEqual([
    { email: 'erika@example.org' },
  ]);
}

describe('migration 0044_protocol_confirmation_renewals', () => {
  itOnBothEngines('should add and drop the renewal count and keep the links, counting an older link as never renewed', upAndDown);
});
