// The firm answers a message the client sent from the Fallakte („Kontakt“): the file's lawyer writes one answer per
// message, which the client reads on „Kontaktieren Sie uns“ beside their message and in „Verlauf“. Audited as 'reply',
// like every change a lawyer makes to a file; an ended mandate still takes answers, as it still takes the client's
// messages (mandate.ts). The text follows core's rule (contactReplyProblem), without bidi controls.
import { contactReplyProblem, CONTACT_REPLY_MAX, type LawyerCaseFileContact } from '@rechtschat/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { badRequest, DomainError, notFound } from '../../platform/errors.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import { findContact, findFirmMessage, saveContactReply, type CaseFileDb } from './caseFileQueries.js';
import { openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import { toLawyerContact } from './contactThreads.js';
import { addHistory } from './service.js';
import type { CaseFileTable } from './tables.js';

export interface ReplyRequest {
  readonly lawyerId: string;
  readonly caseFileId: string;
  readonly contactId: string;
  readonly text: string;
  readonly ip?: string;
}

/** The text as stored; a refusal (empty, too long) is 400 `BadRequest` with the German reason and stores nothing. */
function checkedReply(text: string): string {
  const clean = withoutBidiControls(text).replace(/\r\n?/g, '\n').trim();
  const problem = contactReplyProblem(clean);
  if (problem === 'Required') throw badRequest('Bitte schreiben Sie eine Antwort.');
  if (problem === 'TooLong') throw badRequest(`Die Antwort ist zu lang. Bitte schreiben Sie höchstens ${CONTACT_REPLY_MAX} Zeichen.`);
  return clean;
}

/**
 * Stores the answer of the file's lawyer (another lawyer's or an unknown file: 404; a message of another file: 404;
 * answered already: 409) and records it in the client's history. Answers the file (for the client notice) and the
 * message as the lawyer now sees it.
 */
export async function replyToContact(
  deps: { db: CaseFileDb; clock: Clock; log: Pick<FastifyBaseLogger, 'info'> },
  request: ReplyRequest,
): Promise<{ row: CaseFileTable; contact: LawyerCaseFileContact }> {
  const row = await openCaseFileForLawyer(deps.db, deps.clock, { lawyerId: request.lawyerId, caseFileId: request.caseFileId, action: 'reply', ip: request.ip });
  const text = checkedReply(request.text);
  const contact = await findContact(deps.db, row.id, request.contactId);
  if (!contact) throw notFound('Die Nachricht');
  const now = deps.clock.now();
  const saved = await saveContactReply(deps.db, row.id, contact.id, { reply: text, replied_at: now.toISOString(), replied_by_name: row.lawyer_name });
  if (!saved) throw new DomainError('Conflict', 'Diese Nachricht ist bereits beantwortet. Bitte laden Sie die Fallakte neu.');
  await addHistory(
    deps.db,
    row.id,
    { kind: 'ContactReply', title: 'Antwort Ihrer Kanzlei', text: `${row.lawyer_name} hat auf Ihre Nachricht „${contact.subject}“ geantwortet:\n\n${text}` },
    now,
  );
  deps.log.info({ event: 'casefile.contact.replied', caseFileId: row.id, lawyerId: request.lawyerId, contactId: contact.id }, 'lawyer answered a message');
  const stored = (await findContact(deps.db, row.id, contact.id)) ?? contact;
  const answered = stored.in_reply_to ? await findFirmMessage(deps.db, row.id, stored.in_reply_to) : undefined;
  return { row, contact: toLawyerContact(stored, answered ? [answered] : []) };
}
