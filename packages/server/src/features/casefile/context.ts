// Shared dependencies of the case-file routes and the session guard every protected endpoint uses.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { CaseFileTable } from '../../platform/storage/caseFileSchema.js';
import { messages, sendError } from './httpErrors.js';
import type { LoginDeps, SecurityLog } from './login.js';
import { findCaseById, type CaseFileDb } from './service.js';
import { resolveSession, type BoundSession, type SessionPolicy } from './sessions.js';
import { sha256Hex } from './secrets.js';

export interface CaseFileContext {
  db: CaseFileDb;
  mailer: Pick<Mailer, 'send'>;
  dataDir: string;
  now: () => Date;
  log: SecurityLog;
  session: SessionPolicy;
  cookieName: string;
  cookieSecure: boolean;
  maxUploadBytes: number;
  maxDocumentsPerCase: number;
  login: LoginDeps;
}

export type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

export async function currentSession(ctx: CaseFileContext, request: FastifyRequest): Promise<BoundSession | undefined> {
  return resolveSession(ctx.db, request.cookies[ctx.cookieName], ctx.now(), ctx.session);
}

/**
 * The access check of every protected endpoint: a session must exist (401) and be bound to the token in
 * the path (403). The other token is never looked up, so a session cannot probe which tokens exist.
 */
export async function requireCase(ctx: CaseFileContext, request: FastifyRequest, reply: FastifyReply, token: string): Promise<CaseFileTable | undefined> {
  const session = await currentSession(ctx, request);
  if (!session) {
    sendError(reply, 401, 'NotAuthenticated', messages.loginRequired);
    return undefined;
  }
  if (session.tokenHash !== sha256Hex(token)) {
    ctx.log.warn({ event: 'casefile.access.forbidden', caseFileId: session.caseFileId, ip: request.ip }, 'case-file session used for another token');
    sendError(reply, 403, 'Forbidden', messages.forbidden);
    return undefined;
  }
  const row = await findCaseById(ctx.db, session.caseFileId);
  if (!row) sendError(reply, 404, 'NotFound', messages.notFound);
  return row;
}
