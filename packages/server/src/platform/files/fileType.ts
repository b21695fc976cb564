// Upload types are decided by content (magic bytes, read by `file-type`), never by the name or the client's
// Content-Type. Each feature passes its own allow-list as data; whatever `file-type` names
// outside it – HTML and SVG (no signature), executables, Java/Android archives, OpenDocument – is refused.
import type * as FileType from 'file-type';
import { stripMetadata } from './imageMetadata.js';
import type { MalwareScanner, UploadOrigin } from './malwareScan.js';
import { inspectZip, type ZipProblem } from './zipInspection.js';

/** `file-type` and its tokenizers load with the first upload, not at start-up (about 1.3 MB of heap). */
let fileTypeLibrary: Promise<typeof FileType> | undefined;
const loadFileType = () => (fileTypeLibrary ??= import('file-type'));

/** A type the server stores: its exact MIME type and the extensions a name may carry (canonical first). */
export interface FileKind {
  readonly mime: string;
  readonly extensions: readonly [string, ...string[]];
  /** The MIME types `file-type` reports for this kind. */
  readonly detectedAs: readonly string[];
  /** A ZIP container (ZIP itself, the OOXML formats): its entries are inspected before it is stored (zipInspection.ts). */
  readonly zipContainer: boolean;
}

const kind = (mime: string, extensions: readonly [string, ...string[]], detectedAs: readonly string[] = [mime]): FileKind => ({
  mime,
  extensions,
  detectedAs,
  zipContainer: false,
});
const zipKind = (mime: string, extensions: readonly [string, ...string[]]): FileKind => ({ ...kind(mime, extensions), zipContainer: true });

/** Every type some upload feature accepts. */
export const fileKinds = {
  pdf: kind('application/pdf', ['pdf']),
  // An animated PNG is still a PNG.
  png: kind('image/png', ['png'], ['image/png', 'image/apng']),
  jpeg: kind('image/jpeg', ['jpg', 'jpeg']),
  gif: kind('image/gif', ['gif']),
  webp: kind('image/webp', ['webp']),
  // `mif1` photos are reported as image/heif; both are stored as HEIC like before.
  heic: kind('image/heic', ['heic', 'heif'], ['image/heic', 'image/heif']),
  docx: zipKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', ['docx']),
  xlsx: zipKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ['xlsx']),
  pptx: zipKind('application/vnd.openxmlformats-officedocument.presentationml.presentation', ['pptx']),
  zip: zipKind('application/zip', ['zip']),
  // Word 97–2003 is an OLE compound file; `file-type` cannot tell .doc from .xls there, so it stays "doc" as before.
  doc: kind('application/msword', ['doc'], ['application/x-cfb']),
} as const satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof fileKinds;

/** The file kinds one feature accepts. */
export type AllowedFileKinds = readonly FileKindName[];

/** The allow-listed kind of a file's content, or undefined when `file-type` finds none or one outside the list. */
export async function detectFileType(bytes: Uint8Array, allowed: AllowedFileKinds): Promise<FileKind | undefined> {
  if (bytes.length === 0) return undefined;
  const detected = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (detected === undefined) return undefined;
  const name = allowed.find((k) => fileKinds[k].detectedAs.includes(detected.mime));
  return name === undefined ? undefined : fileKinds[name];
}

/**
 * What a stored upload is: refused when its content is outside the allow-list (`type`), its image or ZIP structure is
 * broken (`broken`) or it is a readable ZIP container the server does not take (`archive`: a zip bomb, a symlink, a
 * path leaving the folder, … – answered with `archiveRefused()`); otherwise its kind and the bytes to store – metadata
 * removed, so size and anything else derived from the file must be taken from these bytes.
 */
export type CheckedUpload =
  | { ok: true; kind: FileKind; bytes: Buffer }
  | { ok: false; reason: 'type' }
  | { ok: false; reason: 'broken'; kind: FileKind }
  | { ok: false; reason: 'archive'; kind: FileKind; problem: ZipProblem };

/** The malware scanner of the app and the upload it is asked about (for its security log). */
export interface UploadScan {
  readonly scanner: MalwareScanner;
  readonly origin: UploadOrigin;
}

/**
 * The one gate of every stored upload (chat, case file, lawyer photo): the bytes as received are scanned for
 * malware first (a finding or an unreachable scanner throws a DomainError – 422 / 503 – so nothing is
 * stored), then typed by content, a ZIP container inspected entry by entry, then stripped of metadata.
 */
export async function checkUpload(bytes: Buffer, allowed: AllowedFileKinds, scan: UploadScan): Promise<CheckedUpload> {
  await scan.scanner.assertClean(bytes, scan.origin);
  const kind = await detectFileType(bytes, allowed);
  if (kind === undefined) return { ok: false, reason: 'type' };
  if (kind.zipContainer) {
    const inspected = await inspectZip(bytes);
    if (!inspected.ok)
      return inspected.problem === 'malformed' ? { ok: false, reason: 'broken', kind } : { ok: false, reason: 'archive', kind, problem: inspected.problem };
  }
  const stripped = stripMetadata(kind.mime, bytes);
  return stripped === undefined ? { ok: false, reason: 'broken', kind } : { ok: true, kind, bytes: stripped };
}
