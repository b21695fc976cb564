// Admin API of the insurers on the chat host (docs/api.md "Insurers"): every route asks adminOf() (401 without a
// session, 403 for a lawyer) and every change writes an audit entry (insurers.ts).
import { SaveInsurerRequest } from '@rechtschat/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { adminOf, type AuditActor } from '../admin/index.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { DomainError } from '../../platform/errors.js';
import { createInsurer, createInsurerKey, listInsurers, revokeInsurerKey, updateInsurer, type InsurerDeps } from './insurers.js';

const KEY_REVOKED_NOTICE = 'Ihre Anmeldung ist nicht mehr gültig. Bitte öffnen Sie den Chat erneut über den Link Ihrer Versicherung.';

function kidParam(params: unknown): string {
  const value = (params as Record<string, unknown> | undefined)?.kid;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(value)) throw new DomainError('NotFound', 'Die angeforderte Ressource wurde nicht gefunden.');
  return value;
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
    // The chats of those clients close now, not at the hub's next revalidation (the client sees the notice). A
    // participant's connections belong to the person, not to one session (platform/hubCalls/hubAuth.ts): only those
    // who hold no other live chat session lose them.
    if (ctx.hub) {
      const participants = [...new Set(ended.filter((session) => session.kind === 'chat').map((session) => session.participantId))];
      const stillSignedIn = await ctx.sessions.liveSubjects('chat', participants);
      for (const id of participants) {
        if (!stillSignedIn.has(id)) await ctx.hub.disconnectPrincipal({ kind: 'participant', id }, KEY_REVOKED_NOTICE);
      }
    }
    request.log.warn(
      { event: 'insurer.key.revoked', insurerId: insurer.Id, kid, adminId: actor.id, endedSessions: ended.length },
      'insurer entry-token key revoked',
    );
    return insurer;
  });
}
