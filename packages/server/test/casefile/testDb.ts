// Test databases for the case-file storage: SQLite in a temp dir, PostgreSQL (127.0.0.1:5432/test) in a random schema.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { OwnSchemaPostgresDialect } from '../../src/platform/storage/ownSchemaDialect.js';
import pg from 'pg';
import type { Database as Tables, Db } from '../../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../../src/platform/storage/migrate.js';

export type Engine = 'sqlite' | 'postgres';
export const engines: Engine[] = ['sqlite', 'postgres'];

export interface TestDb {
  /** Every migration applied: case-file sessions live in the platform's `sessions` table. */
  db: Db;
  dir: string;
  cleanup(): Promise<void>;
}

/** `upTo` names the last migration to apply (a database as an older release left it); default: all. */
async function migrate(db: Db, upTo: string | undefined): Promise<void> {
  if (upTo) await migrateTo(db, upTo);
  else await migrateToLatest(db);
}

export async function createTestDb(engine: Engine, upTo?: string): Promise<TestDb> {
  const dir = await mkdtemp(path.join(tmpdir(), 'casefile-'));
  if (engine === 'sqlite') {
    const sqlite = new Database(path.join(dir, 'test.sqlite'));
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrate(db, upTo);
    return { db, dir, cleanup: async () => (await db.destroy(), await rm(dir, { recursive: true, force: true })) };
  }
  const schema = `casefile_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test', max: 4, options: `-c search_path=${schema}` });
  const db = new Kysely<Tables>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  await migrate(db, upTo);
  return {
    db,
    dir,
    cleanup: async () => {
      await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db);
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
