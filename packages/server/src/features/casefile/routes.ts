// Fastify plugin `caseFileRoutes`: the case-file API under /api/case-file (docs/api.md, "Case-file API").
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.js';
import { registerAuthRoutes } from './authRoutes.js';
import { registerCaseRoutes } from './caseRoutes.js';
import type { CaseFileContext } from './context.js';
import { registerDocumentRoutes } from './documentRoutes.js';
import { caseFileErrorHandler, sendError } from './httpErrors.js';
import { defaultLockoutPolicy, type LockoutPolicy, type SecurityLog } from './login.js';
import { createArgon2PinHasher, createDummyHash, type PinHasher } from './pin.js';
import { registerPowerOfAttorneyRoutes } from './powerOfAttorneyRoutes.js';
import type { CaseFileDb } from './service.js';
import { defaultSessionPolicy, type SessionPolicy } from './sessions.js';
import { defaultAddressLimit, type AddressLimit } from './throttle.js';

export interface CaseFileRoutesOptions {
  db: CaseFileDb;
  mailer: Pick<Mailer, 'send'>;
  /** Uploads go to `<dataDir>/casefiles`, never below a static web root. */
  dataDir: string;
  /** Secure + `__Host-` cookie; true everywhere except plain-HTTP localhost. */
  cookieSecure: boolean;
  now?: () => Date;
  logger?: SecurityLog;
  pinHasher?: PinHasher;
  lockout?: LockoutPolicy;
  addressLimit?: AddressLimit;
  session?: SessionPolicy;
  /** Default 10 MiB. */
  maxUploadBytes?: number;
  /** Default 100. */
  maxDocumentsPerCase?: number;
}

export const caseFilePrefix = '/api/case-file';

/** Registers the case-file endpoints; needs no prefix from the caller. Registers @fastify/cookie itself if the app has not. */
export async function caseFileRoutes(app: FastifyInstance, options: CaseFileRoutesOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const log = options.logger ?? app.log;
  const session = options.session ?? defaultSessionPolicy;
  const hasher = options.pinHasher ?? createArgon2PinHasher();
  const ctx: CaseFileContext = {
    db: options.db,
    mailer: options.mailer,
    dataDir: options.dataDir,
    now,
    log,
    session,
    cookieName: options.cookieSecure ? '__Host-fallakte' : 'fallakte',
    cookieSecure: options.cookieSecure,
    maxUploadBytes: options.maxUploadBytes ?? 10 * 1024 * 1024,
    maxDocumentsPerCase: options.maxDocumentsPerCase ?? 100,
    login: {
      db: options.db,
      hasher,
      dummyHash: createDummyHash(hasher),
      now,
      lockout: options.lockout ?? defaultLockoutPolicy,
      addressLimit: options.addressLimit ?? defaultAddressLimit,
      session,
      log,
    },
  };

  await app.register(
    async (scope) => {
      if (!scope.hasRequestDecorator('cookies')) await scope.register(fastifyCookie);
      await scope.register(fastifyMultipart, { limits: { fileSize: ctx.maxUploadBytes, files: 1, fields: 5, parts: 6 } });
      scope.setErrorHandler(caseFileErrorHandler);
      // Defence in depth next to SameSite=Lax: browsers mark cross-site requests, and no legitimate caller sends them.
      scope.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && request.headers['sec-fetch-site'] === 'cross-site') {
          log.warn({ event: 'casefile.csrf.rejected', ip: request.ip }, 'cross-site state-changing request refused');
          return sendError(reply, 403, 'CrossSiteRequest', 'Diese Anfrage wurde aus Sicherheitsgründen abgelehnt.');
        }
        return undefined;
      });
      scope.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'NotFound', 'Diese Adresse gibt es nicht.'));
      // Tokens live in these URLs: no referrer, no caching, no sniffing (SECURITY D).
      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('Referrer-Policy', 'no-referrer');
        reply.header('X-Content-Type-Options', 'nosniff');
        if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
        return payload;
      });
      registerAuthRoutes(scope, ctx);
      registerCaseRoutes(scope, ctx);
      registerDocumentRoutes(scope, ctx);
      registerPowerOfAttorneyRoutes(scope, ctx);
    },
    { prefix: caseFilePrefix },
  );
}
