// Lawyer reads of case files on the chat host: the case with person, history and document list, and one
// document's bytes. Both go through openCaseFileForLawyer, which audits the read (SECURITY I6).
import type { FastifyInstance } from 'fastify';
import { listDocuments, readDocument } from '../casefile/documents.js';
import { sendFile } from '../casefile/documentRoutes.js';
import { listHistory, toDetails, toPerson } from '../casefile/service.js';
import type { AppContext } from '../context.js';
import { openCaseFileForLawyer } from '../domain/caseFileAccess.js';
import { notFound } from '../domain/errors.js';
import { lawyerOf } from './auth.js';
import { idParam } from './body.js';

export async function lawyerCaseFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/lawyer/case-files/:caseFileId', async (request) => {
    const lawyerId = await lawyerOf(ctx, request);
    const caseFileId = idParam(request.params, 'caseFileId');
    const row = await openCaseFileForLawyer(ctx.db, ctx.clock, { lawyerId, caseFileId, action: 'view', ip: request.ip });
    const [history, documents] = await Promise.all([listHistory(ctx.db, row.id), listDocuments(ctx.db, row.id)]);
    return { Case: toDetails(row), Person: toPerson(row), History: history, Documents: documents };
  });

  app.get('/api/lawyer/case-files/:caseFileId/documents/:documentId', async (request, reply) => {
    const lawyerId = await lawyerOf(ctx, request);
    const caseFileId = idParam(request.params, 'caseFileId');
    const documentId = idParam(request.params, 'documentId');
    const row = await openCaseFileForLawyer(ctx.db, ctx.clock, { lawyerId, caseFileId, action: 'document', documentId, ip: request.ip });
    const doc = await readDocument(ctx.db, ctx.config.dataDir, row.id, documentId);
    if (!doc) throw notFound('Das Dokument');
    return sendFile(reply, doc.row.file_name, doc.row.content_type, doc.bytes);
  });
}
