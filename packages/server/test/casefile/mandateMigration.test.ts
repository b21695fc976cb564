// Migration 0011 on both engines: files left by the release before it (every mandate open, deadline counted from
// creation) become open mandates that the deletion job never takes; down gives the old deadline back.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createCaseFile } from '../../src/features/casefile/service.js';
import { OPEN_MANDATE_RETENTION_UNTIL } from '../../src/features/casefile/tables.js';
import { migrateTo, migrateToLatest } from '../../src/platform/storage/migrate.js';
import { fastHasher } from './harness.js';
import { createTestDb, engines, type TestDb } from './testDb.js';

const person = { firstName: 'Erika', lastName: 'Muster', phone: '+49 151 23456789', title: 'Kündigung Arbeitsvertrag' };
const createdAt = new Date('2019-05-10T09:00:00.000Z');

describe.each(engines)('migration 0011 on %s', (engine) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  /** A case file as the release before 0011 stored it: open, deadline 1 January of the 7th year after creation. */
  async function legacyFile(db: TestDb['db']): Promise<string> {
    const { caseId } = await createCaseFile(db, person, { pinHasher: fastHasher, now: () => createdAt });
    await db.updateTable('case_files').set({ retention_until: '2026-01-01T00:00:00.000Z' }).where('id', '=', caseId).execute();
    return caseId;
  }

  it('should make every open file never due and add an empty closed_at', async () => {
    t = await createTestDb(engine, '0010_case_file_chat_case');
    const open = await legacyFile(t.db);
    await migrateToLatest(t.db);
    const row = await t.db.selectFrom('case_files').selectAll().where('id', '=', open).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ closed: 0, closed_at: null, retention_until: OPEN_MANDATE_RETENTION_UNTIL });
    const due = await t.db.selectFrom('case_files').select('id').where('retention_until', '<=', '9000-01-01T00:00:00.000Z').execute();
    expect(due).toEqual([]);
  });

  it('should leave a file already marked closed with its deadline', async () => {
    t = await createTestDb(engine, '0010_case_file_chat_case');
    const closed = await legacyFile(t.db);
    await t.db.updateTable('case_files').set({ closed: 1 }).where('id', '=', closed).execute();
    await migrateToLatest(t.db);
    const row = await t.db.selectFrom('case_files').select(['closed', 'retention_until']).where('id', '=', closed).executeTakeFirstOrThrow();
    expect(row).toEqual({ closed: 1, retention_until: '2026-01-01T00:00:00.000Z' });
  });

  it('should give open files their creation-based deadline back and drop closed_at when migrated down', async () => {
    t = await createTestDb(engine);
    const { caseId } = await createCaseFile(t.db, person, { pinHasher: fastHasher, now: () => createdAt });
    await migrateTo(t.db, '0010_case_file_chat_case');
    const row = await t.db.selectFrom('case_files').select('retention_until').where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(row.retention_until).toBe('2026-01-01T00:00:00.000Z');
    await expect(sql`select closed_at from case_files`.execute(t.db)).rejects.toThrow();
  });
});
