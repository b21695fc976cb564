// The firm starts a conversation in the client's Fallakte: the file's lawyer writes a message (subject and text), e.g. to
// ask for a missing document. The client reads it on „Kontaktieren Sie uns“ beside their own messages and in „Verlauf“,
// and answers with the contact form (the web app fills in „Re: …“). Audited as 'message', like every change a lawyer
// makes to a file. An ended mandate still takes messages, as it takes the firm's answers and the client's messages
// (mandate.ts: the firm may still need something from the client, e.g. for the final invoice); a withdrawn file is not
// found (404), as for every lawyer route. Subject and text follow core's firmMessageProblems, without bidi controls.
import { CONTACT_REPLY_MAX, CONTACT_SUBJECT_MAX, firmMessageProblems, type FirmMessage } from '@rechtschat/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { badRequest } from '../../platform/errors.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import { newSortableId } from '../../platform/ids.js';
import { insertFirmMessage, type CaseFileDb } from './caseFileQueries.js';
import { openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import type { CaseFileFirmMessageTable, CaseFileTable } from './tables.js';

/** The history kind of a message the firm started (the client's „Verlauf“). */
export const FIRM_MESSAGE_KIND = 'FirmMessage';

export interface FirmMessageDraft {
  readonly lawyerId: string;
  readonly caseFileId: string;
  readonly subject: string;
  readonly text: string;
  readonly ip?: string;
}

const clean = (value: string) => withoutBidiControls(value).replace(/\r\n?/g, '\n').trim();

/** Subject and text as stored; a refusal (empty, too long) is 400 `BadRequest` naming every field to correct. */
function checkedMessage(subject: string, text: string): { subject: string; text: string } {
  const checked = { subject: clean(subject), text: clean(text) };
  const problems = firmMessageProblems(checked);
  const reasons = [
    problems.subject === 'Required' ? 'Bitte geben Sie einen Betreff an.' : null,
    problems.subject === 'TooLong' ? `Der Betreff ist zu lang. Bitte schreiben Sie höchstens ${CONTACT_SUBJECT_MAX} Zeichen.` : null,
    problems.text === 'Required' ? 'Bitte schreiben Sie eine Nachricht.' : null,
    problems.text === 'TooLong' ? `Die Nachricht ist zu lang. Bitte schreiben Sie höchstens ${CONTACT_REPLY_MAX} Zeichen.` : null,
  ].filter((reason) => reason !== null);
  if (reasons.length > 0) throw badRequest(reasons.join(' '));
  return checked;
}

export function toFirmMessage(row: CaseFileFirmMessageTable): FirmMessage {
  return { Kind: 'FirmMessage', Id: row.id, Subject: row.subject, Text: row.text, Created: row.created_at, By: row.written_by_name };
}

/**
 * Stores the message of the file's lawyer (another lawyer's, an unknown or a withdrawn file: 404) together with the
 * client's history entry. Answers the file (for the client notice) and the message as stored.
 */
export async function writeToClient(
  deps: { db: CaseFileDb; clock: Clock; log: Pick<FastifyBaseLogger, 'info'> },
  draft: FirmMessageDraft,
): Promise<{ row: CaseFileTable; message: FirmMessage }> {
  const row = await openCaseFileForLawyer(deps.db, deps.clock, { lawyerId: draft.lawyerId, caseFileId: draft.caseFileId, action: 'message', ip: draft.ip });
  const { subject, text } = checkedMessage(draft.subject, draft.text);
  const now = deps.clock.now();
  const stored: CaseFileFirmMessageTable = {
    id: newSortableId(now),
    case_file_id: row.id,
    subject,
    text,
    created_at: now.toISOString(),
    written_by_name: row.lawyer_name,
  };
  await insertFirmMessage(deps.db, stored, {
    id: newSortableId(now),
    case_file_id: row.id,
    created_at: stored.created_at,
    kind: FIRM_MESSAGE_KIND,
    title: 'Nachricht Ihrer Kanzlei',
    text: `${row.lawyer_name} hat Ihnen geschrieben: „${subject}“\n\n${text}`,
  });
  // Ids only: no subject, no text.
  deps.log.info({ event: 'casefile.firm_message.written', caseFileId: row.id, lawyerId: draft.lawyerId, messageId: stored.id }, 'lawyer wrote to the client');
  return { row, message: toFirmMessage(stored) };
}
