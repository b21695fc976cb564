// Lawyer TOTP second factor on the chat host (issue 11, point 4): status, enrolment, confirmation, switching off
// (refused under LAWYER_MFA=required). The login itself stays in lawyerRoutes.ts and reads the optional `TotpCode`
// through `secondFactorOf`; it also runs the enrolment at login when the factor is mandatory.
import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../platform/errors.js';
import { beginTotpEnrolment, confirmTotpEnrolment, disableTotp, totpEnabled } from './lawyerTotp.js';
import { lawyerById } from './lawyers.js';
import { lawyerOf, notAuthenticated } from '../../platform/http/auth.js';
import { decodeBody } from '../../platform/http/body.js';

const CodeBody = t.type({ Code: t.string }, 'TotpCode');

/** The optional `TotpCode` of a login body (the core login codec stays `{ Email, Password }`). */
export function secondFactorOf(body: unknown): { totpCode?: string } {
  const code = (body as { TotpCode?: unknown } | null | undefined)?.TotpCode;
  return typeof code === 'string' && code.length <= 16 && code.trim() !== '' ? { totpCode: code.trim() } : {};
}

export function lawyerLoginLocked(retryAfterSeconds: number): DomainError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} Sekunden` : `${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`;
  return new DomainError('Locked', `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${wait} erneut.`);
}

const invalidCode = () =>
  new DomainError('BadRequest', 'Der Code ist ungültig oder wurde schon verwendet. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.');

export async function lawyerSecurityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = { db: ctx.db, clock: ctx.clock, sessionSecret: ctx.config.sessionSecret };

  // `Required`: LAWYER_MFA=required – the console then offers no switching off.
  app.get('/api/lawyer/totp', async (request) => ({
    Enabled: await totpEnabled(ctx.db, await lawyerOf(ctx, request)),
    Required: ctx.config.lawyerMfa === 'required',
  }));

  app.post('/api/lawyer/totp/setup', async (request) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    const enrolment = await beginTotpEnrolment(deps, lawyer.id, lawyer.email);
    if (!enrolment) throw new DomainError('Conflict', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.');
    request.log.info({ event: 'lawyer-totp-setup', lawyerId: lawyer.id }, 'TOTP enrolment started');
    return { Secret: enrolment.secret, OtpauthUri: enrolment.uri };
  });

  app.post('/api/lawyer/totp/confirm', { config: { body: CodeBody, rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const lawyerId = await lawyerOf(ctx, request);
    const { Code } = decodeBody(CodeBody, request.body);
    if (!(await confirmTotpEnrolment(deps, lawyerId, Code.trim()))) throw invalidCode();
    request.log.info({ event: 'lawyer-totp-enabled', lawyerId }, 'TOTP second factor enabled');
    return reply.code(204).send();
  });

  app.post('/api/lawyer/totp/disable', { config: { body: CodeBody, rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const lawyerId = await lawyerOf(ctx, request);
    const { Code } = decodeBody(CodeBody, request.body);
    if (ctx.config.lawyerMfa === 'required') {
      request.log.warn({ event: 'lawyer-totp-disable-refused', lawyerId }, 'TOTP disable refused: LAWYER_MFA=required');
      throw new DomainError('Forbidden', 'Die Zwei-Faktor-Anmeldung ist in dieser Kanzlei vorgeschrieben und kann nicht ausgeschaltet werden.');
    }
    if (!(await disableTotp(deps, lawyerId, Code.trim()))) throw invalidCode();
    request.log.warn({ event: 'lawyer-totp-disabled', lawyerId }, 'TOTP second factor disabled');
    return reply.code(204).send();
  });
}
