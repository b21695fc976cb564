// Admin API of the insurers on the chat host (docs/api.md "Insurers"): every route asks adminOf() (401 without a
// session, 403 for a lawyer) and every change writes an audit entry (insurers.ts).
import { SaveInsurerRequest } from '@rechtschat/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { adminOf, type AuditActor } from '../admin/index.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { DomainError } from '../../platform/errors.js';
import {
  createInsurer,
  createInsurerKey,
  deleteInsurer,
  endInsurer,
  listInsurers,
  resumeInsurer,
  revokeInsurerKey,
  updateInsurer,
  type InsurerDeps,
} from './insurers.js';
import type { EndedClientSession } from './insurerQueries.js';

const KEY_REVOKED_NOTICE = 'Ihre Anmeldung ist nicht mehr gültig. Bitte öffnen Sie den Chat erneut über den Link Ihrer Versicherung.';

function kidParam(params: unknown): string {
  const value = (params as Record<string, unknown> | undefined)?.kid;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(value)) throw new DomainError('NotFound', 'Die angeforderte Ressource wurde nicht gefunden.');
  return value;
}

/**
 * The chats of the clients whose sessions a revocation ended close now, not at the hub's next revalidation (the client
 * sees the notice). A participant's connections belong to the person, not to one session (platform/hubCalls/hubAuth.ts):
 * only those who hold no other live chat session lose them.
 */
async function closeClientConnections(ctx: AppContext, ended: readonly EndedClientSession[]): Promise<void> {
  if (!ctx.hub) return;
  const participants = [...new Set(ended.filter((session) => session.kind === 'chat').map((session) => session.participantId))];
  const stillSignedIn = await ctx.sessions.liveSubjects('chat', participants);
  for (const id of participants) {
    if (!stillSignedIn.has(id)) await ctx.hub.disconnectPrincipal({ kind: 'participant', id }, KEY_REVOKED_NOTICE);
  }
}

export async function insurerRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const deps: InsurerDeps = { db: ctx.db, clock: ctx.clock, sessionSecret: ctx.config.sessionSecret };
  const actorOf = async (request: FastifyRequest): Promise<AuditActor> => {
    const admin = await adminOf(ctx, request);
    return { id: admin.id, name: admin.name, ip: request.ip };
  };

  app.get('/api/admin/insurers', async (request) => {
    await adminOf(ctx, request);
    return listInsurers(ctx.db);
  });

  app.post('/api/admin/insurers', { schema: { body: SaveInsurerRequest } }, async (request, reply) => {
    const actor = await actorOf(request);
    const insurer = await createInsurer(deps, actor, bodyOf(request));
    request.log.info({ event: 'insurer.created', insurerId: insurer.Id, adminId: actor.id }, 'insurer created');
    return reply.code(201).send(insurer);
  });

  app.put('/api/admin/insurers/:id', { schema: { body: SaveInsurerRequest } }, async (request) => {
    const actor = await actorOf(request);
    return updateInsurer(deps, actor, idParam(request.params, 'id'), bodyOf(request));
  });

  app.post('/api/admin/insurers/:id/keys', async (request, reply) => {
    const actor = await actorOf(request);
    const issued = await createInsurerKey(deps, actor, idParam(request.params, 'id'));
    request.log.warn({ event: 'insurer.key.created', insurerId: issued.InsurerId, kid: issued.Kid, adminId: actor.id }, 'insurer entry-token key created');
    // The secret is in this answer only: no cache may keep it.
    return reply.code(201).header('cache-control', 'no-store').send(issued);
  });

  app.post('/api/admin/insurers/:id/keys/:kid/revoke', async (request) => {
    const actor = await actorOf(request);
    const kid = kidParam(request.params);
    const { insurer, ended } = await revokeInsurerKey(deps, actor, idParam(request.params, 'id'), kid);
    await closeClientConnections(ctx, ended);
    request.log.warn(
      { event: 'insurer.key.revoked', insurerId: insurer.Id, kid, adminId: actor.id, endedSessions: ended.length },
      'insurer entry-token key revoked',
    );
    return insurer;
  });

  // „Zusammenarbeit beenden“: every key revoked in one step, as the route above does for one.
  app.post('/api/admin/insurers/:id/end', async (request) => {
    const actor = await actorOf(request);
    const { insurer, ended } = await endInsurer(deps, actor, idParam(request.params, 'id'));
    await closeClientConnections(ctx, ended);
    request.log.warn({ event: 'insurer.ended', insurerId: insurer.Id, adminId: actor.id, endedSessions: ended.length }, 'insurer collaboration ended');
    return insurer;
  });

  app.post('/api/admin/insurers/:id/resume', async (request) => {
    const actor = await actorOf(request);
    const insurer = await resumeInsurer(deps, actor, idParam(request.params, 'id'));
    request.log.info({ event: 'insurer.resumed', insurerId: insurer.Id, adminId: actor.id }, 'insurer collaboration resumed');
    return insurer;
  });

  app.delete('/api/admin/insurers/:id', async (request, reply) => {
    const actor = await actorOf(request);
    const id = idParam(request.params, 'id');
    await deleteInsurer(deps, actor, id);
    request.log.warn({ event: 'insurer.deleted', insurerId: id, adminId: actor.id }, 'unused insurer deleted');
    return reply.code(204).send();
  });
}
