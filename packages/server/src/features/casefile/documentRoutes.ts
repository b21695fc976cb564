// Document endpoints: list, upload (multipart, size- and content-checked), download as attachment.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireCase, type CaseFileContext, type TokenRequest } from './context.js';
import { countDocuments, listDocuments, readDocument, storeDocument, toCaseDocument } from './documents.js';
import { detectFileType } from '../../platform/files/fileType.js';
import { extensionOf, sanitizeFileName } from '../../platform/files/fileNames.js';
import { dispositionHeader } from '../../platform/files/download.js';
import { caseFileDocumentKinds } from './documentTypes.js';
import { sendError } from './httpErrors.js';
import { addHistory } from './service.js';

/**
 * Headers that keep a stored file inert in the browser (SECURITY H4). Server-generated PDFs may be shown
 * inline; they get no CSP sandbox because browsers refuse to render PDFs in a sandboxed document.
 */
export function sendFile(reply: FastifyReply, fileName: string, contentType: string, bytes: Uint8Array, disposition: 'attachment' | 'inline' = 'attachment'): FastifyReply {
  if (disposition === 'attachment') reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', dispositionHeader(fileName, disposition))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(bytes));
}

/**
 * Reads the one uploaded file. toBuffer() stops at the size limit and throws the 413 error, which is passed on;
 * a truncated or malformed multipart body is reported as 'broken' instead of a 500.
 */
async function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<{ fileName: string; bytes: Buffer } | 'broken' | undefined> {
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    return part ? { fileName: part.filename, bytes: await part.toBuffer() } : undefined;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    request.log.warn({ event: 'casefile.upload.broken', err: error }, 'malformed multipart upload');
    return 'broken';
  }
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  app.get('/:token/documents', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    return row ? listDocuments(ctx.db, row.id) : reply;
  });

  app.post('/:token/documents', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    if (!request.isMultipart()) return sendError(reply, 415, 'UnsupportedMediaType', 'Bitte laden Sie die Datei als multipart/form-data hoch.');
    if ((await countDocuments(ctx.db, row.id)) >= ctx.maxDocumentsPerCase) {
      return sendError(reply, 409, 'QuotaExceeded', 'Die maximale Anzahl an Dokumenten für diese Fallakte ist erreicht.');
    }
    const received = await readSingleFile(request, ctx.maxUploadBytes);
    if (received === 'broken') return sendError(reply, 400, 'InvalidUpload', 'Die Datei konnte nicht gelesen werden. Bitte laden Sie sie erneut hoch.');
    if (!received) return sendError(reply, 400, 'NoFile', 'Bitte wählen Sie eine Datei aus.');
    const { bytes } = received;
    const fileName = sanitizeFileName(received.fileName, { emptyStem: 'Dokument' });
    const type = await detectFileType(bytes, caseFileDocumentKinds);
    if (bytes.length === 0 || !type || !type.extensions.includes(extensionOf(fileName))) {
      ctx.log.warn({ event: 'casefile.upload.rejected_type', caseFileId: row.id, size: bytes.length }, 'upload rejected: type not allowed');
      return sendError(reply, 415, 'UnsupportedFileType', 'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, PNG, JPEG, GIF, WebP, HEIC und DOCX.');
    }
    const now = ctx.now();
    const stored = await storeDocument(ctx.db, ctx.dataDir, { caseFileId: row.id, fileName, contentType: type.mime, bytes, uploadedBy: 'client', now });
    await addHistory(ctx.db, row.id, { kind: 'DocumentUploaded', title: 'Dokument hochgeladen', text: fileName }, now);
    return reply.code(201).send(toCaseDocument(stored));
  });

  app.get<{ Params: { token: string; documentId: string } }>('/:token/documents/:documentId', async (request, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    const doc = await readDocument(ctx.db, ctx.dataDir, row.id, request.params.documentId);
    if (!doc) return sendError(reply, 404, 'NotFound', 'Das Dokument wurde nicht gefunden.');
    return sendFile(reply, doc.row.file_name, doc.row.content_type, doc.bytes);
  });
}
