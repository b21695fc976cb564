// „Dokument zurückziehen“: a document the firm shared into the client's Fallakte by mistake – the wrong file, the wrong
// client, a data-protection incident for a law firm – is taken back
// (DELETE api/lawyer/case-files/{id}/documents/{documentId}: the document is gone afterwards, as for the client's own
// removal; a withdrawn case file, whose row stays, is a POST …/withdraw). Decisions:
// - Only what the firm shared (`uploaded_by` 'lawyer'): the client's own uploads and the signed Vollmacht are the
//   client's documents and stay (409 `NotSharedByFirm`). Only the file's own lawyer, like sharing; anyone else's request
//   and an unknown id answer 404, a withdrawn case file too. Allowed on an ended mandate: the client still reads an ended
//   file, and taking back another person's data must not wait for a reopened mandate.
// - The bytes go first, then the row in one transaction with the client's history entry `DocumentWithdrawn` and the
//   firm's audit entry: a failure between them leaves a row without bytes (its download answers 404, documents.ts) that
//   a second request removes, never bytes that no row names any more.
// - The client's history keeps the earlier `DocumentShared` entry – it tells the client what arrived and why a mail came –
//   but without the lawyer's note, which belonged to the withdrawn document and may speak of another client; the new
//   entry names the file only („Ihre Kanzlei hat das Dokument „…“ zurückgezogen.“), never the note.
// - Audited twice: the file's access log `unshare` with the document's id (before anything is checked, like `share`,
//   so a refused attempt leaves its trace; the client's Art. 15 summary reads it), and the firm's audit log
//   `caseFile.document.withdrawn` with the file name and when it was shared (what an administrator needs to assess the
//   incident). No content. The structured log holds ids only.
// - The client gets no mail: the history says it, and a mail about a document that is gone would only send them
//   looking for it.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { errorCodes, notFound } from '../../platform/errors.js';
import type { Db } from '../../platform/storage/database.js';
import { recordAdminAction } from '../admin/index.js';
import { rewriteHistoryText } from './caseFileQueries.js';
import { deleteSharedDocument, findDocumentRow } from './documentQueries.js';
import { deleteDocumentBytes } from './documents.js';
import { openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import { addHistory } from './service.js';
import { sharedDocumentHistoryText } from './sharedDocuments.js';

export const sharedDocumentError = errorCodes({
  /** The document is the client's upload or the signed Vollmacht: only what the firm shared can be withdrawn. */
  NotSharedByFirm: 409,
});

const notSharedByFirm = (uploadedBy: string) =>
  sharedDocumentError(
    'NotSharedByFirm',
    uploadedBy === 'system'
      ? 'Die unterschriebene Vollmacht kann nicht zurückgezogen werden. Zurückziehen können Sie nur Dokumente, die die Kanzlei bereitgestellt hat.'
      : 'Dieses Dokument hat Ihre Mandantin oder Ihr Mandant hochgeladen und kann nicht zurückgezogen werden. Zurückziehen können Sie nur Dokumente, die die Kanzlei bereitgestellt hat.',
  );

export interface SharedDocumentWithdrawalDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly dataDir: string;
  readonly log: Pick<FastifyBaseLogger, 'info'>;
}

export interface SharedDocumentWithdrawalRequest {
  /** The signed-in, active lawyer as the firm's audit log names them. */
  readonly lawyer: { readonly id: string; readonly name: string };
  readonly caseFileId: string;
  readonly documentId: string;
  readonly ip?: string;
}

/** Deletes the shared document's bytes and row and tells the client's history; see the decisions above. */
export async function withdrawSharedDocument(deps: SharedDocumentWithdrawalDeps, request: SharedDocumentWithdrawalRequest): Promise<void> {
  const { db, clock } = deps;
  const { lawyer, documentId } = request;
  const row = await openCaseFileForLawyer(db, clock, {
    lawyerId: lawyer.id,
    caseFileId: request.caseFileId,
    action: 'unshare',
    documentId,
    ...(request.ip ? { ip: request.ip } : {}),
  });
  const doc = await findDocumentRow(db, row.id, documentId);
  if (!doc) throw notFound('Das Dokument');
  if (doc.uploaded_by !== 'lawyer') throw notSharedByFirm(doc.uploaded_by);
  await deleteDocumentBytes(deps.dataDir, doc.storage_key);
  const now = clock.now();
  const removed = await deleteSharedDocument(db, row.id, doc.id, async (trx) => {
    const text = `Ihre Kanzlei hat das Dokument „${doc.file_name}“ zurückgezogen.`;
    await addHistory(trx, row.id, { kind: 'DocumentWithdrawn', title: 'Dokument zurückgezogen', text }, now);
    if (doc.note && doc.shared_by_name) {
      const shared = sharedDocumentHistoryText(doc.shared_by_name, doc.file_name, null);
      const entry = {
        case_file_id: row.id,
        kind: 'DocumentShared',
        created_at: doc.created_at,
        text: sharedDocumentHistoryText(doc.shared_by_name, doc.file_name, doc.note),
      };
      await rewriteHistoryText(trx, entry, shared);
    }
    await recordAdminAction(
      trx,
      { now: () => now },
      { id: lawyer.id, name: lawyer.name, ip: request.ip ?? null },
      {
        action: 'caseFile.document.withdrawn',
        target: { kind: 'caseFile', id: row.id, label: row.case_number },
        // When it was shared: how long the client could read it.
        details: { document: doc.file_name, sharedAt: doc.created_at },
      },
    );
  });
  // Another withdrawal came first.
  if (!removed) throw notFound('Das Dokument');
  deps.log.info({ event: 'casefile.document.withdrawn', caseFileId: row.id, lawyerId: lawyer.id, documentId: doc.id }, 'lawyer withdrew a shared document');
}
