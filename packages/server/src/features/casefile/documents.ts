// Case documents: metadata in the database, bytes under <dataDir>/casefiles/<case>/<id> (outside any web root).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { CaseDocument } from '@rechtschat/core';
import type { CaseFileDocumentTable } from './tables.js';
import { DomainError } from '../../platform/errors.js';
import { caseFileError, closedCaseFile } from './caseFileErrors.js';
import { newId } from '../../platform/ids.js';
import type { CaseFileDb } from './caseFileQueries.js';
import {
  countDocumentRows,
  deleteUnseenClientDocument,
  findDocumentRow,
  insertDocument,
  insertDocumentWithinQuota,
  listDocumentRows,
} from './documentQueries.js';
import { checkUpload, fileKinds } from '../../platform/files/fileType.js';
import type { MalwareScanner } from '../../platform/files/malwareScan.js';
import { archiveRefused } from '../../platform/files/zipInspection.js';
import { sanitizeFileName } from '../../platform/files/fileNames.js';
import { writeNewFile } from '../../platform/files/storeFile.js';
import { caseFileDocumentKinds } from './documentTypes.js';
import type { SecurityLog } from './login.js';
import { addHistory } from './service.js';

export type UploadedBy = CaseDocument['UploadedBy'];

export interface StoredDocument {
  row: CaseFileDocumentTable;
  bytes: Buffer;
}

function storagePath(dataDir: string, storageKey: string): string {
  return path.join(dataDir, 'casefiles', storageKey);
}

export function toCaseDocument(row: CaseFileDocumentTable): CaseDocument {
  const uploadedBy: UploadedBy = row.uploaded_by === 'lawyer' || row.uploaded_by === 'system' ? row.uploaded_by : 'client';
  return {
    Id: row.id,
    FileName: row.file_name,
    ContentType: row.content_type,
    Size: row.size,
    Created: row.created_at,
    UploadedBy: uploadedBy,
    ...(row.shared_by_name ? { SharedBy: row.shared_by_name } : {}),
    ...(row.note ? { Note: row.note } : {}),
  };
}

/** The client's view of a document: also whether they may still remove it (their own upload, not yet seen by the firm). */
export function toClientDocument(row: CaseFileDocumentTable): CaseDocument {
  return { ...toCaseDocument(row), Removable: row.uploaded_by === 'client' && row.seen_by_firm_at === null };
}

/** How many documents one case file holds at most (the client's uploads and what the firm shares together). */
export const DEFAULT_MAX_DOCUMENTS_PER_CASE = 100;

export const quotaExceeded = () => caseFileError('QuotaExceeded', 'Die maximale Anzahl an Dokumenten für diese Fallakte ist erreicht.');

/**
 * Writes the file first, then the row: a crash leaves at worst an orphan file, never a row without content. With
 * `maxDocuments` (the client's upload) the row is stored only while the mandate is open and the file holds fewer
 * documents (decided atomically with the insert); otherwise the bytes are removed again and the upload is refused
 * with 409 `Conflict` (closed) or `QuotaExceeded`. A write that fails (a full disk) leaves no partial file and is
 * refused with 507 `StorageFull` or 503 `StorageUnavailable` (platform/files/storeFile.ts).
 */
