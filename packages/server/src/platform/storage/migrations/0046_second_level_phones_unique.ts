// Migration 0046: a consultation holds a number the client left after it (POST api/chat/secondLevel/{caseId}) once.
// Every call stored a new row, so the same number given twice for one case – a second tap, the offboarding repeated after
// a reload – stood there twice (in the Art. 15 archive too). First the repeats go: of the rows with the same case and
// number only the oldest stays (by `created_at`, then `id`), a pure repeat of what it already says. Then a unique index
// on (case_id, phone) refuses a further one; the service writes with ON CONFLICT DO NOTHING, so the client's repeat is
// still answered 204 – the number is stored. Only per case: the same number under two cases (a person's second
// consultation, a household's one phone) is not a duplicate, and rows without a case (`param`, case_id null) never meet
// in the index – NULLs are distinct in a unique index on both engines; a person holds one row per parameter there
// already (replaceSecondLevelPhoneOfParam). Portable SQL only, so SQLite and PostgreSQL run the same migration.
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from second_level_phones
    where case_id is not null
      and exists (
        select 1 from second_level_phones older
        where older.case_id = second_level_phones.case_id
          and older.phone = second_level_phones.phone
          and (older.created_at < second_level_phones.created_at
            or (older.created_at = second_level_phones.created_at and older.id < second_level_phones.id))
      )`.execute(db);
  await db.schema.createIndex('second_level_phones_case_phone_uq').on('second_level_phones').columns(['case_id', 'phone']).unique().execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  // The removed repeats stay removed: they said nothing the kept row does not.
  await db.schema.dropIndex('second_level_phones_case_phone_uq').execute();
}

export const secondLevelPhonesUniqueMigration: Migration = { up, down };
