// Brings the schema up to date on start; the same migrations serve both engines.
import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL the migration tables must be looked up in the connection's own schema: Kysely otherwise
 * finds them in any schema of the database (e.g. another deployment's or test run's on the same server),
 * skips creating its own and fails with "relation kysely_migration_lock does not exist".
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema ?? undefined;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const schema = await migrationTableSchema(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema !== undefined ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(`Datenbankmigration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}
