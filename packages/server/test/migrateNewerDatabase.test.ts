// An older release started on a database a newer one migrated: it refuses in plain words and changes nothing – Kysely's
// „corrupted migrations … is missing“ read as damage, and the handbook's answer to a failed migration (restore the
// backup) would have thrown away data for nothing (operator tester, 2026-12-05).
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { tempDir } from './support/testApp.js';

const FUTURE = '0999_from_a_newer_release';

async function expectRefusedUnchanged(db: Db, table: ReturnType<typeof sql.table>): Promise<void> {
  await migrateToLatest(db);
  await sql`insert into ${table} (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(db);
  const before = (await sql<{ name: string }>`select name from ${table} order by name`.execute(db)).rows;
  await expect(migrateToLatest(db)).rejects.toThrow(/neueren Version eingerichtet .*0999_from_a_newer_release.*Nichts wurde verändert/);
  expect((await sql<{ name: string }>`select name from ${table} order by name`.execute(db)).rows).toEqual(before);
}

describe('a database migrated by a newer release', () => {
  const schemas: TestSchema[] = [];
  afterAll(async () => {
    await Promise.all(schemas.map((schema) => schema.drop()));
  });

  it('should be refused on SQLite with a German reason, unchanged', async () => {
    const { db } = openDatabase({ databaseUrl: null, dataDir: tempDir() });
    try {
      await expectRefusedUnchanged(db, sql.table('kysely_migration'));
    } finally {
      await db.destroy();
    }
  });

  it('should be refused on PostgreSQL with a German reason, unchanged', async () => {
    const schema = await createTestSchema();
    schemas.push(schema);
    const { db } = openDatabase({ databaseUrl: schema.url, dataDir: tempDir() });
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      await expectRefusedUnchanged(db, sql.table(`${rows[0]?.schema ?? 'public'}.kysely_migration`));
    } finally {
      await db.destroy();
    }
  });
});
