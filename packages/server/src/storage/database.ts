// One data-access layer (Kysely) over two engines: an embedded SQLite file by default,
// PostgreSQL when DATABASE_URL is set (DESIGN §4).
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { CaseFileTables } from './caseFileSchema.js';
import type { ChatTables } from './chatSchema.js';
import type { SecurityTables } from './securitySchema.js';

export type Database = ChatTables & CaseFileTables & SecurityTables;
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

/** Opens the configured engine. SQLite runs in WAL mode with synchronous=FULL so an acknowledged message survives kill -9. */
export function openDatabase(options: DatabaseOptions): OpenedDatabase {
  if (options.databaseUrl !== null) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  // Private whatever the umask (issue 11, point 8): the directory 0700, the database file created 0600 before
  // SQLite opens it – SQLite gives the -wal and -shm files the database file's mode.
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, 'rechtschat.sqlite');
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), engine: 'sqlite' };
}

/** True when `error` is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
