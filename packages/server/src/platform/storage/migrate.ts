// Brings the schema up to date on start; the same migrations serve both engines.
import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL the migration tables are pinned to the connection's current schema: unpinned, Kysely looks
 * for them in every schema of the database and, finding another schema's, skips creating its own and fails
 * (seen with several schemas in one database, e.g. a deployment next to other apps or parallel test runs). The tables
 * are looked up by the dialect's introspector, which on PostgreSQL sees the current schema only (ownSchemaDialect.ts).
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export interface MigrationLog {
  info(fields: object, message: string): void;
}

/** What a start did to the schema: the migrations it ran now and those an earlier start had applied already. */
export interface MigrationReport {
  readonly applied: readonly string[];
  readonly alreadyApplied: readonly string[];
}

/**
 * Runs every migration not yet applied. With `log`, one structured line (event `db.migrations`) names the migrations
 * this start ran and those found applied, so an upgrade's schema change can be read in the log (docs/operations.md).
 */
/**
 * Kysely's migrator over our migrations. Names compare by code unit ("0009_…" < "0010_…"): Kysely's default,
 * `localeCompare`, would page ICU's collation data into every start (docs/performance.md, "Memory").
 */
function migratorOf(db: Db, schema: string | undefined): Migrator {
  const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, nameComparator: byName, ...(schema ? { migrationTableSchema: schema } : {}) });
}

export async function migrateToLatest(db: Db, log?: MigrationLog): Promise<MigrationReport> {
  const schema = await migrationSchema(db);
  const newer = await migrationsUnknownHere(db, schema);
  if (newer.length > 0) {
    // Kysely's own words („corrupted migrations: previously executed migration … is missing“) read as damage, and
    // the handbook says to restore the backup after a failed migration – needless data loss for an older release.
    throw new Error(
      `Die Datenbank wurde von einer neueren Version eingerichtet (dieser Version unbekannte Migration: ${newer.join(', ')}). ` +
        'Nichts wurde verändert. Bitte die neuere Version starten; zurück auf diese Version nur mit der Sicherung von vor dem Update (docs/operations.md „Update“). ' +
        '/ The database was set up by a newer release; nothing was changed.',
    );
  }
  const migrator = migratorOf(db, schema);
  const before = await migrator.getMigrations();
  const alreadyApplied = before.filter((m) => m.executedAt !== undefined).map((m) => m.name);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(`Datenbankmigration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`, { cause: error });
  }
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  log?.info(
    { event: 'db.migrations', applied, alreadyApplied, latest: applied.at(-1) ?? alreadyApplied.at(-1) ?? null },
    applied.length === 0
      ? `Datenbankschema aktuell (${alreadyApplied.length} Migrationen bereits angewandt) / schema up to date`
      : `Datenbankmigrationen angewandt: ${applied.join(', ')} (${alreadyApplied.length} bereits vorher) / migrations applied`,
  );
  return { applied, alreadyApplied };
}

/** Migrations recorded as applied in the database that this release does not have (a newer release ran them). */
async function migrationsUnknownHere(db: Db, schema: string | undefined): Promise<string[]> {
  const table = schema === undefined ? sql.table('kysely_migration') : sql.table(`${schema}.kysely_migration`);
  let rows: { name: string }[];
  try {
    rows = (await sql<{ name: string }>`select name from ${table}`.execute(db)).rows;
  } catch {
    return []; // A new database: no migration table yet.
  }
  const known = new Set(Object.keys(migrations));
  return rows.map((row) => row.name).filter((name) => !known.has(name));
}

/** Migrates up (or down) to the named migration; tests use it to build a database as an older release left it. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const schema = await migrationSchema(db);
  const migrator = migratorOf(db, schema);
  const { error } = await migrator.migrateTo(name);
  if (error !== undefined) throw new Error(`Datenbankmigration fehlgeschlagen: ${String(error)}`, { cause: error });
}
