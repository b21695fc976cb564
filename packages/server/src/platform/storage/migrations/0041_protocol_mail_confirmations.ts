// Migration 0041: double opt-in for the protocol mail (features/chat/protocolConfirmation.ts). An address typed in the
// chat is only retyped, not checked; the protocol – confidential legal advice – goes out once its owner proved the
// mailbox by a link.
// - `protocol_mail_confirmations`: one row per confirmation mail, the SHA-256 of its 256-bit link token only, the case
//   and its participant, the address it went to, `expires_at` (48 h) and `used_at` (single use, by a conditional
//   update). The retention job deletes a row once it expired; erasure and the case's own retention take it with the case.
// - `confirmed_protocol_addresses`: the addresses a participant confirmed (lower case), so a later consultation of the
//   same person is mailed to that address directly. `last_used_at` moves with every protocol mailed there; the
//   retention job deletes a row a year after it (RetentionPolicy.confirmedProtocolAddressMs), the erasure of the person with them.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('protocol_mail_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('protocol_mail_confirmations_case').on('protocol_mail_confirmations').column('case_id').execute();
  await db.schema.createIndex('protocol_mail_confirmations_expiry').on('protocol_mail_confirmations').column('expires_at').execute();

  await db.schema
    .createTable('confirmed_protocol_addresses')
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('confirmed_protocol_addresses_pk', ['participant_id', 'email'])
    .execute();
  await db.schema.createIndex('confirmed_protocol_addresses_last_used').on('confirmed_protocol_addresses').column('last_used_at').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('confirmed_protocol_addresses').execute();
  await db.schema.dropTable('protocol_mail_confirmations').execute();
}

export const protocolMailConfirmationsMigration: Migration = { up, down };
