// pino with redaction: cookies, tokens, PINs and passwords never reach the log (SECURITY A9, J2).
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

/** Paths carry case-file tokens and query strings carry tickets: keep only the shape. */
export function redactUrl(url: string): string {
  const [pathPart = ''] = url.split('?');
  const redactedPath = pathPart
    .split('/')
    .map((segment) => (segment.length >= 20 ? '[redacted]' : segment))
    .join('/');
  return url.includes('?') ? `${redactedPath}?[redacted]` : redactedPath;
}

/** Request serializer: method, redacted URL and address only (no headers, so no cookies). */
export function serializeRequest(req: { method?: string; url?: string; ip?: string }): object {
  return { method: req.method, url: redactUrl(req.url ?? ''), ip: req.ip };
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: serializeRequest,
    },
  });
}
