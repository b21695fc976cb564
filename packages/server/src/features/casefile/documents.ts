// Case documents: metadata in the database, bytes under <dataDir>/casefiles/<case>/<id> (outside any web root).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CaseDocument } from '@rechtschat/core';
import type { CaseFileDocumentTable } from '../../platform/storage/caseFileSchema.js';
import type { CaseFileDb } from './service.js';
import { generateId } from './secrets.js';

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
  return { Id: row.id, FileName: row.file_name, ContentType: row.content_type, Size: row.size, Created: row.created_at, UploadedBy: uploadedBy };
}

/** Writes the file first, then the row: a crash leaves at worst an orphan file, never a row without content. */
export async function storeDocument(
  db: CaseFileDb,
  dataDir: string,
  doc: { caseFileId: string; fileName: string; contentType: string; bytes: Uint8Array; uploadedBy: UploadedBy; now: Date },
): Promise<CaseFileDocumentTable> {
  const id = generateId();
  const storageKey = `${doc.caseFileId}/${id}`;
  const file = storagePath(dataDir, storageKey);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, doc.bytes, { mode: 0o600, flag: 'wx' });
  const row: CaseFileDocumentTable = {
    id,
    case_file_id: doc.caseFileId,
    file_name: doc.fileName,
    content_type: doc.contentType,
    size: doc.bytes.byteLength,
    storage_key: storageKey,
    uploaded_by: doc.uploadedBy,
    created_at: doc.now.toISOString(),
  };
  await db.insertInto('case_file_documents').values(row).execute();
  return row;
}

export async function listDocuments(db: CaseFileDb, caseFileId: string): Promise<CaseDocument[]> {
  const rows = await db.selectFrom('case_file_documents').selectAll().where('case_file_id', '=', caseFileId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toCaseDocument);
}

export async function countDocuments(db: CaseFileDb, caseFileId: string): Promise<number> {
  const row = await db.selectFrom('case_file_documents').select((eb) => eb.fn.countAll<string | number>().as('n')).where('case_file_id', '=', caseFileId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Reads one document, only if it belongs to the given case file (object-level check, SECURITY H5). */
export async function readDocument(db: CaseFileDb, dataDir: string, caseFileId: string, documentId: string): Promise<StoredDocument | undefined> {
  const row = await db.selectFrom('case_file_documents').selectAll().where('id', '=', documentId).where('case_file_id', '=', caseFileId).executeTakeFirst();
  if (!row) return undefined;
  return { row, bytes: await readFile(storagePath(dataDir, row.storage_key)) };
}
