// Queries of chat uploads (Kysely): the file rows and the revocation of file forwarding.
import type { Db } from '../../platform/storage/database.js';
import type { FilesTable } from '../../platform/storage/chatSchema.js';

export async function insertFile(db: Db, row: FilesTable): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export async function findFile(db: Db, fileId: string): Promise<FilesTable | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

/** The lawyer a chat is assigned to (null while waiting); undefined when there is no such chat. */
export async function findChatLawyerId(db: Db, chatId: string): Promise<string | null | undefined> {
  const chat = await db.selectFrom('chats').select('lawyer_id').where('id', '=', chatId).executeTakeFirst();
  return chat?.lawyer_id;
}

/** Revokes file forwarding for the chat and each of its files, in one transaction. */
export async function revokeChatFiles(db: Db, chatId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('chats').set({ file_forwarding_revoked: 1 }).where('id', '=', chatId).execute();
    await trx.updateTable('files').set({ revoked: 1 }).where('chat_id', '=', chatId).execute();
  });
}
