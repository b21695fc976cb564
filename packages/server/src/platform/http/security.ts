// Headers and request filters shared by both origins (SECURITY C, D, E).
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../platformContext.js';
import { CLIENT_IPV6_PREFIX } from './addressKey.js';

export interface RequestFilterOptions {
  /** Origins allowed to send state-changing requests (CSRF filter). */
  readonly allowedOrigins: readonly string[];
  /**
   * Path prefixes with a bearer capability in the URL (the case-file link token): writes a browser marks as
   * cross-site are refused even without an Origin header, and every answer is no-referrer, nosniff, no-store.
   */
  readonly tokenPathPrefixes?: readonly string[];
}

export interface SecurityOptions extends RequestFilterOptions {
  /** Extra sources the web app connects to (the chat host, http and ws). */
  readonly connectSources: readonly string[];
}

function wsOrigin(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, 'ws');
}

export function chatHostSources(chatHostUrl: string): string[] {
  const origin = new URL(chatHostUrl).origin;
  return [origin, wsOrigin(origin)];
}

export async function installSecurity(app: FastifyInstance, ctx: PlatformContext, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...options.connectSources.filter((s) => s.startsWith('http'))],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.connectSources],
        // Sentry's session replay compresses in a worker it creates from a blob: URL; without this every page of a
        // deployment with SENTRY_DSN logged a CSP violation (found from outside). Without a DSN workers stay 'self'.
        workerSrc: ctx.config.sentryDsn ? ["'self'", 'blob:'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Browsers without CSP's frame-ancestors read this one: the same answer, never framed (helmet's default SAMEORIGIN
    // said otherwise).
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: ctx.config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    // The built app's hashed files are not counted: one page load fetches thirty of them, and a firm or
    // an insurer's office behind one address would otherwise be refused after a few pages.
    // Nor is the health check: a load balancer's probes must not be refused while a burst from
    // the same address (its own, or a proxy's) is being limited, and the answer costs nothing.
    allowList: (request) => isBuiltAssetRequest(request.method, request.url) || (request.method === 'GET' && request.url === '/healthz'),
    // One client per IPv4 address or IPv6 /64 (addressKey.ts), like the PIN's per-address limit.
    ipv6Subnet: CLIENT_IPV6_PREFIX,
    // One count per address for all processes when Redis is configured; a Redis outage skips counting.
    ...(ctx.rateLimitRedis ? { redis: ctx.rateLimitRedis, nameSpace: `${ctx.config.redisPrefix}rate-limit:`, skipOnError: true } : {}),
    onExceeded: () => ctx.metrics.lockouts.inc({ kind: 'rate-limit' }),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      Error: 'TooManyRequests',
      Message: `Zu viele Anfragen. Bitte versuchen Sie es in ${Math.ceil(context.ttl / 1000)} Sekunden erneut.`,
    }),
  });
  installRequestFilters(app, options);
}

/** A GET or HEAD of a hashed, immutable file of the web or console build (/assets/…, /konsole/assets/…). */
export function isBuiltAssetRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && /^\/(?:konsole\/)?assets\/[^/?#]+(?:\?.*)?$/.test(url);
}

const underAny = (url: string, prefixes: readonly string[]) => prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/**
 * The one CSRF filter and the API cache headers. installSecurity installs them on both origins; a harness that
 * serves only one feature (test/casefile) installs just these.
 */
export function installRequestFilters(app: FastifyInstance, options: RequestFilterOptions): void {
  const tokenPaths = options.tokenPathPrefixes ?? [];
  // A browser names the page's origin on every cross-origin write, and marks cross-site requests; foreign ones are refused.
  app.addHook('onRequest', async (request, reply) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
      request.log.warn({ origin }, 'cross-origin write refused');
      return reply.code(403).send({ Error: 'Forbidden', Message: 'Diese Anfrage von einer fremden Seite ist nicht erlaubt.' });
    }
    if (site !== 'cross-site') return;
    // Defence in depth next to SameSite=Lax on the token paths, whose clients never send cross-site writes.
    if (underAny(request.url, tokenPaths)) {
      request.log.warn({ event: 'csrf.rejected' }, 'cross-site write to a token path refused');
      return reply.code(403).send({ Error: 'CrossSiteRequest', Message: 'Diese Anfrage wurde aus Sicherheitsgründen abgelehnt.' });
    }
    if (origin === undefined) {
      request.log.warn({ origin: null }, 'cross-origin write refused');
      return reply.code(403).send({ Error: 'Forbidden', Message: 'Diese Anfrage von einer fremden Seite ist nicht erlaubt.' });
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const tokenPath = underAny(request.url, tokenPaths);
    // Tokens live in these URLs: no referrer, no sniffing (SECURITY D); helmet sets both too where it runs.
    if (tokenPath) reply.header('referrer-policy', 'no-referrer').header('x-content-type-options', 'nosniff');
    if ((tokenPath || request.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
