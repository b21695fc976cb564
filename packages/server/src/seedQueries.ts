// Queries of the demo seed (Kysely): the demo lawyers' ids, the demo secrets and the cleanup
// of a demo case file that lost the race against another seeding process.
import type { Db } from './platform/storage/database.js';

export async function findLawyerIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('lawyers').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

export async function findDemoSecret(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('demo_secrets').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** The secret another process stored at the same moment; it must exist. */
export async function getDemoSecret(db: Db, key: string): Promise<string> {
  const row = await db.selectFrom('demo_secrets').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** Throws the unique violation when another process stored the key first. */
export async function insertDemoSecret(db: Db, key: string, value: string): Promise<void> {
  await db.insertInto('demo_secrets').values({ key, value }).execute();
}

/** Removes a case file and its history (no transaction, as before: the history goes first). */
export async function deleteCaseFileWithHistory(db: Db, caseFileId: string): Promise<void> {
  await db.deleteFrom('case_file_history').where('case_file_id', '=', caseFileId).execute();
  await db.deleteFrom('case_files').where('id', '=', caseFileId).execute();
}

/** The demo lawyer's role (a demo database from before migration 0014 made the earliest account the administrator). */
export async function setDemoLawyerRole(db: Db, email: string, role: 'admin' | 'lawyer'): Promise<void> {
  await db.updateTable('lawyers').set({ role }).where('email', '=', email).execute();
}
