// The client's messages to the firm with the firm's answers, as the lawyer (LawyerCaseFileContact) and the client
// (ContactThread, GET api/case-file/{token}/contact) read them; the answer itself is written in contactReplies.ts. The
// client's list also holds the messages the firm started (FirmMessage, firmMessages.ts). A client's message that answers
// one of them (`in_reply_to`, migration 0045) names it as `InReplyTo { Id, Subject, Created }` in both views.
import type { ContactEntry, ContactReply, LawyerCaseFileContact, RepliedFirmMessage } from '@rechtschat/core';
import { listFirmMessages, type CaseFileDb } from './caseFileQueries.js';
import { toFirmMessage } from './firmMessages.js';
import { listContacts } from './lawyerCaseFileQueries.js';
import type { CaseFileContactTable, CaseFileFirmMessageTable } from './tables.js';

function replyOf(row: CaseFileContactTable): ContactReply | null {
  if (!row.reply || !row.replied_at) return null;
  return { Text: row.reply, Created: row.replied_at, By: row.replied_by_name ?? 'Ihre Kanzlei' };
}

/** The firm's message the client's message answers, among the file's firm messages; null when it answers none. */
function inReplyToOf(row: CaseFileContactTable, firmMessages: readonly CaseFileFirmMessageTable[]): RepliedFirmMessage | null {
  const answered = row.in_reply_to ? firmMessages.find((message) => message.id === row.in_reply_to) : undefined;
  return answered ? { Id: answered.id, Subject: answered.subject, Created: answered.created_at } : null;
}

/** What both views show of one message: who wrote what when, and the firm's message it answers, if any. */
function contactBase(row: CaseFileContactTable, firmMessages: readonly CaseFileFirmMessageTable[]) {
  const inReplyTo = inReplyToOf(row, firmMessages);
  return { Id: row.id, Subject: row.subject, Message: row.message, Created: row.created_at, ...(inReplyTo ? { InReplyTo: inReplyTo } : {}) };
}

/** The lawyer's view of one message: `Reply` only once there is one, `InReplyTo` only when it answers a firm message. */
export function toLawyerContact(row: CaseFileContactTable, firmMessages: readonly CaseFileFirmMessageTable[]): LawyerCaseFileContact {
  const reply = replyOf(row);
  return { ...contactBase(row, firmMessages), ...(reply ? { Reply: reply } : {}) };
}

/** The client's messages, each with the firm's answer or null, and the firm's own messages, together newest first. */
export async function listContactThreads(db: CaseFileDb, caseFileId: string): Promise<ContactEntry[]> {
  const rows = await listContacts(db, caseFileId);
  const firmRows = await listFirmMessages(db, caseFileId);
  // The client's view always carries `Reply` (null: not answered yet).
  const threads: ContactEntry[] = rows.map((row) => ({ ...contactBase(row, firmRows), Reply: replyOf(row) }));
  const firm = firmRows.map(toFirmMessage);
  // Stable: of two entries of the same moment each list keeps its own order.
  return [...threads, ...firm].sort((a, b) => b.Created.localeCompare(a.Created));
}
