// Tests that run on both storage engines: a migration test runs the same up-and-down check on a fresh SQLite file and in
// a fresh PostgreSQL schema; `storageEngines` gives `describe.each` a fresh target per engine.
import fs from 'node:fs';
import { PostgresAdapter, sql } from 'kysely';
import { afterAll, it } from 'vitest';
import { systemClock } from '../../src/platform/clock.js';
import { createLawyer } from '../../src/features/lawyer/lawyers.js';
import { openDatabase, type Db } from '../../src/platform/storage/database.js';
import { createTestSchema, type TestSchema } from '../support/postgres.js';
import { tempDir } from '../support/testApp.js';

/**
 * The tables of the database's own schema, Kysely's migration tables included. On PostgreSQL not through Kysely's
 * introspection: that lists the tables of every schema in the database (other test files' too, so a dropped table
 * would still be found in theirs) and fails when one of them is dropped meanwhile.
 */
export async function tableNames(db: Db): Promise<string[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
    return rows.map((row) => row.name);
  }
  return (await db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name);
}

/** A lawyer for rows that need one (migrations of the lawyer tables). */
export const migrationTestLawyer = (db: Db) =>
  createLawyer(db, systemClock, { email: 'anna@test.example', name: 'Anna', gender: 'female', password: 'x'.repeat(12), phone: '+49301234567' });

/** Registers one test per engine (inside a describe) that runs `check` on a freshly opened, empty database. */
export function itOnBothEngines(what: string, check: (db: Db) => Promise<void>): void {
  const schemas: TestSchema[] = [];
  afterAll(async () => {
    await Promise.all(schemas.map((schema) => schema.drop()));
  });
  const run = async (databaseUrl: string | null) => {
    const { db } = openDatabase({ databaseUrl, dataDir: tempDir() });
    try {
      await check(db);
    } finally {
      await db.destroy();
    }
  };
  it(`${what} on SQLite`, () => run(null));
  it(`${what} on PostgreSQL`, async () => {
    const schema = await createTestSchema();
    schemas.push(schema);
    await run(schema.url);
  });
}

/** For `describe.each(storageEngines)`: the engine's name and how to make a fresh, empty target for it (and remove it). */
export const storageEngines = [
  [
    'SQLite',
    async () => {
      const dir = tempDir();
      return { url: null, dataDir: dir, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const schema = await createTestSchema();
      return { url: schema.url, dataDir: tempDir(), cleanup: () => schema.drop() };
    },
  ],
] as const;
