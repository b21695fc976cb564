// Migration 0026: office hours set in the console instead of only SERVICE_HOURS (features/serviceHours).
// - `service_hours_schedule`: at most one row (`id` 'weekly'): the administrators' weekly periods as JSON
//   (`[{ Weekday, From, To }]`, every period kept as entered), who set them and when. No row: SERVICE_HOURS applies.
// - `service_closures`: days on which the chat is closed all day (holidays, Betriebsferien): first and last Berlin
//   calendar day 'YYYY-MM-DD' (inclusive, compare as text on both engines), the note clients see, who entered it and when.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_hours_schedule')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('periods', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text') // the administrator's id
    .addColumn('updated_by_name', 'text', (c) => c.notNull()) // kept as written then
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('service_closures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_day', 'text', (c) => c.notNull())
    .addColumn('last_day', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_closures_last_day').on('service_closures').column('last_day').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_closures').execute();
  await db.schema.dropTable('service_hours_schedule').execute();
}

export const serviceHoursMigration: Migration = { up, down };
