// Migration 0038 (case_files.withdrawn_at) goes up and down on both engines: a file stored before it stands (null),
// and going down drops only the column, never the file.
import { describe, expect } from 'vitest';
import { createCaseFile } from '../src/features/casefile/service.js';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines } from './support/migrationOnBothEngines.js';

const BEFORE = '0037_chats_field_of_law_at_forward';
const fastHasher = { hash: async (pin: string) => `plain:${pin}`, verify: async (hash: string, pin: string) => hash === `plain:${pin}` };

async function upAndDown(db: Db): Promise<void> {
  await migrateTo(db, BEFORE);
  const { caseId } = await createCaseFile(
    db,
    { firstName: 'Erika', lastName: 'Muster', phone: '+49 151 23456789', title: 'Kündigung' },
    { pinHasher: fastHasher },
  );
  const withdrawnAt = () => db.selectFrom('case_files').select('withdrawn_at').where('id', '=', caseId).executeTakeFirstOrThrow();
  await expect(withdrawnAt()).rejects.toThrow();
  await migrateToLatest(db);
  expect(await withdrawnAt()).toEqual({ withdrawn_at: null });
  await db.updateTable('case_files').set({ withdrawn_at: '2026-12-07T10:15:00.000Z' }).where('id', '=', caseId).execute();
  await migrateTo(db, BEFORE);
  await expect(withdrawnAt()).rejects.toThrow();
  expect(await db.selectFrom('case_files').select('title').where('id', '=', caseId).executeTakeFirst()).toEqual({ title: 'Kündigung' });
}

describe('migration 0038_case_file_withdrawn', () => {
  itOnBothEngines('should add and drop the column and keep the files', upAndDown);
});
