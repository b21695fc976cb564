// Two schemas in one PostgreSQL database (another app, parallel test runs): each must get its own migration
// tables, or the second migration finds the first's, skips creating its own and fails.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { tempDir } from './support/testApp.js';

describe('migrations next to another schema', () => {
  const schemas: TestSchema[] = [];
  afterAll(async () => {
    for (const schema of schemas) await schema.drop();
  });

  it('should migrate a fresh schema while another schema of the database already holds migration tables', async () => {
    for (let i = 0; i < 2; i += 1) {
      const schema = await createTestSchema();
      schemas.push(schema);
      const { db } = openDatabase({ databaseUrl: schema.url, dataDir: tempDir() });
      try {
        await migrateToLatest(db);
        const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
        const own = tables.filter((t) => t.schema === schema.schema).map((t) => t.name);
        expect(own).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'messages', 'case_files', 'case_file_access_log']));
      } finally {
        await db.destroy();
      }
    }
  });
});
