// The erasure a person asked for, carried out once nothing keeps their chat any more. An erasure (dataErasure.ts)
// must leave a chat case a case file grew out of while that file's retention runs (§ 50 BRAO); the request is
// remembered on the case (`erasure_requested_at`), and when the case file's retention has ended – the retention job
// deletes the file then – this sweep erases the chat case exactly as the request would have: the person's words,
// uploads, callbacks, ratings and numbers go, the invoice's facts stay without the person (eraseChatCasesIn), and the
// person goes too when no chat case of theirs is left. Without it the chat would have stayed, whole, until its own
// ten years were up although the person had asked for its erasure (Art. 17(1) GDPR: without undue delay once the
// ground to keep it is gone). One transaction per case with its audit entry; the files on disk after the commit.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { caseReferenceOf } from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import { deleteOutboxMailsMentioning } from '../../platform/mail/index.js';
import type { Db } from '../../platform/storage/database.js';
import { type AuditActor, recordAdminAction } from '../admin/index.js';
import { caseIdsDueForRequestedErasure, customerIdsOfCases, eraseRequestedChatCaseInOneTransaction } from './dataRequestQueries.js';

export interface RequestedErasureDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly uploadDir: string;
  /** DATA_DIR/outbox: the chat protocol mails written there without SMTP_URL, named by the chat's reference. */
  readonly outboxDir: string;
}

/** Who the Protokoll names for these erasures: no administrator acted, the request did. */
export const REQUESTED_ERASURE_ACTOR: AuditActor = { id: null, name: 'Automatische Löschung' };

const BATCH = 100;

/** Erases every chat case whose requested erasure is due; the number erased. Idempotent (several processes may run it). */
export async function eraseRequestedChatCasesNoLongerKept(deps: RequestedErasureDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  let erased = 0;
  for (;;) {
    const due = await caseIdsDueForRequestedErasure(deps.db, now, BATCH);
    let progressed = 0;
    for (const { id, erasure_requested_at: requestedAt } of due) {
      const customerIds = await customerIdsOfCases(deps.db, [id]);
      // A chat of the case that waits or talks to a lawyer (a new question in an old case) postpones it to the next run.
      const storageNames = await eraseRequestedChatCaseInOneTransaction(deps.db, { caseId: id, customerIds, now }, (trx, names) =>
        recordAdminAction(trx, deps.clock, REQUESTED_ERASURE_ACTOR, {
          action: 'dataRequest.erase',
          target: { kind: 'chatCase', id, label: caseReferenceOf(id) },
          details: { reference: caseReferenceOf(id), erasureRequestedAt: requestedAt, erasedChatCases: 1, erasedFiles: names.length },
        }),
      );
      if (storageNames === null) continue;
      progressed += 1;
      for (const name of storageNames) await rm(path.join(deps.uploadDir, path.basename(name)), { force: true });
      await deleteOutboxMailsMentioning(deps.outboxDir, [caseReferenceOf(id)]);
    }
    erased += progressed;
    // Cases postponed by a running chat come back in every batch: stop when a batch erased nothing or was the last.
    if (due.length < BATCH || progressed === 0) return erased;
  }
}
