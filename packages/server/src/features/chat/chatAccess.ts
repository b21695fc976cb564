// Object-level authorization: every case/chat lookup names its caller.
// Someone else's id answers exactly like an unknown id (NotFound), so ids cannot be probed.
import type { Db } from '../../platform/storage/database.js';
import type { CasesTable, ChatsTable } from './tables.js';
import { notFound } from '../../platform/errors.js';
import { chatError } from './chatErrors.js';
import { findCaseOfLawyer, findCaseOfParticipant, getCase } from './caseQueries.js';
import { findChat, lawyerTookPartInCase, listChatsOfCaseInOrder } from './chatQueries.js';

export type Caller = { readonly kind: 'participant' | 'lawyer'; readonly id: string };

export async function caseOfParticipant(db: Db, participantId: string, caseId: string): Promise<CasesTable> {
  const row = await findCaseOfParticipant(db, participantId, caseId);
  if (!row) throw notFound('Der Fall');
  return row;
}

/** A lawyer may see a case when one of its chats is or was assigned to them. */
export async function caseOfLawyer(db: Db, lawyerId: string, caseId: string): Promise<CasesTable> {
  const row = await findCaseOfLawyer(db, lawyerId, caseId);
  if (!row) throw notFound('Der Fall');
  return row;
}

export async function caseOfCaller(db: Db, caller: Caller, caseId: string): Promise<CasesTable> {
  return caller.kind === 'participant' ? caseOfParticipant(db, caller.id, caseId) : caseOfLawyer(db, caller.id, caseId);
}

export interface ChatWithCase {
  readonly chat: ChatsTable;
  readonly case: CasesTable;
}

async function loadChat(db: Db, chatId: string): Promise<ChatWithCase | null> {
  const chat = await findChat(db, chatId);
  if (!chat) return null;
  const theCase = await getCase(db, chat.case_id);
  return { chat, case: theCase };
}

export async function chatOfParticipant(db: Db, participantId: string, chatId: string): Promise<ChatWithCase> {
  const found = await loadChat(db, chatId);
  if (!found || found.case.participant_id !== participantId) throw notFound('Der Chat');
  return found;
}

/** The lawyer assigned to the chat; with `allowQueue` also a waiting chat the lawyer may accept. */
export async function chatOfLawyer(db: Db, lawyerId: string, chatId: string, allowQueue = false): Promise<ChatWithCase> {
  const found = await loadChat(db, chatId);
  if (!found) throw notFound('Der Chat');
  const { chat } = found;
  const assigned = chat.lawyer_id === lawyerId;
  const acceptable = allowQueue && chat.state === 'waiting' && (chat.requested_lawyer_id === null || chat.requested_lawyer_id === lawyerId);
  if (!assigned && !acceptable) throw notFound('Der Chat');
  return found;
}

export async function chatOfCaller(db: Db, caller: Caller, chatId: string): Promise<ChatWithCase> {
  return caller.kind === 'participant' ? chatOfParticipant(db, caller.id, chatId) : chatOfLawyer(db, caller.id, chatId);
}

/** Only a lawyer who took part in the case has a picture in its chats. */
export async function assertLawyerOfCase(db: Db, caseId: string, lawyerId: string): Promise<void> {
  if (!(await lawyerTookPartInCase(db, caseId, lawyerId))) throw notFound('Das Bild');
}

/**
 * The case's chats up to and including the last one the lawyer holds, and the chat after it, if any: from that one the
 * lawyer reads only the notice of their own forward, which the new chat begins with. `forwardedAt`: when that chat
 * began – the moment the lawyer handed the case on (a forward, or the release of an away lawyer's chat) – undefined
 * while the lawyer holds the case's latest chat. `fieldOfLawAtForward`: the case's field of law as it was then (stored
 * on the lawyer's last chat by the forward, migration 0037), what the lawyer keeps reading instead of the colleague's
 * later correction; undefined while the lawyer holds the case, and for a chat handed on before that migration.
 */
export async function chatsReadableByLawyer(
  db: Db,
  caseId: string,
  lawyerId: string,
): Promise<{
  held: ReadonlySet<string>;
  heldBy: ReadonlySet<string>;
  forwardedTo: string | undefined;
  forwardedAt: string | undefined;
  fieldOfLawAtForward: { readonly id: number; readonly longName: string } | undefined;
}> {
  const chats = await listChatsOfCaseInOrder(db, caseId);
  let last = -1;
  chats.forEach((chat, index) => {
    if (chat.lawyer_id === lawyerId) last = index;
  });
  const upToForward = chats.slice(0, last + 1);
  const next = chats[last + 1];
  const handedOn = next === undefined ? undefined : chats[last];
  const id = handedOn?.field_of_law_at_forward;
  const longName = handedOn?.field_of_law_long_name_at_forward;
  return {
    held: new Set(upToForward.map((chat) => chat.id)),
    heldBy: new Set(upToForward.flatMap((chat) => (chat.lawyer_id === null ? [] : [chat.lawyer_id]))),
    forwardedTo: next?.id,
    forwardedAt: next?.created_at,
    fieldOfLawAtForward: id !== undefined && id !== null && longName !== undefined && longName !== null ? { id: Number(id), longName } : undefined,
  };
}

/** Said to a lawyer who tries to change a case they handed on. */
export const HANDED_ON =
  'Sie haben diesen Chat weitergeleitet. Änderungen am Fall nimmt jetzt die Kollegin oder der Kollege vor, die oder der ihn übernommen hat.';

/**
 * After handing a chat on, the lawyer changes nothing about its case any more (field of law, a case file from it): the
 * colleague is responsible now. 403 `ChatForwarded`; a lawyer who never held a chat of the case gets the answer of an
 * unknown one (404), as everywhere.
 */
export async function assertLawyerInCharge(db: Db, caseId: string, lawyerId: string): Promise<void> {
  const { held, forwardedTo } = await chatsReadableByLawyer(db, caseId, lawyerId);
  if (held.size === 0) throw notFound('Der Chat');
  if (forwardedTo !== undefined) throw chatError('ChatForwarded', HANDED_ON);
}

/**
 * The case as the lawyer may read its current state (the status route): only while they hold its latest chat. What
 * the case is now belongs to the colleague a lawyer handed it on to, so the forwarder gets the answer of an unknown
 * case, like for a file the client sent the colleague.
 */
export async function caseInChargeOfLawyer(db: Db, lawyerId: string, caseId: string): Promise<CasesTable> {
  const theCase = await caseOfLawyer(db, lawyerId, caseId);
  if ((await chatsReadableByLawyer(db, caseId, lawyerId)).forwardedTo !== undefined) throw notFound('Der Fall');
  return theCase;
}
