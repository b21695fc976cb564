// The deletion job (GDPR Art. 5(1)(e), 17): one run removes everything whose time is up, per data
// class as set out in retentionPolicy.ts — chat cases with their messages and files on disk, case files with
// their documents on disk, history, contacts and sessions, then the chat cases a case file kept when their erasure
// was asked for (once that file is gone), expired sessions/tickets/tokens of every kind (the protocol's confirmation
// links once they can no longer be renewed), confirmed protocol addresses unused for a year, callback numbers left without a consultation, PIN throttle rows, old audit rows, outbox mails and stored Sentry envelopes. Rows go first,
// then files: a crash in between leaves an orphan file (removed with its folder next time), never a row whose content
// is gone.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { deleteFilesWrittenBefore } from '../../platform/files/datedFiles.js';
import { PROTOCOL_CONFIRMATION_MAX_RENEWALS, PROTOCOL_CONFIRMATION_RENEWABLE_MS } from '../chat/index.js';
import { eraseRequestedChatCasesNoLongerKept } from '../dataRequests/index.js';
import { RetentionPolicy } from './retentionPolicy.js';
import {
  countCaseFileDocuments,
  deleteAccessLogBefore,
  deleteCaseFile,
  deleteCaseFileLoginThrottleBefore,
  deleteCaseLessPhonesBefore,
  deleteChatCase,
  deleteConfirmedAddressesUnusedSince,
  deleteExpiredEntryTokens,
  deleteExpiredLoginTickets,
  deleteExpiredProtocolConfirmations,
  deleteExpiredSessions,
  deleteLawyerLoginThrottleBefore,
  expiredCaseFileIds,
  expiredCaseIds,
  uploadStorageNamesOfCase,
} from './retentionQueries.js';

export interface RetentionDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** DATA_DIR: case-file documents under casefiles/, mails under outbox/, envelopes under sentry/. */
  readonly dataDir: string;
  /** Chat uploads. */
  readonly uploadDir: string;
}

/** Counts per data class; logged as such (never content). */
export interface PurgeResult {
  readonly cases: number;
  readonly files: number;
  readonly caseFiles: number;
  readonly caseFileDocuments: number;
  /** Chat cases a case file kept when their erasure was asked for, erased now that its retention has ended. */
  readonly requestedErasures: number;
  readonly sessions: number;
  readonly caseLessPhones: number;
  /** Protocol confirmation links past their time (and their renewal's), and confirmed protocol addresses unused for a year. */
  readonly protocolConfirmations: number;
  readonly confirmedAddresses: number;
  readonly loginThrottle: number;
  readonly accessLog: number;
  readonly outboxMails: number;
  readonly sentryEnvelopes: number;
}

const BATCH = 500;

/** Ids come from our own generators; anything else must never become part of a path. */
const safeSegment = (id: string) => /^[A-Za-z0-9_-]+$/.test(id);

async function purgeChatCases(db: Db, now: string, uploadDir: string): Promise<{ cases: number; files: number }> {
  let cases = 0;
  let fileCount = 0;
  for (;;) {
    const expired = await expiredCaseIds(db, now, BATCH);
    for (const caseId of expired) {
      const storageNames = await uploadStorageNamesOfCase(db, caseId);
      await deleteChatCase(db, caseId);
      for (const storageName of storageNames) await rm(path.join(uploadDir, storageName), { force: true });
      fileCount += storageNames.length;
    }
    cases += expired.length;
    if (expired.length < BATCH) return { cases, files: fileCount };
  }
}

async function purgeCaseFiles(db: Db, now: string, dataDir: string): Promise<{ caseFiles: number; caseFileDocuments: number }> {
  let caseFiles = 0;
  let documents = 0;
  for (;;) {
    const expired = await expiredCaseFileIds(db, now, BATCH);
    for (const caseFileId of expired) {
      const documentCount = await countCaseFileDocuments(db, caseFileId);
      await deleteCaseFile(db, caseFileId);
      // The whole folder: documents of the rows above and any orphan a crashed upload left behind.
      if (safeSegment(caseFileId)) await rm(path.join(dataDir, 'casefiles', caseFileId), { recursive: true, force: true });
      documents += documentCount;
    }
    caseFiles += expired.length;
    if (expired.length < BATCH) return { caseFiles, caseFileDocuments: documents };
  }
}

/** Runs every sweep once. Idempotent, so several server processes may run it at the same time. */
export async function purgeExpired(deps: RetentionDeps): Promise<PurgeResult> {
  const { db, dataDir } = deps;
  const nowDate = deps.clock.now();
  const now = nowDate.toISOString();
  const before = (ms: number) => new Date(nowDate.getTime() - ms).toISOString();
  const chat = await purgeChatCases(db, now, deps.uploadDir);
  const caseFiles = await purgeCaseFiles(db, now, dataDir);
  // After the case files: a chat case whose erasure was asked for goes once the file that kept it is gone.
  const requestedErasures = await eraseRequestedChatCasesNoLongerKept({
    db,
    clock: deps.clock,
    uploadDir: deps.uploadDir,
    outboxDir: path.join(dataDir, 'outbox'),
  });
  const sessions = await deleteExpiredSessions(db, now);
  await deleteExpiredLoginTickets(db, now);
  await deleteExpiredEntryTokens(db, now);
  const loginThrottle =
    (await deleteCaseFileLoginThrottleBefore(db, before(RetentionPolicy.loginThrottleMs))) +
    // Lawyer accounts: a lock lasts at most 15 minutes, so a row untouched for a day holds no lock any more.
    (await deleteLawyerLoginThrottleBefore(db, before(RetentionPolicy.loginThrottleMs)));
  const caseLessPhones = await deleteCaseLessPhonesBefore(db, before(RetentionPolicy.caseLessPhoneMs));
  const protocolConfirmations = await deleteExpiredProtocolConfirmations(
    db,
    now,
    before(PROTOCOL_CONFIRMATION_RENEWABLE_MS),
    PROTOCOL_CONFIRMATION_MAX_RENEWALS,
  );
  const confirmedAddresses = await deleteConfirmedAddressesUnusedSince(db, before(RetentionPolicy.confirmedProtocolAddressMs));
  const accessLog = await deleteAccessLogBefore(db, before(RetentionPolicy.accessLogMs));
  const outboxMails = await deleteFilesWrittenBefore(path.join(dataDir, 'outbox'), '.eml', nowDate.getTime() - RetentionPolicy.outboxMs);
  const sentryEnvelopes = await deleteFilesWrittenBefore(path.join(dataDir, 'sentry'), '.envelope', nowDate.getTime() - RetentionPolicy.sentryEnvelopeMs);
  return {
    ...chat,
    ...caseFiles,
    requestedErasures,
    sessions,
    caseLessPhones,
    protocolConfirmations,
    confirmedAddresses,
    loginThrottle,
    accessLog,
    outboxMails,
    sentryEnvelopes,
  };
}

/** True when the run removed anything (then it is logged). */
export function purgedAnything(result: PurgeResult): boolean {
  return Object.values(result).some((n) => n > 0);
}
