// Group commit for PostgreSQL: the messages that arrive while a batch commits are
// written together in the next one – one call of rechtschat_append_messages for the whole batch
// (migration 0021), a single statement and so its own transaction: one round trip per batch, no
// BEGIN and COMMIT of their own – instead of one commit per message through the pool. Each caller
// is answered only after the statement that stored its message.
// Two batches may be in flight at once (one committing while the next is sent), but never two that
// touch the same case: a message whose case is in flight waits, and so does every later message of
// that case, so each chat's messages are stored and answered in the order they arrived. Disjoint
// cases also mean the two statements never wait for each other's row locks (no deadlock between them).
// An error PostgreSQL answers (a SQLSTATE) ended the statement's transaction with nothing stored: then
// every message of that batch is appended again on its own, in order, so one failure neither fails nor
// loses the others. Any other failure (the connection broke) leaves open whether the statement
// committed, so it is reported to every caller; their resend with the same client id is answered with
// the stored row if it was stored.
// Two instances (scale-out) may lock the same cases rows in opposite order; PostgreSQL then
// aborts one statement as a deadlock, and that batch takes the one-by-one path like any failure.
import type pg from 'pg';
import { MAX_BATCH, type MessageWriter, type PendingAppend as Pending } from './groupCommit.js';
import { pgAppendMessage, pgAppendMessages, type AppendOutcome } from './pgMessageAppend.js';
import { isUniqueViolation } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { chatEnded, newMessageValues, OPEN_CHAT_STATES, type MessageRow, type NewMessage } from './messages.js';
import { resendOf } from './clientIds.js';

/** The caller's answer for one statement's outcome; throws the domain error of a refused message. */
function answerOf(input: NewMessage, outcome: AppendOutcome): [MessageRow, boolean] {
  // A stored client id: a resend of the same author's message, else refused (clientIds.ts) – the statement already
  // answered with the stored row, so telling them apart costs nothing.
  if (outcome.kind !== 'refused') return outcome.kind === 'inserted' ? [outcome.row, true] : [resendOf(outcome.row, input), false];
  if (input.onlyWhileChatOpen && (outcome.chatState === null || !OPEN_CHAT_STATES.includes(outcome.chatState))) throw chatEnded();
  throw new Error(`case ${input.caseId} not found`);
}

/** One message in its own implicit transaction; a concurrent append of the same client id loses the race to the unique key and answers with the winner's row. */
async function appendAlone(pool: pg.Pool, clock: Clock, input: NewMessage): Promise<[MessageRow, boolean]> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return answerOf(input, await pgAppendMessage(pool, newMessageValues(input, clock), input.onlyWhileChatOpen === true));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('message append kept conflicting');
}

function settle(item: Pending, answer: () => [MessageRow, boolean]): void {
  try {
    item.resolve(answer());
  } catch (error) {
    item.reject(error);
  }
}

/** True for an error PostgreSQL itself answered: the failed statement's transaction is over and stored nothing. */
function refusedByPostgres(error: unknown): boolean {
  // pg's DatabaseError carries the server's severity and SQLSTATE; socket and protocol errors carry neither.
  const { severity, code } = (error ?? {}) as { severity?: unknown; code?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Runs `batch` as one statement (its own transaction); false when PostgreSQL refused it and nothing was stored. */
async function commitTogether(pool: pg.Pool, clock: Clock, batch: readonly Pending[]): Promise<boolean> {
  let outcomes: AppendOutcome[];
  try {
    outcomes = await pgAppendMessages(
      pool,
      batch.map((item) => ({ row: newMessageValues(item.input, clock), onlyWhileChatOpen: item.input.onlyWhileChatOpen === true })),
    );
  } catch (error) {
    if (refusedByPostgres(error)) return false;
    throw error;
  }
  batch.forEach((item, i) => settle(item, () => answerOf(item.input, outcomes[i] as AppendOutcome)));
  return true;
}

/** Batches in flight at once: one committing while the next travels – more would only split the batches further. */
const PG_BATCHES_IN_FLIGHT = 2;

export function createPgGroupCommit(pool: pg.Pool, clock: Clock): MessageWriter {
  let queue: Pending[] = [];
  /** The cases of the batches in flight (disjoint by construction). */
  const casesInFlight = new Set<string>();
  let batchesInFlight = 0;
  let scheduled = false;

  async function runOne(item: Pending): Promise<void> {
    await appendAlone(pool, clock, item.input).then(item.resolve, item.reject);
  }

  async function run(batch: readonly Pending[]): Promise<void> {
    // A lone message takes the single append, which also retries a lost race for its client id.
    if (batch.length === 1) return runOne(batch[0] as Pending);
    let committed: boolean;
    try {
      committed = await commitTogether(pool, clock, batch);
    } catch (error) {
      // No connection, or it broke during the statement: stored or not, nobody can tell.
      for (const item of batch) item.reject(error);
      return;
    }
    if (!committed) for (const item of batch) await runOne(item);
  }

  /**
   * The next batch in arrival order, leaving in the queue every message of a case in flight and every message after
   * one left behind of its case (so a case's messages never overtake each other).
   */
  function takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const heldCases = new Set<string>();
    for (const item of queue) {
      const { caseId } = item.input;
      if (batch.length < MAX_BATCH && !casesInFlight.has(caseId) && !heldCases.has(caseId)) batch.push(item);
      else {
        rest.push(item);
        heldCases.add(caseId);
      }
    }
    queue = rest;
    return batch;
  }

  function pump(): void {
    while (batchesInFlight < PG_BATCHES_IN_FLIGHT && queue.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return;
      const cases = new Set(batch.map((item) => item.input.caseId));
      for (const caseId of cases) casesInFlight.add(caseId);
      batchesInFlight += 1;
      // run() answers every caller itself; the catch only guards against a programming error leaving one unanswered.
      void run(batch)
        .catch((error: unknown) => {
          for (const item of batch) item.reject(error);
        })
        .finally(() => {
          for (const caseId of cases) casesInFlight.delete(caseId);
          batchesInFlight -= 1;
          pump();
        });
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // The rest of this event-loop round may add more messages to the batch.
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  return {
    append(input) {
      return new Promise((resolve, reject) => {
        queue.push({ input, resolve, reject });
        schedule();
      });
    },
  };
}
