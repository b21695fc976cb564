// Migration 0010: a case file may grow out of a chat ("Fallakte aus diesem Chat anlegen" in the console). The
// chat's case id is kept beside the file so the lawyer sees where it came from. No foreign key: chat cases and
// case files have retention clocks of their own, and the reference must not keep either alive nor block a deletion.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').addColumn('chat_case_id', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').dropColumn('chat_case_id').execute();
}

export const caseFileChatCaseMigration: Migration = { up, down };
