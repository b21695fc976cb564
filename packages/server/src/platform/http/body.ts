// JSON request bodies parsed strictly (UTF-8, no U+0000), `%00` refused in paths and queries, and id path
// parameters checked; a route's body codec runs in routeSchema.ts.
import { errorCodes, type FastifyInstance } from 'fastify';
import { mayHoldUnstorableText, unstorableTextIn } from '../../hub/index.js';
import { DomainError } from '../errors.js';

/**
 * U+0000 in a request: PostgreSQL's text cannot hold it, so a query or insert with it failed as a 500 with an error
 * log – from an unauthenticated login or a case-file contact message too. No field of the API has a use for it, so
 * it is refused at the edge with a 400 on both engines.
 */
export const nulRefused = () => new DomainError('BadRequest', 'Die Anfrage enthält ein unzulässiges Steuerzeichen (U+0000).');

/** A lone UTF-16 surrogate in a JSON string: half of a character, which no store keeps as sent (hub/unstorableText.ts). */
export const loneSurrogateRefused = () =>
  new DomainError('BadRequest', 'Die Anfrage enthält ein unvollständiges Zeichen (ein einzelnes UTF-16-Surrogat). Bitte prüfen Sie den Text.');

/** Refuses a request whose path or query holds `%00` (see `nulRefused`) before any route reads it. */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw nulRefused();
  });
}

/**
 * A request body labelled as compressed (`Content-Encoding: gzip` …) is refused with 415: the server does not inflate
 * request bodies, and reading such a body as if it were plain would let a proxy or firewall in front – which inflates
 * it – judge another body than the one the application acts on.
 */
export function installContentEncodingGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || encoding.trim().toLowerCase() === 'identity' || encoding.trim() === '') return;
    throw new DomainError('UnsupportedMediaType', 'Komprimierte Anfragen werden nicht angenommen. Bitte senden Sie den Inhalt unkomprimiert.');
  });
}

/**
 * A JSON body must be UTF-8 (RFC 8259 §8.1), and it is read as such. A `charset` other than UTF-8 in its
 * `Content-Type` is refused with 415 before the body is read: read as UTF-8 regardless, a sender's Latin-1
 * `MÃ¼nchen` was stored as `München` (its bytes happen to be UTF-8), its `München` refused as „kein gültiges JSON“,
 * and a `utf-16` label with ASCII bytes accepted – the label was ignored (found from outside, 2026-12-07).
 * `charset=utf-8` (any case, quoted or not, also `utf8`) and no charset stay accepted.
 */
export function installJsonCharsetGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const charset = jsonCharsetOf(request.headers['content-type']);
    if (charset === null || charset === 'utf-8' || charset === 'utf8') return;
    throw new DomainError('UnsupportedMediaType', 'Bitte senden Sie JSON in UTF-8 (Content-Type: application/json; charset=utf-8).');
  });
}

/** The `charset` parameter of an `application/json` content type, lower-cased and unquoted; null for other types or none. */
function jsonCharsetOf(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  const [mediaType = '', ...parameters] = contentType.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') return null;
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    return parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return null;
}

/** No request body of the API nests deeper than a few levels; the limit leaves room and stops what only costs time. */
export const MAX_JSON_DEPTH = 32;

/**
 * True when the JSON text opens more than `limit` arrays or objects inside each other (strings skipped). Checked before
 * parsing: 100,000 nested brackets in a 200 KB body took the parser and the checks behind it tens to hundreds of
 * milliseconds per request – unauthenticated, so a few clients stalled every chat (outside attacker, 2026-12-05).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

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
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    // Only an escape can bring U+0000 or a lone surrogate into JSON text that decoded strictly; only then walk.
    if (!mayHoldUnstorableText(text)) return parseJson(request, text, done);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const unstorable = unstorableTextIn(value);
      if (unstorable !== null) return done(unstorable === 'nul' ? nulRefused() : loneSurrogateRefused(), undefined);
      done(null, value);
    });
  });
}

/** Route parameters that name ids: short, URL-safe, nothing else. */
export function idParam(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new DomainError('NotFound', 'Die angeforderte Ressource wurde nicht gefunden.');
  return value;
}
