// Erasure of GDPR Art. 17: the person's chat cases go where no retention duty applies. A chat case that a case file
// grew out of belongs to the lawyer's records while that file's retention runs (§ 50 BRAO) and stays, as does the
// case file itself; both are named with the date from which they may be deleted, and the chat case's erasure is
// remembered and carried out by the retention job once the file is gone (requestedErasure.ts). Nothing is erased while a chat of
// the person waits for or talks to a lawyer. Rows go in one transaction (with the audit entry); the uploads on disk
// are removed after the commit, so a crash leaves at worst an orphan file, never a row without its bytes. So are the
// erased chats' mails in the outbox folder (the chat protocol, without SMTP_URL), named by the chat's reference.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { caseReferenceOf, type DataErasureKept, type DataErasureResult } from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import { deleteOutboxMailsMentioning } from '../../platform/mail/index.js';
import { formatGermanDate } from '../../platform/pdf/germanDate.js';
import type { Db } from '../../platform/storage/database.js';
import { type AuditActor, type AuditEntry, recordAdminAction } from '../admin/index.js';
import { eraseInOneTransaction, makeCaseFilesDue, markErasureRequested } from './dataRequestQueries.js';
import { keepingCaseFile, mandateOpen, retentionRuns, type DataSubject } from './dataSubject.js';

export interface ErasureDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly uploadDir: string;
  /** DATA_DIR/outbox: mails written there without SMTP_URL (the chat protocol names the chat's reference). */
  readonly outboxDir: string;
  /** Ends the hub connections of a participant whose records are gone (their sessions went in the transaction). */
  readonly disconnectParticipant?: (participantId: string) => Promise<void>;
  /** Tells the open consoles which chat cases are gone, so no tab or callback keeps showing them. */
  readonly announceErased?: (caseIds: readonly string[]) => Promise<void>;
}

export const chatRunning = () =>
  new DomainError(
    'Conflict',
    'Ein Chat dieser Person läuft noch (wartet auf eine Anwältin oder einen Anwalt oder ist in Beratung). Bitte löschen Sie erst, wenn er beendet ist.',
  );

/**
 * The German reason a case file (or a chat case kept by it, named by its reference `chatReference`) must stay. Each
 * names what it keeps: beside the erased chats, a bare „Dieser Chat“ read as if an erased one had been kept.
 */
export function keptMessage(caseNumber: string, retentionUntil: string, open: boolean, what: 'caseFile' | { chatReference: string }): string {
  const subject =
    what === 'caseFile'
      ? `Die Fallakte ${caseNumber} unterliegt der Aufbewahrungspflicht nach § 50 BRAO`
      : `Der Chat ${what.chatReference} gehört zur Fallakte ${caseNumber} und unterliegt mit ihr der Aufbewahrungspflicht nach § 50 BRAO`;
  const pronoun = what === 'caseFile' ? 'sie' : 'er';
  // Both are deleted by the retention job when the time comes: the case file as every case file, the chat case because
  // the erasure was asked for (requestedErasure.ts).
  const byItself = what === 'caseFile' ? ' Dann wird sie automatisch gelöscht.' : ' Die Löschung ist vorgemerkt: Dann wird er automatisch gelöscht.';
  if (open)
    return `${subject}: Das Mandat läuft noch. Gelöscht werden kann ${pronoun} erst sechs Jahre nach Ablauf des Jahres, in dem das Mandat endet.${byItself}`;
  return `${subject}. Gelöscht werden kann ${pronoun} ab dem ${formatGermanDate(retentionUntil)}.${byItself}`;
}

export async function eraseChatCases(
  deps: ErasureDeps,
  subject: DataSubject,
  confirmedIds: readonly string[],
  actor: AuditActor,
  audit: (result: DataErasureResult) => AuditEntry,
): Promise<DataErasureResult> {
  const now = deps.clock.now();
  const ownIds = new Set(subject.cases.map((c) => c.id));
  const unknown = confirmedIds.filter((id) => !ownIds.has(id));
  if (unknown.length > 0) throw new DomainError('Conflict', 'Die Auswahl passt nicht mehr zu den gespeicherten Daten. Bitte suchen Sie erneut.');
  const kept: DataErasureKept[] = [];
  const toErase: string[] = [];
  const keptChatCaseIds: string[] = [];
  for (const theCase of subject.cases) {
    const keeper = keepingCaseFile(subject, theCase.id, now);
    if (keeper !== undefined) {
      const open = mandateOpen(keeper);
      keptChatCaseIds.push(theCase.id);
      const reference = caseReferenceOf(theCase.id);
      kept.push({
        Kind: 'chatCase',
        Reference: reference,
        Until: open ? null : keeper.retention_until,
        Message: keptMessage(keeper.case_number, keeper.retention_until, open, { chatReference: reference }),
      });
    } else if (confirmedIds.includes(theCase.id)) toErase.push(theCase.id);
  }
  // A withdrawn case file (created by mistake) has no retention duty: made due now, the retention job deletes it within the hour.
  const withdrawnCaseFileIds = subject.caseFiles.filter((f) => f.withdrawn_at).map((f) => f.id);
  for (const caseFile of subject.caseFiles) {
    if (caseFile.withdrawn_at || !retentionRuns(caseFile, now)) continue; // due anyway: the retention job deletes it within the hour
    const open = mandateOpen(caseFile);
    kept.push({
      Kind: 'caseFile',
      Reference: caseFile.case_number,
      Until: open ? null : caseFile.retention_until,
      Message: keptMessage(caseFile.case_number, caseFile.retention_until, open, 'caseFile'),
    });
  }
  const { storageNames, participantIds } = await eraseInOneTransaction(
    deps.db,
    { ownCaseIds: [...ownIds], eraseCaseIds: toErase, customerIds: subject.customers.map((c) => c.id), now: now.toISOString() },
    async (trx, erasedFiles) => {
      // The kept chat cases are erased by the retention job once their case file is gone: the request stands.
      await markErasureRequested(trx, keptChatCaseIds, now.toISOString());
      await makeCaseFilesDue(trx, withdrawnCaseFileIds, now.toISOString());
      await recordAdminAction(trx, deps.clock, actor, audit({ ErasedChatCases: toErase.map(caseReferenceOf), ErasedFiles: erasedFiles, Kept: kept }));
    },
    chatRunning,
  );
  for (const name of storageNames) await rm(path.join(deps.uploadDir, path.basename(name)), { force: true });
  await deleteOutboxMailsMentioning(deps.outboxDir, toErase.map(caseReferenceOf));
  for (const participantId of participantIds) await deps.disconnectParticipant?.(participantId);
  if (toErase.length > 0) await deps.announceErased?.(toErase);
  return { ErasedChatCases: toErase.map(caseReferenceOf), ErasedFiles: storageNames.length, Kept: kept };
}
