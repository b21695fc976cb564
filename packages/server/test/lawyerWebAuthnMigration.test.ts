// Migration 0013 (lawyer_webauthn_credentials, lawyer_webauthn_challenges) goes up and down on both engines; a
// credential id is unique across all lawyers, and a counter beyond 2^31 fits.
import { describe, expect } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines, migrationTestLawyer, tableNames } from './support/migrationOnBothEngines.js';
const tables = ['lawyer_webauthn_credentials', 'lawyer_webauthn_challenges'];

async function upAndDown(db: Db): Promise<void> {
  await migrateToLatest(db);
  expect(await tableNames(db)).toEqual(expect.arrayContaining(tables));
  const lawyer = await migrationTestLawyer(db);
  const row = {
    id: 'k1',
    lawyer_id: lawyer.id,
    credential_id: 'cred-1',
    public_key: 'pk',
    sign_count: 4_000_000_000,
    transports: '[]',
    name: 'Sicherheitsschlüssel',
    created_at: '2026-06-01T09:00:00.000Z',
    last_used_at: null,
  };
  await db.insertInto('lawyer_webauthn_credentials').values(row).execute();
  await expect(
    db
      .insertInto('lawyer_webauthn_credentials')
      .values({ ...row, id: 'k2' })
      .execute(),
  ).rejects.toThrow();
  const stored = await db.selectFrom('lawyer_webauthn_credentials').select('sign_count').executeTakeFirst();
  expect(Number(stored?.sign_count)).toBe(4_000_000_000);
  await migrateTo(db, '0012_lawyer_recovery_codes');
  for (const table of tables) expect(await tableNames(db)).not.toContain(table);
  await migrateToLatest(db);
  expect(await tableNames(db)).toEqual(expect.arrayContaining(tables));
}

describe('migration 0013_lawyer_webauthn', () => {
  itOnBothEngines('should create and drop the tables', upAndDown);
});
