// Migration 0033: the firm's legal details (Kanzleiangaben) entered in the console instead of only FIRM_NAME, FIRM_PHONE
// and FIRM_EMAIL (features/firmDetails). `firm_details` holds at most one row (`id` 'firm'): every field as one line of
// text ('' = not given), who saved it and when. No row: the environment's values apply.
import type { Kysely, Migration } from 'kysely';

const TEXT_COLUMNS = [
  'name',
  'represented_by',
  'street',
  'postal_code',
  'city',
  'phone',
  'email',
  'bar_chamber',
  'liability_insurance',
  'register',
  'vat_id',
  'data_protection_officer',
  'supervisory_authority',
] as const;

async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema.createTable('firm_details').addColumn('id', 'text', (c) => c.primaryKey());
  for (const column of TEXT_COLUMNS) table = table.addColumn(column, 'text', (c) => c.notNull());
  await table
    .addColumn('updated_by', 'text') // the administrator's id
    .addColumn('updated_by_name', 'text', (c) => c.notNull()) // kept as written then
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firm_details').execute();
}

export const firmDetailsMigration: Migration = { up, down };
