// Queries of chat uploads (Kysely): the file rows and the revocation of file forwarding.
import type { Db } from '../../platform/storage/database.js';
import type { FilesTable } from './tables.js';

/** How many files the chats of a case hold (both sides, every chat of the case). */
export async function countFilesOfCase(db: Db, caseId: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Inserts the row only while its case holds fewer than `max` files; false when it is full. The count and the insert
 * share one transaction that first locks the case's row (PostgreSQL; SQLite runs one transaction at a time), so
 * parallel uploads cannot all pass the count before any of them is stored.
 */
export async function insertFileWithinQuota(db: Db, row: FilesTable, max: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cases')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', row.case_id)
      .execute();
    if ((await countFilesOfCase(trx, row.case_id)) >= max) return false;
    await trx.insertInto('files').values(row).execute();
    return true;
  });
}

export async function findFile(db: Db, fileId: string): Promise<FilesTable | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

/**
 * Revokes file forwarding for the chat and every earlier chat of its case, with their files, in one transaction: the
 * participant's "Nein" when a lawyer leaves covers everything sent so far, also before an earlier forward.
 */
export async function revokeChatFiles(db: Db, chatId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const chat = await trx.selectFrom('chats').select(['case_id', 'created_at']).where('id', '=', chatId).executeTakeFirstOrThrow();
    const upToThisChat = trx.selectFrom('chats').select('id').where('case_id', '=', chat.case_id).where('created_at', '<=', chat.created_at);
    await trx.updateTable('chats').set({ file_forwarding_revoked: 1 }).where('id', 'in', upToThisChat).execute();
    await trx.updateTable('files').set({ revoked: 1 }).where('chat_id', 'in', upToThisChat).execute();
  });
}
