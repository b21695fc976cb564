// One error shape everywhere: { Error, Message } with a German message (DESIGN §5).
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type DomainErrorCode } from '../errors.js';

const STATUS: Record<DomainErrorCode, number> = {
  BadRequest: 400,
  NotAuthenticated: 401,
  Forbidden: 403,
  OutsideServiceHours: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  Locked: 429,
};

const BY_STATUS: Record<number, { Error: string; Message: string }> = {
  400: { Error: 'BadRequest', Message: 'Die Anfrage ist ungültig.' },
  401: { Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' },
  403: { Error: 'Forbidden', Message: 'Diese Anfrage ist nicht erlaubt.' },
  404: { Error: 'NotFound', Message: 'Die angeforderte Ressource wurde nicht gefunden.' },
  405: { Error: 'MethodNotAllowed', Message: 'Diese Methode ist nicht erlaubt.' },
  406: { Error: 'NotAcceptable', Message: 'Dieses Format wird nicht angeboten.' },
  413: { Error: 'PayloadTooLarge', Message: 'Die Anfrage oder Datei ist zu groß.' },
  415: { Error: 'UnsupportedMediaType', Message: 'Dieses Format wird nicht unterstützt. Bitte senden Sie JSON.' },
  429: { Error: 'TooManyRequests', Message: 'Zu viele Anfragen. Bitte warten Sie einen Moment.' },
};

export function errorBody(status: number): { Error: string; Message: string } {
  return BY_STATUS[status] ?? { Error: 'InternalError', Message: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.' };
}

/** With `withNotFound` false the caller installs its own 404 handler (the SPA fallback). */
export function installErrorHandling(app: FastifyInstance, withNotFound = true): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS[error.code];
      request.log.info({ code: error.code, status }, 'request refused');
      return reply.code(status).send({ Error: error.code, Message: error.message });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, 'request refused');
    const body = errorBody(status);
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ Error: 'BadRequest', Message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' });
    }
    return reply.code(status).send(body);
  });
  if (withNotFound) app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404)));
}
