// Brings the schema up to date on start; the same migrations serve both engines.
import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL the migration tables are pinned to the connection's current schema: unpinned, Kysely looks
 * for them in every schema of the database and, finding another schema's, skips creating its own and fails
 * (seen with several schemas in one database, e.g. a deployment next to other apps or parallel test runs).
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const schema = await migrationSchema(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(`Datenbankmigration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}

/** Migrates up (or down) to the named migration; tests use it to build a database as an older release left it. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const schema = await migrationSchema(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(name);
  if (error !== undefined) throw new Error(`Datenbankmigration fehlgeschlagen: ${String(error)}`);
}
