// Public endpoints of the single-use account links on the chat host (features/admin/accountLinks.ts): the console's
// page /konsole/zugang reads the token from the link's fragment and sends it in the body – never in a URL.
import { AccountLinkCompleteRequest, AccountLinkInspectRequest, type AccountLinkCompleted, type AccountLinkInfo } from '@rechtschat/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { completeAccountLink, inspectAccountLink, recordLinkCompleted } from './accountLinks.js';

/** Guessing a 256-bit token is hopeless; the limit keeps the password hashing of "complete" from being abused. */
const linkRateLimit = { max: 20, timeWindow: '1 minute' };

export async function accountLinkRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  app.post(
    '/api/account-link/inspect',
    { schema: { body: AccountLinkInspectRequest }, config: { rateLimit: linkRateLimit } },
    async (request): Promise<AccountLinkInfo> => {
      const { Token } = bodyOf(request);
      return inspectAccountLink(ctx, Token);
    },
  );

  app.post('/api/account-link/complete', { schema: { body: AccountLinkCompleteRequest }, config: { rateLimit: linkRateLimit } }, async (request) => {
    const body = bodyOf(request);
    // A refused field (name, phone, password) answers 400 with its Field, through the platform's error handler.
    const { lawyer, purpose } = await completeAccountLink(ctx, {
      token: body.Token,
      password: body.Password,
      ...(body.Name !== undefined ? { name: body.Name } : {}),
      ...(body.Gender !== undefined ? { gender: body.Gender } : {}),
      ...(body.Phone !== undefined ? { phone: body.Phone } : {}),
    });
    // Whatever sessions the account still had end with the new password (a reset may follow a stolen password).
    if (purpose !== 'invitation') {
      await ctx.sessions.destroyOthers('lawyer', lawyer.id, undefined);
      if (ctx.hub) await ctx.hub.disconnectPrincipal({ kind: 'lawyer', id: lawyer.id }, 'Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.');
    }
    await recordLinkCompleted(ctx.db, ctx.clock, lawyer, purpose, request.ip);
    request.log.warn({ event: 'account-link-completed', purpose, lawyerId: lawyer.id }, 'account link used');
    const answer: AccountLinkCompleted = { Email: lawyer.email };
    return answer;
  });
}
