// JSON request bodies parsed strictly and id path parameters checked; a route's body codec runs in routeSchema.ts.
import { errorCodes, type FastifyInstance } from 'fastify';
import { DomainError } from '../errors.js';

/** Decodes without replacing: bytes that are not UTF-8 throw instead of becoming U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The one parser of every JSON request body (SignalR frames are the hub's own). JSON is UTF-8 (RFC 8259 §8.1):
 * a body that is not – `"K\xf6ln"` sent as Latin-1, whatever `charset` it names – is refused as invalid JSON
 * (400 with the scope's body, e.g. `InvalidJson` on the case-file API) instead of being stored with U+FFFD.
 * Clients send `Content-Type: application/json` on body-less POSTs (logout) and PUTs (revoke): an empty body
 * is "no body", which the route's own decoding accepts or refuses with 400.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
    parseJson(request, text, done);
  });
}

/** Route parameters that name ids: short, URL-safe, nothing else. */
export function idParam(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new DomainError('NotFound', 'Die angeforderte Ressource wurde nicht gefunden.');
  return value;
}
