// Sends the offboarding bot's transcript entries to the chat host, exactly once in
// effect: every post carries all entries not yet acknowledged plus where the bot stands, the
// server drops entries it already holds (same ClientId), and a failed post is repeated.
import { Subscription, type SchedulerLike } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { Call } from '../ports/call.js';
import type { Logger } from '../ports/platform.js';
import type { BotProgress, TranscriptEntry, TranscriptPost } from '../wire/index.js';

/** A failed post is tried again after this long (and on every change or reconnect before). */
export const TRANSCRIPT_RETRY_MS = 5_000;

export interface TranscriptSyncOptions {
  readonly scheduler: SchedulerLike;
  readonly logger: Logger;
  /** The chat the entries belong to (the case's latest chat); null while unknown. */
  chatId(): string | null;
  /** The runner's entries so far and where it stands, read when the post goes out. */
  read(): { readonly entries: readonly TranscriptEntry[]; readonly progress: BotProgress | null };
  post(chatId: string, post: TranscriptPost): Call<void>;
  /** Entries the server already holds (restored after a reload) and the progress it has. */
  readonly stored?: { readonly clientIds: Iterable<string>; readonly progress: BotProgress | null };
}

export interface TranscriptSync {
  /** Something changed: post soon. Calls while a post runs are folded into one follow-up post. */
  request(): void;
  dispose(): void;
}

export function createTranscriptSync(options: TranscriptSyncOptions): TranscriptSync {
  const acknowledged = new Set<string>(options.stored?.clientIds ?? []);
  let postedProgress = options.stored?.progress ? JSON.stringify(options.stored.progress) : null;
  let scheduled = false;
  let inFlight = false;
  let dirty = false;
  let disposed = false;
  const subscriptions = new Subscription();

  function request(delay = 0): void {
    if (disposed) return;
    if (inFlight) {
      dirty = true;
      return;
    }
    if (scheduled) return;
    scheduled = true;
    // Deferred, so the post sees the runner settled (entry shown *and* the state after it).
    subscriptions.add(
      options.scheduler.schedule(() => {
        scheduled = false;
        flush();
      }, delay),
    );
  }

  function flush(): void {
    const chatId = options.chatId();
    if (chatId === null || disposed) return;
    const { entries, progress } = options.read();
    const pending = entries.filter((entry) => !acknowledged.has(entry.ClientId));
    const progressJson = progress === null ? null : JSON.stringify(progress);
    if (pending.length === 0 && progressJson === postedProgress) return;
    inFlight = true;
    dirty = false;
    subscriptions.add(
      options.post(chatId, { Entries: pending, Progress: progress }).subscribe((result) => {
        inFlight = false;
        if (E.isRight(result)) {
          pending.forEach((entry) => acknowledged.add(entry.ClientId));
          postedProgress = progressJson;
          if (dirty) request();
          return;
        }
        options.logger.warn('Gesprächsverlauf nicht gespeichert, neuer Versuch folgt', result.left);
        request(dirty ? 0 : TRANSCRIPT_RETRY_MS);
      }),
    );
  }

  return {
    request: () => request(),
    dispose() {
      disposed = true;
      subscriptions.unsubscribe();
    },
  };
}
