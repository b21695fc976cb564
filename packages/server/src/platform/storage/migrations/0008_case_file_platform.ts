// Migration 0008: the case file joins the platform. Its sessions move to the shared `sessions` table (kind
// 'casefile'; open case-file sessions simply end), and its stored link-token hashes are re-encoded from hex to
// base64url, the one hash encoding of platform/ids.ts, so every link already sent keeps opening its file.
import { sql, type Kysely, type Migration } from 'kysely';

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const BASE64URL_SHA256 = /^[A-Za-z0-9_-]{43}$/;

async function reencodeTokenHashes(db: Kysely<unknown>, from: RegExp, decode: (value: string) => Buffer, encoding: 'hex' | 'base64url'): Promise<void> {
  const { rows } = await sql<{ id: string; token_hash: string }>`select id, token_hash from case_files`.execute(db);
  for (const row of rows) {
    if (!from.test(row.token_hash)) continue;
    await sql`update case_files set token_hash = ${decode(row.token_hash).toString(encoding)} where id = ${row.id}`.execute(db);
  }
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('case_file_sessions').ifExists().execute();
  await reencodeTokenHashes(db, HEX_SHA256, (hex) => Buffer.from(hex, 'hex'), 'base64url');
}

async function down(db: Kysely<unknown>): Promise<void> {
  await reencodeTokenHashes(db, BASE64URL_SHA256, (b64) => Buffer.from(b64, 'base64url'), 'hex');
  await db
    .deleteFrom('sessions' as never)
    .where(sql.ref('kind'), '=', 'casefile')
    .execute();
  await db.schema
    .createTable('case_file_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('case_file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_file_sessions_case_idx').on('case_file_sessions').column('case_file_id').execute();
}

export const caseFilePlatformMigration: Migration = { up, down };
