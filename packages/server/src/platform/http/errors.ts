// One error shape everywhere: { Error, Message } with a German message. A DomainError brings its own status
// (platform/errors.ts), so this handler knows no feature's codes.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';
import { allowedMethodsOf } from './allowedMethods.js';

export interface ErrorBody {
  readonly Error: string;
  readonly Message: string;
}

const BY_STATUS: Record<number, ErrorBody> = {
  400: { Error: 'BadRequest', Message: 'Die Anfrage ist ungültig.' },
  401: { Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' },
  403: { Error: 'Forbidden', Message: 'Diese Anfrage ist nicht erlaubt.' },
  404: { Error: 'NotFound', Message: 'Die angeforderte Ressource wurde nicht gefunden.' },
  405: { Error: 'MethodNotAllowed', Message: 'Diese Methode ist nicht erlaubt.' },
  406: { Error: 'NotAcceptable', Message: 'Dieses Format wird nicht angeboten.' },
  408: { Error: 'RequestTimeout', Message: 'Die Anfrage ist nicht rechtzeitig vollständig angekommen. Bitte versuchen Sie es erneut.' },
  413: { Error: 'PayloadTooLarge', Message: 'Die Anfrage oder Datei ist zu groß.' },
  415: { Error: 'UnsupportedMediaType', Message: 'Dieses Format wird nicht unterstützt. Bitte senden Sie JSON.' },
  429: { Error: 'TooManyRequests', Message: 'Zu viele Anfragen. Bitte warten Sie einen Moment.' },
  431: { Error: 'RequestHeaderFieldsTooLarge', Message: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.' },
};

const INVALID_JSON: ErrorBody = { Error: 'BadRequest', Message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' };

/**
 * Answers of one API scope that differ from the generic ones above: the case-file API keeps the bodies its
 * browser client and documentation already know. Anything not named here answers as everywhere else.
 */
export interface ScopeErrorTexts {
  /** By framework error code, e.g. FST_REQ_FILE_TOO_LARGE → 413 FileTooLarge. */
  readonly byCode?: Readonly<Record<string, ErrorBody & { readonly status: number }>>;
  readonly byStatus?: Readonly<Record<number, ErrorBody>>;
  readonly invalidJson?: ErrorBody;
  /** Any other 4xx. */
  readonly clientError?: ErrorBody;
  /** Any 5xx. */
  readonly serverError?: ErrorBody;
  readonly notFound?: ErrorBody;
}

export function errorBody(status: number): ErrorBody {
  return BY_STATUS[status] ?? { Error: 'InternalError', Message: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.' };
}

function bodyFor(status: number, texts: ScopeErrorTexts): ErrorBody {
  const scoped = texts.byStatus?.[status] ?? (status < 500 ? texts.clientError : texts.serverError);
  return scoped ?? errorBody(status);
}

/**
 * With `withNotFound` false the caller installs its own 404 handler (the SPA fallback). An encapsulated
 * scope (a plugin with a prefix) may call it again with its own `texts`; its routes then answer with those.
 */
export function installErrorHandling(app: FastifyInstance, withNotFound = true, texts: ScopeErrorTexts = {}): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const { status } = error;
      // A refusal caused by the server itself (a full disk, platform/files/storeFile.ts) is the operator's to see.
      if (error.cause !== undefined) request.log.error({ err: error.cause, code: error.code, status }, 'request failed');
      else request.log.info({ code: error.code, status }, 'request refused');
      return reply.code(status).send({ Error: error.code, Message: error.message, ...error.details });
    }
    const byCode = error.code !== undefined ? texts.byCode?.[error.code] : undefined;
    if (byCode) {
      request.log.info({ code: error.code, status: byCode.status }, 'request refused');
      return reply.code(byCode.status).send({ Error: byCode.Error, Message: byCode.Message });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, 'request refused');
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send(texts.invalidJson ?? INVALID_JSON);
    }
    return reply.code(status).send(bodyFor(status, texts));
  });
  // A body refused as too large while the client is still sending it (an upload past its limit, partBytes in upload.ts)
  // must not be read to its end after the answer, which Node does to keep the connection: this one is closed instead.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 413 && !request.raw.complete) reply.header('connection', 'close');
    return payload;
  });
  if (withNotFound) app.setNotFoundHandler((request, reply) => answerNotFound(request, reply, texts));
}

/**
 * A request no route took: 405 with `Allow` when its path is known with other methods (e.g. DELETE on a case file's
 * history), else 404 – both in the scope's `{ Error, Message }`.
 */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply, texts: ScopeErrorTexts = {}): FastifyReply {
  const allowed = allowedMethodsOf(request);
  if (allowed.length > 0) {
    request.log.info({ status: 405, method: request.method }, 'request refused');
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send(texts.byStatus?.[405] ?? errorBody(405));
  }
  return reply.code(404).send(texts.notFound ?? errorBody(404));
}

/** Headers of an answer written before any route or hook ran (no security plugin): no caching, nothing to sniff or run. */
export const FRAMEWORK_ERROR_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it (a malformed request
 * line or header, header fields beyond Node's 16 KiB – e.g. a chat link pasted with an endless query –, a request that
 * did not arrive within the request timeout). Fastify's default answers these in English and in another shape; this
 * one answers like every other refusal, `{ Error, Message }` in German (400, 431, 408), and closes the connection.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.debug({ code: error.code, status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(status));
    const headers = {
      ...FRAMEWORK_ERROR_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}
