// What is new from the firm for the client (migration 0050): the firm's messages and its answers to the client's
// messages since the client last opened „Kontaktieren Sie uns“, and the documents the firm shared since the client last
// opened „Dokumente“. Only the firm's items count – never the client's own messages or uploads, nor the signed Vollmacht
// (`uploaded_by` 'system'). The case-file overview (GET {token}/case) carries the counts; opening the screen marks it seen
// (PUT {token}/seen/messages|documents, idempotent: it only moves the time forward, and never changes `updated_at` –
// reading is no change the lawyer is told about).
import type { CaseFileDb } from './caseFileQueries.js';
import type { CaseFileTable } from './tables.js';

export type SeenScreen = 'messages' | 'documents';

export const SEEN_SCREENS: readonly SeenScreen[] = ['messages', 'documents'];

/** The count one query answers (SQLite a number, PostgreSQL a string or bigint). */
async function countAfter(query: () => Promise<{ n: number | string | bigint } | undefined>): Promise<number> {
  return Number((await query())?.n ?? 0);
}

export async function unreadCounts(
  db: CaseFileDb,
  row: Pick<CaseFileTable, 'id' | 'client_seen_messages_at' | 'client_seen_documents_at'>,
): Promise<{ UnreadMessages: number; UnreadDocuments: number }> {
  const messagesSince = row.client_seen_messages_at ?? null;
  const documentsSince = row.client_seen_documents_at ?? null;
  const firmMessages = await countAfter(() => {
    let q = db
      .selectFrom('case_file_firm_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('case_file_id', '=', row.id);
    if (messagesSince !== null) q = q.where('created_at', '>', messagesSince);
    return q.executeTakeFirst();
  });
  const answers = await countAfter(() => {
    let q = db
      .selectFrom('case_file_contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('case_file_id', '=', row.id)
      .where('replied_at', 'is not', null);
    if (messagesSince !== null) q = q.where('replied_at', '>', messagesSince);
    return q.executeTakeFirst();
  });
  const documents = await countAfter(() => {
    let q = db
      .selectFrom('case_file_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('case_file_id', '=', row.id)
      .where('uploaded_by', '=', 'lawyer');
    if (documentsSince !== null) q = q.where('created_at', '>', documentsSince);
    return q.executeTakeFirst();
  });
  return { UnreadMessages: firmMessages + answers, UnreadDocuments: documents };
}

/** The client opened the screen: everything of the firm until `now` counts as read. A later time already stored stays. */
export async function markSeen(db: CaseFileDb, caseFileId: string, screen: SeenScreen, now: Date): Promise<void> {
  const column = screen === 'messages' ? 'client_seen_messages_at' : 'client_seen_documents_at';
  const iso = now.toISOString();
  await db
    .updateTable('case_files')
    .set({ [column]: iso })
    .where('id', '=', caseFileId)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', iso)]))
    .execute();
}
