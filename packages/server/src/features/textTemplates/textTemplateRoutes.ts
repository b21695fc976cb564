// Textbausteine on the chat host (docs/api.md "Text templates"). api/lawyer/text-templates: any signed-in, active
// lawyer (401 otherwise) reads their own and the firm's templates and keeps their own. api/admin/text-templates: the
// firm's templates, administrators only (adminOf: 401 without a session, 403 for a lawyer), each change audited. The
// CSRF filter of both origins refuses foreign origins.
import { SaveTextTemplateRequest } from '@rechtschat/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { activeLawyerOf, adminOf } from '../admin/index.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { createTextTemplate, listTextTemplates, removeTextTemplate, updateTextTemplate, type TextTemplatesDeps } from './textTemplates.js';

const LAWYER_BASE = '/api/lawyer/text-templates';
const ADMIN_BASE = '/api/admin/text-templates';

export async function textTemplateRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const deps: TextTemplatesDeps = { db: ctx.db, clock: ctx.clock };
  const schema = { schema: { body: SaveTextTemplateRequest } };

  app.get(LAWYER_BASE, async (request) => {
    const lawyer = await activeLawyerOf(ctx, request);
    return listTextTemplates(deps, lawyer.id);
  });

  app.post(LAWYER_BASE, schema, async (request, reply) => {
    const lawyer = await activeLawyerOf(ctx, request);
    const created = await createTextTemplate(deps, { kind: 'own', lawyerId: lawyer.id }, bodyOf(request));
    request.log.info({ event: 'textTemplate.own.created', templateId: created.Id, lawyerId: lawyer.id }, 'own text template created');
    return reply.code(201).send(created);
  });

  app.put(`${LAWYER_BASE}/:id`, schema, async (request) => {
    const lawyer = await activeLawyerOf(ctx, request);
    const id = idParam(request.params, 'id');
    const changed = await updateTextTemplate(deps, { kind: 'own', lawyerId: lawyer.id }, id, bodyOf(request));
    request.log.info({ event: 'textTemplate.own.updated', templateId: id, lawyerId: lawyer.id }, 'own text template changed');
    return changed;
  });

  app.delete(`${LAWYER_BASE}/:id`, async (request, reply) => {
    const lawyer = await activeLawyerOf(ctx, request);
    const id = idParam(request.params, 'id');
    await removeTextTemplate(deps, { kind: 'own', lawyerId: lawyer.id }, id);
    request.log.info({ event: 'textTemplate.own.removed', templateId: id, lawyerId: lawyer.id }, 'own text template removed');
    return reply.code(204).send();
  });

  const firmOwner = async (request: Parameters<typeof adminOf>[1]) => {
    const admin = await adminOf(ctx, request);
    return { kind: 'firm', actor: { id: admin.id, name: admin.name, ip: request.ip } } as const;
  };

  app.post(ADMIN_BASE, schema, async (request, reply) => {
    const owner = await firmOwner(request);
    const created = await createTextTemplate(deps, owner, bodyOf(request));
    request.log.info({ event: 'textTemplate.firm.created', templateId: created.Id, adminId: owner.actor.id }, 'firm text template created');
    return reply.code(201).send(created);
  });

  app.put(`${ADMIN_BASE}/:id`, schema, async (request) => {
    const owner = await firmOwner(request);
    const id = idParam(request.params, 'id');
    const changed = await updateTextTemplate(deps, owner, id, bodyOf(request));
    request.log.info({ event: 'textTemplate.firm.updated', templateId: id, adminId: owner.actor.id }, 'firm text template changed');
    return changed;
  });

  app.delete(`${ADMIN_BASE}/:id`, async (request, reply) => {
    const owner = await firmOwner(request);
    const id = idParam(request.params, 'id');
    await removeTextTemplate(deps, owner, id);
    request.log.info({ event: 'textTemplate.firm.removed', templateId: id, adminId: owner.actor.id }, 'firm text template removed');
    return reply.code(204).send();
  });
}
