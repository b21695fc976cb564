// The firm shares a document into the client's Fallakte („Dokument bereitstellen“ in the console): the file's lawyer
// sends it with an optional short note; it is checked exactly like a client's upload (checkDocument: type by content,
// malware scan, no image metadata), counts towards the same quota and, like a client's upload, is refused while the
// mandate is ended (409, decided again in the insert). The client sees it under „Von Ihrer Kanzlei“ with the lawyer's
// name and cannot remove it; the history records it. The share is audited (case_file_access_log, action 'share')
// under the id the document gets, before anything is stored, as every other change a lawyer makes to a case file. The
// lawyer can take a document shared by mistake back (sharedDocumentWithdrawal.ts).
import { SHARED_NOTE_MAX, sharedNoteOf } from '@rechtschat/core';
import { DomainError } from '../../platform/errors.js';
import type { MalwareScanner } from '../../platform/files/malwareScan.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import type { CaseFileDb } from './caseFileQueries.js';
import { caseFileError } from './caseFileErrors.js';
import { checkDocument, storeDocument } from './documents.js';
import type { SecurityLog } from './login.js';
import { addHistory } from './service.js';
import type { CaseFileDocumentTable, CaseFileTable } from './tables.js';

/** What the lawyer reads when the mandate is ended (the client's own text points them to „Kontaktieren Sie uns“). */
export const closedForSharing = () =>
  new DomainError(
    'Conflict',
    'Das Mandat ist beendet: Die Fallakte nimmt keine neuen Dokumente an. Eröffnen Sie das Mandat wieder, wenn Sie der Mandantin oder dem Mandanten noch ein Dokument bereitstellen möchten.',
  );

/**
 * The note as stored: without bidi controls (the client must read what the lawyer wrote), with `\n` line breaks (a
 * browser's multipart form sends `\r\n`, which would count twice against the limit), trimmed, null when empty. Longer
 * than SHARED_NOTE_MAX or holding U+0000 (which PostgreSQL cannot store) is refused with 400 `InvalidInput`.
 */
export function checkedNote(text: string | undefined): string | null {
  const note = sharedNoteOf(withoutBidiControls(text ?? '').replace(/\r\n?/g, '\n'));
  if (note !== null && note.length > SHARED_NOTE_MAX)
    throw caseFileError('InvalidInput', `Die Notiz ist zu lang. Bitte schreiben Sie höchstens ${SHARED_NOTE_MAX} Zeichen.`);
  if (note?.includes('\u0000')) throw caseFileError('InvalidInput', 'Die Notiz enthält ein unzulässiges Zeichen.');
  return note;
}

/**
 * The text of the client's `DocumentShared` history entry: who shared which file, then the note. Withdrawing the document
 * (sharedDocumentWithdrawal.ts) finds the entry by it and leaves it without the note.
 */
export const sharedDocumentHistoryText = (lawyerName: string, fileName: string, note: string | null) =>
  `${lawyerName} hat Ihnen das Dokument „${fileName}“ bereitgestellt.${note === null ? '' : `\n\n${note}`}`;

export interface ShareDeps {
  readonly db: CaseFileDb;
  readonly dataDir: string;
  readonly log: SecurityLog;
  readonly malwareScanner: MalwareScanner;
  readonly maxDocuments: number;
}

export interface Share {
  readonly lawyerId: string;
  /** The id the share was audited under (openCaseFileForLawyer); the document gets it. */
  readonly documentId: string;
  readonly received: { readonly fileName: string; readonly bytes: Buffer };
  readonly note: string | null;
  readonly now: Date;
}

/** Checks and stores the lawyer's document in `row`'s file and records it in the client's history. */
export async function shareDocument(deps: ShareDeps, row: CaseFileTable, share: Share): Promise<CaseFileDocumentTable> {
  const checked = await checkDocument(deps, { caseFileId: row.id, uploaderKind: 'lawyer', uploaderId: share.lawyerId }, share.received);
  const stored = await storeDocument(deps.db, deps.dataDir, {
    ...checked,
    id: share.documentId,
    caseFileId: row.id,
    uploadedBy: 'lawyer',
    now: share.now,
    maxDocuments: deps.maxDocuments,
    // The lawyer as the client sees them in the Fallakte now (the file's lawyer is the only one who may share).
    shared: { byName: row.lawyer_name, note: share.note },
    closedError: closedForSharing,
  });
  const text = sharedDocumentHistoryText(row.lawyer_name, checked.fileName, share.note);
  await addHistory(deps.db, row.id, { kind: 'DocumentShared', title: 'Dokument von Ihrer Kanzlei', text }, share.now);
  // Ids only: no file name, note or client data.
  deps.log.info({ event: 'casefile.document.shared', caseFileId: row.id, lawyerId: share.lawyerId, documentId: stored.id }, 'lawyer shared a document');
  return stored;
}
