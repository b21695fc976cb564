// Admin API of the firm's legal details on the chat host (docs/api.md "Firm details"): every route asks adminOf() (401
// without a session, 403 for a lawyer); the CSRF filter of both origins refuses foreign origins; a save or a reset writes
// an audit entry (firmDetailsAdmin.ts). Each answer is the whole settings view, so the console shows what now applies.
import { FirmDetails } from '@rechtschat/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { adminOf } from '../admin/index.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { firmDetailsSettings, resetFirmDetails, saveFirmDetails } from './firmDetailsAdmin.js';
import { firmDetailsDepsOf } from './firmDetailsDeps.js';

export async function firmDetailsRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const deps = firmDetailsDepsOf(ctx);

  app.get('/api/admin/firm-details', async (request) => {
    await adminOf(ctx, request);
    return firmDetailsSettings(deps);
  });

  app.put('/api/admin/firm-details', { schema: { body: FirmDetails } }, async (request) => {
    const admin = await adminOf(ctx, request);
    const settings = await saveFirmDetails(deps, { id: admin.id, name: admin.name, ip: request.ip }, bodyOf(request));
    request.log.info({ event: 'firmDetails.saved', adminId: admin.id }, 'firm details saved');
    return settings;
  });

  app.delete('/api/admin/firm-details', async (request) => {
    const admin = await adminOf(ctx, request);
    const settings = await resetFirmDetails(deps, { id: admin.id, name: admin.name, ip: request.ip });
    request.log.info({ event: 'firmDetails.reset', adminId: admin.id }, 'firm details reset to the server settings');
    return settings;
  });
}
