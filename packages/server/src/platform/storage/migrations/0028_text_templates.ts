// Migration 0028: Textbausteine (features/textTemplates) – phrases lawyers insert into the chat composer.
// - `text_templates`: one row per template. `owner_lawyer_id` is the lawyer whose own template it is, null for the
//   firm's (kept by the administrators). Deleting a lawyer's row deletes their templates (foreign key, both engines);
//   deactivating an account keeps them. Title and text as saved; who changed the template last and when (ISO text).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('text_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_lawyer_id', 'text', (c) => c.references('lawyers.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text') // the lawyer's id; no foreign key: a firm template outlives its author
    .execute();
  await db.schema.createIndex('text_templates_owner').on('text_templates').column('owner_lawyer_id').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('text_templates').execute();
}

export const textTemplatesMigration: Migration = { up, down };
