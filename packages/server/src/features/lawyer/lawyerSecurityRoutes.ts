// Lawyer TOTP second factor on the chat host: status, enrolment, confirmation, switching off
// (refused under LAWYER_MFA=required) and new recovery codes after a step-up with a current TOTP code or the password.
// The login itself stays in lawyerRoutes.ts and reads the optional `TotpCode` (a TOTP or a recovery code) through
// `secondFactorOf`; it also runs the enrolment at login when the factor is mandatory.
import type { FastifyInstance } from 'fastify';
import { StepUpRequest, TotpCodeRequest, TotpSetupStepUp } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../platform/errors.js';
import { beginTotpEnrolment, confirmTotpEnrolment, disableTotp, totpEnabled } from './lawyerTotp.js';
import { issueRecoveryCodes } from './lawyerRecoveryCodes.js';
import { countUnusedRecoveryCodes } from './recoveryCodeQueries.js';
import { passStepUp } from './lawyerStepUp.js';
import { lawyerById } from './lawyers.js';
import { lawyerOf, notAuthenticated } from '../../platform/http/auth.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';

/**
 * The optional `TotpCode` of a login body (typed by the core login codec, `SecondFactorCode`): six digits, or a recovery
 * code, which may come with spaces and dashes.
 */
export function secondFactorOf(code: string | undefined): { totpCode?: string } {
  return code !== undefined && code.trim() !== '' ? { totpCode: code.trim() } : {};
}

const invalidCode = () =>
  new DomainError('BadRequest', 'Der Code ist ungültig oder wurde schon verwendet. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.');

export async function lawyerSecurityRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
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

  // The password first, as for a new passkey: a hijacked session alone must not put the attacker's authenticator on the
  // account (and with it a way past the lawyer's passkey).
  app.post(
    '/api/lawyer/totp/setup',
    { schema: { body: TotpSetupStepUp }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
      if (!lawyer) throw notAuthenticated();
      const { CurrentPassword } = bodyOf(request);
      if (await totpEnabled(ctx.db, lawyer.id)) throw new DomainError('Conflict', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.');
      if (!(await passStepUp(ctx, request, reply, lawyer, { CurrentPassword }, 'TOTP setup'))) return reply;
      const enrolment = await beginTotpEnrolment(deps, lawyer.id, lawyer.email);
      if (!enrolment) throw new DomainError('Conflict', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.');
      request.log.info({ event: 'lawyer-totp-setup', lawyerId: lawyer.id }, 'TOTP enrolment started');
      return { Secret: enrolment.secret, OtpauthUri: enrolment.uri };
    },
  );

  app.post('/api/lawyer/totp/confirm', { schema: { body: TotpCodeRequest }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
    const lawyerId = await lawyerOf(ctx, request);
    const { Code } = bodyOf(request);
    const recoveryCodes = await confirmTotpEnrolment(deps, lawyerId, Code.trim());
    if (recoveryCodes === null) throw invalidCode();
    request.log.info({ event: 'lawyer-totp-enabled', lawyerId }, 'TOTP second factor enabled');
    // Shown once: the server keeps only their hashes.
    return { RecoveryCodes: recoveryCodes };
  });

  // New recovery codes replace all older ones (used or not). Step-up as for the other sensitive changes: a current
  // TOTP code (single use), or – for a lawyer who signed in with a recovery code because the phone is gone – the
  // password, counted by the login's per-account throttle.
  app.post(
    '/api/lawyer/totp/recovery-codes',
    { schema: { body: StepUpRequest }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
      if (!lawyer) throw notAuthenticated();
      const stepUp = bodyOf(request);
      if (!(await totpEnabled(ctx.db, lawyer.id)))
        throw new DomainError('Conflict', 'Wiederherstellungscodes gibt es nur mit eingerichteter Zwei-Faktor-Anmeldung.');
      if (!(await passStepUp(ctx, request, reply, lawyer, stepUp, 'recovery codes'))) return reply;
      const recoveryCodes = await issueRecoveryCodes(deps, lawyer.id);
      request.log.warn({ event: 'lawyer-recovery-codes-renewed', lawyerId: lawyer.id }, 'lawyer recovery codes replaced');
      return { RecoveryCodes: recoveryCodes };
    },
  );

  app.post(
    '/api/lawyer/totp/disable',
    { schema: { body: TotpCodeRequest }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const lawyerId = await lawyerOf(ctx, request);
      const { Code } = bodyOf(request);
      if (ctx.config.lawyerMfa === 'required') {
        request.log.warn({ event: 'lawyer-totp-disable-refused', lawyerId }, 'TOTP disable refused: LAWYER_MFA=required');
        throw new DomainError('Forbidden', 'Die Zwei-Faktor-Anmeldung ist in dieser Kanzlei vorgeschrieben und kann nicht ausgeschaltet werden.');
      }
      if (!(await disableTotp(deps, lawyerId, Code.trim()))) throw invalidCode();
      request.log.warn({ event: 'lawyer-totp-disabled', lawyerId }, 'TOTP second factor and recovery codes removed');
      return reply.code(204).send();
    },
  );
}
