// Migration 0028 (text_templates) goes up and down on both engines; a lawyer's own templates go with the lawyer's
// row (foreign key with cascade), the firm's (no owner) stay.
import { describe, expect } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines, migrationTestLawyer, tableNames } from './support/migrationOnBothEngines.js';

async function upAndDown(db: Db): Promise<void> {
  await migrateToLatest(db);
  expect(await tableNames(db)).toContain('text_templates');
  const lawyer = await migrationTestLawyer(db);
  const row = (id: string, owner: string | null) => ({
    id,
    owner_lawyer_id: owner,
    title: 'Begrüßung',
    text: 'Guten Tag',
    created_at: '2026-06-01T09:00:00.000Z',
    updated_at: '2026-06-01T09:00:00.000Z',
    updated_by: lawyer.id,
  });
  await db
    .insertInto('text_templates')
    .values([row('own', lawyer.id), row('firm', null)])
    .execute();
  await expect(db.insertInto('text_templates').values(row('orphan', 'no-such-lawyer')).execute()).rejects.toThrow();
  await db.deleteFrom('lawyers').where('id', '=', lawyer.id).execute();
  expect((await db.selectFrom('text_templates').select('id').execute()).map((r) => r.id)).toEqual(['firm']);
  await migrateTo(db, '0027_session_device');
  expect(await tableNames(db)).not.toContain('text_templates');
  await migrateToLatest(db);
  expect(await tableNames(db)).toContain('text_templates');
}

describe('migration 0028_text_templates', () => {
  itOnBothEngines('should create and drop the table, and remove a deleted lawyer’s templates with them', upAndDown);
});
