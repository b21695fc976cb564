// Chat lifecycle: start → waiting in the queue → accepted → closed / closed by timeout /
// forwarded (a forwarded chat continues as a new chat in the same case).
import type { StartChatRequest } from '@rechtschat/core';
import { MessageType, validateEmail } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import type { CasesTable, ChatsTable } from './tables.js';
import type { Clock } from '../../platform/clock.js';
import { chatOfLawyer, chatOfParticipant, caseOfParticipant, type ChatWithCase } from './chatAccess.js';
import { DomainError, notFound } from '../../platform/errors.js';
import { notAuthenticated } from '../../platform/http/auth.js';
import { chatError } from './chatErrors.js';
import { newCaseId, newId } from '../../platform/ids.js';
import { appendMessage, type MessageRow } from './messages.js';
import { MAX_ENTRY_AGE_MS, transcriptMessages, validateTranscript } from './botTranscript.js';
import { fieldOfLawById } from './classifier/fieldsOfLaw.js';
import { findInsurerIdOfParticipant } from '../insurers/index.js';
import {
  acceptWaitingChat,
  closeOpenChat,
  findChatHolder,
  findLatestChatOfCase,
  findLawyerName,
  forwardActiveChat,
  insertCaseWithChat,
} from './chatQueries.js';

export interface ChatDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/** A consultation is kept ten calendar years from its start (the same date and time ten years on, as people count). */
const RETENTION_YEARS = 10;
function retentionUntil(start: Date): string {
  const until = new Date(start.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + RETENTION_YEARS);
  return until.toISOString();
}
const conflict = (message: string) => new DomainError('Conflict', message);
/**
 * Consultations one person may begin within an hour. Someone asking for advice begins one, after a break or a wrong
 * turn perhaps another; a script that starts and ends requests in a loop would ring every lawyer's queue alert each
 * time and fill the reports with abandoned requests.
 */
export const START_LIMIT = { max: 6, windowMs: 3_600_000 } as const;

export function newChatRow(caseId: string, now: string, extra: Partial<ChatsTable> = {}): ChatsTable {
  return {
    id: newId(),
    case_id: caseId,
    state: 'waiting',
    lawyer_id: null,
    requested_lawyer_id: null,
    previous_chat_id: null,
    close_reason: null,
    file_forwarding_revoked: 0,
    created_at: now,
    accepted_at: null,
    accepted_lawyer_id: null,
    closed_at: null,
    waiting_since: null,
    ...extra,
  };
}

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** StartChat's OverrideDomain: a plain domain name, stored lower case; anything else is refused. */
export function validOverrideDomain(raw: string | null | undefined): string | null {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return null;
  if (value.length > 253 || !DOMAIN.test(value)) throw new DomainError('BadRequest', 'OverrideDomain muss ein Domainname sein (z. B. partner.example.de).');
  return value;
}

/**
 * The onboarding's e-mail address, checked like every other address the server mails to: one address, no list.
 * The protocol goes to it when the chat ends, so a crafted StartChat must not name anything else.
 */
