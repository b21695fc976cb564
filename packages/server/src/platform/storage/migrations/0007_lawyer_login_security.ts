// Migration 0007: per-account lawyer login throttle and the lawyers' TOTP second factor.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lawyer_login_throttle')
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lawyer_totp')
    .addColumn('lawyer_id', 'text', (c) => c.primaryKey().references('lawyers.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lawyer_totp').execute();
  await db.schema.dropTable('lawyer_login_throttle').execute();
}

export const lawyerLoginSecurityMigration: Migration = { up, down };
