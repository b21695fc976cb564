// Migration 0014: running the firm without SQL.
// - `lawyers.role` (`admin` | `lawyer`), `lawyers.active` (0: deactivated – no login, no session, no hub connection),
//   `lawyers.last_login_at`, `lawyers.deactivated_at`.
// - `lawyer_account_links`: single-use links (set-up of the first admin, invitation, password reset), stored as the
//   SHA-256 of the token only; `used_at` makes them single use, `expires_at` (72 h for invitations) bounds them.
// - `admin_audit_log`: every administrative action (who, what, on whom, when, from where), shown in the console.
// - `insurers` and `insurer_keys`: insurers as tenants; each entry-token key has a `kid`, its HS256 secret is stored
//   encrypted under a key derived from SESSION_SECRET (like the TOTP secrets) and shown once at creation.
// - `cases.insurer_id`: the insurer whose entry token opened the case; null: the single-insurer default
//   (ENTRY_TOKEN_SECRET or a bare insurance number outside production).
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lawyers')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('lawyer'))
    .execute();
  await db.schema
    .alterTable('lawyers')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('lawyers').addColumn('last_login_at', 'text').execute();
  await db.schema.alterTable('lawyers').addColumn('deactivated_at', 'text').execute();
  // Existing deployments: every lawyer so far could do everything, so the earliest account becomes the administrator.
  await sql`update lawyers set role = 'admin' where id = (select id from lawyers order by created_at, id limit 1)`.execute(db);

  await db.schema
    .createTable('lawyer_account_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull()) // 'setup' | 'invitation' | 'passwordReset'
    .addColumn('lawyer_id', 'text') // setup, password reset: the account; invitation: null until accepted
    .addColumn('email', 'text') // invitation: the invited address
    .addColumn('role', 'text') // invitation: the role the invitee gets
    .addColumn('created_by', 'text') // the admin who made it; null: the CLI
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('lawyer_account_links_lawyer').on('lawyer_account_links').column('lawyer_id').execute();
  await db.schema.createIndex('lawyer_account_links_expiry').on('lawyer_account_links').column('expires_at').execute();

  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text') // the admin; null: an operator command (CLI)
    .addColumn('actor_name', 'text', (c) => c.notNull()) // kept as written then, so the log stays readable
    .addColumn('action', 'text', (c) => c.notNull()) // e.g. 'lawyer.invited', 'lawyer.deactivated', 'insurer.key.created'
    .addColumn('target_kind', 'text') // 'lawyer' | 'insurer' | 'person' | 'chat' | …
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text') // readable name of the target (no insurance number in clear)
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}')) // JSON, never secrets or message content
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('admin_audit_log_at').on('admin_audit_log').column('at').execute();

  await db.schema
    .createTable('insurers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text') // optional name shown to the client in the chat
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('insurer_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('insurer_id', 'text', (c) => c.notNull().references('insurers.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('insurer_keys_insurer').on('insurer_keys').column('insurer_id').execute();

  await db.schema.alterTable('cases').addColumn('insurer_id', 'text').execute();
  await db.schema.createIndex('cases_insurer_created').on('cases').columns(['insurer_id', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cases_insurer_created').execute();
  await db.schema.alterTable('cases').dropColumn('insurer_id').execute();
  await db.schema.dropTable('insurer_keys').execute();
  await db.schema.dropTable('insurers').execute();
  await db.schema.dropTable('admin_audit_log').execute();
  await db.schema.dropTable('lawyer_account_links').execute();
  await db.schema.alterTable('lawyers').dropColumn('deactivated_at').execute();
  await db.schema.alterTable('lawyers').dropColumn('last_login_at').execute();
  await db.schema.alterTable('lawyers').dropColumn('active').execute();
  await db.schema.alterTable('lawyers').dropColumn('role').execute();
}

export const firmAdministrationMigration: Migration = { up, down };
