// What the case-file routes get (built once in routes.ts from the options casefile/index.ts passes),
// and the session guard every protected endpoint uses.
import type { FirmDetails } from '@rechtschat/core';
import type { FastifyRequest } from 'fastify';
import type { MalwareScanner } from '../../platform/files/malwareScan.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { SessionStore } from '../../platform/sessions.js';
import type { CaseFileTable } from './tables.js';
import { findCaseById, type CaseFileDb } from './caseFileQueries.js';
import { loginRequired, otherCaseFile } from './caseFileErrors.js';
import { linkTokenHash } from './linkToken.js';
import type { LoginDeps, SecurityLog } from './login.js';
import { pathParams } from '../../platform/http/routeSchema.js';

export interface CaseFileContext {
  db: CaseFileDb;
  sessions: SessionStore;
  mailer: Pick<Mailer, 'send'>;
  dataDir: string;
  now: () => Date;
  log: SecurityLog;
  cookieName: string;
  cookieSecure: boolean;
  maxUploadBytes: number;
  maxDocumentsPerCase: number;
  malwareScanner: MalwareScanner;
  onPdfDrawn: (document: 'power-of-attorney') => void;
  /** The firm's legal details as clients see them now (the Vollmacht names the firm and its address). */
  firmDetails: () => Promise<FirmDetails>;
  /** Tells the lawyer's open consoles (every process) that the client changed this case file; may reject. */
  announceChange: (lawyerId: string, caseFileId: string) => Promise<void>;
  login: LoginDeps;
}

export type TokenRequest = FastifyRequest<{ Params: { token: string } }>;
/** The `params` schema of a route under `/:token`, typing `request.params.token` beside a body codec. */
export const TokenParams = pathParams('token');

/**
 * A read the Fallakte made by itself (its live refresh, `X-Fallakte-Refresh: background`): it does not extend the
 * session's idle timer, so a page left open on a phone still ends after 30 minutes without the client doing anything.
 */
export const isBackgroundRefresh = (request: FastifyRequest): boolean => request.method === 'GET' && request.headers['x-fallakte-refresh'] === 'background';

/**
 * The case file the presented cookie is a live session of (idle and absolute expiry: platform/sessions.ts). A withdrawn
 * file has no session: a login that raced its withdrawal (withdrawal.ts) opens nothing.
 */
export async function currentCaseFile(ctx: CaseFileContext, request: FastifyRequest): Promise<CaseFileTable | undefined> {
  const caseFileId = await ctx.sessions.resolve('casefile', request.cookies[ctx.cookieName], { touch: !isBackgroundRefresh(request) });
  const row = caseFileId === null ? undefined : await findCaseById(ctx.db, caseFileId);
  return row?.withdrawn_at ? undefined : row;
}

/** True when the session's case file is the one the link token names (the cookie opens exactly one file). */
export const sessionMatchesToken = (row: CaseFileTable, token: string) => row.token_hash === linkTokenHash(token);

/**
 * The access check of every protected endpoint: a session must exist (401) and be bound to the token in
 * the path (403). The other token is never looked up, so a session cannot probe which tokens exist.
 */
export async function requireCase(ctx: CaseFileContext, request: FastifyRequest, token: string): Promise<CaseFileTable> {
  const row = await currentCaseFile(ctx, request);
  if (!row) throw loginRequired();
  if (!sessionMatchesToken(row, token)) {
    ctx.log.warn({ event: 'casefile.access.forbidden', caseFileId: row.id, ip: request.ip }, 'case-file session used for another token');
    throw otherCaseFile();
  }
  return row;
}

/**
 * After a change the client made is stored: the owning lawyer's open consoles re-read the file at once instead of at
 * „Aktualisieren“. Best effort – the change is stored, so a failure is only logged; a file without a lawyer tells nobody.
 */
export async function announceClientChange(ctx: CaseFileContext, row: Pick<CaseFileTable, 'id' | 'lawyer_id'>): Promise<void> {
  if (row.lawyer_id === null) return;
  try {
    await ctx.announceChange(row.lawyer_id, row.id);
  } catch (error) {
    ctx.log.warn({ err: error, event: 'casefile.change_notice_failed', caseFileId: row.id }, 'case-file change not announced');
  }
}
