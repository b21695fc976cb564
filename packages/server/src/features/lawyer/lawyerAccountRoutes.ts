// The signed-in lawyer's own account security on the chat host: changing the password and the
// list of signed-in devices with signing out the others (I4). Every change of the password ends all other sessions
// at once, closes the lawyer's hub connections and gives the current browser a new session id.
import type { FastifyInstance } from 'fastify';
import { ChangeLawyerPasswordRequest } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../platform/errors.js';
import { chatNaming, lawyerOf, notAuthenticated } from '../../platform/http/auth.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { readSessionCookie, setSessionCookie } from '../../platform/http/cookies.js';
import { sessionDeviceOf } from '../../platform/sessionDevice.js';
import { sessionRef } from '../../platform/sessions.js';
import { reauthenticateLawyer } from './lawyerLogin.js';
import { readTrustedDevice } from './trustedDevice.js';
import { lawyerLoginLocked } from './lawyerLoginLocked.js';
import { lawyerById, setLawyerPassword } from './lawyers.js';
import { passwordViolation, passwordViolationMessage, type PasswordViolation } from './passwordPolicy.js';
import { currentPasswordWrong, lawyerError } from './lawyerErrors.js';

/** Same budget per address as the login: the per-account throttle is the real limit. */
const reauthRateLimit = { max: 20, timeWindow: '1 minute' };

/** Read on the ended device's login (the console shows the server's reason). */
const SESSIONS_ENDED =
  'Ihre Anmeldung auf diesem Gerät wurde beendet: Ihr Passwort wurde geändert oder die Anmeldung auf einem anderen Gerät beendet. Bitte melden Sie sich erneut an.';

export async function lawyerAccountRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const fieldError = (error: PasswordViolation | 'CurrentPasswordWrong'): never => {
    throw error === 'CurrentPasswordWrong' ? currentPasswordWrong() : lawyerError(error, passwordViolationMessage[error], { Field: 'NewPassword' });
  };

  /**
   * Ends every other session of the lawyer and the hub connections that were opened with them. With `rotate` (the
   * password change, which gives the current browser a new session id) the current session's connections close too
   * and its console connects again with the new cookie; otherwise they stay open.
   */
  const endOtherSessions = async (lawyerId: string, keepToken: string | undefined, rotate: boolean) => {
    const ended = await ctx.sessions.destroyOthers('lawyer', lawyerId, keepToken);
    const principal = { kind: 'lawyer', id: lawyerId } as const;
    if (ctx.hub) {
      if (rotate || keepToken === undefined) await ctx.hub.disconnectPrincipal(principal, SESSIONS_ENDED);
      else await ctx.hub.disconnectSession(principal, { except: sessionRef(keepToken) }, SESSIONS_ENDED);
    }
    return ended;
  };

  app.post('/api/lawyer/me/password', { schema: { body: ChangeLawyerPasswordRequest }, config: { rateLimit: reauthRateLimit } }, async (request, reply) => {
    const token = readSessionCookie(request, 'lawyer', chatNaming(ctx));
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    const { CurrentPassword, NewPassword } = bodyOf(request);
    // Rules that need no secret first: a refused new password costs no attempt of the throttle.
    const early = passwordViolation({ password: NewPassword, name: lawyer.name, email: lawyer.email });
    if (early) return fieldError(early);
    const check = await reauthenticateLawyer(
      { db: ctx.db, clock: ctx.clock },
      lawyer,
      CurrentPassword,
      readTrustedDevice(request, chatNaming(ctx), ctx.config.sessionSecret, ctx.clock.now()),
    );
    if (check.type === 'locked') {
      ctx.metrics.lockouts.inc({ kind: 'lawyer-account' });
      request.log.warn(
        { event: 'lawyer-reauth-throttled', lawyerId: lawyer.id, retryAfterSeconds: check.retryAfterSeconds },
        'password change refused: account throttled',
      );
      reply.header('Retry-After', String(check.retryAfterSeconds));
      throw lawyerLoginLocked(check.retryAfterSeconds);
    }
    if (check.type === 'rejected') {
      request.log.warn({ event: 'lawyer-reauth-failed', lawyerId: lawyer.id }, 'password change refused: wrong current password');
      return fieldError('CurrentPasswordWrong');
    }
    const unchanged = passwordViolation({ password: NewPassword, name: lawyer.name, email: lawyer.email, current: CurrentPassword });
    if (unchanged) return fieldError(unchanged);
    await setLawyerPassword(ctx.db, lawyer.id, NewPassword);
    const ended = await endOtherSessions(lawyer.id, token, true);
    // Rotation: the session that proved the password continues under a new id.
    await ctx.sessions.destroy(token);
    setSessionCookie(reply, 'lawyer', chatNaming(ctx), await ctx.sessions.create('lawyer', lawyer.id, sessionDeviceOf(request)));
    request.log.warn({ event: 'lawyer-password-changed', lawyerId: lawyer.id, endedSessions: ended }, 'lawyer password changed, other sessions ended');
    return reply.code(204).send();
  });

  app.get('/api/lawyer/sessions', async (request) => {
    const lawyerId = await lawyerOf(ctx, request);
    const sessions = await ctx.sessions.listLive('lawyer', lawyerId, readSessionCookie(request, 'lawyer', chatNaming(ctx)));
    // Browser, System and Network only where known (sessions from before migration 0027 have none).
    return sessions.map((s) => ({
      Id: s.id,
      CreatedAt: s.createdAt,
      LastSeenAt: s.lastSeenAt,
      Current: s.current,
      ...(s.device.browser !== null ? { Browser: s.device.browser } : {}),
      ...(s.device.system !== null ? { System: s.device.system } : {}),
      ...(s.device.network !== null ? { Network: s.device.network } : {}),
    }));
  });

  app.post('/api/lawyer/sessions/end-others', async (request) => {
    const lawyerId = await lawyerOf(ctx, request);
    const ended = await endOtherSessions(lawyerId, readSessionCookie(request, 'lawyer', chatNaming(ctx)), false);
    request.log.warn({ event: 'lawyer-sessions-ended', lawyerId, endedSessions: ended }, 'lawyer ended all other sessions');
    return { Ended: ended };
  });

  app.delete<{ Params: { id: string } }>('/api/lawyer/sessions/:id', async (request, reply) => {
    const token = readSessionCookie(request, 'lawyer', chatNaming(ctx));
    const lawyerId = await lawyerOf(ctx, request);
    const current = (await ctx.sessions.listLive('lawyer', lawyerId, token)).find((s) => s.current);
    if (current?.id === request.params.id) throw new DomainError('BadRequest', 'Diese Sitzung beenden Sie mit „Abmelden“.');
    const ended = await ctx.sessions.destroyById('lawyer', lawyerId, request.params.id);
    if (ended === null) throw new DomainError('NotFound', 'Diese Sitzung gibt es nicht mehr.');
    // Only the connections opened with that session close; the lawyer's other devices and this console stay connected.
    if (ctx.hub) await ctx.hub.disconnectSession({ kind: 'lawyer', id: lawyerId }, ended, SESSIONS_ENDED);
    request.log.warn({ event: 'lawyer-session-ended', lawyerId }, 'lawyer ended one other session');
    return reply.code(204).send();
  });
}
