// Step-up before a sensitive change of the lawyer's second factors (new recovery codes, a new passkey): a current TOTP
// code (single use) when TOTP is set up, or the password, counted by the login's per-account throttle so a stolen
// session cannot be used to guess it. Answers exactly like the recovery-code renewal always did.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { LawyersTable } from './tables.js';
import { DomainError } from '../../platform/errors.js';
import { checkCurrentTotp } from './lawyerTotp.js';
import { reauthenticateLawyer } from './lawyerLogin.js';
import { readTrustedDevice } from './trustedDevice.js';
import { chatNaming } from '../../platform/http/auth.js';
import { lawyerLoginLocked } from './lawyerLoginLocked.js';
import { currentPasswordWrong } from './lawyerErrors.js';

const invalidCode = () =>
  new DomainError('BadRequest', 'Der Code ist ungültig oder wurde schon verwendet. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.');

/**
 * Checks the step-up; true when it passed. Otherwise it throws: 400 `CurrentPasswordWrong` (with `Field`), 400 for a
 * missing step-up or a wrong code, 429 while the account waits. `action` names the change in the log lines.
 */
export async function passStepUp(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  lawyer: Pick<LawyersTable, 'id' | 'email'>,
  stepUp: { Code?: string | undefined; CurrentPassword?: string | undefined },
  action: string,
): Promise<boolean> {
  const { Code, CurrentPassword } = stepUp;
  if (Code !== undefined && Code.trim() !== '') {
    if (!(await checkCurrentTotp({ db: ctx.db, clock: ctx.clock, sessionSecret: ctx.config.sessionSecret }, lawyer.id, Code.trim()))) throw invalidCode();
    return true;
  }
  if (CurrentPassword === undefined || CurrentPassword === '') {
    throw new DomainError('BadRequest', 'Bitte bestätigen Sie mit dem aktuellen Code aus Ihrer Authenticator-App oder mit Ihrem Passwort.');
  }
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
      `${action} refused: account throttled`,
    );
    reply.header('Retry-After', String(check.retryAfterSeconds));
    throw lawyerLoginLocked(check.retryAfterSeconds);
  }
  if (check.type === 'rejected') {
    request.log.warn({ event: 'lawyer-reauth-failed', lawyerId: lawyer.id }, `${action} refused: wrong current password`);
    throw currentPasswordWrong();
  }
  return true;
}
