// Admin API of the office hours on the chat host (docs/api.md "Service hours"): every route asks adminOf() (401 without
// a session, 403 for a lawyer); the CSRF filter of both origins refuses foreign origins; every change writes an audit
// entry (serviceHoursAdmin.ts). Each answer is the whole settings view, so the console shows what now applies.
import { AddServiceClosureRequest, SaveServiceHoursRequest } from '@rechtschat/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { adminOf, type AuditActor } from '../admin/index.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { addClosure, removeClosure, resetWeeklyHours, saveWeeklyHours, serviceHoursSettings } from './serviceHoursAdmin.js';
import { serviceHoursDepsOf } from './serviceHoursDeps.js';

export async function serviceHoursRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const deps = serviceHoursDepsOf(ctx);
  const actorOf = async (request: FastifyRequest): Promise<AuditActor> => {
    const admin = await adminOf(ctx, request);
    return { id: admin.id, name: admin.name, ip: request.ip };
  };

  app.get('/api/admin/service-hours', async (request) => {
    await adminOf(ctx, request);
    return serviceHoursSettings(deps);
  });

  app.put('/api/admin/service-hours', { schema: { body: SaveServiceHoursRequest } }, async (request) => {
    const actor = await actorOf(request);
    const settings = await saveWeeklyHours(deps, actor, bodyOf(request).Hours);
    request.log.info({ event: 'serviceHours.weekly.saved', adminId: actor.id }, 'weekly service hours saved');
    return settings;
  });

  app.delete('/api/admin/service-hours', async (request) => {
    const actor = await actorOf(request);
    const settings = await resetWeeklyHours(deps, actor);
    request.log.info({ event: 'serviceHours.weekly.reset', adminId: actor.id }, 'weekly service hours back to SERVICE_HOURS');
    return settings;
  });

  app.post('/api/admin/service-hours/closures', { schema: { body: AddServiceClosureRequest } }, async (request, reply) => {
    const actor = await actorOf(request);
    const settings = await addClosure(deps, actor, bodyOf(request));
    request.log.info({ event: 'serviceHours.closure.added', adminId: actor.id }, 'service closure added');
    return reply.code(201).send(settings);
  });

  app.delete('/api/admin/service-hours/closures/:id', async (request) => {
    const actor = await actorOf(request);
    const id = idParam(request.params, 'id');
    const settings = await removeClosure(deps, actor, id);
    request.log.info({ event: 'serviceHours.closure.removed', closureId: id, adminId: actor.id }, 'service closure removed');
    return settings;
  });
}
