// Migration 0012: the lawyers' recovery codes (look-up secrets): ten single-use codes per lawyer with a
// confirmed TOTP factor, for the day the authenticator is lost. Only a keyed hash of each code is stored; `used_at`
// marks a consumed code (set once by a conditional UPDATE, so two requests cannot both use it).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lawyer_recovery_codes')
    .addColumn('lawyer_id', 'text', (c) => c.notNull().references('lawyers.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('lawyer_recovery_codes_pk', ['lawyer_id', 'code_hash'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lawyer_recovery_codes').execute();
}

export const lawyerRecoveryCodesMigration: Migration = { up, down };
