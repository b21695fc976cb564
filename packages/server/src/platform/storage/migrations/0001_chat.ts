// Migration 0001: customers, participants, cases, chats, messages, files, lawyers,
// sessions and the smaller chat tables. Portable types only (text, integer).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number_hash', 'text', (c) => c.notNull().unique())
    .addColumn('second_level_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('participants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().unique().references('customers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('used_entry_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('login_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await s
    .createTable('lawyers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('verified_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('field_of_law', 'integer', (c) => c.notNull())
    .addColumn('field_of_law_long_name', 'text', (c) => c.notNull())
    .addColumn('request_phone_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('protocol_email', 'text')
    .addColumn('protocol_sent_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_seq', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retention_until', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('cases_participant_idx').on('cases').column('participant_id').execute();
  await s
    .createTable('chats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('lawyer_id', 'text', (c) => c.references('lawyers.id'))
    .addColumn('requested_lawyer_id', 'text', (c) => c.references('lawyers.id'))
    .addColumn('previous_chat_id', 'text')
    .addColumn('close_reason', 'text')
    .addColumn('file_forwarding_revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await s.createIndex('chats_case_idx').on('chats').column('case_id').execute();
  await s.createIndex('chats_state_idx').on('chats').column('state').execute();
  await s
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id'))
    .addColumn('uploader_kind', 'text', (c) => c.notNull())
    .addColumn('uploader_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_name', 'text', (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author_kind', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('file_id', 'text', (c) => c.references('files.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('messages_case_seq_uq', ['case_id', 'seq'])
    .addUniqueConstraint('messages_chat_client_uq', ['chat_id', 'client_id'])
    .execute();
  await s
    .createTable('callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('availability', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().unique().references('cases.id'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('second_level_phones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.references('cases.id'))
    .addColumn('param', 'text')
    .addColumn('participant_id', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('demo_secrets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'demo_secrets',
    'second_level_phones',
    'ratings',
    'callbacks',
    'messages',
    'files',
    'chats',
    'cases',
    'lawyers',
    'login_tickets',
    'sessions',
    'used_entry_tokens',
    'participants',
    'customers',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}

export const chatMigration: Migration = { up, down };
