// Group commit for SQLite: every message that arrives while the event loop handles one round
// of socket reads is written in one transaction at the end of that round (setImmediate, not a
// whole extra loop turn), so many chats share one fsync (synchronous=FULL). Each caller gets
// its answer only after the commit that contains its message. The statements are prepared
// once (features/chat/messageStatements.ts) and run synchronously, with no query building per message.
// PostgreSQL has its own group commit over one connection (pgGroupCommit.ts), each append one
// named statement (features/chat/pgMessageAppend.ts).
import type BetterSqlite3 from 'better-sqlite3';
import { prepareMessageStatements, type MessageStatements } from './messageStatements.js';
import { pgPoolOf, sqliteHandleOf, type Db, type Engine } from '../../platform/storage/database.js';
import { createPgGroupCommit } from './pgGroupCommit.js';
import { MAX_BATCH, type MessageWriter, type PendingAppend as Pending } from './groupCommit.js';
import type { Clock } from '../../platform/clock.js';
import { appendMessage, chatEnded, newMessageValues, type MessageRow, type NewMessage } from './messages.js';
import { resendOf } from './clientIds.js';

export type { MessageWriter } from './groupCommit.js';

type Outcome = { ok: true; value: [MessageRow, boolean] } | { ok: false; error: unknown };

/**
 * One message, as insertMessage does it: one INSERT on the usual path (messageStatements.ts). Its only
 * write is that INSERT, and a failing statement undoes just itself (SQLite statement atomicity), so a
 * failure leaves its neighbours in the batch alone without a savepoint per message.
 */
function writeOne(statements: MessageStatements, clock: Clock, input: NewMessage): [MessageRow, boolean] {
  const values = newMessageValues(input, clock);
  // A case that does not exist fails the insert (foreign key), and only the insert.
  const seq = statements.insert(values, input.onlyWhileChatOpen === true);
  if (seq !== undefined) return [{ ...values, seq }, true];
  // Nothing stored: a resend of a stored client id (answered with the stored row, even once the chat
  // is closed; another author's row under that id refuses the call), else a chat that does not exist or no
  // longer takes messages.
  const existing = input.clientId === null ? undefined : statements.byClientId(input.chatId, input.clientId);
  if (existing) return [resendOf(existing, input), false];
  throw chatEnded();
}

function batchWriter(sqlite: BetterSqlite3.Database, clock: Clock): (batch: readonly Pending[]) => Outcome[] {
  const statements = prepareMessageStatements(sqlite);
  return sqlite.transaction((batch: readonly Pending[]) =>
    batch.map((item): Outcome => {
      try {
        return { ok: true, value: writeOne(statements, clock, item.input) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
}

export function createMessageWriter(db: Db, clock: Clock, engine: Engine): MessageWriter {
  const pool = engine === 'postgres' ? pgPoolOf(db) : null;
  if (pool !== null) return createPgGroupCommit(pool, clock);
  const sqlite = engine === 'sqlite' ? sqliteHandleOf(db) : null;
  if (sqlite === null) return { append: (input) => appendMessage(db, clock, input) };
  let write: ((batch: readonly Pending[]) => Outcome[]) | null = null;
  let queue: Pending[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = queue.length > MAX_BATCH ? queue.slice(0, MAX_BATCH) : queue;
    queue = queue.length > MAX_BATCH ? queue.slice(MAX_BATCH) : [];
    if (queue.length > 0) schedule();
    try {
      const run = () => {
        write ??= batchWriter(sqlite as BetterSqlite3.Database, clock);
        return write(batch);
      };
      // The batch runs synchronously, so it can only collide with a Kysely transaction that is
      // open across awaits right now: only then wait for Kysely's connection (its mutex).
      // Otherwise commit at once instead of queueing behind every pending Kysely query
      // (a burst of connects queues hundreds of session look-ups there).
      const outcomes = (sqlite as BetterSqlite3.Database).inTransaction ? await db.connection().execute(async () => run()) : run();
      outcomes.forEach((outcome, i) => {
        const item = batch[i] as Pending;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
      for (const item of batch) item.reject(error);
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
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
