// Admin routes of the data-subject requests (GDPR Art. 15/17) on the chat host: search, access archive, erasure.
// The key (insurance number or reference) travels in the POST body only, never in a URL that reaches logs. Every
// request writes an audit entry; it names how the person was found and the opaque customer or case-file id, never
// the insurance number.
import path from 'node:path';
import {
  berlinDateOf,
  caseReferenceOf,
  dataArchiveName,
  DataErasureRequest,
  firmAddressLine,
  DataRequestQuery,
  type DataErasureResult,
  type DataSubjectSummary,
  type AuditAction,
} from '@rechtschat/core';
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { adminOf, type AuditActor, type AuditEntry, recordAdminAction } from '../admin/index.js';
import { LAWYERS_GROUP } from '../chat/index.js';
import { effectiveFirmDetails } from '../firmDetails/index.js';
import type { LawyersTable } from '../lawyer/index.js';
import { streamArchive } from './dataArchive.js';
import { eraseChatCases } from './dataErasure.js';
import { caseFileContent, chatCaseContent, runningChatCaseIds } from './dataRequestQueries.js';
import {
  AmbiguousSubject,
  findDataSubject,
  parseQuery,
  summaryOf,
  type CaseCounts,
  type CaseFileCounts,
  type DataSubject,
  type ParsedQuery,
} from './dataSubject.js';

/** Searches are cheap, but each one is a lookup of a person: a human pace is plenty. */
const searchRateLimit = { max: 30, timeWindow: '1 minute' };
const archiveRateLimit = { max: 10, timeWindow: '1 minute' };

/** What a participant's still open page hears when their data was erased. */
const ERASED_NOTICE = 'Ihre Daten wurden auf Ihren Wunsch gelöscht.';

const actorOf = (admin: LawyersTable, request: FastifyRequest): AuditActor => ({ id: admin.id, name: admin.name, ip: request.ip });

/** The audit target: the customer (opaque id) or, for a case file without a chat, the case file – never the number. */
function auditTarget(parsed: ParsedQuery, subject: DataSubject): AuditEntry['target'] {
  const customer = subject.customers[0];
  if (customer !== undefined)
    return { kind: 'customer', id: customer.id, label: parsed.kind === 'insuranceNumber' ? 'Versicherungsnummer (nicht protokolliert)' : referenceOf(parsed) };
  const caseFile = subject.caseFiles[0];
  if (caseFile !== undefined) return { kind: 'caseFile', id: caseFile.id, label: caseFile.case_number };
  return undefined;
}

const referenceOf = (parsed: ParsedQuery) => (parsed.kind === 'chatReference' ? parsed.reference : parsed.kind === 'caseFileNumber' ? parsed.number : '');

/** References as one detail ("RC-AB12CD34, RC-…"), left out when there are none. */
const listed = (key: string, references: readonly string[]): Record<string, string> => (references.length > 0 ? { [key]: references.join(', ') } : {});

/**
 * The entry of a search, an archive or an erasure: the kind of key, the reference searched for, and which chats (RC-…)
 * and case files (FA-…) of the person it concerned with their numbers – references are no personal data, and the firm
 * must be able to show later which consultation it handed out or erased (the log's text search finds them). Never the
 * insurance number.
 */
function auditEntry(action: AuditAction, parsed: ParsedQuery, subject: DataSubject, extra: Record<string, string | number | boolean | null> = {}): AuditEntry {
  const target = auditTarget(parsed, subject);
  return {
    action,
    ...(target ? { target } : {}),
    details: {
      searchedBy: parsed.kind,
      ...(parsed.kind === 'insuranceNumber' ? {} : { reference: referenceOf(parsed) }),
      chatCases: subject.cases.length,
      ...listed(
        'chatReferences',
        subject.cases.map((c) => caseReferenceOf(c.id)),
      ),
      caseFiles: subject.caseFiles.length,
      ...listed(
        'caseFileNumbers',
        subject.caseFiles.map((f) => f.case_number),
      ),
      ...extra,
    },
  };
}

async function summary(ctx: AppContext, subject: DataSubject): Promise<DataSubjectSummary> {
  const running = new Set(
    await runningChatCaseIds(
      ctx.db,
      subject.cases.map((c) => c.id),
    ),
  );
  const counts = new Map<string, CaseCounts>();
  for (const theCase of subject.cases) {
    const content = await chatCaseContent(ctx.db, theCase.id);
    counts.set(theCase.id, {
      messages: content.messages.length,
      files: content.files.length,
      callbacks: content.callbacks.length,
      ratings: content.ratings.length,
      running: running.has(theCase.id),
    });
  }
  const caseFileCounts = new Map<string, CaseFileCounts>();
  for (const caseFile of subject.caseFiles) {
    const content = await caseFileContent(ctx.db, caseFile.id);
    // The messages of both sides: the client's and those the firm started.
    const contacts = content.contacts.length + content.firmMessages.length;
    caseFileCounts.set(caseFile.id, { documents: content.documents.length, history: content.history.length, contacts });
  }
  return summaryOf(subject, counts, caseFileCounts, ctx.clock.now());
}

