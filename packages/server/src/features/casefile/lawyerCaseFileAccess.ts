// Lawyer access to case files (SECURITY I6): every read passes this one gate, which checks that the case
// file is assigned to the lawyer and writes the audit row (who, which file, what, when) before any data is
// handed out. A read whose audit row cannot be written fails, so there is no unaudited read.
import type { CaseFileTable } from '../../platform/storage/caseFileSchema.js';
import type { Db } from '../../platform/storage/database.js';
import { generateSortableId } from './secrets.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';

export type CaseFileAccessAction = 'view' | 'document';

export interface CaseFileAccess {
  readonly lawyerId: string;
  readonly caseFileId: string;
  readonly action: CaseFileAccessAction;
  readonly documentId?: string;
  /** The lawyer's address as the server saw it (pseudonymous actor detail for incident handling). */
  readonly ip?: string;
}

export async function recordCaseFileAccess(db: Db, clock: Clock, access: CaseFileAccess): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('case_file_access_log')
    .values({
      id: generateSortableId(now),
      case_file_id: access.caseFileId,
      lawyer_id: access.lawyerId,
      action: access.action,
      document_id: access.documentId ?? null,
      ip: access.ip ?? null,
      accessed_at: now.toISOString(),
    })
    .execute();
}

/**
 * The case file if it is assigned to the lawyer, after its access has been audited. Someone else's file
 * and a file that does not exist answer the same 404, so ids cannot be probed.
 */
export async function openCaseFileForLawyer(db: Db, clock: Clock, access: CaseFileAccess): Promise<CaseFileTable> {
  const row = await db.selectFrom('case_files').selectAll().where('id', '=', access.caseFileId).where('lawyer_id', '=', access.lawyerId).executeTakeFirst();
  if (!row) throw notFound('Die Fallakte');
  await recordCaseFileAccess(db, clock, access);
  return row;
}

export interface CaseFileAccessEntry {
  readonly LawyerId: string;
  readonly Action: string;
  readonly DocumentId: string | null;
  readonly AccessedAt: string;
}

/** The trail of one case file, newest first (for the operator's Art. 15 answers and incident handling). */
export async function listCaseFileAccess(db: Db, caseFileId: string): Promise<CaseFileAccessEntry[]> {
  const rows = await db.selectFrom('case_file_access_log').selectAll().where('case_file_id', '=', caseFileId).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ LawyerId: r.lawyer_id, Action: r.action, DocumentId: r.document_id, AccessedAt: r.accessed_at }));
}
