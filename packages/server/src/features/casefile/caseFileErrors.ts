// The case-file API's refusals as DomainErrors with the German texts its browser client shows: the feature's own
// codes with their HTTP statuses, and the scope texts with which the platform's one error handler answers framework
// errors on /api/case-file.
import { DomainError, errorCodes } from '../../platform/errors.js';
import { errorBody, type ScopeErrorTexts } from '../../platform/http/errors.js';

export const messages = {
  invalidInput: 'Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben.',
  notAuthenticated: 'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN.',
  pinFormat: 'Die PIN besteht aus den letzten vier Ziffern Ihrer Telefonnummer.',
  loginRequired: 'Bitte melden Sie sich an, um die Fallakte zu öffnen.',
  forbidden: 'Sie haben keinen Zugriff auf diese Fallakte.',
  notFound: 'Die Fallakte wurde nicht gefunden.',
  consentRequired: 'Bitte bestätigen Sie die Kenntnisnahme der Datenschutzhinweise und akzeptieren Sie die Nutzungsbedingungen.',
} as const;

/** The wrong-PIN message with the attempts left before the lock (from the first failure on). */
export function attemptsLeftMessage(attemptsLeft: number): string {
  const rest = attemptsLeft === 1 ? 'Noch 1 Versuch' : `Noch ${attemptsLeft} Versuche`;
  return `${messages.notAuthenticated} ${rest}, danach wird die Anmeldung vorübergehend gesperrt.`;
}

export function lockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Zu viele Fehlversuche. Die Anmeldung ist vorübergehend gesperrt. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`;
}

/**
 * The per-address limit (an office, a mobile network's shared address): it counts every attempt from there, so it
 * says nothing about this person's PIN and must not sound as if it did.
 */
export function addressLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Von Ihrem Internetanschluss aus gab es in kurzer Zeit zu viele Anmeldeversuche. Das muss nicht an Ihrer PIN liegen: Einen Anschluss teilen sich oft viele Personen, etwa im Büro oder im Mobilfunknetz. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`;
}

/** The codes only the case-file API answers with (its browser client knows each); the rest are the platform's. */
export const caseFileError = errorCodes({
  InvalidInput: 400,
  ConsentRequired: 400,
  InvalidUpload: 400,
  NoFile: 400,
  TooManyFiles: 400,
  EmptyFile: 400,
  InvalidSignature: 400,
  EmptySignature: 400,
  UnknownFirmMessage: 400,
  QuotaExceeded: 409,
  AlreadySigned: 409,
  SignatureTooLarge: 413,
  UnsupportedFileType: 415,
  ContentMismatch: 415,
});

export const invalidInput = () => caseFileError('InvalidInput', messages.invalidInput);
/** InvalidInput that also names what to correct, e.g. "… Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein." */
export const invalidFields = (problems: readonly string[]) => caseFileError('InvalidInput', [messages.invalidInput, ...problems].join(' '));
export const caseFileNotFound = () => new DomainError('NotFound', messages.notFound);
export const loginRequired = () => new DomainError('NotAuthenticated', messages.loginRequired);
export const otherCaseFile = () => new DomainError('Forbidden', messages.forbidden);
export const consentRequired = () => caseFileError('ConsentRequired', messages.consentRequired);
/**
 * A contact message whose `InReplyTo` names no message the firm wrote in this file – unknown, or another file's: the
 * same answer for both, so ids of other files cannot be probed. Nothing is stored or mailed.
 */
export const unknownFirmMessage = () =>
  caseFileError(
    'UnknownFirmMessage',
    'Die Nachricht Ihrer Kanzlei, auf die Sie antworten möchten, gibt es in Ihrer Fallakte nicht. Bitte laden Sie die Seite neu und wählen Sie bei der Nachricht „Antworten“.',
  );

/**
 * What a closed file (mandate ended, mandate.ts) no longer takes: a Vollmacht, a document, the questionnaire. 409
 * `Conflict`; contact and personal data stay open, so the texts point to „Kontaktieren Sie uns“.
 */
const closedHint = 'Wenn Sie Ihrer Kanzlei noch etwas mitteilen möchten, nutzen Sie bitte „Kontaktieren Sie uns“.';
export const closedCaseFile = {
  powerOfAttorney: () => new DomainError('Conflict', `Ihr Fall ist abgeschlossen. Eine Vollmacht können Sie nicht mehr unterschreiben. ${closedHint}`),
  documents: () => new DomainError('Conflict', `Ihr Fall ist abgeschlossen. Neue Dokumente nimmt die Fallakte nicht mehr an. ${closedHint}`),
  questionnaire: () => new DomainError('Conflict', `Ihr Fall ist abgeschlossen. Den Fragebogen können Sie nicht mehr senden. ${closedHint}`),
} as const;

/** Framework errors inside /api/case-file answer with the bodies this API has always sent. */
export const caseFileErrorTexts: ScopeErrorTexts = {
  byCode: {
    FST_REQ_FILE_TOO_LARGE: { status: 413, Error: 'FileTooLarge', Message: 'Die Datei ist zu groß.' },
    FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, Error: 'UnsupportedMediaType', Message: 'Dieses Anfrageformat wird nicht unterstützt.' },
  },
  byStatus: {
    413: { Error: 'PayloadTooLarge', Message: 'Die Anfrage ist zu groß.' },
    415: { Error: 'UnsupportedMediaType', Message: 'Dieses Anfrageformat wird nicht unterstützt.' },
    // A per-address limit (contact, Vollmacht, the global one) is no wrong input: not the catch-all below.
    429: errorBody(429),
  },
  invalidJson: { Error: 'InvalidJson', Message: 'Die Anfrage enthält kein gültiges JSON.' },
  clientError: { Error: 'BadRequest', Message: messages.invalidInput },
  serverError: { Error: 'InternalError', Message: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.' },
  notFound: { Error: 'NotFound', Message: 'Diese Adresse gibt es nicht.' },
};