export async function dataRequestRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  /** The person of the query; a lookup refused because it matched several people is audited too (it still looked them up). */
  const subjectOf = async (query: DataRequestQuery, admin: LawyersTable, request: FastifyRequest, requested: 'search' | 'archive' | 'erase') => {
    const parsed = parseQuery(query);
    try {
      return { parsed, subject: await findDataSubject(ctx.db, ctx.config.sessionSecret, parsed) };
    } catch (error) {
      if (error instanceof AmbiguousSubject) {
        await recordAdminAction(ctx.db, ctx.clock, actorOf(admin, request), {
          action: 'dataRequest.ambiguous',
          details: {
            requested,
            searchedBy: parsed.kind,
            ...(parsed.kind === 'insuranceNumber' ? {} : { reference: referenceOf(parsed) }),
            people: error.people,
          },
        });
      }
      throw error;
    }
  };

  app.post(
    '/api/admin/data-requests/search',
    { schema: { body: DataRequestQuery }, config: { rateLimit: searchRateLimit } },
    async (request): Promise<DataSubjectSummary> => {
      const admin = await adminOf(ctx, request);
      const { parsed, subject } = await subjectOf(bodyOf(request), admin, request, 'search');
      const result = await summary(ctx, subject);
      await recordAdminAction(ctx.db, ctx.clock, actorOf(admin, request), auditEntry('dataRequest.search', parsed, subject, { found: result.Found }));
      return result;
    },
  );

  app.post('/api/admin/data-requests/archive', { schema: { body: DataRequestQuery }, config: { rateLimit: archiveRateLimit } }, async (request, reply) => {
    const admin = await adminOf(ctx, request);
    const { parsed, subject } = await subjectOf(bodyOf(request), admin, request, 'archive');
    const now = ctx.clock.now();
    await recordAdminAction(ctx.db, ctx.clock, actorOf(admin, request), auditEntry('dataRequest.archive', parsed, subject));
    request.log.info({ event: 'dataRequest.archive', chatCases: subject.cases.length, caseFiles: subject.caseFiles.length }, 'data-subject archive');
    // The day as the administrator's calendar shows it (Europe/Berlin), not UTC's: at 00:30 it is already the next one.
    const day = berlinDateOf(now.getTime());
    // The firm as the Impressum names it now: the Kanzleiangaben, else FIRM_NAME, FIRM_EMAIL, FIRM_PHONE.
    const firm = await effectiveFirmDetails(ctx);
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        contentDisposition(dataArchiveName(subject.cases[0] ? caseReferenceOf(subject.cases[0].id) : subject.caseFiles[0]?.case_number, day)),
      )
      .send(
        streamArchive(
          {
            db: ctx.db,
            uploadDir: ctx.uploadDir,
            dataDir: ctx.config.dataDir,
            logger: ctx.logger,
            firm: {
              name: firm.Name,
              email: firm.Email === '' ? null : firm.Email,
              phone: firm.Phone === '' ? null : firm.Phone,
              imprintUrl: ctx.config.imprintUrl,
            },
            issuer: [firm.Name, firmAddressLine(firm)].filter((part) => part !== '').join(', '),
          },
          subject,
          now,
        ),
      );
  });

  app.post(
    '/api/admin/data-requests/erase',
    { schema: { body: DataErasureRequest }, config: { rateLimit: archiveRateLimit } },
    async (request): Promise<DataErasureResult> => {
      const admin = await adminOf(ctx, request);
      const body = bodyOf(request);
      const { parsed, subject } = await subjectOf(body, admin, request, 'erase');
      const result = await eraseChatCases(
        {
          db: ctx.db,
          clock: ctx.clock,
          uploadDir: ctx.uploadDir,
          outboxDir: path.join(ctx.config.dataDir, 'outbox'),
          disconnectParticipant: async (id) => {
            if (ctx.hub) await ctx.hub.disconnectPrincipal({ kind: 'participant', id }, ERASED_NOTICE);
          },
          // Every console: a tab of the chat, its callback or its queue entry would otherwise show it until a reload.
          announceErased: async (caseIds) => {
            if (ctx.hub) await ctx.hub.sendToGroup(LAWYERS_GROUP, 'CasesErased', [caseIds]);
          },
        },
        subject,
        body.ChatCaseIds,
        actorOf(admin, request),
        (r) =>
          auditEntry('dataRequest.erase', parsed, subject, {
            erasedChatCases: r.ErasedChatCases.length,
            ...listed('erasedReferences', r.ErasedChatCases),
            erasedFiles: r.ErasedFiles,
            keptChatCases: r.Kept.filter((k) => k.Kind === 'chatCase').length,
            keptCaseFiles: r.Kept.filter((k) => k.Kind === 'caseFile').length,
            ...listed(
              'keptReferences',
              r.Kept.map((k) => k.Reference),
            ),
          }),
      );
      request.log.warn({ event: 'dataRequest.erase', erasedChatCases: result.ErasedChatCases.length, erasedFiles: result.ErasedFiles }, 'data-subject erasure');
      return result;
    },
  );
}