export async function storeDocument(
  db: CaseFileDb,
  dataDir: string,
  doc: {
    caseFileId: string;
    fileName: string;
    contentType: string;
    bytes: Uint8Array;
    uploadedBy: UploadedBy;
    now: Date;
    maxDocuments?: number;
    /** The id, when the caller named it before (a lawyer's share is audited under it first); else a new one. */
    id?: string;
    /** A lawyer's share: who, as the client sees it, and the optional note. */
    shared?: { byName: string; note: string | null };
    /** The refusal when the mandate ended meanwhile; by default the client's text. */
    closedError?: () => DomainError;
  },
): Promise<CaseFileDocumentTable> {
  const id = doc.id ?? newId();
  const storageKey = `${doc.caseFileId}/${id}`;
  const file = storagePath(dataDir, storageKey);
  // A failed write (a full disk) leaves no partial file and answers 507 StorageFull / 503 StorageUnavailable.
  await writeNewFile(file, doc.bytes);
  const row: CaseFileDocumentTable = {
    id,
    case_file_id: doc.caseFileId,
    file_name: doc.fileName,
    content_type: doc.contentType,
    size: doc.bytes.byteLength,
    storage_key: storageKey,
    uploaded_by: doc.uploadedBy,
    created_at: doc.now.toISOString(),
    // What the firm stored itself (a lawyer's upload, the signed Vollmacht) counts as seen.
    seen_by_firm_at: doc.uploadedBy === 'client' ? null : doc.now.toISOString(),
    ...(doc.shared ? { shared_by_name: doc.shared.byName, note: doc.shared.note } : {}),
  };
  if (doc.maxDocuments === undefined) await insertDocument(db, row);
  else {
    const inserted = await insertDocumentWithinQuota(db, row, doc.maxDocuments);
    if (inserted !== 'stored') {
      await rm(file, { force: true });
      throw inserted === 'closed' ? (doc.closedError ?? closedCaseFile.documents)() : quotaExceeded();
    }
  }
  return row;
}

export async function listDocuments(db: CaseFileDb, caseFileId: string): Promise<CaseDocument[]> {
  return (await listDocumentRows(db, caseFileId)).map(toCaseDocument);
}

/** The client's list, with Removable per document. */
export async function listClientDocuments(db: CaseFileDb, caseFileId: string): Promise<CaseDocument[]> {
  return (await listDocumentRows(db, caseFileId)).map(toClientDocument);
}

/**
 * The client removes a wrongly uploaded document of their own, allowed only until a lawyer has fetched it. The
 * row goes first (conditionally, see deleteUnseenClientDocument), then the bytes; the history records it.
 */
export async function removeClientDocument(
  deps: { db: CaseFileDb; dataDir: string; log: SecurityLog },
  caseFileId: string,
  documentId: string,
  now: Date,
): Promise<void> {
  const row = await findDocumentRow(deps.db, caseFileId, documentId);
  if (!row) throw new DomainError('NotFound', 'Das Dokument wurde nicht gefunden.');
  if (!(await deleteUnseenClientDocument(deps.db, caseFileId, documentId))) {
    throw new DomainError(
      'Conflict',
      row.uploaded_by === 'client'
        ? 'Ihre Kanzlei hat das Dokument bereits geöffnet, es kann nicht mehr entfernt werden. Bitte schreiben Sie Ihrer Kanzlei, wenn es versehentlich hochgeladen wurde.'
        : 'Dieses Dokument stammt von Ihrer Kanzlei und kann nicht entfernt werden.',
    );
  }
  await rm(storagePath(deps.dataDir, row.storage_key), { force: true });
  await addHistory(deps.db, caseFileId, { kind: 'DocumentRemoved', title: 'Dokument entfernt', text: row.file_name }, now);
  deps.log.info({ event: 'casefile.document.removed', caseFileId, documentId }, 'client removed an unseen upload');
}

export const countDocuments = countDocumentRows;

/**
 * Reads one document, only if it belongs to the given case file (object-level check). A row whose bytes are gone – a
 * withdrawal removes them before the row (sharedDocumentWithdrawal.ts) – answers like an unknown document.
 */
