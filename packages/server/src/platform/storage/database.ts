// One data-access layer (Kysely) over two engines: an embedded SQLite file by default,
// PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { OwnSchemaPostgresDialect } from './ownSchemaDialect.js';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { LoginTicketsTable, SessionsTable } from './sessionTables.js';

/**
 * Every table, for Kysely. Only the platform's own tables are listed here; each feature declares the tables it owns
 * beside it (features/<name>/tables.ts, the seed's in seedTables.ts) and adds them by module augmentation
 * (`declare module '…/platform/storage/database.js' { interface Database { … } }`), so the platform names no feature.
 */
export interface Database {
  sessions: SessionsTable;
  login_tickets: LoginTicketsTable;
}
/** A boolean column: integers 0/1, so SQLite and PostgreSQL share one schema. */
export type Flag = 0 | 1;
export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  readonly db: Db;
  readonly engine: Engine;
}

export interface DatabaseOptions {
  readonly databaseUrl: string | null;
  readonly dataDir: string;
}

/** How many distinct SQL texts keep their prepared statement; the app has a few hundred. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew (sqlite3_prepare per call, a large share of a message's CPU).
 * The SQL text Kysely compiles is stable per query shape with the values as parameters, so the
 * prepared statement is kept and reused. Kysely only streams with iterate() where a reused
 * statement could be busy; this code base never streams.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The better-sqlite3 handle behind a Kysely instance, for the hot paths that prepare their own statements. */
const sqliteHandles = new WeakMap<Db, BetterSqlite3.Database>();

export function sqliteHandleOf(db: Db): BetterSqlite3.Database | null {
  return sqliteHandles.get(db) ?? null;
}

/** The pg pool behind a Kysely instance, for hot paths that run named (server-side prepared) statements. */
const pgPools = new WeakMap<Db, pg.Pool>();

export function pgPoolOf(db: Db): pg.Pool | null {
  return pgPools.get(db) ?? null;
}

/** Each engine's driver is loaded only where it is used: a SQLite server never holds pg's code (and the reverse). */
const requireDriver = createRequire(import.meta.url);

/** Opens the configured engine. SQLite runs in WAL mode with synchronous=FULL so an acknowledged message survives kill -9. */
/** The SQLite database in DATA_DIR (with its -wal and -shm companions). */
export const SQLITE_FILE = 'rechtschat.sqlite';

export function openDatabase(options: DatabaseOptions): OpenedDatabase {
  if (options.databaseUrl !== null) {
    const { Pool } = requireDriver('pg') as typeof pg;
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    pgPools.set(db, pool);
    return { db, engine: 'postgres' };
  }
  // Private whatever the umask: the directory 0700, the database file created 0600 before
  // SQLite opens it – SQLite gives the -wal and -shm files the database file's mode.
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, SQLITE_FILE);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  return { db, engine: 'sqlite' };
}

/** True when `error` is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