export function validOnboardingEmail(raw: string | null): string | null {
  if (raw === null || raw.trim() === '') return null;
  const checked = validateEmail(raw);
  if (!checked.ok) throw new DomainError('BadRequest', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  return checked.value;
}

export async function startChat(deps: ChatDeps, participantId: string, request: StartChatRequest): Promise<{ caseId: string; chatId: string }> {
  const now = deps.clock.now();
  const caseId = newCaseId();
  const chat = newChatRow(caseId, now.toISOString());
  const transcript = request.Transcript ?? [];
  validateTranscript(transcript);
  const overrideDomain = validOverrideDomain(request.OverrideDomain);
  const email = validOnboardingEmail(request.EMailAddress);
  // The field of law is one of ours: its long name (shown to lawyers, printed on the PDFs) comes from the server's list.
  const fieldOfLaw = fieldOfLawById(request.FieldOfLaw);
  // The case belongs to the insurer whose entry token signed the person in (null: the single-insurer default).
  const insurerId = await findInsurerIdOfParticipant(deps.db, participantId);
  const theCase: CasesTable = {
    id: caseId,
    participant_id: participantId,
    description: request.Description,
    email,
    verified_email: request.VerifiedEmail && email !== null ? 1 : 0,
    field_of_law: fieldOfLaw.id,
    field_of_law_long_name: fieldOfLaw.longName,
    request_phone_number: 0,
    protocol_email: null,
    protocol_sent_at: null,
    closed_at: null,
    disabled: 0,
    next_seq: 1,
    created_at: now.toISOString(),
    retention_until: retentionUntil(now),
    override_domain: overrideDomain,
    insurer_id: insurerId,
  };
  // One transaction: the onboarding conversation comes first in the case's order, before any lawyer can answer.
  const outcome = await insertCaseWithChat(
    deps.db,
    deps.clock,
    theCase,
    chat,
    transcriptMessages({ caseId, chatId: chat.id, participantId }, transcript),
    MAX_ENTRY_AGE_MS,
    START_LIMIT,
  );
  // One consultation at a time per person: a second tab's intake (or a script) must not queue a second chat.
  if (outcome === 'running') throw conflict('Ihre Beratung läuft bereits. Bitte laden Sie die Seite neu, um zu Ihrem Chat zurückzukehren.');
  if (outcome === 'limited')
    throw chatError(
      'TooManyRequests',
      'Sie haben in der letzten Stunde bereits mehrere Beratungen begonnen. Bitte versuchen Sie es später erneut oder wenden Sie sich telefonisch an die Kanzlei.',
    );
  return { caseId, chatId: chat.id };
}

export async function latestChatOfCase(deps: ChatDeps, participantId: string, caseId: string): Promise<ChatsTable> {
  await caseOfParticipant(deps.db, participantId, caseId);
  const chat = await findLatestChatOfCase(deps.db, caseId);
  if (!chat) throw notFound('Der Chat');
  return chat;
}

/** A console that still showed the chat in its queue learns why it is gone. */
const LEFT_FOR_CALLBACK = 'Die ratsuchende Person hat inzwischen einen Rückruf vereinbart und den Chat verlassen. Sie finden den Wunsch in der Rückrufliste.';

const TAKEN = 'Dieser Chat wurde bereits von einer anderen Anwältin oder einem anderen Anwalt übernommen.';

/**
 * The loser of a race reads the chat after the winner's update: it is no longer waiting, so the plain
 * access check would answer "not found". A chat that was open to this lawyer (not forwarded to someone
 * else) answers with the reason instead, so the console can tell the lawyer why it vanished.
 */
async function takenByColleague(deps: ChatDeps, lawyerId: string, chatId: string): Promise<boolean> {
  const row = await findChatHolder(deps.db, chatId);
  return (
    row !== undefined &&
    row.state !== 'waiting' &&
    row.lawyer_id !== null &&
    row.lawyer_id !== lawyerId &&
    (row.requested_lawyer_id === null || row.requested_lawyer_id === lawyerId)
  );
}

export async function acceptChat(deps: ChatDeps, lawyerId: string, chatId: string): Promise<ChatWithCase> {
  const found = await chatOfLawyer(deps.db, lawyerId, chatId, true).catch(async (error: unknown) => {
    if ((await findChatHolder(deps.db, chatId))?.close_reason === 'callback') throw conflict(LEFT_FOR_CALLBACK);
    if (await takenByColleague(deps, lawyerId, chatId)) throw chatError('ChatTaken', TAKEN);
    throw error;
  });
  if (found.chat.state === 'active' && found.chat.lawyer_id === lawyerId) return found;
  // The conditional update decides races between two lawyers (also across processes), and a deactivated account
  // (the deactivation committed a moment ago, its connections not yet closed) is refused like a session that ended.
  const outcome = await acceptWaitingChat(deps.db, chatId, lawyerId, deps.clock.now().toISOString());
  if (outcome === 'inactive') throw notAuthenticated();
  if (outcome === 'taken') throw chatError('ChatTaken', TAKEN);
  return chatOfLawyer(deps.db, lawyerId, chatId);
}

async function closeChatRow(
  deps: ChatDeps,
  chatId: string,
  reason: NonNullable<ChatsTable['close_reason']>,
  requestPhone: boolean,
  byLawyer?: string,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const closing = { reason, requestPhone, disableCase: reason === 'timeout', at: now, ...(byLawyer !== undefined ? { byLawyer } : {}) };
  if (await closeOpenChat(deps.db, chatId, closing)) return;
  // A lawyer whose account was deactivated (or whose chat was handed over) a moment ago closes nothing.
  if (byLawyer !== undefined && (await findLawyerName(deps.db, byLawyer)) === undefined) throw notAuthenticated();
  throw conflict('Dieser Chat ist bereits beendet.');
}

export async function closeChatByLawyer(deps: ChatDeps, lawyerId: string, chatId: string, requestPhoneNumber: boolean): Promise<ChatWithCase> {
  const found = await chatOfLawyer(deps.db, lawyerId, chatId);
  if (found.chat.state !== 'active') throw conflict('Dieser Chat ist nicht aktiv.');
  await closeChatRow(deps, chatId, requestPhoneNumber ? 'lawyerRequestPhone' : 'lawyer', requestPhoneNumber, lawyerId);
  return found;
}

export async function closeChatByTimeout(deps: ChatDeps, participantId: string, chatId: string): Promise<ChatWithCase> {
  const found = await chatOfParticipant(deps.db, participantId, chatId);
  await closeChatRow(deps, chatId, 'timeout', false);
  return found;
}

export interface ForwardResult {
  readonly from: ChatWithCase;
  readonly newChatId: string;
  /** The colleague's name, as the client's notice says it and the forwarding lawyer's console shows it. */
  readonly targetName: string;
  readonly notice: MessageRow;
}

export async function forwardChat(deps: ChatDeps, lawyerId: string, chatId: string, targetLawyerId: string): Promise<ForwardResult> {
  const from = await chatOfLawyer(deps.db, lawyerId, chatId);
  if (from.chat.state !== 'active') throw conflict('Nur ein aktiver Chat kann weitergeleitet werden.');
  // Forwarding to oneself is allowed: the chat goes back to the queue, offered to the same lawyer only.
  const target = await findLawyerName(deps.db, targetLawyerId);
  if (!target) throw notFound('Die Anwältin oder der Anwalt');
  const now = deps.clock.now().toISOString();
  const next = newChatRow(from.case.id, now, { requested_lawyer_id: target.id, previous_chat_id: chatId });
  const outcome = await forwardActiveChat(deps.db, chatId, next, now, lawyerId);
  if (outcome === 'inactive') throw notAuthenticated();
  if (outcome === 'targetInactive') throw notFound('Die Anwältin oder der Anwalt');
  if (outcome === 'notActive') throw conflict('Dieser Chat wurde bereits beendet oder weitergeleitet.');
  const [notice] = await appendMessage(deps.db, deps.clock, {
    caseId: from.case.id,
    chatId: next.id,
    clientId: null,
    type: MessageType.ForwardedMessage,
    // The waiting notice that follows asks for patience: said once, not twice.
    text: `Ihr Chat wurde an ${target.name} weitergeleitet.`,
    author: { kind: 'system', id: null, name: null },
  });
  return { from, newChatId: next.id, targetName: target.name, notice };
}
