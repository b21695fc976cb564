// Chat REST on the chat host (all with credentials).
import { CallbackRequest, valuePayload } from '@rechtschat/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as t from 'io-ts';
import type { AppContext } from '../../context.js';
import { avatarSvg, avatarUrl, lawyerById, lawyerImageUrl } from '../lawyer/index.js';
import { assertLawyerOfCase, caseInChargeOfLawyer, caseOfParticipant, chatOfCaller, chatsReadableByLawyer, type Caller } from './chatAccess.js';
import { caseStatus } from './caseStatus.js';
import { notFound } from '../../platform/errors.js';
import { announceClosedForCallback } from './systemNotices.js';
import { logOutParticipantBrowser } from './participantLogout.js';
import { requestCallback } from './feedback.js';
import { queueChanged, sendNotification } from './broadcast.js';
import { chatNaming, chatParticipant, notAuthenticated } from '../../platform/http/auth.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../platform/http/cookies.js';
import { newBrowserKey } from '../../platform/sessions.js';
import { openEntrySession } from '../insurers/index.js';

const Ticket = valuePayload(t.string, 'LoginTicket');

/** Callback bookings (and corrections of one) a person may send a minute. */
export const CALLBACK_BOOKINGS_PER_MINUTE = 10;

/** A participant (chat session) or, failing that, a lawyer; both may read what belongs to them. */
export async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const participant = await ctx.sessions.resolve('chat', readSessionCookie(request, 'chat', chatNaming(ctx)));
  if (participant !== null) return { kind: 'participant', id: participant };
  const lawyer = await ctx.sessions.resolve('lawyer', readSessionCookie(request, 'lawyer', chatNaming(ctx)));
  if (lawyer !== null) return { kind: 'lawyer', id: lawyer };
  throw notAuthenticated();
}

