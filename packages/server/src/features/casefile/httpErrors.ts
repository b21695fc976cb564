// Error bodies of the case-file API: `{ Error, Message }` with a German message (DESIGN §5).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ Error: code, Message: message });
}

export const messages = {
  invalidInput: 'Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben.',
  notAuthenticated: 'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN.',
  loginRequired: 'Bitte melden Sie sich an, um die Fallakte zu öffnen.',
  forbidden: 'Sie haben keinen Zugriff auf diese Fallakte.',
  notFound: 'Die Fallakte wurde nicht gefunden.',
  consentRequired: 'Bitte stimmen Sie der Datenschutzerklärung und den Nutzungsbedingungen zu.',
} as const;

export function lockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Zu viele Fehlversuche. Die Anmeldung ist vorübergehend gesperrt. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`;
}

/** Maps framework errors (malformed JSON, oversized bodies and files, wrong content type) to 4xx JSON; anything else is a logged 500. */
export function caseFileErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    request.log.warn({ event: 'casefile.upload.too_large' }, 'case-file upload too large');
    return sendError(reply, 413, 'FileTooLarge', 'Die Datei ist zu groß.');
  }
  if (status === 413) return sendError(reply, 413, 'PayloadTooLarge', 'Die Anfrage ist zu groß.');
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || status === 415) {
    return sendError(reply, 415, 'UnsupportedMediaType', 'Dieses Anfrageformat wird nicht unterstützt.');
  }
  if (status >= 400 && status < 500) {
    request.log.warn({ event: 'casefile.bad_request', code: error.code }, 'case-file bad request');
    const json = /JSON/i.test(error.code ?? '') || error instanceof SyntaxError;
    return sendError(reply, status === 400 || json ? 400 : status, json ? 'InvalidJson' : 'BadRequest', json ? 'Die Anfrage enthält kein gültiges JSON.' : messages.invalidInput);
  }
  request.log.error({ err: error, event: 'casefile.internal_error' }, 'case-file request failed');
  return sendError(reply, 500, 'InternalError', 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.');
}
