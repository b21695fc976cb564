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
} satisfies Record<PasswordViolation, number> & Record<string, number>);

export const currentPasswordWrong = () => lawyerError('CurrentPasswordWrong', 'Das aktuelle Passwort ist nicht korrekt.', { Field: 'CurrentPassword' });
