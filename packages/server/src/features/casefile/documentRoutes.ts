// Document endpoints: list, upload (multipart, size- and content-checked), download as attachment.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.js';
import { caseFileError, closedCaseFile } from './caseFileErrors.js';
import { announceClientChange, requireCase, type CaseFileContext, type TokenRequest } from './context.js';
import { acceptClientUpload, countDocuments, listClientDocuments, quotaExceeded, readDocument, removeClientDocument, toClientDocument } from './documents.js';
import { dispositionHeader } from '../../platform/files/download.js';
import { boundUploadBody, partBytes } from '../../platform/http/upload.js';

/**
 * Headers that keep a stored file inert in the browser. Server-generated PDFs may be shown
 * inline; they get no CSP sandbox because browsers refuse to render PDFs in a sandboxed document.
 */
export function sendFile(
  reply: FastifyReply,
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
  disposition: 'attachment' | 'inline' = 'attachment',
): FastifyReply {
  if (disposition === 'attachment') reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', dispositionHeader(fileName, disposition))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(bytes));
}

/**
 * Reads the one uploaded file. partBytes() refuses it the moment it passes the size limit with the 413 error, which is
 * passed on (the connection is then closed, nothing more of the body is read);
 * a truncated or malformed multipart body is reported as 'broken' instead of a 500, a second file as 'several'
 * (the parser stops at the files limit, so the second file's bytes are never buffered).
 */
async function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<{ fileName: string; bytes: Buffer } | 'broken' | 'several' | undefined> {
  let first: { fileName: string; bytes: Buffer } | undefined;
  boundUploadBody(request, maxBytes);
  try {
    for await (const part of request.files({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (first) return 'several';
      first = { fileName: part.filename, bytes: await partBytes(request, part) };
    }
    return first;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    if (code === 'FST_FILES_LIMIT') return 'several';
    request.log.warn({ event: 'casefile.upload.broken', err: error }, 'malformed multipart upload');
    return 'broken';
  }
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  app.get('/:token/documents', async (request: TokenRequest) => listClientDocuments(ctx.db, (await requireCase(ctx, request, request.params.token)).id));

  app.post('/:token/documents', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, request.params.token);
    // A closed file (mandate ended) takes no more documents: refused before the body is read, and again in the insert.
    if (row.closed === 1) throw closedCaseFile.documents();
    if (!request.isMultipart()) throw new DomainError('UnsupportedMediaType', 'Bitte laden Sie die Datei als multipart/form-data hoch.');
    // Early, before the body is read; the insert decides again atomically (parallel uploads).
    if ((await countDocuments(ctx.db, row.id)) >= ctx.maxDocumentsPerCase) throw quotaExceeded();
    const received = await readSingleFile(request, ctx.maxUploadBytes);
    if (received === 'broken') throw caseFileError('InvalidUpload', 'Die Datei konnte nicht gelesen werden. Bitte laden Sie sie erneut hoch.');
    if (received === 'several') throw caseFileError('TooManyFiles', 'Bitte laden Sie jeweils nur eine Datei hoch.');
    if (!received) throw caseFileError('NoFile', 'Bitte wählen Sie eine Datei aus.');
    const stored = await acceptClientUpload(
      { db: ctx.db, dataDir: ctx.dataDir, log: ctx.log, malwareScanner: ctx.malwareScanner, maxDocuments: ctx.maxDocumentsPerCase },
      row.id,
      received,
      ctx.now(),
    );
    await announceClientChange(ctx, row);
    return reply.code(201).send(toClientDocument(stored));
  });

  app.get<{ Params: { token: string; documentId: string } }>('/:token/documents/:documentId', async (request, reply) => {
    const row = await requireCase(ctx, request, request.params.token);
    const doc = await readDocument(ctx.db, ctx.dataDir, row.id, request.params.documentId);
    if (!doc) throw new DomainError('NotFound', 'Das Dokument wurde nicht gefunden.');
    return sendFile(reply, doc.row.file_name, doc.row.content_type, doc.bytes);
  });

  // A wrongly uploaded document goes again, while no lawyer has opened it (409 Conflict after that).
  app.delete<{ Params: { token: string; documentId: string } }>('/:token/documents/:documentId', async (request, reply) => {
    const row = await requireCase(ctx, request, request.params.token);
    await removeClientDocument({ db: ctx.db, dataDir: ctx.dataDir, log: ctx.log }, row.id, request.params.documentId, ctx.now());
    await announceClientChange(ctx, row);
    return reply.code(204).send();
  });
}
