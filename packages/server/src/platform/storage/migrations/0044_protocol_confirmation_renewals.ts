// Migration 0044: a protocol confirmation link that expired unused can be renewed from its page („Neuen
// Bestätigungslink senden“, features/chat/protocolConfirmation.ts renewProtocolConfirmation). The new link goes to the
// same stored address and replaces the expired row; `renewals` counts how often the chain of links was renewed
// (0 for the first link and for every row before this migration), so a link is renewed at most
// PROTOCOL_CONFIRMATION_MAX_RENEWALS times. An expired, unused row that may still be renewed stays until
// RetentionPolicy.protocolConfirmationRenewableMs after its expiry (then the retention job deletes it); erasure and the
// case's own retention take it with the case, the Art. 15 archive names the count.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('protocol_mail_confirmations')
    .addColumn('renewals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('protocol_mail_confirmations').dropColumn('renewals').execute();
}

export const protocolConfirmationRenewalsMigration: Migration = { up, down };
