// The refusals of withdrawing a case file (withdrawal.ts) and the answer of a withdrawn file's link, with their German
// texts. The console shows its own text per code; these are for every other program and the log.
import { errorCodes } from '../../platform/errors.js';
import { formatGermanDate } from '../../platform/pdf/germanDate.js';

export const withdrawalError = errorCodes({
  WithdrawalReasonRequired: 400,
  WithdrawalReasonTooLong: 400,
  /** The client has signed in (and so may have read, uploaded or signed): the file is real, end the mandate instead. */
  CaseFileInUse: 409,
  AlreadyWithdrawn: 409,
  /** The client API: the link belongs to a withdrawn file (GET /api/case-file/{token}/check). */
  CaseFileWithdrawn: 410,
});

export const reasonRequired = () => withdrawalError('WithdrawalReasonRequired', 'Bitte geben Sie kurz an, warum die Fallakte zurückgezogen wird.');

export const reasonTooLong = (max: number) => withdrawalError('WithdrawalReasonTooLong', `Der Grund darf höchstens ${max} Zeichen lang sein.`);

/** `signedInAt`: the client's first sign-in (the consent it recorded), when known. */
export function caseFileInUse(signedInAt: string | null) {
  const when = signedInAt === null ? '' : ` am ${formatGermanDate(signedInAt)}`;
  return withdrawalError(
    'CaseFileInUse',
    `Diese Fallakte kann nicht mehr zurückgezogen werden: Ihre Mandantin oder Ihr Mandant hat sich${when} bereits angemeldet. Eine genutzte Fallakte bleibt erhalten; beenden Sie stattdessen das Mandat.`,
    { SignedInAt: signedInAt },
  );
}

export const alreadyWithdrawn = () => withdrawalError('AlreadyWithdrawn', 'Diese Fallakte wurde bereits zurückgezogen.');

export const caseFileWithdrawn = () =>
  withdrawalError(
    'CaseFileWithdrawn',
    'Diese Fallakte wurde von Ihrer Kanzlei zurückgezogen. Der Link gilt nicht mehr. Bei Fragen wenden Sie sich bitte an Ihre Kanzlei.',
  );
