// Test databases for the case-file storage: SQLite in a temp dir, PostgreSQL (127.0.0.1:5432/test) in a random schema.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { caseFileMigration } from '../../src/platform/storage/migrations/0002_case_file.js';
import type { CaseFileTables } from '../../src/platform/storage/caseFileSchema.js';

export type Engine = 'sqlite' | 'postgres';
export const engines: Engine[] = ['sqlite', 'postgres'];

export interface TestDb {
  db: Kysely<CaseFileTables>;
  dir: string;
  cleanup(): Promise<void>;
}

export async function createTestDb(engine: Engine): Promise<TestDb> {
  const dir = await mkdtemp(path.join(tmpdir(), 'casefile-'));
  if (engine === 'sqlite') {
    const sqlite = new Database(path.join(dir, 'test.sqlite'));
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<CaseFileTables>({ dialect: new SqliteDialect({ database: sqlite }) });
    await caseFileMigration.up(db);
    return { db, dir, cleanup: async () => (await db.destroy(), await rm(dir, { recursive: true, force: true })) };
  }
  const schema = `casefile_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test', max: 4, options: `-c search_path=${schema}` });
  const db = new Kysely<CaseFileTables>({ dialect: new PostgresDialect({ pool }) });
  await caseFileMigration.up(db);
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
