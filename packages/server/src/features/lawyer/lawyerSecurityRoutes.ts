// Lawyer TOTP second factor on the chat host (issue 11, point 4): status, enrolment, confirmation, switching off
// (refused under LAWYER_MFA=required) and new recovery codes after a step-up with a current TOTP code or the password.
// The login itself stays in lawyerRoutes.ts and reads the optional `TotpCode` (a TOTP or a recovery code) through
// `secondFactorOf`; it also runs the enrolment at login when the factor is mandatory.
import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../platform/errors.js';
import { beginTotpEnrolment, checkCurrentTotp, confirmTotpEnrolment, disableTotp, totpEnabled } from './lawyerTotp.js';
import { issueRecoveryCodes } from './lawyerRecoveryCodes.js';
import { countUnusedRecoveryCodes } from './recoveryCodeQueries.js';
import { reauthenticateLawyer } from './lawyerLogin.js';
import { lawyerById } from './lawyers.js';
import { lawyerOf, notAuthenticated } from '../../platform/http/auth.js';
import { decodeBody } from '../../platform/http/body.js';

const CodeBody = t.type({ Code: t.string }, 'TotpCode');

/** Step-up before new recovery codes: a current TOTP code, or the password when the authenticator is gone. */
const StepUpBody = t.partial({ Code: t.string, CurrentPassword: t.string }, 'RecoveryCodesStepUp');

/**
 * The optional `TotpCode` of a login body (the core login codec stays `{ Email, Password }`): six digits, or a recovery
 * code, which may come with spaces and dashes.
 */
export function secondFactorOf(body: unknown): { totpCode?: string } {
  const code = (body as { TotpCode?: unknown } | null | undefined)?.TotpCode;
  return typeof code === 'string' && code.length <= 32 && code.trim() !== '' ? { totpCode: code.trim() } : {};
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

  // `Required`: LAWYER_MFA=required – the console then offers no switching off. `RecoveryCodesLeft`: unused codes.
  app.get('/api/lawyer/totp', async (request) => {
    const lawyerId = await lawyerOf(ctx, request);
    return {
      Enabled: await totpEnabled(ctx.db, lawyerId),
      Required: ctx.config.lawyerMfa === 'required',
      RecoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, lawyerId),
    };
  });

  app.post('/api/lawyer/totp/setup', async (request) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    const enrolment = await beginTotpEnrolment(deps, lawyer.id, lawyer.email);
    if (!enrolment) throw new DomainError('Conflict', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.');
    request.log.info({ event: 'lawyer-totp-setup', lawyerId: lawyer.id }, 'TOTP enrolment started');
    return { Secret: enrolment.secret, OtpauthUri: enrolment.uri };
  });

  app.post('/api/lawyer/totp/confirm', { config: { body: CodeBody, rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
    const lawyerId = await lawyerOf(ctx, request);
    const { Code } = decodeBody(CodeBody, request.body);
    const recoveryCodes = await confirmTotpEnrolment(deps, lawyerId, Code.trim());
    if (recoveryCodes === null) throw invalidCode();
    request.log.info({ event: 'lawyer-totp-enabled', lawyerId }, 'TOTP second factor enabled');
    // Shown once: the server keeps only their hashes.
    return { RecoveryCodes: recoveryCodes };
  });

  // New recovery codes replace all older ones (used or not). Step-up as for the other sensitive changes: a current
  // TOTP code (single use), or – for a lawyer who signed in with a recovery code because the phone is gone – the
  // password, counted by the login's per-account throttle.
  app.post('/api/lawyer/totp/recovery-codes', { config: { body: StepUpBody, rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    const { Code, CurrentPassword } = decodeBody(StepUpBody, request.body);
    if (!(await totpEnabled(ctx.db, lawyer.id)))
      throw new DomainError('Conflict', 'Wiederherstellungscodes gibt es nur mit eingerichteter Zwei-Faktor-Anmeldung.');
    if (Code !== undefined && Code.trim() !== '') {
      if (!(await checkCurrentTotp(deps, lawyer.id, Code.trim()))) throw invalidCode();
    } else if (CurrentPassword !== undefined && CurrentPassword !== '') {
      const check = await reauthenticateLawyer({ db: ctx.db, clock: ctx.clock }, lawyer, CurrentPassword);
      if (check.type === 'locked') {
        ctx.metrics.lockouts.inc({ kind: 'lawyer-account' });
        request.log.warn(
          { event: 'lawyer-reauth-throttled', lawyerId: lawyer.id, retryAfterSeconds: check.retryAfterSeconds },
          'recovery codes refused: account throttled',
        );
        reply.header('Retry-After', String(check.retryAfterSeconds));
        throw lawyerLoginLocked(check.retryAfterSeconds);
      }
      if (check.type === 'rejected') {
        request.log.warn({ event: 'lawyer-reauth-failed', lawyerId: lawyer.id }, 'recovery codes refused: wrong current password');
        return reply.code(400).send({ Error: 'CurrentPasswordWrong', Message: 'Das aktuelle Passwort ist nicht korrekt.', Field: 'CurrentPassword' });
      }
    } else {
      throw new DomainError('BadRequest', 'Bitte bestätigen Sie mit dem aktuellen Code aus Ihrer Authenticator-App oder mit Ihrem Passwort.');
    }
    const recoveryCodes = await issueRecoveryCodes(deps, lawyer.id);
    request.log.warn({ event: 'lawyer-recovery-codes-renewed', lawyerId: lawyer.id }, 'lawyer recovery codes replaced');
    return { RecoveryCodes: recoveryCodes };
  });

  app.post('/api/lawyer/totp/disable', { config: { body: CodeBody, rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const lawyerId = await lawyerOf(ctx, request);
    const { Code } = decodeBody(CodeBody, request.body);
    if (ctx.config.lawyerMfa === 'required') {
      request.log.warn({ event: 'lawyer-totp-disable-refused', lawyerId }, 'TOTP disable refused: LAWYER_MFA=required');
      throw new DomainError('Forbidden', 'Die Zwei-Faktor-Anmeldung ist in dieser Kanzlei vorgeschrieben und kann nicht ausgeschaltet werden.');
    }
    if (!(await disableTotp(deps, lawyerId, Code.trim()))) throw invalidCode();
    request.log.warn({ event: 'lawyer-totp-disabled', lawyerId }, 'TOTP second factor and recovery codes removed');
    return reply.code(204).send();
  });
}
