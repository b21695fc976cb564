// Builds the PDF inputs (protocol, usage confirmation) from stored data.
import type { Db } from '../../platform/storage/database.js';
import type { CasesTable } from './tables.js';
import type { ChatProtocolInput, UsageConfirmationInput } from '../../platform/pdf/index.js';
import { caseReferenceOf, MessageType } from '@rechtschat/core';
import { DomainError, notFound } from '../../platform/errors.js';
import { listCaseMessages } from './messageQueries.js';
import { findFirstAcceptingLawyer, listCasesOfParticipant } from './caseQueries.js';
import { forLawyerOnly } from './lawyerOnlyNotices.js';

/** A short human-readable reference derived from the opaque case id (printed on the PDFs). */

/**
 * Who a protocol line is from, as the chat shows it: „Sie“, the lawyer, the bot („Chatbot“), and a notice of the service
 * („… ist dem Chat beigetreten.“, the closure) as „Hinweis“, as the console calls it – not as the bot's (outside tester).
 */
function authorNameOf(row: { readonly author_kind: string; readonly author_name: string | null; readonly type: number }): string {
  if (row.author_kind === 'participant') return 'Sie';
  if (row.author_kind === 'lawyer') return row.author_name ?? 'Anwalt';
  return row.type === MessageType.Information ? 'Hinweis' : 'Chatbot';
}

export const caseReference = caseReferenceOf;

/** The participant's case with this reference; someone else's reference answers like an unknown one. */
export async function caseOfParticipantByReference(db: Db, participantId: string, reference: string): Promise<CasesTable> {
  const cases = await listCasesOfParticipant(db, participantId);
  const found = cases.find((c) => caseReferenceOf(c.id) === reference);
  if (!found) throw notFound('Eine Beratung mit diesem Aktenzeichen');
  return found;
}

/** The client's protocol: what the client's chat showed, so without the notices written for the lawyer alone. */
export async function protocolInput(db: Db, theCase: CasesTable, generatedAt: Date): Promise<ChatProtocolInput> {
  const rows = (await listCaseMessages(db, theCase.id)).filter((row) => !forLawyerOnly(row));
  return {
    caseNumber: caseReference(theCase.id),
    generatedAt,
    messages: rows.map((r) => ({
      authorName: authorNameOf(r),
      created: r.created_at,
      text: r.type === 4 ? `Datei: ${r.file_name ?? r.text}` : r.text,
    })),
  };
}

export async function usageConfirmationInput(db: Db, theCase: CasesTable): Promise<UsageConfirmationInput> {
  const chat = await findFirstAcceptingLawyer(db, theCase.id);
  if (!chat?.accepted_at)
    throw new DomainError('Conflict', 'Eine Nutzungsbestätigung ist erst nach der Beratung durch eine Anwältin oder einen Anwalt verfügbar.');
  return {
    caseId: caseReference(theCase.id),
    date: new Date(chat.accepted_at),
    fieldOfLaw: theCase.field_of_law_long_name,
    lawyerName: chat.name,
    lawyerGender: chat.gender,
  };
}
