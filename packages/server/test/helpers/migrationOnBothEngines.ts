// A migration test runs the same up-and-down check on a fresh SQLite file and in a fresh PostgreSQL schema.
import { afterAll, it } from 'vitest';
import { systemClock } from '../../src/platform/clock.js';
import { createLawyer } from '../../src/features/lawyer/lawyers.js';
import { openDatabase, type Db } from '../../src/platform/storage/database.js';
import { createTestSchema, type TestSchema } from './postgres.js';
import { tempDir } from './testApp.js';

export const tableNames = async (db: Db): Promise<string[]> => (await db.introspection.getTables()).map((table) => table.name);

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
