// Writing an upload's bytes under DATA_DIR: a write that fails halfway (a full disk: ENOSPC) leaves no partial file
// behind – an orphan without a row would keep the disk full – and the client hears that the server's storage is full
// (507) or cannot be written right now (503) instead of a generic 500. The error keeps the file system's error as
// its `cause`, which the error handler logs as an error for the operator (platform/http/errors.ts).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorCodes, type DomainError } from '../errors.js';

export const storageError = errorCodes({ StorageFull: 507, StorageUnavailable: 503 });

/**
 * The file system's write, held in an object: a test stands in for a full disk by replacing it here
 * (test/storageFull.http.test.ts) – the Node tests share their modules (vitest isolate: false), so a module mock
 * would not reach a copy of this module another test file had loaded first.
 */
export const storageFileSystem = { writeFile };

export const storageFullMessage = 'Der Speicher des Servers ist voll. Bitte versuchen Sie es später erneut.';
export const storageUnavailableMessage = 'Die Datei konnte gerade nicht gespeichert werden. Bitte versuchen Sie es später erneut.';

/** Codes of a file system without room: no free blocks (ENOSPC) or the user's quota used up (EDQUOT). */
const FULL_CODES: readonly string[] = ['ENOSPC', 'EDQUOT'];

/** The client's answer to a failed write, with the file system's error as its cause. */
export function storageFailure(cause: unknown): DomainError {
  const code = (cause as NodeJS.ErrnoException | null)?.code;
  const error =
    code !== undefined && FULL_CODES.includes(code)
      ? storageError('StorageFull', storageFullMessage)
      : storageError('StorageUnavailable', storageUnavailableMessage);
  error.cause = cause;
  return error;
}

/**
 * Creates `file` (it must not exist; 0600, its folder 0700) with `bytes`. On any failure the partial file is
 * removed and a `StorageFull`/`StorageUnavailable` DomainError thrown; a file that already existed is not touched.
 */
export async function writeNewFile(file: string, bytes: Uint8Array): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw storageFailure(error);
  }
  try {
    // 0600/0700 are requested explicitly: a umask can only narrow them.
    await storageFileSystem.writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // `wx` on an existing file: it is someone else's (ids are random, so this is a bug, not a full disk) – keep it.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    await rm(file, { force: true }).catch(() => undefined);
    throw storageFailure(error);
  }
}
