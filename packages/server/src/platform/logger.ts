// pino with redaction: cookies, tokens, PINs and passwords never reach the log.
import pino, { type Logger } from 'pino';

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.Password',
  '*.pin',
  '*.Pin',
  '*.token',
  '*.Token',
  '*.ticket',
  '*.InsuranceNumber',
];

/**
 * A path whose segment after `prefix` is a bearer capability (a feature's link token). `literals` are the fixed
 * route names at that position, which stay readable; anything else there – also a mistyped token – is redacted.
 * The features name their token paths; the composition root hands them to `requestSerializer`.
 */
export interface TokenPath {
  readonly prefix: string;
  readonly literals?: readonly string[];
}

/** A path segment as the router reads it (percent-decoded), lower-cased for matching. */
function segmentName(raw: string): string {
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A segment that moves the router or a proxy to another place than it reads: `.`/`..` or a slash or backslash inside it. */
const shiftsPath = (name: string) => name === '.' || name === '..' || name.includes('/') || name.includes('\\');

/**
 * Token paths lose their token and query strings (tickets, `?token=`, entry links) are dropped whole; every other
 * path – assets, ids, pages – stays readable. Matching follows the router: doubled slashes
 * collapsed, percent-encoding decoded (`/api/case%2Dfile/<token>` reaches the same route as `/api/case-file/<token>`).
 * Where the segment after the prefix is a route name (`/api/case-file/login`), whatever follows is redacted too (no
 * such route has more), and where any segment after the prefix is a dot segment or holds an (encoded) slash or
 * backslash, every segment after the prefix is: which of them a token is depends on who resolves the path.
 */
export function redactUrl(url: string, tokenPaths: readonly TokenPath[]): string {
  const query = url.indexOf('?');
  const segments = (query === -1 ? url : url.slice(0, query)).split('/');
  const named = segments.flatMap((segment, index) => (segment === '' ? [] : [index]));
  const nameAt = (n: number) => segmentName(segments[named[n] ?? -1] ?? '');
  for (const { prefix, literals = [] } of tokenPaths) {
    const prefixNames = prefix.toLowerCase().split('/').filter(Boolean);
    const at = named[prefixNames.length];
    if (at === undefined || !prefixNames.every((name, n) => nameAt(n) === name)) continue;
    const after = named.slice(prefixNames.length);
    const redactAll = after.some((_, n) => shiftsPath(nameAt(prefixNames.length + n)));
    if (redactAll) {
      for (const index of after) segments[index] = '[redacted]';
    } else if (!literals.includes(nameAt(prefixNames.length))) segments[at] = '[redacted]';
    else for (const index of after.slice(1)) segments[index] = '[redacted]';
  }
  const path = segments.join('/');
  return query === -1 ? path : `${path}?[redacted]`;
}

/** Request serializer: method, redacted URL and address only (no headers, so no cookies). */
export function requestSerializer(tokenPaths: readonly TokenPath[]): (req: { method?: string; url?: string; ip?: string }) => object {
  return (req) => ({ method: req.method, url: redactUrl(req.url ?? '', tokenPaths), ip: req.ip });
}

/** `destination`: stdout when not given; the command-line tools log to stderr, so their stdout stays their answer. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    // Requests are logged through Fastify's child loggers, which know the app's token paths (app.ts,
    // `requestSerializer`); a request logged anywhere else is logged without its URL.
    serializers: {
      req: (req: { method?: string; ip?: string }) => ({ method: req.method, ip: req.ip }),
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
