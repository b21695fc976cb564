import type { IncomingMessage, ServerResponse } from 'node:http';

export type OriginVerdict = 'absent' | 'allowed' | 'forbidden';

const ALLOWED_HEADERS = 'x-requested-with, x-signalr-user-agent, authorization, content-type';
const ALLOWED_METHODS = 'GET, POST, DELETE';

/**
 * Exact-match origin policy. A request whose Origin names the hub's own host (same-origin
 * fetch/POST in a browser) is allowed too, so the hub need not know its public address.
 */
export class OriginPolicy {
  private readonly allowed: ReadonlySet<string>;

  constructor(allowedOrigins: readonly string[]) {
    this.allowed = new Set(allowedOrigins);
  }

  verdict(req: IncomingMessage): OriginVerdict {
    const origin = req.headers.origin;
    if (origin === undefined) return 'absent';
    if (this.allowed.has(origin)) return 'allowed';
    return sameHost(origin, req.headers.host) ? 'allowed' : 'forbidden';
  }

  /** Adds credentialed CORS headers for an allowed cross-origin request; nothing otherwise. */
  apply(req: IncomingMessage, res: ServerResponse): void {
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (origin === undefined || this.verdict(req) !== 'allowed') return;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }

  /** Answers a preflight: 204 with CORS headers for allowed origins, 403 without for others. */
  preflight(req: IncomingMessage, res: ServerResponse): void {
    if (this.verdict(req) === 'forbidden') {
      res.writeHead(403, { Vary: 'Origin', 'Content-Length': 0 });
      res.end();
      return;
    }
    this.apply(req, res);
    res.writeHead(204, {
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
      'Content-Length': 0,
    });
    res.end();
  }
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
