// Case-file sessions: an opaque cookie value bound to exactly one case file, stored as SHA-256 (SECURITY C1–C4).
import type { CaseFileDb } from './service.js';
import { generateSessionId, sha256Hex } from './secrets.js';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** 30 minutes idle, 12 hours absolute (ASVS L2). */
export const defaultSessionPolicy: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

export interface BoundSession {
  caseFileId: string;
  tokenHash: string;
}

/** Starts a new session (a fresh id on every login) and returns the cookie value. */
export async function startSession(db: CaseFileDb, caseFileId: string, now: Date, policy: SessionPolicy): Promise<string> {
  const id = generateSessionId();
  const iso = now.toISOString();
  await db
    .insertInto('case_file_sessions')
    .values({ id_hash: sha256Hex(id), case_file_id: caseFileId, created_at: iso, last_seen_at: iso, absolute_expires_at: new Date(now.getTime() + policy.absoluteMs).toISOString() })
    .execute();
  return id;
}

/** Resolves a cookie value to its case file; expired sessions are deleted and resolve to undefined. Activity extends only the idle timer. */
export async function resolveSession(db: CaseFileDb, sessionId: string | undefined, now: Date, policy: SessionPolicy): Promise<BoundSession | undefined> {
  if (!sessionId || sessionId.length > 100) return undefined;
  const idHash = sha256Hex(sessionId);
  const row = await db
    .selectFrom('case_file_sessions')
    .innerJoin('case_files', 'case_files.id', 'case_file_sessions.case_file_id')
    .select(['case_file_sessions.case_file_id', 'case_file_sessions.last_seen_at', 'case_file_sessions.absolute_expires_at', 'case_files.token_hash'])
    .where('case_file_sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const idleExpired = Date.parse(row.last_seen_at) + policy.idleMs <= now.getTime();
  if (idleExpired || Date.parse(row.absolute_expires_at) <= now.getTime()) {
    await endSession(db, sessionId);
    return undefined;
  }
  await db.updateTable('case_file_sessions').set({ last_seen_at: now.toISOString() }).where('id_hash', '=', idHash).execute();
  return { caseFileId: row.case_file_id, tokenHash: row.token_hash };
}

export async function endSession(db: CaseFileDb, sessionId: string): Promise<void> {
  await db.deleteFrom('case_file_sessions').where('id_hash', '=', sha256Hex(sessionId)).execute();
}
