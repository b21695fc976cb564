// The end of a mandate (§ 50 Abs. 1 BRAO). The lawyer responsible for a case file ends the mandate; from then on
// the Handakte is kept six years after the end of that calendar year and then deleted by the retention job. While
// the mandate is open, `retention_until` is OPEN_MANDATE_RETENTION_UNTIL, so the job never takes the file.
// Reopening (ended by mistake, or the matter goes on) makes it open and undeletable again. The client keeps access
// either way and sees the state (`Closed`, `Status`) and a history entry. While the file is closed the client can
// read everything, change the personal data and write to the firm („Kontakt“), but signing the Vollmacht, uploading
// a document and submitting the questionnaire answer 409 `Conflict` and store nothing (caseFileErrors.ts'
// closedCaseFile): each write checks `closed = 0` itself (reserveSignature, insertDocumentWithinQuota,
// saveQuestionnaire), so a request that raced with the end stores nothing either.
import { caseFileRetentionUntil } from '@rechtschat/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { newSortableId } from '../../platform/ids.js';
import { OPEN_MANDATE_RETENTION_UNTIL, type CaseFileTable } from './tables.js';
import { findCaseById, type CaseFileDb } from './caseFileQueries.js';
import { openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import { changeMandate } from './mandateQueries.js';

/** `status` shown to the client (Übersicht, Falldaten). */
const STATUS = { open: 'Offen', closed: 'Abgeschlossen' } as const;

export interface MandateChange {
  readonly lawyerId: string;
  readonly caseFileId: string;
  readonly ip?: string;
}

type Log = Pick<FastifyBaseLogger, 'info'>;

const history = (caseFileId: string, now: Date, kind: string, title: string, text: string) => ({
  id: newSortableId(now),
  case_file_id: caseFileId,
  created_at: now.toISOString(),
  kind,
  title,
  text,
});

async function current(db: CaseFileDb, id: string): Promise<CaseFileTable> {
  const row = await findCaseById(db, id);
  if (!row) throw new Error('case file vanished during a mandate change');
  return row;
}

/**
 * Ends the mandate: closed, when, the deletion deadline and the client's history entry, all or nothing.
 * Idempotent: a file already closed keeps its date (a second click does not move the deadline).
 */
export async function endMandate(db: CaseFileDb, clock: Clock, log: Log, change: MandateChange): Promise<CaseFileTable> {
  const row = await openCaseFileForLawyer(db, clock, { ...change, action: 'close' });
  if (row.closed === 1) return row;
  const now = clock.now();
  const iso = now.toISOString();
  const retentionUntil = caseFileRetentionUntil(now);
  const changed = await changeMandate(
    db,
    row.id,
    0,
    { closed: 1, closed_at: iso, status: STATUS.closed, retention_until: retentionUntil, updated_at: iso },
    history(
      row.id,
      now,
      'MandateEnded',
      'Mandat beendet',
      'Ihr Mandat wurde beendet. Ihre Kanzlei bewahrt die Handakte nach den gesetzlichen Fristen auf. Sie können die Fallakte weiterhin einsehen.',
    ),
  );
  // Ids and the deadline only: no name, title or content of the file.
  if (changed) log.info({ event: 'casefile.mandate.ended', caseFileId: row.id, lawyerId: change.lawyerId, retentionUntil }, 'mandate ended');
  return current(db, row.id);
}

/** Reopens an ended mandate: open again, never due for deletion. Idempotent for an open file. */
export async function reopenMandate(db: CaseFileDb, clock: Clock, log: Log, change: MandateChange): Promise<CaseFileTable> {
  const row = await openCaseFileForLawyer(db, clock, { ...change, action: 'reopen' });
  if (row.closed === 0) return row;
  const now = clock.now();
  const iso = now.toISOString();
  const changed = await changeMandate(
    db,
    row.id,
    1,
    { closed: 0, closed_at: null, status: STATUS.open, retention_until: OPEN_MANDATE_RETENTION_UNTIL, updated_at: iso },
    history(row.id, now, 'MandateReopened', 'Mandat wieder eröffnet', 'Ihr Mandat wurde wieder eröffnet. Ihre Kanzlei bearbeitet Ihren Fall weiter.'),
  );
  if (changed) log.info({ event: 'casefile.mandate.reopened', caseFileId: row.id, lawyerId: change.lawyerId }, 'mandate reopened');
  return current(db, row.id);
}
