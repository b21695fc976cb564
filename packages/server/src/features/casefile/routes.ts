// Fastify plugin `caseFileRoutes`: the case-file API under /api/case-file (docs/api.md, "Case-file API").
import { FIRM_DETAILS_FIELDS, type FirmDetails } from '@rechtschat/core';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { MalwareScanner } from '../../platform/files/malwareScan.js';
import { installErrorHandling } from '../../platform/http/errors.js';
import { installRouteSchemas } from '../../platform/http/routeSchema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { createSessionStore, type SessionStore } from '../../platform/sessions.js';
import type { Db } from '../../platform/storage/database.js';
import { registerAuthRoutes } from './authRoutes.js';
import { caseFileErrorTexts, invalidInput } from './caseFileErrors.js';
import { registerCaseRoutes } from './caseRoutes.js';
import type { CaseFileContext } from './context.js';
import { registerDocumentRoutes } from './documentRoutes.js';
import { DEFAULT_MAX_DOCUMENTS_PER_CASE } from './documents.js';
import { defaultLockoutPolicy, type LockoutPolicy, type SecurityLog } from './login.js';
import { caseFilePrefix } from './redact.js';
import { createArgon2PinHasher, createDummyHash, type PinHasher } from './pin.js';
import { registerPowerOfAttorneyRoutes } from './powerOfAttorneyRoutes.js';
import { defaultAddressLimit, type AddressLimit } from './throttleQueries.js';

export interface CaseFileRoutesOptions {
  db: Db;
  /** The platform's one session store (the feature plugin, index.ts, passes it); by default one over `db` and `now`. */
  sessions?: SessionStore;
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
  /** Default 10 MiB. */
  maxUploadBytes?: number;
  /** Default 100. */
  maxDocumentsPerCase?: number;
  /** Scans every client upload before it is stored; the feature plugin passes the platform's. */
  malwareScanner: MalwareScanner;
  /** Counts a PDF drawn for a client's download (the platform's rechtschat_pdf_downloads_drawn_total). */
  onPdfDrawn?: (document: 'power-of-attorney') => void;
  /** The firm's legal details now (features/firmDetails); by default none but an empty name. */
  firmDetails?: () => Promise<FirmDetails>;
  /** Tells the lawyer's consoles that the client changed a case file (the hub, index.ts); by default nobody. */
  announceChange?: (lawyerId: string, caseFileId: string) => Promise<void>;
}

export { caseFilePrefix };

const NO_FIRM_DETAILS: FirmDetails = Object.fromEntries(FIRM_DETAILS_FIELDS.map((field) => [field, ''])) as unknown as FirmDetails;

/**
 * Registers the case-file endpoints; needs no prefix from the caller. Registers @fastify/cookie itself if the
 * app has not. The CSRF filter and the token-path headers are the platform's (installSecurity with
 * `tokenPathPrefixes: [caseFilePrefix]`); errors go through the platform handler with this API's texts.
 */
export async function caseFileRoutes(app: FastifyInstance, options: CaseFileRoutesOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const log = options.logger ?? app.log;
  const sessions = options.sessions ?? createSessionStore(options.db, { now });
  const hasher = options.pinHasher ?? createArgon2PinHasher();
  const ctx: CaseFileContext = {
    db: options.db,
    sessions,
    mailer: options.mailer,
    dataDir: options.dataDir,
    now,
    log,
    cookieName: options.cookieSecure ? '__Host-fallakte' : 'fallakte',
    cookieSecure: options.cookieSecure,
    maxUploadBytes: options.maxUploadBytes ?? 10 * 1024 * 1024,
    maxDocumentsPerCase: options.maxDocumentsPerCase ?? DEFAULT_MAX_DOCUMENTS_PER_CASE,
    malwareScanner: options.malwareScanner,
    onPdfDrawn: options.onPdfDrawn ?? (() => undefined),
    firmDetails: options.firmDetails ?? (async () => NO_FIRM_DETAILS),
    announceChange: options.announceChange ?? (async () => undefined),
    login: {
      db: options.db,
      hasher,
      dummyHash: createDummyHash(hasher),
      now,
      lockout: options.lockout ?? defaultLockoutPolicy,
      addressLimit: options.addressLimit ?? defaultAddressLimit,
      sessions,
      log,
    },
  };

  await app.register(
    async (scope) => {
      if (!scope.hasRequestDecorator('cookies')) await scope.register(fastifyCookie);
      await scope.register(fastifyMultipart, { limits: { fileSize: ctx.maxUploadBytes, files: 1, fields: 5, parts: 6 } });
      installErrorHandling(scope, true, caseFileErrorTexts);
      // Input that does not decode answers with this API's own InvalidInput, not the platform's BadRequest.
      installRouteSchemas(scope, invalidInput);
      registerAuthRoutes(scope, ctx);
      registerCaseRoutes(scope, ctx);
      registerDocumentRoutes(scope, ctx);
      registerPowerOfAttorneyRoutes(scope, ctx);
    },
    { prefix: caseFilePrefix },
  );
}
