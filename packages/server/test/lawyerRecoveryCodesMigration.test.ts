// Migration 0012 (lawyer_recovery_codes) goes up and down on both engines, and its primary key refuses the same code
// hash twice for one lawyer.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { systemClock } from '../src/platform/clock.js';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { createTestSchema, type TestSchema } from './helpers/postgres.js';
import { tempDir } from './helpers/testApp.js';

const tableNames = async (db: Db) => (await db.introspection.getTables()).map((table) => table.name);

async function upAndDown(db: Db): Promise<void> {
  await migrateToLatest(db);
  expect(await tableNames(db)).toContain('lawyer_recovery_codes');
  const lawyer = await createLawyer(db, systemClock, {
    email: 'anna@test.example',
    name: 'Anna',
    gender: 'female',
    password: 'x'.repeat(12),
    phone: '+49301234567',
  });
  const row = { lawyer_id: lawyer.id, code_hash: 'hash-1', created_at: '2026-06-01T09:00:00.000Z', used_at: null };
  await db.insertInto('lawyer_recovery_codes').values(row).execute();
  await expect(db.insertInto('lawyer_recovery_codes').values(row).execute()).rejects.toThrow();
  await migrateTo(db, '0011_case_file_mandate_end');
  expect(await tableNames(db)).not.toContain('lawyer_recovery_codes');
  await migrateToLatest(db);
  expect(await tableNames(db)).toContain('lawyer_recovery_codes');
}

describe('migration 0012_lawyer_recovery_codes', () => {
  const schemas: TestSchema[] = [];
  afterAll(async () => {
    await Promise.all(schemas.map((schema) => schema.drop()));
  });

  it('should create and drop the table on SQLite', async () => {
    const { db } = openDatabase({ databaseUrl: null, dataDir: tempDir() });
    try {
      await upAndDown(db);
    } finally {
      await db.destroy();
    }
  });

  it('should create and drop the table on PostgreSQL', async () => {
    const schema = await createTestSchema();
    schemas.push(schema);
    const { db } = openDatabase({ databaseUrl: schema.url, dataDir: tempDir() });
    try {
      await upAndDown(db);
    } finally {
      await db.destroy();
    }
  });
});
