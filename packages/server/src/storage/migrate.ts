// Brings the schema up to date on start; the same migrations serve both engines.
import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL the migration bookkeeping tables live in the connection's current schema. Without naming it,
 * Kysely looks for them in every schema and, finding another schema's copy (several deployments or test runs
 * in one database), skips creating its own and then fails on the missing lock table.
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const schema = await migrationTableSchema(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(`Datenbankmigration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}