export async function readDocument(db: CaseFileDb, dataDir: string, caseFileId: string, documentId: string): Promise<StoredDocument | undefined> {
  const row = await findDocumentRow(db, caseFileId, documentId);
  if (!row) return undefined;
  try {
    return { row, bytes: await readFile(storagePath(dataDir, row.storage_key)) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Deletes a document's stored bytes; a file already gone is no error (a repeated withdrawal). */
export async function deleteDocumentBytes(dataDir: string, storageKey: string): Promise<void> {
  await rm(storagePath(dataDir, storageKey), { force: true });
}

/** Whether the name ends like one of the kinds a case file takes (`.pdf`, `.JPG`, …). */
function hasAllowedExtension(fileName: string): boolean {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension !== undefined && caseFileDocumentKinds.some((name) => (fileKinds[name].extensions as readonly string[]).includes(extension));
}

/** Who sends a document, for the malware scan's security log and the refusal logs (never the file's name or content). */
export interface DocumentSender {
  readonly caseFileId: string;
  readonly uploaderKind: 'casefile-client' | 'lawyer';
  readonly uploaderId: string;
}

export interface CheckedDocument {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/**
 * The one check of every document that goes into a case file, the client's upload and the lawyer's share alike: kept
 * only if its content is an allowed type; the sanitised display name takes the extension of that type, like a chat
 * upload (`scan.jpg` holding a PNG → `scan.png`, `foto` → `foto.jpg`). Scanned for malware first (H6), and handed on
 * without image metadata (H7).
 */
export async function checkDocument(
  deps: { log: SecurityLog; malwareScanner: MalwareScanner },
  sender: DocumentSender,
  received: { fileName: string; bytes: Buffer },
): Promise<CheckedDocument> {
  const { caseFileId } = sender;
  if (received.bytes.length === 0) throw caseFileError('EmptyFile', 'Die Datei ist leer.');
  const checked = await checkUpload(received.bytes, caseFileDocumentKinds, {
    scanner: deps.malwareScanner,
    origin: { feature: 'casefile', uploaderKind: sender.uploaderKind, uploaderId: sender.uploaderId },
  });
  if (!checked.ok && checked.reason === 'type') {
    deps.log.warn({ event: 'casefile.upload.rejected_type', caseFileId, size: received.bytes.length }, 'upload rejected: type not allowed');
    // A name with an allowed ending (`Bescheid.pdf`) over other content: „type not allowed“ would puzzle someone holding a PDF.
    if (hasAllowedExtension(received.fileName))
      throw caseFileError(
        'ContentMismatch',
        'Der Inhalt dieser Datei passt nicht zu ihrer Endung – sie ist vermutlich beschädigt oder umbenannt. Bitte speichern Sie sie neu und laden Sie sie erneut hoch.',
      );
    throw caseFileError(
      'UnsupportedFileType',
      'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Bilder (PNG, JPEG, GIF, WebP, HEIC), Office-Dokumente und ZIP-Archive.',
    );
  }
  if (!checked.ok && checked.reason === 'archive') {
    deps.log.warn({ event: 'casefile.upload.rejected_archive', caseFileId, problem: checked.problem }, 'upload rejected: archive refused');
    throw archiveRefused();
  }
  if (!checked.ok) {
    deps.log.warn({ event: 'casefile.upload.rejected_broken', caseFileId, size: received.bytes.length }, 'upload rejected: broken file');
    throw caseFileError('InvalidUpload', 'Die Datei ist beschädigt und kann nicht gespeichert werden. Bitte laden Sie sie erneut hoch.');
  }
  // Stored and measured without metadata.
  const { kind, bytes } = checked;
  return { fileName: sanitizeFileName(received.fileName, { extensions: kind.extensions, emptyStem: 'Dokument' }), contentType: kind.mime, bytes };
}

/** The client's upload: checked (checkDocument), stored within the quota while the mandate is open, and recorded in the history. */
export async function acceptClientUpload(
  deps: { db: CaseFileDb; dataDir: string; log: SecurityLog; malwareScanner: MalwareScanner; maxDocuments: number },
  caseFileId: string,
  received: { fileName: string; bytes: Buffer },
  now: Date,
): Promise<CaseFileDocumentTable> {
  const { fileName, contentType, bytes } = await checkDocument(deps, { caseFileId, uploaderKind: 'casefile-client', uploaderId: caseFileId }, received);
  const stored = await storeDocument(deps.db, deps.dataDir, {
    caseFileId,
    fileName,
    contentType,
    bytes,
    uploadedBy: 'client',
    now,
    maxDocuments: deps.maxDocuments,
  });
  await addHistory(deps.db, caseFileId, { kind: 'DocumentUploaded', title: 'Dokument hochgeladen', text: fileName }, now);
  return stored;
}
