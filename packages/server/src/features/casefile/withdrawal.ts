// „Fallakte zurückziehen“: a case file created by mistake (from the wrong chat, a duplicate) is taken back. The file's
// lawyer may, and an administrator for any file; anyone else's request answers 404 like an unknown id. Only while the
// client has never signed in – every login records the client's consent, and uploads, the questionnaire and the Vollmacht
// all need a login – so a file the client has opened stays (409 `CaseFileInUse`; the mandate is ended instead). Then at
// once: the link and the PIN open nothing (the link's check answers 410 `CaseFileWithdrawn`, the web app shows an end
// page with the firm's contact), the file leaves the lawyer's list and the chat's files (so the chat may get a new one
// without ConfirmSecond), and the audit log holds who, when and why, written with the change. The row stays (the access
// log and the audit log name it, the link's end page needs it) until the retention job deletes it
// WITHDRAWN_RETENTION_MS later: a file typed by mistake is no Handakte under § 50 BRAO.
import { caseReferenceOf, WITHDRAWAL_REASON_MAX, withdrawalReasonProblem, type WithdrawnCaseFile } from '@rechtschat/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { SessionStore } from '../../platform/sessions.js';
import type { Db } from '../../platform/storage/database.js';
import { recordAdminAction, type AuditActor } from '../admin/index.js';
import { findCaseById } from './caseFileQueries.js';
import { recordCaseFileAccess } from './lawyerCaseFileAccess.js';
import type { CaseFileTable } from './tables.js';
import { alreadyWithdrawn, caseFileInUse, reasonRequired, reasonTooLong } from './withdrawalErrors.js';
import { withdrawUnusedCaseFile } from './withdrawalQueries.js';

/** How long a withdrawn file's row stays: its link's end page for a client who opens it late, and the firm's questions. */
export const WITHDRAWN_RETENTION_MS = 90 * 24 * 3_600_000;

/** `status` the file carries from now on (no client sees it: nobody can sign in any more). */
const WITHDRAWN_STATUS = 'Zurückgezogen';

export interface WithdrawalDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  readonly sessions: Pick<SessionStore, 'destroyOthers'>;
  /** Tells a lawyer's open consoles that one of their files changed (the hub's CaseFileChanged); the list is read again. */
  readonly announce: (lawyerId: string, caseFileId: string) => Promise<void>;
}

export interface WithdrawalRequest {
  /** The signed-in, active lawyer; `role` 'admin' may withdraw any lawyer's file. */
  readonly actor: AuditActor & { readonly id: string; readonly role: string };
  readonly caseFileId: string;
  readonly reason: string;
}

/** The client has used the file: signed in (the consent every login records) or sent what needs a login. */
const usedByClient = (row: CaseFileTable) =>
  row.consent_privacy_at !== null || row.consent_terms_at !== null || row.power_of_attorney_signed_at !== null || row.questionnaire_submitted_at !== null;

function checkedReason(reason: string): string {
  const problem = withdrawalReasonProblem(reason);
  if (problem === 'ReasonRequired') throw reasonRequired();
  if (problem === 'ReasonTooLong') throw reasonTooLong(WITHDRAWAL_REASON_MAX);
  return reason.trim();
}

/** Why the withdrawal cannot be done (checked before and, for a race, after the guarded update). */
function refusalFor(row: CaseFileTable): Error | null {
  if (row.withdrawn_at) return alreadyWithdrawn();
  return usedByClient(row) ? caseFileInUse(row.consent_privacy_at ?? row.consent_terms_at) : null;
}

export async function withdrawCaseFile(deps: WithdrawalDeps, request: WithdrawalRequest): Promise<WithdrawnCaseFile> {
  const { db, clock } = deps;
  const { actor } = request;
  const reason = checkedReason(request.reason);
  const row = await findCaseById(db, request.caseFileId);
  if (!row || (row.lawyer_id !== actor.id && actor.role !== 'admin')) throw notFound('Die Fallakte');
  // Audited like every lawyer action on a file, also when it is refused.
  await recordCaseFileAccess(db, clock, { lawyerId: actor.id, caseFileId: row.id, action: 'withdraw', ...(actor.ip ? { ip: actor.ip } : {}) });
  const refused = refusalFor(row);
  if (refused) throw refused;
  const now = clock.now();
  const iso = now.toISOString();
  const withdrawn = await withdrawUnusedCaseFile(
    db,
    row.id,
    { withdrawn_at: iso, status: WITHDRAWN_STATUS, retention_until: new Date(now.getTime() + WITHDRAWN_RETENTION_MS).toISOString(), updated_at: iso },
    // The entry's time is the withdrawal's, to the millisecond.
    (trx) =>
      recordAdminAction(trx, { now: () => now }, actor, {
        action: 'caseFile.withdrawn',
        target: { kind: 'caseFile', id: row.id, label: row.case_number },
        details: { reason, holder: row.lawyer_name, chat: row.chat_case_id ? caseReferenceOf(row.chat_case_id) : null },
      }),
  );
  if (!withdrawn) {
    // A login (or another withdrawal) came between the read and the update: say which.
    const current = await findCaseById(db, row.id);
    throw (current && refusalFor(current)) ?? notFound('Die Fallakte');
  }
  // Nobody should be signed in; a login that raced the update is refused by the session guard anyway (context.ts).
  const endedSessions = await deps.sessions.destroyOthers('casefile', row.id, undefined);
  deps.log.info({ event: 'casefile.withdrawn', caseFileId: row.id, lawyerId: actor.id, holderId: row.lawyer_id, endedSessions }, 'case file withdrawn');
  // The holder's other consoles (another tab, another device, an administrator's withdrawal) read the file again, find
  // it gone and close it. A hub that cannot tell them fails nothing: their next read of the list shows it.
  if (row.lawyer_id !== null) {
    try {
      await deps.announce(row.lawyer_id, row.id);
    } catch (error) {
      deps.log.warn({ err: error, event: 'casefile.withdrawn.announceFailed', caseFileId: row.id }, 'withdrawal not announced to the consoles');
    }
  }
  return { CaseId: row.id, CaseNumber: row.case_number, WithdrawnAt: iso };
}
