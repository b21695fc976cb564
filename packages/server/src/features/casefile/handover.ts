// „Fallakte übergeben“: one case file moves to a colleague (a specialist takes over, a long leave) without the
// deactivation of the whole account (admin/team.ts). The file's lawyer may, and an administrator for any file; anyone
// else's request answers 404 like an unknown id, and so does a withdrawn file. The colleague must be another active
// lawyer of the firm (400 `UnknownColleague`; the file's own lawyer 409 `SameLawyer`). Decided in one transaction
// (handoverQueries.ts): the colleague's account held active, the holder checked in the update's WHERE (of two hand-overs
// at once exactly one wins, the other answers 409 `HandedOverMeanwhile`), the client's history entry and the audit
// entry. From then on the file is in the colleague's list and out of the former holder's, and the client's Fallakte
// names the new lawyer. The optional note is for the colleague only: stored on the row, shown in their console detail,
// never in the client's history or the audit log.
import { HANDOVER_NOTE_MAX, type HandedOverCaseFile } from '@rechtschat/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import { newSortableId } from '../../platform/ids.js';
import type { Db } from '../../platform/storage/database.js';
import { recordAdminAction, type AuditActor } from '../admin/index.js';
import { findLawyerById, lawyerImageUrl } from '../lawyer/index.js';
import { findCaseById } from './caseFileQueries.js';
import { caseFileError } from './caseFileErrors.js';
import { handedOverMeanwhile, handOverNoteTooLong, sameLawyer, unknownColleague } from './handoverErrors.js';
import { handOverHeldCaseFile } from './handoverQueries.js';
import { recordCaseFileAccess } from './lawyerCaseFileAccess.js';

/** The client's history entry: who looks after the file from now on (no word of the note). */
export const LAWYER_CHANGED = 'LawyerChanged';

export interface HandOverDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  readonly chatHostUrl: string;
  /** Tells a lawyer's open consoles that one of their files changed (the hub's CaseFileChanged); the list is read again. */
  readonly announce: (lawyerId: string, caseFileId: string) => Promise<void>;
}

export interface HandOverRequest {
  /** The signed-in, active lawyer; `role` 'admin' may hand over any lawyer's file. */
  readonly actor: AuditActor & { readonly id: string; readonly role: string };
  readonly caseFileId: string;
  readonly toLawyerId: string;
  readonly note?: string | undefined;
}

/** The note as stored: without bidi controls, `\n` line breaks, trimmed; null when empty; too long or U+0000 → 400. */
export function checkedHandOverNote(text: string | undefined): string | null {
  const note = withoutBidiControls(text ?? '')
    .replace(/\r\n?/g, '\n')
    .trim();
  if (note === '') return null;
  if (note.length > HANDOVER_NOTE_MAX) throw handOverNoteTooLong(HANDOVER_NOTE_MAX);
  if (note.includes('\u0000')) throw caseFileError('InvalidInput', 'Die Notiz enthält ein unzulässiges Zeichen.');
  return note;
}

export async function handOverCaseFile(deps: HandOverDeps, request: HandOverRequest): Promise<HandedOverCaseFile> {
  const { db, clock } = deps;
  const { actor } = request;
  const note = checkedHandOverNote(request.note);
  const row = await findCaseById(db, request.caseFileId);
  if (!row || row.withdrawn_at || row.lawyer_id === null || (row.lawyer_id !== actor.id && actor.role !== 'admin')) throw notFound('Die Fallakte');
  // Audited like every lawyer action on a file, also when it is refused.
  await recordCaseFileAccess(db, clock, { lawyerId: actor.id, caseFileId: row.id, action: 'handover', ...(actor.ip ? { ip: actor.ip } : {}) });
  if (request.toLawyerId === row.lawyer_id) throw sameLawyer(row.lawyer_name);
  const colleague = await findLawyerById(db, request.toLawyerId);
  if (!colleague || colleague.active !== 1) throw unknownColleague();
  const holderId = row.lawyer_id;
  const now = clock.now();
  const iso = now.toISOString();
  const outcome = await handOverHeldCaseFile(
    db,
    row.id,
    holderId,
    {
      lawyer_id: colleague.id,
      lawyer_name: colleague.name,
      lawyer_gender: colleague.gender,
      lawyer_email: colleague.email,
      lawyer_phone: colleague.phone,
      lawyer_image_url: lawyerImageUrl(deps.chatHostUrl, colleague),
      updated_at: iso,
      handed_over_at: iso,
      handed_over_by_name: row.lawyer_name,
      handover_note: note,
    },
    {
      id: newSortableId(now),
      case_file_id: row.id,
      created_at: iso,
      kind: LAWYER_CHANGED,
      title: 'Ihre Ansprechperson hat gewechselt',
      text: `Ihre Fallakte wird ab jetzt von ${colleague.name} betreut.`,
    },
    (trx) =>
      recordAdminAction(trx, { now: () => now }, actor, {
        action: 'caseFile.handedOver',
        target: { kind: 'caseFile', id: row.id, label: row.case_number },
        details: { holder: row.lawyer_name, to: colleague.name },
      }),
  );
  if (outcome === 'colleagueInactive') throw unknownColleague();
  if (outcome === 'holderChanged') {
    const current = await findCaseById(db, row.id);
    throw !current || current.withdrawn_at ? notFound('Die Fallakte') : handedOverMeanwhile();
  }
  deps.log.info(
    { event: 'casefile.handedOver', caseFileId: row.id, lawyerId: actor.id, fromLawyerId: holderId, toLawyerId: colleague.id },
    'case file handed over',
  );
  // The colleague's open consoles read their list again and find the file; the former holder's drop it.
  // A hub that cannot tell them fails nothing: the hand-over stands, and their next read of the list shows it.
  try {
    await Promise.all([deps.announce(colleague.id, row.id), deps.announce(holderId, row.id)]);
  } catch (error) {
    deps.log.warn({ err: error, event: 'casefile.handedOver.announceFailed', caseFileId: row.id }, 'hand-over not announced to the consoles');
  }
  return { CaseId: row.id, CaseNumber: row.case_number, LawyerId: colleague.id, LawyerName: colleague.name, HandedOverAt: iso };
}
