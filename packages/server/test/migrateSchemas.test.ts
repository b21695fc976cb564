// Two schemas in one PostgreSQL database (another app, parallel test runs): each must get its own migration
// tables, or the second migration finds the first's, skips creating its own and fails.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { tableNames } from './support/migrationOnBothEngines.js';
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
        expect(await tableNames(db)).toEqual(
          expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'messages', 'case_files', 'case_file_access_log']),
        );
      } finally {
        await db.destroy();
      }
    }
  });
});

describe('introspection on a PostgreSQL database shared with other schemas', () => {
  const schemas: TestSchema[] = [];
  afterAll(async () => {
    for (const schema of schemas) await schema.drop();
  });

  it('should list only the tables of its own schema, so that no other schema can fail the migration check', async () => {
    const other = await createTestSchema();
    const own = await createTestSchema();
    schemas.push(other, own);
    const admin = new pg.Client({ connectionString: other.url });
    await admin.connect();
    await admin.query('CREATE TABLE nur_im_anderen_schema (id serial PRIMARY KEY, name text)');
    await admin.end();
    const { db } = openDatabase({ databaseUrl: own.url, dataDir: tempDir() });
    try {
      await migrateToLatest(db);
      const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.map((t) => t.name)).not.toContain('nur_im_anderen_schema');
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([own.schema]));
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['kysely_migration', 'messages']));
      expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
    } finally {
      await db.destroy();
    }
  });

  it('should describe its own tables as Kysely does: columns, types, nullability, defaults, serial columns', async () => {
    const own = await createTestSchema();
    schemas.push(own);
    const { db } = openDatabase({ databaseUrl: own.url, dataDir: tempDir() });
    try {
      await sql`CREATE TABLE beispiel (id serial PRIMARY KEY, name text NOT NULL DEFAULT 'x', notiz text)`.execute(db);
      const [table] = (await db.introspection.getMetadata()).tables.filter((t) => t.name === 'beispiel');
      expect(table?.isView).toBe(false);
      expect(
        table?.columns.map(({ name, dataType, isNullable, hasDefaultValue, isAutoIncrementing }) => ({
          name,
          dataType,
          isNullable,
          hasDefaultValue,
          isAutoIncrementing,
        })),
      ).toEqual([
        { name: 'id', dataType: 'int4', isNullable: false, hasDefaultValue: true, isAutoIncrementing: true },
        { name: 'name', dataType: 'text', isNullable: false, hasDefaultValue: true, isAutoIncrementing: false },
        { name: 'notiz', dataType: 'text', isNullable: true, hasDefaultValue: false, isAutoIncrementing: false },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
