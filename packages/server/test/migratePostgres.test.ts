// Several deployments (or test runs) share one PostgreSQL database, each in its own schema:
// migrating one schema must not be confused by the migration tables of another.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { tableNames } from './support/migrationOnBothEngines.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { tempDir } from './support/testApp.js';

describe('migrations on PostgreSQL', () => {
  const schemas: TestSchema[] = [];
  afterAll(async () => {
    await Promise.all(schemas.map((schema) => schema.drop()));
  });

  it('should migrate a fresh schema while another schema of the database is already migrated', async () => {
    for (let i = 0; i < 2; i += 1) {
      const schema = await createTestSchema();
      schemas.push(schema);
      const { db } = openDatabase({ databaseUrl: schema.url, dataDir: tempDir() });
      try {
        await migrateToLatest(db);
        await migrateToLatest(db); // idempotent
        expect(await tableNames(db)).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'messages', 'chats']));
      } finally {
        await db.destroy();
      }
    }
  });
});
