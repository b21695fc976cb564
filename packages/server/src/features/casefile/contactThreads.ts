// The client's messages to the firm with the firm's answers, as the lawyer (LawyerCaseFileContact) and the client
// (ContactThread, GET api/case-file/{token}/contact) read them; the answer itself is written in contactReplies.ts.
import type { ContactReply, ContactThread, LawyerCaseFileContact } from '@rechtschat/core';
import type { CaseFileDb } from './caseFileQueries.js';
import { listContacts } from './lawyerCaseFileQueries.js';
import type { CaseFileContactTable } from './tables.js';

function replyOf(row: CaseFileContactTable): ContactReply | null {
  if (!row.reply || !row.replied_at) return null;
  return { Text: row.reply, Created: row.replied_at, By: row.replied_by_name ?? 'Ihre Kanzlei' };
}

/** The lawyer's view of one message: `Reply` only once there is one. */
export function toLawyerContact(row: CaseFileContactTable): LawyerCaseFileContact {
  const reply = replyOf(row);
  return { Id: row.id, Subject: row.subject, Message: row.message, Created: row.created_at, ...(reply ? { Reply: reply } : {}) };
}

/** The client's messages, newest first, each with the firm's answer or null. */
export async function listContactThreads(db: CaseFileDb, caseFileId: string): Promise<ContactThread[]> {
  const rows = await listContacts(db, caseFileId);
  return rows.map((row) => ({ Id: row.id, Subject: row.subject, Message: row.message, Created: row.created_at, Reply: replyOf(row) }));
}
