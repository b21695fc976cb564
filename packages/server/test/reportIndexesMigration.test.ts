// Migration 0016 (indexes of the reports) goes up and down on both engines.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { sqliteHandleOf, type Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines } from './support/migrationOnBothEngines.js';

const reportIndexes = ['cases_created_idx', 'chats_case_accepted_idx', 'chats_lawyer_accepted_idx', 'callbacks_case_idx'];

async function indexNames(db: Db): Promise<string[]> {
  const query = sqliteHandleOf(db)
    ? sql<{ name: string }>`select name from sqlite_master where type = 'index'`
    : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

describe('migration 0016_report_indexes', () => {
  itOnBothEngines('should create and drop the report indexes', async (db) => {
    await migrateToLatest(db);
    expect(await indexNames(db)).toEqual(expect.arrayContaining(reportIndexes));
    await migrateTo(db, '0015_participant_presence');
    const after = await indexNames(db);
    for (const name of reportIndexes) expect(after).not.toContain(name);
    await migrateToLatest(db);
    expect(await indexNames(db)).toEqual(expect.arrayContaining(reportIndexes));
  });
});
