// Migration 0012 (lawyer_recovery_codes) goes up and down on both engines, and its primary key refuses the same code
// hash twice for one lawyer.
import { describe, expect } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines, migrationTestLawyer, tableNames } from './support/migrationOnBothEngines.js';

async function upAndDown(db: Db): Promise<void> {
  await migrateToLatest(db);
  expect(await tableNames(db)).toContain('lawyer_recovery_codes');
  const lawyer = await migrationTestLawyer(db);
  const row = { lawyer_id: lawyer.id, code_hash: 'hash-1', created_at: '2026-06-01T09:00:00.000Z', used_at: null };
  await db.insertInto('lawyer_recovery_codes').values(row).execute();
  await expect(db.insertInto('lawyer_recovery_codes').values(row).execute()).rejects.toThrow();
  await migrateTo(db, '0011_case_file_mandate_end');
  expect(await tableNames(db)).not.toContain('lawyer_recovery_codes');
  await migrateToLatest(db);
  expect(await tableNames(db)).toContain('lawyer_recovery_codes');
}

describe('migration 0012_lawyer_recovery_codes', () => {
  itOnBothEngines('should create and drop the table', upAndDown);
});
