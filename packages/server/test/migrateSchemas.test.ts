// Two schemas in one PostgreSQL database (another app, parallel test runs): each must get its own migration
// tables, or the second migration finds the first's, skips creating its own and fails.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
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

/**
 * A database whose first `times` catalog scans (Kysely's check for its migration tables lists every schema's tables)
 * are answered by PostgreSQL with "schema … does not exist" for `missingSchema` – what a DROP SCHEMA elsewhere in the
 * database during the scan does. The error is PostgreSQL's own, through the real driver.
 */
function dbWhoseCatalogScanFails(
  schema: TestSchema,
  missingSchema: string,
  times: number,
  vanished: 'schema' | 'table' = 'schema',
): { db: Db; failures: () => number } {
  let failures = 0;
  const pool = new pg.Pool({ connectionString: schema.url, max: 2 });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
      if (typeof text === 'string' && text.includes('has_schema_privilege') && failures < times) {
        failures += 1;
        // The two errors a concurrent DROP gives the scan: its schema check, or the column look-up of a dropped table.
        return query(
          vanished === 'schema'
            ? `select has_schema_privilege('${missingSchema}', 'USAGE')`
            : `select pg_get_serial_sequence('${missingSchema}.messages', 'seq')`,
        );
      }
      return query(text, ...rest);
    };
  });
  return { db: new Kysely({ dialect: new PostgresDialect({ pool }) }) as Db, failures: () => failures };
}

describe('migrations while another schema of the database is dropped', () => {
  const schemas: TestSchema[] = [];
  afterAll(async () => {
    for (const schema of schemas) await schema.drop();
  });

  it.each([
    ['another schema', 'schema'],
    ['a table of another schema', 'table'],
  ] as const)('should migrate anyway when the catalog scan fails because %s vanished during it', async (_what, vanished) => {
    const schema = await createTestSchema();
    schemas.push(schema);
    const { db, failures } = dbWhoseCatalogScanFails(schema, 'rc_dropped_meanwhile', 1, vanished);
    try {
      const report = await migrateToLatest(db);
      expect(failures()).toBe(1);
      expect(report.applied).toContain('0001_chat');
    } finally {
      await db.destroy();
    }
  });

  it('should fail, not retry for ever, when the schema keeps vanishing', async () => {
    const schema = await createTestSchema();
    schemas.push(schema);
    const { db, failures } = dbWhoseCatalogScanFails(schema, 'rc_dropped_meanwhile', 100);
    try {
      await expect(migrateToLatest(db)).rejects.toThrow(/rc_dropped_meanwhile/);
      expect(failures()).toBe(3);
    } finally {
      await db.destroy();
    }
  });

  it('should fail at once when its own schema does not exist', async () => {
    const schema = await createTestSchema();
    await schema.drop();
    const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 1 }) }) }) as Db;
    try {
      await expect(migrateToLatest(db)).rejects.toThrow();
    } finally {
      await db.destroy();
    }
  });
});
