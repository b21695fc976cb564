// Migration 0002: the digital case file (Fallakte). Portable types only (text, integer) for SQLite and PostgreSQL.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('case_number', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('field_of_law', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opponent', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('street', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('city', 'text')
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('lawyer_id', 'text')
    .addColumn('lawyer_name', 'text', (c) => c.notNull())
    .addColumn('lawyer_gender', 'text', (c) => c.notNull())
    .addColumn('lawyer_email', 'text', (c) => c.notNull())
    .addColumn('lawyer_phone', 'text', (c) => c.notNull())
    .addColumn('lawyer_image_url', 'text', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('consent_privacy_at', 'text')
    .addColumn('consent_terms_at', 'text')
    .addColumn('questionnaire_json', 'text')
    .addColumn('questionnaire_submitted_at', 'text')
    .addColumn('power_of_attorney_signed_at', 'text')
    .addColumn('retention_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('case_file_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('case_file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('case_file_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('case_file_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('case_file_contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('case_file_login_throttle')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('case_file_sessions_case_idx').on('case_file_sessions').column('case_file_id').execute();
  await db.schema.createIndex('case_file_history_case_idx').on('case_file_history').columns(['case_file_id', 'created_at']).execute();
  await db.schema.createIndex('case_file_documents_case_idx').on('case_file_documents').columns(['case_file_id', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['case_file_login_throttle', 'case_file_contacts', 'case_file_documents', 'case_file_history', 'case_file_sessions', 'case_files']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

/** Appended after 0001_chat in platform/storage/migrations/index.ts. */
export const caseFileMigration: Migration = { up, down };
