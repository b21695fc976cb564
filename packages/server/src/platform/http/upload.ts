// The one file of a multipart upload (chat file, lawyer photo), read into memory up to the registered size limit.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

export interface UploadedFile {
  readonly fileName: string;
  readonly bytes: Buffer;
}

/**
 * The request's first file, or undefined when it carries none. The parser's own refusals (413 at the size limit,
 * too many parts) pass on; a body it cannot read at all – cut off, no boundary – is the client's fault: 400, not 500.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile | undefined> {
  try {
    const part = await request.file();
    return part ? { fileName: part.filename, bytes: await part.toBuffer() } : undefined;
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    request.log.warn({ event: 'upload.unreadable', err: error }, 'malformed multipart upload');
    throw badRequest('Die Datei konnte nicht gelesen werden. Bitte laden Sie sie erneut hoch.');
  }
}
