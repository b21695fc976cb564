// PostgreSQL dialect whose introspection sees only the connection's current schema (the one `search_path` names).
// Kysely's own PostgreSQL introspector lists the tables of every schema in the database and calls per-column catalog
// functions (`pg_get_serial_sequence`, `has_schema_privilege`) on each of them, so a schema, table or column that
// another app or a parallel test run drops at that moment fails it ("… does not exist"). Kysely's migrator asks it
// whether its own migration tables exist on every start, so such a failure failed the start (and tests, 2026-11-29).
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, PostgresDialect, PostgresIntrospector, sql } from 'kysely';
import type { DatabaseIntrospector, DatabaseMetadata, DatabaseMetadataOptions, Kysely, SchemaMetadata, TableMetadata } from 'kysely';

interface ColumnRow {
  readonly schema: string;
  readonly table: string;
  readonly kind: string;
  readonly column: string | null;
  readonly type: string | null;
  readonly type_schema: string | null;
  readonly not_null: boolean | null;
  readonly has_default: boolean | null;
  readonly auto_incrementing: boolean | null;
  readonly comment: string | null;
}

const KYSELY_TABLES: readonly string[] = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];

/** Tables and views of the current schema, with their columns, as Kysely's introspector reports them. */
export class OwnSchemaPostgresIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.#db).getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select n.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column, t.typname as type,
        tn.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) is not null as auto_incrementing,
        col_description(a.attrelid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (table === undefined) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        ...(row.type_schema === null ? {} : { dataTypeSchema: row.type_schema }),
        isNullable: row.not_null !== true,
        hasDefaultValue: row.has_default === true,
        isAutoIncrementing: row.auto_incrementing === true,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect with {@link OwnSchemaPostgresIntrospector}; everything else is Kysely's. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaPostgresIntrospector(db);
  }
}
