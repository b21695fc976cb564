// Brings the schema up to date on start; the same migrations serve both engines.
import { Migrator, sql } from 'kysely';
import { sqliteHandleOf, type Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL the migration tables live in the connection's current schema (search_path).
 * Kysely would otherwise look for them in every schema of the database and, when another
 * schema has them (another deployment or test run in the same database), skip creating
 * them here and then fail with "relation kysely_migration_lock does not exist".
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (sqliteHandleOf(db) !== null) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrationTableSchema = await migrationSchema(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(`Datenbankmigration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}