export async function chatHostRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  app.post('/api/login', { schema: { body: Ticket }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { Value } = bodyOf(request);
    const ticket = await ctx.sessions.redeemTicket(Value);
    if (ticket === null) {
      ctx.metrics.logins.inc({ kind: 'chat-ticket', result: 'failure' });
      throw notAuthenticated();
    }
    await ctx.sessions.destroy(readSessionCookie(request, 'chat', chatNaming(ctx)));
    // The browser of the web session that asked for the ticket (a new one for a web session from before migration 0036).
    const browserKey = ticket.browserKey ?? newBrowserKey();
    // Kept only while the entry key is still valid: a revocation deletes the tickets too, but may have committed after this
    // one was redeemed (features/insurers/keyUse.ts).
    const session = await openEntrySession(ctx, ticket.entryKid, {
      create: () => ctx.sessions.create('chat', ticket.participantId, undefined, ticket.entryKid, browserKey),
      destroy: (token) => ctx.sessions.destroy(token),
    });
    if (session === null) {
      ctx.metrics.logins.inc({ kind: 'chat-ticket', result: 'failure' });
      throw notAuthenticated();
    }
    setSessionCookie(reply, 'chat', chatNaming(ctx), session);
    ctx.metrics.logins.inc({ kind: 'chat-ticket', result: 'success' });
    return reply.code(204).send();
  });

  app.post('/api/logout', async (request, reply) => {
    // This browser's web session ends too, and its hub connections close (participantLogout.ts).
    await logOutParticipantBrowser(ctx, 'chat', readSessionCookie(request, 'chat', chatNaming(ctx)));
    clearSessionCookie(reply, 'chat', chatNaming(ctx));
    return reply.code(204).send();
  });

  // Every booking sends every lawyer's console the signal to re-read the queue and the callback list (two requests each):
  // one client's script booking 200 times in 3 s made each console send 400 requests, and lawyers behind the firm's one
  // address ran into the platform's 600 a minute (found from outside, 2026-12-07). A client books once or corrects it;
  // counted per person once signed in, on top of the per-address limit, so clients behind one address keep theirs.
  const callbackPerson = new WeakMap<FastifyRequest, string>();
  const bookingsPerPerson = fastify.createRateLimit({
    max: CALLBACK_BOOKINGS_PER_MINUTE,
    timeWindow: '1 minute',
    // The person the request was signed in as (set below once the session is known).
    keyGenerator: (request) => `callback:${callbackPerson.get(request) ?? ''}`,
  });
  app.post('/api/chat/:chatId/callback', { schema: { body: CallbackRequest } }, async (request, reply) => {
    const participantId = await chatParticipant(ctx, request);
    callbackPerson.set(request, participantId);
    const limit = await bookingsPerPerson(request);
    if (!limit.isAllowed && limit.isExceeded) {
      return reply
        .code(429)
        .header('Retry-After', String(limit.ttlInSeconds))
        .send({ Error: 'TooManyRequests', Message: `Zu viele Anfragen. Bitte versuchen Sie es in ${limit.ttlInSeconds} Sekunden erneut.` });
    }
    const booked = await requestCallback({ db: ctx.db, clock: ctx.clock }, participantId, idParam(request.params, 'chatId'), bodyOf(request));
    // A waiting chat left the queue for the callback: the transcript says why (the lawyer, the protocol, the client's return).
    if (booked.leftQueue) {
      await announceClosedForCallback(ctx, booked.caseId, booked.chatId);
      // Closed to every open screen of the chat, as for an abandoned one: another tab of the client (or this one, should
      // it stay) otherwise went on showing its place in the queue under the notice that the chat had ended.
      await sendNotification(ctx, booked.caseId, { ChatId: booked.chatId, Type: 'Closed' }, 'participant');
    }
    // The queue (the chat left it) and the callback list change: consoles re-read both on this signal.
    if (ctx.hub) await queueChanged(ctx);
    return reply.code(204).send();
  });

  // The case as it is now: the lawyer who handed its chat on gets the answer of an unknown case (chatAccess.ts).
  app.get('/api/chat/case/:caseId/status', async (request) => {
    const caller = await callerOf(ctx, request);
    const caseId = idParam(request.params, 'caseId');
    const theCase = caller.kind === 'participant' ? await caseOfParticipant(ctx.db, caller.id, caseId) : await caseInChargeOfLawyer(ctx.db, caller.id, caseId);
    return caseStatus(ctx.db, theCase);
  });

  // GET api/chat/message/for-case/{caseId} lives in transcriptRoutes.ts (with the bot part).

  app.get('/api/chat/agent/image/:chatId/:authorId', async (request, reply) => {
    const caller = await callerOf(ctx, request);
    const { chat } = await chatOfCaller(ctx.db, caller, idParam(request.params, 'chatId'));
    const authorId = idParam(request.params, 'authorId');
    await assertLawyerOfCase(ctx.db, chat.case_id, authorId);
    // A lawyer who forwarded the chat reads the case up to the forward, so only the lawyers of that part.
    if (caller.kind === 'lawyer' && !(await chatsReadableByLawyer(ctx.db, chat.case_id, caller.id)).heldBy.has(authorId)) throw notFound('Das Bild');
    const lawyer = await lawyerById(ctx.db, authorId);
    return reply.type('text/plain; charset=utf-8').send(lawyer ? lawyerImageUrl(ctx.config.chatHostUrl, lawyer) : avatarUrl(ctx.config.chatHostUrl, authorId));
  });

  app.get('/api/chat/agent/avatar/:file', async (request, reply) => {
    const file = (request.params as { file?: string }).file ?? '';
    const match = /^([A-Za-z0-9_-]{1,64})\.svg$/.exec(file);
    const lawyer = match?.[1] ? await lawyerById(ctx.db, match[1]) : undefined;
    if (!lawyer) throw notFound('Das Bild');
    return (
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        // Shown by the web app, the case-file pages and partner domains, none of which is this host's site
        // for the browser when the hosts are IP addresses or partner domains: the image is public anyway.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(avatarSvg(lawyer.id, lawyer.name))
    );
  });
}
