// Lawyer API for the case files a lawyer created: the list, and per file the client's
// uploads, questionnaire answers, contact messages and the signed Vollmacht. Only the assigned
// lawyer sees a file; anyone else's id answers 404 like an unknown one. Every read of one file goes through
// openCaseFileForLawyer, which audits it before any data is handed out. The same lawyer ends the
// mandate (…/close, § 50 Abs. 1 BRAO: the deletion deadline starts) or reopens it (…/reopen), see mandate.ts,
// replaces the client's link (…/new-link, newLink.ts), withdraws a file created by mistake (…/withdraw, withdrawal.ts;
// an administrator may too), shares documents into the client's Fallakte (POST …/documents, sharedDocuments.ts) and
// takes one back (DELETE …/documents/{documentId}, sharedDocumentWithdrawal.ts), answers the client's messages (POST
// …/contacts/{id}/reply, contactReplies.ts) or writes one of the firm's own (POST …/messages, firmMessages.ts); for a
// share, an answer and a message the client gets a mail without the content (clientNotice.ts). The file's lawyer or an
// administrator hands one file over to a colleague (…/handover, handover.ts).
import {
  ContactReplyRequest,
  FirmMessageRequest,
  HandOverCaseFileRequest,
  UpdateCaseFileClientRequest,
  WithdrawCaseFileRequest,
  type CaseDocument,
  type FirmMessage,
  type LawyerCaseFileContact,
  type CreateCaseFileResult,
  type HandedOverCaseFile,
  type LawyerCaseFileDetail,
  type LawyerCaseFileSummary,
  type UpdateCaseFileClientResult,
  type WithdrawnCaseFile,
} from '@rechtschat/core';
import { bodyOf, pathParams, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { DomainError, notFound } from '../../platform/errors.js';
import { readUploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import { lawyerOf } from '../../platform/http/auth.js';
import { activeLawyerOf } from '../admin/index.js';
import { dispositionHeader } from '../../platform/files/download.js';
import { markDocumentSeen } from './documentQueries.js';
import { countDocuments, DEFAULT_MAX_DOCUMENTS_PER_CASE, quotaExceeded, readDocument, toCaseDocument } from './documents.js';
import { caseFileError } from './caseFileErrors.js';
import { checkedNote, closedForSharing, shareDocument } from './sharedDocuments.js';
import { withdrawSharedDocument } from './sharedDocumentWithdrawal.js';
import { notifyClient, type ClientNoticeDeps } from './clientNotice.js';
import { replyToContact } from './contactReplies.js';
import { writeToClient } from './firmMessages.js';
import { effectiveFirmDetails } from '../firmDetails/index.js';
import { lawyerCaseFileDetail, listCaseFilesOfLawyer, openCaseFileForLawyer } from './lawyerCaseFileAccess.js';
import { endMandate, reopenMandate } from './mandate.js';
import { changeClientDetails } from './clientDetails.js';
import { replaceCaseFileLink } from './newLink.js';
import { caseFileLinkUrl } from './service.js';
import { withdrawCaseFile } from './withdrawal.js';
import { handOverCaseFile } from './handover.js';

export async function lawyerCaseFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const notice = (log: ClientNoticeDeps['log']): ClientNoticeDeps => ({
    mailer: ctx.mailer,
    log,
    firmName: async () => (await effectiveFirmDetails(ctx)).Name,
  });

  app.get('/api/lawyer/case-files', async (request): Promise<LawyerCaseFileSummary[]> => listCaseFilesOfLawyer(ctx.db, await lawyerOf(ctx, request)));

  app.get<{ Params: { id: string } }>('/api/lawyer/case-files/:id', async (request): Promise<LawyerCaseFileDetail> => {
    const row = await openCaseFileForLawyer(ctx.db, ctx.clock, {
      lawyerId: await lawyerOf(ctx, request),
      caseFileId: request.params.id,
      action: 'view',
      ip: request.ip,
    });
    return lawyerCaseFileDetail(ctx.db, row, ctx.clock.now());
  });

  // Both answer the file as it is now (LawyerCaseFileDetail); repeating either changes nothing.
  app.post<{ Params: { id: string } }>('/api/lawyer/case-files/:id/close', async (request): Promise<LawyerCaseFileDetail> => {
    const change = { lawyerId: await lawyerOf(ctx, request), caseFileId: request.params.id, ip: request.ip };
    return lawyerCaseFileDetail(ctx.db, await endMandate(ctx.db, ctx.clock, request.log, change), ctx.clock.now());
  });

  app.post<{ Params: { id: string } }>('/api/lawyer/case-files/:id/reopen', async (request): Promise<LawyerCaseFileDetail> => {
    const change = { lawyerId: await lawyerOf(ctx, request), caseFileId: request.params.id, ip: request.ip };
    return lawyerCaseFileDetail(ctx.db, await reopenMandate(ctx.db, ctx.clock, request.log, change), ctx.clock.now());
  });

  // A new link, answered like the creation's (shown once); the old link, the file's client sessions and the PIN lock end.
  app.post<{ Params: { id: string } }>('/api/lawyer/case-files/:id/new-link', async (request): Promise<CreateCaseFileResult> => {
    const change = { lawyerId: await lawyerOf(ctx, request), caseFileId: request.params.id, ip: request.ip };
    const link = await replaceCaseFileLink(ctx.db, ctx.clock, request.log, ctx.sessions, change);
    return { CaseId: link.caseId, CaseNumber: link.caseNumber, Url: caseFileLinkUrl(ctx.config.webOrigins, link.urlPath), Token: link.token, Pin: link.pin };
  });

  // The client's name and phone as the lawyer corrects them; `Pin` only when the new number made a new PIN.
  const typed = app.withTypeProvider<IoTsTypeProvider>();
  typed.put(
    '/api/lawyer/case-files/:id/client',
    { schema: { params: pathParams('id'), body: UpdateCaseFileClientRequest } },
    async (request): Promise<UpdateCaseFileClientResult> => {
      const body = bodyOf(request);
      const { row, pin } = await changeClientDetails(ctx.db, ctx.clock, request.log, ctx.sessions, {
        lawyerId: await lawyerOf(ctx, request),
        caseFileId: request.params.id,
        ip: request.ip,
        firstName: body.FirstName,
        lastName: body.LastName,
        phone: body.Phone,
      });
      return { Detail: await lawyerCaseFileDetail(ctx.db, row, ctx.clock.now()), Pin: pin };
    },
  );

  // A file created by mistake, before its client ever signed in: the file's lawyer or an administrator, with a reason.
  typed.post(
    '/api/lawyer/case-files/:id/withdraw',
    { schema: { params: pathParams('id'), body: WithdrawCaseFileRequest } },
    async (request): Promise<WithdrawnCaseFile> => {
      const lawyer = await activeLawyerOf(ctx, request);
      return withdrawCaseFile(
        {
          db: ctx.db,
          clock: ctx.clock,
          log: request.log,
          sessions: ctx.sessions,
          announce: async (lawyerId, caseFileId) => ctx.hub?.sendToPrincipal({ kind: 'lawyer', id: lawyerId }, 'CaseFileChanged', [caseFileId]),
        },
        { actor: { id: lawyer.id, name: lawyer.name, role: lawyer.role, ip: request.ip }, caseFileId: request.params.id, reason: bodyOf(request).Reason },
      );
    },
  );

  // One file to a colleague (another active lawyer of the firm): the file's lawyer or an administrator, with an optional note.
  typed.post(
    '/api/lawyer/case-files/:id/handover',
    { schema: { params: pathParams('id'), body: HandOverCaseFileRequest } },
    async (request): Promise<HandedOverCaseFile> => {
      const lawyer = await activeLawyerOf(ctx, request);
      const body = bodyOf(request);
      return handOverCaseFile(
        {
          db: ctx.db,
          clock: ctx.clock,
          log: request.log,
          chatHostUrl: ctx.config.chatHostUrl,
          announce: async (lawyerId, caseFileId) => ctx.hub?.sendToPrincipal({ kind: 'lawyer', id: lawyerId }, 'CaseFileChanged', [caseFileId]),
        },
        {
          actor: { id: lawyer.id, name: lawyer.name, role: lawyer.role, ip: request.ip },
          caseFileId: request.params.id,
          toLawyerId: body.ToLawyerId,
          note: body.Note,
        },
      );
    },
  );

  // „Dokument bereitstellen“: multipart with the optional `note` field before the `file` part. Audited before the body is
  // read; an ended mandate and a full file are refused before it, and decided again in the insert.
  app.post<{ Params: { id: string } }>('/api/lawyer/case-files/:id/documents', async (request, reply): Promise<CaseDocument> => {
    const lawyerId = await lawyerOf(ctx, request);
    const documentId = newId();
    const row = await openCaseFileForLawyer(ctx.db, ctx.clock, { lawyerId, caseFileId: request.params.id, action: 'share', documentId, ip: request.ip });
    if (row.closed === 1) throw closedForSharing();
    if (!request.isMultipart()) throw new DomainError('UnsupportedMediaType', 'Bitte senden Sie das Dokument als multipart/form-data.');
    if ((await countDocuments(ctx.db, row.id)) >= DEFAULT_MAX_DOCUMENTS_PER_CASE) throw quotaExceeded();
    const received = await readUploadedFile(request, ctx.config.maxUploadBytes);
    if (!received) throw caseFileError('NoFile', 'Bitte wählen Sie eine Datei aus.');
    const note = checkedNote(received.fields['note']);
    const deps = {
      db: ctx.db,
      dataDir: ctx.config.dataDir,
      log: request.log,
      malwareScanner: ctx.malwareScanner,
      maxDocuments: DEFAULT_MAX_DOCUMENTS_PER_CASE,
    };
    const stored = await shareDocument(deps, row, { lawyerId, documentId, received, note, now: ctx.clock.now() });
    await notifyClient(notice(request.log), row, 'document');
    return reply.code(201).send(toCaseDocument(stored));
  });

  // „Zurückziehen“ of a document the firm shared by mistake: bytes and row go, the client's history says so. 204; the
  // client's uploads and the Vollmacht 409 `NotSharedByFirm`; another lawyer's file or an unknown document 404.
  app.delete<{ Params: { id: string; documentId: string } }>('/api/lawyer/case-files/:id/documents/:documentId', async (request, reply) => {
    const lawyer = await activeLawyerOf(ctx, request);
    await withdrawSharedDocument(
      { db: ctx.db, clock: ctx.clock, dataDir: ctx.config.dataDir, log: request.log },
      { lawyer: { id: lawyer.id, name: lawyer.name }, caseFileId: request.params.id, documentId: request.params.documentId, ip: request.ip },
    );
    return reply.code(204).send();
  });

  // One answer per message of the client, which the client reads in the Fallakte; 409 when the message has one.
  typed.post(
    '/api/lawyer/case-files/:id/contacts/:contactId/reply',
    { schema: { params: pathParams('id', 'contactId'), body: ContactReplyRequest } },
    async (request): Promise<LawyerCaseFileContact> => {
      const { row, contact } = await replyToContact(
        { db: ctx.db, clock: ctx.clock, log: request.log },
        {
          lawyerId: await lawyerOf(ctx, request),
          caseFileId: request.params.id,
          contactId: request.params.contactId,
          text: bodyOf(request).Text,
          ip: request.ip,
        },
      );
      await notifyClient(notice(request.log), row, 'reply');
      return contact;
    },
  );

  // A message the firm starts (e.g. asking for a missing document), which the client reads and answers under „Kontakt“.
  typed.post(
    '/api/lawyer/case-files/:id/messages',
    { schema: { params: pathParams('id'), body: FirmMessageRequest } },
    async (request, reply): Promise<FirmMessage> => {
      const body = bodyOf(request);
      const { row, message } = await writeToClient(
        { db: ctx.db, clock: ctx.clock, log: request.log },
        { lawyerId: await lawyerOf(ctx, request), caseFileId: request.params.id, subject: body.Subject, text: body.Text, ip: request.ip },
      );
      await notifyClient(notice(request.log), row, 'message');
      return reply.code(201).send(message);
    },
  );

  // Same delivery rules as chat files: attachment, exact stored type, nosniff, sandboxed, never cached.
  app.get<{ Params: { id: string; documentId: string } }>('/api/lawyer/case-files/:id/documents/:documentId', async (request, reply) => {
    const { id: caseFileId, documentId } = request.params;
    const row = await openCaseFileForLawyer(ctx.db, ctx.clock, {
      lawyerId: await lawyerOf(ctx, request),
      caseFileId,
      action: 'document',
      documentId,
      ip: request.ip,
    });
    // Seen before it is read: from now on the client can no longer remove it.
    await markDocumentSeen(ctx.db, row.id, documentId, ctx.clock.now());
    const doc = await readDocument(ctx.db, ctx.config.dataDir, row.id, documentId);
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
