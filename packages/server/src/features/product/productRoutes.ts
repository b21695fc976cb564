// Product API on the web origin: settings, customer login, service hours, session ticket.
import { CustomerLoginRequest, type PublicSettings } from '@rechtschat/core';
import type { FastifyInstance } from 'fastify';
import { healthOf, healthStatus, type AppContext } from '../../context.js';
import { currentUser, EntryRefused, hasOpenChat, participantForNumber, participantWithRunningChat, rejected, resolveEntrant } from './customers.js';
import { openEntrySession } from '../insurers/index.js';
import { pingDatabase } from './healthQueries.js';
import { DomainError } from '../../platform/errors.js';
import { publicFirmBranding } from '../firmDetails/index.js';
import { effectiveServiceHours, isChatOpen, outsideServiceHoursNow } from '../serviceHours/index.js';
import { notAuthenticated, webNaming, webParticipant, webParticipantOrNull } from '../../platform/http/auth.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../platform/http/cookies.js';
import { newBrowserKey } from '../../platform/sessions.js';
import { logOutParticipantBrowser } from '../chat/index.js';

export async function productRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  app.get('/api/dl/public-settings', async (): Promise<PublicSettings> => ({
    SentryDsn: ctx.config.sentryDsn,
    SentryProject: ctx.config.sentryProject,
    VersionTag: ctx.config.version,
    Environment: ctx.config.nodeEnv,
    ...(await publicFirmBranding(ctx)),
  }));

  app.get('/api/chat/url', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(ctx.config.chatHostUrl));

  app.get('/api/service-hours', async () => effectiveServiceHours(ctx));

  app.get('/api/authentication/user', async (request) => currentUser(ctx.db, await webParticipant(ctx, request), ctx.clock.now()));
  // The web app's "am I signed in?" probe on every page load: 200 with the user or `null`, so a visitor without a session
  // sees no failed request in the browser console. `/api/authentication/user` keeps its 401.
  app.get('/api/authentication/whoami', async (request) => {
    const participantId = await webParticipantOrNull(ctx, request);
    return participantId === null ? null : currentUser(ctx.db, participantId, ctx.clock.now());
  });

  app.post(
    '/api/authentication/customer',
    { schema: { body: CustomerLoginRequest }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = bodyOf(request);
      if (!body.AgreedPrivacy || !body.AgreedTermsOfService) {
        throw new DomainError('BadRequest', 'Bitte stimmen Sie den Nutzungsbedingungen und den Datenschutzhinweisen zu.');
      }
      const inServiceHours = await isChatOpen(ctx);
      const deps = {
        db: ctx.db,
        clock: ctx.clock,
        production: ctx.config.production,
        entryTokenSecret: ctx.config.entryTokenSecret,
        sessionSecret: ctx.config.sessionSecret,
        log: request.log,
      };
      let participantId: string | null;
      let kid: string | null;
      const refused = (error: unknown) => {
        ctx.metrics.logins.inc({ kind: 'customer', result: 'failure' });
        if (error instanceof EntryRefused) {
          // The reason and the key's kid for the operator; never the token or the insurance number. The client gets the one 401.
          ctx.metrics.entryTokenRejections.inc({ reason: error.reason });
          request.log.warn({ event: 'customer-login-failed', reason: error.reason, kid: error.kid }, `customer login refused: ${error.reason}`);
        } else {
          request.log.warn({ event: 'customer-login-failed' }, 'customer login refused');
        }
        return error;
      };
      try {
        const entrant = await resolveEntrant(deps, body.InsuranceNumber);
        kid = entrant.kid;
        // After hours only a consultation that is still running may be entered again (the chat link once more).
        participantId = inServiceHours
          ? await participantForNumber(deps, entrant.number, entrant.insurerId)
          : await participantWithRunningChat(deps, entrant.number, entrant.insurerId);
      } catch (error) {
        throw refused(error);
      }
      if (participantId === null) {
        ctx.metrics.logins.inc({ kind: 'customer', result: 'outside-hours' });
        throw await outsideServiceHoursNow(ctx);
      }
      // A fresh session id on every login; the old one dies. The browser stays the same browser for the same person (its
      // key), so the chat of a tab opened before keeps this session alive – and only this browser's (sessionActivity.ts).
      const previous = readSessionCookie(request, 'web', webNaming(ctx));
      const browserKey = (await ctx.sessions.browserKeyOf('web', previous, participantId)) ?? newBrowserKey();
      await ctx.sessions.destroy(previous);
      const person = participantId;
      // Kept only while the entry key is still valid: a revocation may have committed since resolveEntrant read it.
      const session = await openEntrySession(ctx, kid, {
        create: () => ctx.sessions.create('web', person, undefined, kid, browserKey),
        destroy: (token) => ctx.sessions.destroy(token),
      });
      if (session === null) throw refused(rejected('revokedKey', kid));
      setSessionCookie(reply, 'web', webNaming(ctx), session);
      ctx.metrics.logins.inc({ kind: 'customer', result: 'success' });
      // Which key signed in (no number): the operator sees when an old key is no longer used before revoking it.
      request.log.info({ event: 'customer-login', kid }, 'customer signed in');
      return currentUser(ctx.db, participantId, ctx.clock.now());
    },
  );

  app.get('/api/chat/session', async (request, reply) => {
    const participantId = await webParticipant(ctx, request);
    // A consultation that is already running may finish after hours (reload, reconnect).
    if (!(await isChatOpen(ctx)) && !(await hasOpenChat(ctx.db, participantId, ctx.clock.now()))) {
      throw await outsideServiceHoursNow(ctx);
    }
    // The chat session inherits the entry key, so revoking it ends that session too (features/insurers), and the browser.
    const token = readSessionCookie(request, 'web', webNaming(ctx));
    const entryKid = await ctx.sessions.entryKidOf('web', token);
    const browserKey = await ctx.sessions.browserKeyOf('web', token, participantId);
    return reply.type('text/plain; charset=utf-8').send(await ctx.sessions.issueTicket(participantId, entryKid, browserKey));
  });

  app.post('/api/authentication/logout', async (request, reply) => {
    // This browser's chat session ends too, and its hub connections close: the web app's second call (chat host) may never come.
    await logOutParticipantBrowser(ctx, 'web', readSessionCookie(request, 'web', webNaming(ctx)));
    clearSessionCookie(reply, 'web', webNaming(ctx));
    return reply.code(204).send();
  });

  app.get('/healthz', async (_request, reply) => {
    // Nothing to decide, so no service: the route runs the one query (not while draining: the answer is 503 anyway).
    if (!ctx.draining()) await pingDatabase(ctx.db);
    const health = healthOf(ctx, ctx.draining() ? null : await ctx.diskSpace.current());
    return reply.code(healthStatus(health)).send(health);
  });

  app.get('/metrics', async (request, reply) => {
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip);
    if (ctx.config.production && !loopback) throw notAuthenticated();
    return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });
}
