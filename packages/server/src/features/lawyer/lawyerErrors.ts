// The lawyer feature's own error codes with their HTTP statuses. The field refusals name the form field they belong
// to (`Field`), the required enrolment carries what the console needs to set the factor up.
import { errorCodes } from '../../platform/errors.js';
import type { PasswordViolation } from './passwordPolicy.js';

export const lawyerError = errorCodes({
  CurrentPasswordWrong: 400,
  PasswordTooShort: 400,
  PasswordTooLong: 400,
  PasswordCommon: 400,
  PasswordContainsPersonalData: 400,
  PasswordUnchanged: 400,
  MfaEnrolmentRequired: 403,
  /** POST /api/lawyer/case-files: the chat already has a case file and the request did not confirm a second one. */
  CaseFileExists: 409,
} satisfies Record<PasswordViolation, number> & Record<string, number>);

export const currentPasswordWrong = () => lawyerError('CurrentPasswordWrong', 'Das aktuelle Passwort ist nicht korrekt.', { Field: 'CurrentPassword' });

let numberList: Intl.ListFormat | undefined;

/** A second case file from one chat without `ConfirmSecond: true`; `CaseNumbers`: the chat's files, oldest first. */
export function caseFileExists(caseNumbers: readonly string[]) {
  numberList ??= new Intl.ListFormat('de-DE', { type: 'conjunction' });
  const named = caseNumbers.length === 1 ? `die Fallakte ${caseNumbers[0]}` : `die Fallakten ${numberList.format(caseNumbers)}`;
  return lawyerError(
    'CaseFileExists',
    `Aus diesem Chat wurde bereits ${named} angelegt. Eine weitere Fallakte wird nur nach ausdrücklicher Bestätigung angelegt.`,
    { CaseNumbers: caseNumbers },
  );
}
