// Team administration API on the chat host (api/admin/…): administrators only (adminOf: 401 without a session, 403
// for a lawyer), every change audited (team.ts). See docs/api.md "Team administration".
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_SERVER_ACTOR,
  auditExportFileName,
  ChangeRoleRequest,
  DeactivateLawyerRequest,
  InviteLawyerRequest,
  type AuditLogPage,
  type DeactivationResult,
  type IssuedAccountLink,
  type IssuedPasswordResetLink,
  type PendingInvitation,
  type TeamMember,
} from '@rechtschat/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { bodyOf, type IoTsTypeProvider, pathParams } from '../../platform/http/routeSchema.js';
import { adminOf } from './adminAccess.js';
import type { AuditActor } from './auditLog.js';
import { auditExportQueryOf, auditQueryOf, tooManyForExport } from './auditLogFilter.js';
import { recordAdminAction, CLI_ACTOR, listAdminActions } from './auditLog.js';
import { auditCsv } from './auditLogExport.js';
import { actorNameOf } from './auditLogQueries.js';
import { dispositionHeader } from '../../platform/files/download.js';
import {
  auditLogPage,
  changeRole,
  deactivateLawyer,
  inviteLawyer,
  listPendingInvitations,
  listTeamMembers,
  reactivateLawyer,
  resetLawyerPassword,
  resetSecondFactor,
  withdrawInvitation,
} from './team.js';

type WithId = { Params: { id: string } };

/**
 * Each invitation and each password reset mails a single-use link (an invitation to any address typed). Without a
 * limit of their own only the platform's 600 requests a minute per address held them: a session left signed in could
 * send hundreds of mails a minute through the firm's relay (found from outside, 2026-12-07). A firm invites or resets a
 * few at a time; other routes that mail allow 5 to 10 a minute.
 */
const invitationRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const passwordResetRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const IdParams = pathParams('id');

export async function teamRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const actorOf = async (request: FastifyRequest): Promise<AuditActor> => {
    const admin = await adminOf(ctx, request);
    return { id: admin.id, name: admin.name, ip: request.ip };
  };

  app.get('/api/admin/lawyers', async (request): Promise<TeamMember[]> => {
    await adminOf(ctx, request);
    return listTeamMembers(ctx);
  });

  app.get('/api/admin/invitations', async (request): Promise<PendingInvitation[]> => {
    await adminOf(ctx, request);
    return listPendingInvitations(ctx);
  });

  app.post(
    '/api/admin/invitations',
    { schema: { body: InviteLawyerRequest }, config: invitationRateLimit },
    async (request, reply): Promise<IssuedAccountLink> => {
      const actor = await actorOf(request);
      const { Email, Role } = bodyOf(request);
      const link = await inviteLawyer(ctx, actor, { email: Email, role: Role });
      reply.code(201);
      return link;
    },
  );

  app.delete<WithId>('/api/admin/invitations/:id', async (request, reply) => {
    const actor = await actorOf(request);
    await withdrawInvitation(ctx, actor, request.params.id);
    reply.code(204);
  });

  app.put('/api/admin/lawyers/:id/role', { schema: { params: IdParams, body: ChangeRoleRequest } }, async (request): Promise<TeamMember> => {
    const actor = await actorOf(request);
    const { Role } = bodyOf(request);
    return changeRole(ctx, actor, request.params.id, Role);
  });

  app.post(
    '/api/admin/lawyers/:id/deactivate',
    { schema: { params: IdParams, body: DeactivateLawyerRequest } },
    async (request): Promise<DeactivationResult> => {
      const actor = await actorOf(request);
      const { ReassignTo } = bodyOf(request);
      const result = await deactivateLawyer(ctx, actor, request.params.id, ReassignTo);
      request.log.warn({ event: 'lawyer-deactivated', lawyerId: request.params.id, by: actor.id, ...result.reassigned }, 'administrator deactivated a lawyer');
      return { Lawyer: result.lawyer, Reassigned: result.reassigned, EndedSessions: result.endedSessions };
    },
  );

  app.post<WithId>('/api/admin/lawyers/:id/reactivate', async (request): Promise<TeamMember> => {
    const actor = await actorOf(request);
    return reactivateLawyer(ctx, actor, request.params.id);
  });

  app.post<WithId>('/api/admin/lawyers/:id/password-reset', { config: passwordResetRateLimit }, async (request): Promise<IssuedPasswordResetLink> => {
    const actor = await actorOf(request);
    const link = await resetLawyerPassword(ctx, actor, request.params.id);
    request.log.warn({ event: 'lawyer-password-reset', lawyerId: request.params.id, by: actor.id }, 'administrator reset a lawyer password');
    return link;
  });

  app.post<WithId>('/api/admin/lawyers/:id/mfa-reset', async (request): Promise<TeamMember> => {
    const actor = await actorOf(request);
    const member = await resetSecondFactor(ctx, actor, request.params.id);
    request.log.warn({ event: 'lawyer-mfa-reset', lawyerId: request.params.id, by: actor.id }, 'administrator reset a lawyer second factor');
    return member;
  });

  app.get<{ Querystring: Record<string, unknown> }>('/api/admin/audit', async (request): Promise<AuditLogPage> => {
    await adminOf(ctx, request);
    return auditLogPage(ctx, await auditQueryOf(ctx.db, request.query));
  });

  // The same filters as the list, as one CSV file; the export is itself an entry of the log (the file leaves the system).
  app.get<{ Querystring: Record<string, unknown> }>('/api/admin/audit.csv', async (request, reply) => {
    const actor = await actorOf(request);
    const { from, to, asked, query } = await auditExportQueryOf(ctx.db, request.query);
    const entries = await listAdminActions(ctx.db, query);
    if (entries.length > AUDIT_EXPORT_MAX_ROWS) throw tooManyForExport();
    const actorName = asked.actor === undefined ? undefined : asked.actor === AUDIT_SERVER_ACTOR ? CLI_ACTOR.name : await actorNameOf(ctx.db, asked.actor);
    await recordAdminAction(ctx.db, ctx.clock, actor, {
      action: 'auditLog.exported',
      details: { from, to, ...asked, ...(actorName !== undefined ? { actorName } : {}), rows: entries.length },
    });
    request.log.info({ event: 'audit.exported', by: actor.id, from, to, rows: entries.length }, 'administrator exported the audit log');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', dispositionHeader(auditExportFileName(from, to)))
      .header('cache-control', 'no-store')
      .send(auditCsv(entries));
  });
}
