// Migration 0013: passkeys and security keys (WebAuthn) as the lawyers' phishing-resistant second factor.
// `lawyer_webauthn_credentials` holds each registered key's public key and signature counter – never a secret.
// `lawyer_webauthn_challenges` holds the outstanding challenges in the database, so every server process can check
// one and it is used up by a single DELETE (parallel requests with the same challenge cannot both pass).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lawyer_webauthn_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lawyer_id', 'text', (c) => c.notNull().references('lawyers.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The authenticator's counter is an unsigned 32-bit number: beyond PostgreSQL's `integer`.
    .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('lawyer_webauthn_credentials_lawyer').on('lawyer_webauthn_credentials').column('lawyer_id').execute();
  await db.schema
    .createTable('lawyer_webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lawyer_webauthn_challenges_expiry').on('lawyer_webauthn_challenges').column('expires_at').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lawyer_webauthn_challenges').execute();
  await db.schema.dropTable('lawyer_webauthn_credentials').execute();
}

export const lawyerWebAuthnMigration: Migration = { up, down };
