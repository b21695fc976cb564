// Lawyer API for the case files a lawyer created (DESIGN §5): the list, and per file the client's
// uploads, questionnaire answers, contact messages and the signed Vollmacht. Only the assigned
// lawyer sees a file; anyone else's id answers 404 like an unknown one. Every read of one file goes through
// openCaseFileForLawyer, which audits it before any data is handed out (SECURITY I6).
import type { LawyerCaseFileDetail, LawyerCaseFileSummary } from '@rechtschat/core';
import type { FastifyInstance } from 'fastify';
import { listDocuments, readDocument } from './documents.js';
import type { CaseFileDb } from './service.js';
import type { AppContext } from '../../context.js';
import { openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import { notFound } from '../../platform/errors.js';
import type { CaseFileTable } from '../../platform/storage/caseFileSchema.js';
import { lawyerOf } from '../../platform/http/auth.js';
import { dispositionHeader } from '../../platform/files/download.js';

const count = async (db: CaseFileDb, table: 'case_file_documents' | 'case_file_contacts', caseFileId: string) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).where('case_file_id', '=', caseFileId).executeTakeFirst())?.n ?? 0);

function answersOf(row: CaseFileTable): LawyerCaseFileDetail['Questionnaire']['Answers'] {
  try {
    const parsed: unknown = row.questionnaire_json ? JSON.parse(row.questionnaire_json) : {};
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LawyerCaseFileDetail['Questionnaire']['Answers']) : {};
  } catch {
    return {};
  }
}

export async function lawyerCaseFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db: CaseFileDb = ctx.db;

  app.get('/api/lawyer/case-files', async (request): Promise<LawyerCaseFileSummary[]> => {
    const lawyerId = await lawyerOf(ctx, request);
    const rows = await db.selectFrom('case_files').selectAll().where('lawyer_id', '=', lawyerId).orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
    return Promise.all(
      rows.map(async (row) => ({
        CaseId: row.id,
        CaseNumber: row.case_number,
        Title: row.title,
        ClientName: `${row.first_name} ${row.last_name}`,
        Created: row.created_at,
        DocumentCount: await count(db, 'case_file_documents', row.id),
        QuestionnaireSubmitted: row.questionnaire_submitted_at !== null,
        ContactCount: await count(db, 'case_file_contacts', row.id),
        PowerOfAttorneySignedAt: row.power_of_attorney_signed_at,
      })),
    );
  });

  app.get<{ Params: { id: string } }>('/api/lawyer/case-files/:id', async (request): Promise<LawyerCaseFileDetail> => {
    const row = await openCaseFileForLawyer(ctx.db, ctx.clock, { lawyerId: await lawyerOf(ctx, request), caseFileId: request.params.id, action: 'view', ip: request.ip });
    const contacts = await db.selectFrom('case_file_contacts').selectAll().where('case_file_id', '=', row.id).orderBy('created_at', 'desc').orderBy('id').execute();
    return {
      CaseId: row.id,
      CaseNumber: row.case_number,
      Title: row.title,
      Description: row.description,
      FieldOfLaw: row.field_of_law,
      FirstName: row.first_name,
      LastName: row.last_name,
      Phone: row.phone,
      Email: row.email,
      Created: row.created_at,
      Documents: await listDocuments(db, row.id),
      Questionnaire: { Submitted: row.questionnaire_submitted_at !== null, SubmittedAt: row.questionnaire_submitted_at, Answers: answersOf(row) },
      Contacts: contacts.map((c) => ({ Id: c.id, Subject: c.subject, Message: c.message, Created: c.created_at })),
      PowerOfAttorneySignedAt: row.power_of_attorney_signed_at,
    };
  });

  // Same delivery rules as chat files: attachment, exact stored type, nosniff, sandboxed, never cached.
  app.get<{ Params: { id: string; documentId: string } }>('/api/lawyer/case-files/:id/documents/:documentId', async (request, reply) => {
    const { id: caseFileId, documentId } = request.params;
    const row = await openCaseFileForLawyer(ctx.db, ctx.clock, { lawyerId: await lawyerOf(ctx, request), caseFileId, action: 'document', documentId, ip: request.ip });
    const doc = await readDocument(db, ctx.config.dataDir, row.id, documentId);
    if (!doc) throw notFound('Das Dokument');
    return reply
      .header('Content-Type', doc.row.content_type)
      .header('Content-Disposition', dispositionHeader(doc.row.file_name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'no-store')
      .send(doc.bytes);
  });
}
