// What both group commits share: SQLite's (messageWriter.ts) and PostgreSQL's (pgGroupCommit.ts).
import type { MessageRow, NewMessage } from './messageTypes.js';

/** Stores a message; answers with the stored row and whether this call created it (false: a resend of its client id). */
export interface MessageWriter {
  append(input: NewMessage): Promise<[MessageRow, boolean]>;
}

/** A message waiting for the next commit, with its caller's answer. */
export interface PendingAppend {
  readonly input: NewMessage;
  resolve(result: [MessageRow, boolean]): void;
  reject(error: unknown): void;
}

/** Upper bound per transaction, so one commit holds neither SQLite's event loop nor PostgreSQL's row locks for long. */
export const MAX_BATCH = 500;

/**
 * The writer, plus `settled()`: resolves once every append it has taken so far is answered (committed or failed) –
 * the shutdown waits for it before the database closes, so no message a hub call was writing is lost with the process.
 */
export function trackPendingAppends(writer: MessageWriter): MessageWriter & { settled(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  return {
    append(input) {
      const result = writer.append(input);
      const done = result.then(
        () => undefined,
        () => undefined,
      );
      pending.add(done);
      void done.then(() => pending.delete(done));
      return result;
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
