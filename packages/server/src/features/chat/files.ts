// Chat uploads: size-limited, typed by content, stored under DATA_DIR/uploads with
// server-generated names (never the user's file name) outside any web root.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/storage/database.js';
import type { FilesTable } from './tables.js';
import type { Caller, ChatWithCase } from './chatAccess.js';
import { chatOfCaller, chatsReadableByLawyer } from './chatAccess.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, DomainError, notFound } from '../../platform/errors.js';
import { checkUpload, type AllowedFileKinds } from '../../platform/files/fileType.js';
import { archiveRefused } from '../../platform/files/zipInspection.js';
import { writeNewFile } from '../../platform/files/storeFile.js';
import type { MalwareScanner } from '../../platform/files/malwareScan.js';
import { sanitizeFileName } from '../../platform/files/fileNames.js';
import { newId } from '../../platform/ids.js';
import { countFilesOfCase, findFile, insertFileWithinQuota, revokeChatFiles } from './fileQueries.js';

/** What either side may send in a chat; the stored name takes the extension of the content. */
export const chatUploadKinds: AllowedFileKinds = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'heic', 'docx', 'xlsx', 'pptx', 'zip', 'doc'];

export interface FileDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly uploadDir: string;
  readonly malwareScanner: MalwareScanner;
  /** MAX_CHAT_FILES_PER_CASE: files the chats of one case may hold, both sides together. */
  readonly maxFilesPerCase: number;
}

const filesAfterTheChat = () => new DomainError('Conflict', 'In diesem Chat können keine Dateien mehr hochgeladen werden.');
const filesBeforeTheLawyer = () => new DomainError('Conflict', 'Dateien können Sie senden, sobald eine Anwältin oder ein Anwalt den Chat übernommen hat.');
const tooManyFiles = () =>
  new DomainError(
    'Conflict',
    'In dieser Beratung wurden so viele Dateien gesendet, wie möglich sind. Bitte senden Sie weitere Unterlagen per E-Mail oder Post.',
  );

/**
 * Whether a file may go into the chat now, checked before its bytes are read: only while a lawyer holds the chat
 * (the chat offers the upload only then – a waiting chat no lawyer has seen yet takes none) and while its case holds
 * fewer than `maxFilesPerCase` files. storeUpload decides the count again together with the insert.
 */
export async function checkUploadAllowed(deps: FileDeps, target: ChatWithCase): Promise<void> {
  if (target.chat.state === 'closed' || target.chat.state === 'forwarded') throw filesAfterTheChat();
  if (target.chat.state !== 'active') throw filesBeforeTheLawyer();
  if ((await countFilesOfCase(deps.db, target.case.id)) >= deps.maxFilesPerCase) throw tooManyFiles();
}

export async function storeUpload(deps: FileDeps, target: ChatWithCase, uploader: Caller, fileName: string, uploaded: Buffer): Promise<FilesTable> {
  await checkUploadAllowed(deps, target);
  const checked = await checkUpload(uploaded, chatUploadKinds, {
    scanner: deps.malwareScanner,
    origin: { feature: 'chat', uploaderKind: uploader.kind, uploaderId: uploader.id },
  });
  if (!checked.ok && checked.reason === 'type') {
    throw new DomainError(
      'UnsupportedMediaType',
      'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Bilder (PNG, JPEG, GIF, WebP, HEIC), Office-Dokumente und ZIP-Archive.',
    );
  }
  if (!checked.ok && checked.reason === 'archive') throw archiveRefused();
  if (!checked.ok) throw badRequest('Die Datei ist beschädigt und kann nicht gespeichert werden. Bitte laden Sie sie erneut hoch.');
  // Stored and measured without metadata.
  const { kind: type, bytes: content } = checked;
  const id = newId();
  const storageName = `${id}.bin`;
  const storagePath = path.join(deps.uploadDir, storageName);
  // A failed write (a full disk) leaves no partial file and answers 507 StorageFull / 503 StorageUnavailable.
  await writeNewFile(storagePath, content);
  const row: FilesTable = {
    id,
    case_id: target.case.id,
    chat_id: target.chat.id,
    uploader_kind: uploader.kind,
    uploader_id: uploader.id,
    file_name: sanitizeFileName(fileName, { extensions: type.extensions, emptyStem: 'datei' }),
    content_type: type.mime,
    size: content.length,
    storage_name: storageName,
    revoked: 0,
    created_at: deps.clock.now().toISOString(),
  };
  // Parallel uploads all passed the early check: the insert decides, and a refused one leaves no bytes behind.
  if (!(await insertFileWithinQuota(deps.db, row, deps.maxFilesPerCase))) {
    await fs.promises.rm(storagePath, { force: true });
    throw tooManyFiles();
  }
  return row;
}

/**
 * A file the caller may read: the participant of its case, or – unless the participant revoked forwarding – a lawyer
 * of the case: the one of the file's chat, or the colleague it was forwarded to after the participant said yes.
 */
export async function fileForCaller(deps: FileDeps, caller: Caller, fileId: string): Promise<{ row: FilesTable; absolutePath: string }> {
  const row = await findFile(deps.db, fileId);
  if (!row) throw notFound('Die Datei');
  if (caller.kind === 'participant') {
    await chatOfCaller(deps.db, caller, row.chat_id).catch(() => {
      throw notFound('Die Datei');
    });
  } else {
    // Like the transcript: a lawyer reads the files of the chats up to the last one they hold, so whoever forwarded a
    // chat does not download what the client sends the colleague afterwards (outside tester).
    if (row.revoked === 1 || !(await chatsReadableByLawyer(deps.db, row.case_id, caller.id)).held.has(row.chat_id)) throw notFound('Die Datei');
  }
  return { row, absolutePath: path.join(deps.uploadDir, row.storage_name) };
}

/** The participant withdraws permission to forward the chat's files; lawyers lose access to them. */
export async function revokeFileForwarding(deps: FileDeps, participantId: string, chatId: string): Promise<void> {
  await chatOfCaller(deps.db, { kind: 'participant', id: participantId }, chatId);
  await revokeChatFiles(deps.db, chatId);
}
