// The client's messages to the firm with the firm's answers, as the lawyer (LawyerCaseFileContact) and the client
// (ContactThread, GET api/case-file/{token}/contact) read them; the answer itself is written in contactReplies.ts. The
// client's list also holds the messages the firm started (FirmMessage, firmMessages.ts).
import type { ContactEntry, ContactReply, LawyerCaseFileContact } from '@rechtschat/core';
import { listFirmMessages, type CaseFileDb } from './caseFileQueries.js';
import { toFirmMessage } from './firmMessages.js';
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

/** The client's messages, each with the firm's answer or null, and the firm's own messages, together newest first. */
export async function listContactThreads(db: CaseFileDb, caseFileId: string): Promise<ContactEntry[]> {
  const rows = await listContacts(db, caseFileId);
  const threads: ContactEntry[] = rows.map((row) => ({ Id: row.id, Subject: row.subject, Message: row.message, Created: row.created_at, Reply: replyOf(row) }));
  const firm = (await listFirmMessages(db, caseFileId)).map(toFirmMessage);
  // Stable: of two entries of the same moment each list keeps its own order.
  return [...threads, ...firm].sort((a, b) => b.Created.localeCompare(a.Created));
}
