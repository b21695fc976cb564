// Group commit for SQLite: messages that arrive while a commit is running are written
// together in the next transaction, so many chats share one fsync (synchronous=FULL)
// instead of queueing one fsync each. Every caller still gets its answer only after
// the commit that contains its message. PostgreSQL commits concurrently on its own.
import type { Db, Engine } from '../storage/database.js';
import type { Clock } from './clock.js';
import { appendMessage, insertMessage, type MessageRow, type NewMessage } from './messages.js';

export interface MessageWriter {
  append(input: NewMessage): Promise<[MessageRow, boolean]>;
}

interface Pending {
  readonly input: NewMessage;
  resolve(result: [MessageRow, boolean]): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 200;

export function createMessageWriter(db: Db, clock: Clock, engine: Engine): MessageWriter {
  if (engine === 'postgres') return { append: (input) => appendMessage(db, clock, input) };
  let queue: Pending[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      // Let requests that are reading (access checks) catch up and join this batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        const results = await db.transaction().execute(async (trx) => {
          const out: [MessageRow, boolean][] = [];
          for (const item of batch) out.push(await insertMessage(trx, clock, item.input));
          return out;
        });
        batch.forEach((item, i) => item.resolve(results[i] as [MessageRow, boolean]));
      } catch {
        // One bad message must not fail its neighbours: retry them one by one.
        for (const item of batch) await appendMessage(db, clock, item.input).then(item.resolve, item.reject);
      }
    }
    flushing = false;
  }

  return {
    append(input) {
      return new Promise((resolve, reject) => {
        queue.push({ input, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}
