// Group commit for PostgreSQL: the messages that arrive while one batch commits are
// written together in the next one – one call of rechtschat_append_messages for the whole batch
// (migration 0021), a single statement and so its own transaction: one round trip per batch, no
// BEGIN and COMMIT of their own – instead of one commit per message through the pool. Each caller
// is answered only after the statement that stored its message. One batch is in flight at a time,
// so messages are stored in the order they arrived (per-chat order). An error PostgreSQL answers
// (a SQLSTATE) ended the statement's transaction with nothing stored: then every message of that
// batch is appended again on its own, in order, so one failure neither fails nor loses the others.
// Any other failure (the connection broke) leaves open whether the statement committed, so it is
// reported to every caller; their resend with the same client id is answered with the stored row
// if it was stored.
// Two instances (scale-out) may lock the same cases rows in opposite order; PostgreSQL then
// aborts one statement as a deadlock, and that batch takes the one-by-one path like any failure.
import type pg from 'pg';
import { MAX_BATCH, type MessageWriter, type PendingAppend as Pending } from './groupCommit.js';
import { pgAppendMessage, pgAppendMessages, type AppendOutcome } from './pgMessageAppend.js';
import { isUniqueViolation } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { chatEnded, newMessageValues, OPEN_CHAT_STATES, type MessageRow, type NewMessage } from './messages.js';

/** The caller's answer for one statement's outcome; throws the domain error of a refused message. */
function answerOf(input: NewMessage, outcome: AppendOutcome): [MessageRow, boolean] {
  if (outcome.kind !== 'refused') return [outcome.row, outcome.kind === 'inserted'];
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

export function createPgGroupCommit(pool: pg.Pool, clock: Clock): MessageWriter {
  let queue: Pending[] = [];
  let busy = false;

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

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      await run(batch);
    }
    busy = false;
  }

  function start(): void {
    if (busy) return;
    busy = true;
    // The rest of this event-loop round may add more messages to the first batch.
    setImmediate(() => void drain());
  }

  return {
    append(input) {
      return new Promise((resolve, reject) => {
        queue.push({ input, resolve, reject });
        start();
      });
    },
  };
}
