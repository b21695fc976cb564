// Group commit for PostgreSQL: the messages that arrive while one batch commits are
// written together in the next one – BEGIN, one call of rechtschat_append_messages for the whole
// batch (migration 0021: one round trip, not one per message), COMMIT – instead of one commit per
// message through the pool. Each caller is
// answered only after the COMMIT that contains its message. One batch is in flight at a time,
// so messages are stored in the order they arrived (per-chat order). A statement error voids
// the whole transaction (nothing of it is stored): then every message of that batch is
// appended again on its own, in order, so one failure neither fails nor loses the others.
// A failed COMMIT is ambiguous (stored or not), so it is reported to every caller; their
// resend with the same client id is answered with the stored row if it was stored.
// Two instances (scale-out) may lock the same cases rows in opposite order; PostgreSQL then
// aborts one transaction as a deadlock, and that batch takes the one-by-one path like any failure.
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

/** Runs `batch` in one transaction; false when a statement failed and nothing was stored. */
async function commitTogether(pool: pg.Pool, clock: Clock, batch: readonly Pending[]): Promise<boolean> {
  const client = await pool.connect();
  let outcomes: AppendOutcome[];
  try {
    await client.query('BEGIN');
    outcomes = await pgAppendMessages(
      client,
      batch.map((item) => ({ row: newMessageValues(item.input, clock), onlyWhileChatOpen: item.input.onlyWhileChatOpen === true })),
    );
  } catch {
    // The transaction is void; a connection that cannot even roll back is discarded.
    await client.query('ROLLBACK').then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
    return false;
  }
  try {
    await client.query('COMMIT');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  client.release();
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
    // A lone message needs no BEGIN/COMMIT round trips of its own.
    if (batch.length === 1) return runOne(batch[0] as Pending);
    let committed: boolean;
    try {
      committed = await commitTogether(pool, clock, batch);
    } catch (error) {
      // No connection, or the COMMIT itself failed.
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
