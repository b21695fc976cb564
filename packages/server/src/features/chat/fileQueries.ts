// Queries of chat uploads (Kysely): the file rows and the revocation of file forwarding.
import type { Db } from '../../platform/storage/database.js';
import type { FilesTable } from './tables.js';

export async function insertFile(db: Db, row: FilesTable): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export async function findFile(db: Db, fileId: string): Promise<FilesTable | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

/** Whether the lawyer holds or held a chat of the case: the file's own chat, or a later one it was forwarded to. */
export async function lawyerTookPartInCase(db: Db, caseId: string, lawyerId: string): Promise<boolean> {
  const chat = await db.selectFrom('chats').select('id').where('case_id', '=', caseId).where('lawyer_id', '=', lawyerId).executeTakeFirst();
  return chat !== undefined;
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
