// The one file of a multipart upload (chat file, lawyer photo, a document the lawyer shares into a case file), read
// into memory up to the registered size limit.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';
import { declaresLengthWithin, unreadBodyLimit } from './unreadBody.js';

export interface UploadedFile {
  readonly fileName: string;
  readonly bytes: Buffer;
  /** The text fields sent before the file part (e.g. the note to a shared case-file document); later ones are not read. */
  readonly fields: Readonly<Record<string, string>>;
}

/** The text fields the parser read before the file part; a repeated name keeps its first value. */
function textFieldsOf(part: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first?.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
  }
  return fields;
}

/**
 * The request's one file, or undefined when it carries none. A second file is refused (400) rather than silently
 * dropped, as the case file's upload does: the caller would believe both were stored. The parser's own refusals (413
 * at the size limit) pass on; a body it cannot read at all – cut off, no boundary – is the client's fault: 400, not 500.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile | undefined> {
  let first: UploadedFile | undefined;
  try {
    boundUploadBody(request, maxBytes);
    for await (const part of request.files({ limits: { files: 1 } })) {
      if (first) throw severalFiles();
      first = { fileName: part.filename, bytes: await partBytes(request, part), fields: textFieldsOf(part) };
    }
    return first;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') throw severalFiles();
    const status = (error as { statusCode?: unknown; status?: unknown }).statusCode ?? (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    request.log.warn({ event: 'upload.unreadable', err: error }, 'malformed multipart upload');
    throw badRequest('Die Datei konnte nicht gelesen werden. Bitte laden Sie sie erneut hoch.');
  }
}

const severalFiles = () => badRequest('Bitte laden Sie jeweils nur eine Datei hoch.');

/**
 * The bytes of one file part, refused with the parser's 413 (`FST_REQ_FILE_TOO_LARGE`) the moment it passes the size
 * limit. The part's own `toBuffer()` stops keeping bytes there but reads the part to its end before it says so: an
 * upload of 500 MB, or a chunked body that never ends, was read for as long as the client sent (found from outside,
 * 2026-12-03). Dropping the part stops the parser; the error handler closes the connection after the answer
 * (errors.ts), so nothing more of the body is read.
 */
export function partBytes(request: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  const file = part.file;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const tooLarge = () => {
      file.removeAllListeners('data');
      file.destroy();
      reject(new request.server.multipartErrors.RequestFileTooLargeError());
    };
    if (file.truncated) return tooLarge();
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', tooLarge);
    file.once('end', () => (file.truncated ? tooLarge() : resolve(Buffer.concat(chunks))));
    file.once('error', reject);
  });
}

/**
 * Bounds what the multipart parser reads of an upload's body to the file limit and 64 KiB of framing: the parser would
 * otherwise read a preamble or an oversized field for as long as the client sends. A body declaring more is refused with
 * 413 (the parser's own error; the connection then closes, unreadBody.ts) before a byte of it is read; a chunked one,
 * which declares nothing, is cut off (the connection closed) once it passes the bound. Call it right before the parser
 * starts, with nothing awaited in between, so that the count sees every byte the parser gets.
 */
export function boundUploadBody(request: FastifyRequest, maxBytes: number): void {
  const bound = unreadBodyLimit(maxBytes);
  const raw = request.raw;
  if (raw.headers['transfer-encoding'] === undefined) {
    if (!declaresLengthWithin(raw, bound)) throw new request.server.multipartErrors.RequestFileTooLargeError();
    return;
  }
  let read = 0;
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > bound) raw.destroy();
  });
}
