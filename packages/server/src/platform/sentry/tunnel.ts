// POST /api/sentry-tunnel: browser error reports reach Sentry through our origin (no third-party request
// from the page); without a DSN they are kept under <dataDir>/sentry so errors are never silently lost.
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { envelopeDsn, envelopeUrl, parseDsn, sameDsn } from './envelope.js';
import { createEnvelopeStore } from './envelopeStore.js';
import { scrubEnvelope } from './scrub.js';
import { createDailyQuota } from './dailyQuota.js';
import { addressKey } from '../http/addressKey.js';
import { DomainError } from '../errors.js';
import type { TokenPath } from '../logger.js';

export interface SentryTunnelOptions {
  /** The configured DSN; envelopes for any other DSN are refused. */
  dsn?: string;
  dataDir: string;
  /** Default 1 MiB. */
  maxEnvelopeBytes?: number;
  /** Default 200 stored envelopes (with 1 MiB each at most 200 MiB of disk). */
  maxStoredEnvelopes?: number;
  /**
   * Default 20: envelopes one address (IPv4, IPv6 /64) may add to the store per day. The store keeps the newest, so
   * without it one address could push every real report out in a few minutes (30 a minute).
   */
  maxStoredPerAddress?: number;
  /**
   * Paths whose segment is a link token (the request log's list): redacted, like every query string, from each
   * address in an envelope before it is stored or forwarded (`scrub.ts`).
   */
  tokenPaths?: readonly TokenPath[];
  fetch?: typeof fetch;
  now?: () => Date;
}

const error = (code: string, message: string) => ({ Error: code, Message: message });

export async function sentryTunnelRoutes(app: FastifyInstance, options: SentryTunnelOptions): Promise<void> {
  const configured = options.dsn ? parseDsn(options.dsn) : undefined;
  if (options.dsn && !configured) throw new Error('SENTRY_DSN is not a valid Sentry DSN');
  const maxBytes = options.maxEnvelopeBytes ?? 1024 * 1024;
  const store = createEnvelopeStore(path.join(options.dataDir, 'sentry'), options.maxStoredEnvelopes ?? 200);
  const storeQuota = createDailyQuota(options.maxStoredPerAddress ?? 20);
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  await app.register(async (scope) => {
    // Envelopes arrive as text/plain or application/x-sentry-envelope; read every type as raw bytes here only.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, request, reply) => {
      // The rate limit's answer (its German message, Retry-After already set), not a bad envelope.
      if (err.statusCode === 429) {
        const { Message } = err as FastifyError & { Message?: unknown };
        return reply.code(429).send(error('TooManyRequests', typeof Message === 'string' ? Message : 'Zu viele Anfragen. Bitte warten Sie einen Moment.'));
      }
      // A refusal of the server's own hooks (a compressed body: 415) keeps its status and German message, not a 500.
      if (err instanceof DomainError && err.status < 500) {
        request.log.warn({ event: 'sentry.tunnel.rejected', code: err.code }, 'sentry envelope rejected');
        return reply.code(err.status).send(error(err.code, err.message));
      }
      const status = err.statusCode === 413 ? 413 : err.statusCode && err.statusCode < 500 ? 400 : 500;
      request.log.warn({ event: 'sentry.tunnel.rejected', code: err.code }, 'sentry envelope rejected');
      return reply
        .code(status)
        .send(status === 413 ? error('PayloadTooLarge', 'Der Fehlerbericht ist zu groß.') : error('BadRequest', 'Der Fehlerbericht ist ungültig.'));
    });

    // A browser sends a few envelopes a minute (session, event, replay); redacting a crafted 1 MiB one costs up to half a
    // second on the event loop, so one address gets 30 a minute, not the global 600.
    scope.post('/api/sentry-tunnel', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) return reply.code(400).send(error('BadRequest', 'Der Fehlerbericht ist leer.'));
      const dsn = envelopeDsn(raw);
      if (dsn === 'malformed') return reply.code(400).send(error('BadRequest', 'Der Fehlerbericht ist ungültig.'));
      // Link tokens and entry links in the page's addresses never leave the server nor reach the disk.
      const body = scrubEnvelope(raw, options.tokenPaths ?? []);
      if (body === undefined) return reply.code(400).send(error('BadRequest', 'Der Fehlerbericht ist ungültig.'));
      if (configured) {
        if (!dsn || !sameDsn(dsn, configured)) return reply.code(400).send(error('UnknownDsn', 'Der Fehlerbericht gehört nicht zu diesem Projekt.'));
        try {
          const response = await doFetch(envelopeUrl(configured), { method: 'POST', body, headers: { 'Content-Type': 'application/x-sentry-envelope' } });
          if (response.ok) return reply.code(200).send({});
          request.log.warn({ event: 'sentry.tunnel.upstream_status', status: response.status }, 'sentry refused envelope; stored locally');
        } catch (cause) {
          request.log.warn({ event: 'sentry.tunnel.upstream_failed', err: cause }, 'sentry unreachable; envelope stored locally');
        }
      }
      if (!storeQuota.take(addressKey(request.ip), now())) {
        request.log.warn({ event: 'sentry.tunnel.store_quota', ip: request.ip }, 'sentry envelope not stored: the address used its daily share');
        return reply.code(429).send(error('TooManyRequests', 'Zu viele Fehlerberichte von dieser Adresse. Bitte versuchen Sie es morgen erneut.'));
      }
      const file = await store.save(body, now());
      request.log.info({ event: 'sentry.tunnel.stored', file }, 'sentry envelope stored locally');
      return reply.code(202).send({});
    });
  });
}
