// SQLite WAL checkpoints off the event loop. By default SQLite checkpoints inside the commit that
// pushes the WAL past 1,000 pages: that commit copies every page back into the database file and
// fsyncs it, synchronously on the event loop (better-sqlite3), about every 200th message at
// 1,000 messages/s – the latency tail of the hub. Here the main connection never checkpoints
// itself (wal_autocheckpoint=0); a worker thread with its own connection runs PASSIVE checkpoints
// on a timer. A checkpointer only reads the WAL and writes the database file, never a frame, so it
// cannot make the writer's snapshot stale (no SQLITE_BUSY_SNAPSHOT) and PASSIVE never waits for or
// blocks the writer. Durability is unchanged: a commit is durable once its WAL frames are synced
// (synchronous=FULL); the checkpoint only moves committed pages into the database file.
//
// The WAL restarts from its beginning when a write transaction starts while every frame is
// checkpointed. Under steady writes a background checkpoint rarely ends with no new frame, so when
// the WAL has grown past RESTART_PAGES the worker asks the main thread, which then checkpoints the
// few frames written since (one small fsync, outside any transaction) so that its next write
// starts the WAL over: the WAL file stays small and is overwritten rather than extended.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

export interface WalCheckpointerOptions {
  /** How often the worker checkpoints; more time between checkpoints folds more rewrites of one page together. */
  readonly intervalMs?: number;
  /** WAL size (pages) from which the main thread helps the WAL restart. */
  readonly restartPages?: number;
  readonly onError?: (error: unknown) => void;
}

export interface WalCheckpointer {
  /** Stops the worker and gives checkpointing back to the main connection (before it closes). */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 1_000;
const DEFAULT_RESTART_PAGES = 8_000;
/** SQLite's default, restored when the worker stops or fails. */
const AUTOCHECKPOINT_PAGES = 1_000;
/** After a restart the WAL file is cut back to this size, should a burst have grown it. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

interface CheckpointResult {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

// Plain CommonJS, run with `eval`, so the same code works under tsx, vitest and the esbuild bundle.
// The driver is required by the absolute path the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
function run() {
  let result = checkpoint.get();
  // Frames committed during the checkpoint: a second, short pass usually catches up, and a WAL
  // with every frame checkpointed restarts at the next write.
  for (let pass = 0; pass < 1 && result.busy === 0 && result.checkpointed < result.log; pass += 1) result = checkpoint.get();
  if (result.log >= workerData.restartPages) parentPort.postMessage(result);
}
const timer = setInterval(() => {
  try {
    run();
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export function startWalCheckpointer(sqlite: BetterSqlite3.Database, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const file = sqlite.name;
  const restartPages = options.restartPages ?? DEFAULT_RESTART_PAGES;
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // The worker only runs one PRAGMA a second: a small heap keeps its isolate at about 7 MB of RSS instead of 10.
    // Should it ever run out, it exits and the main connection checkpoints as SQLite does by default (fallBack).
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16, stackSizeMb: 2 },
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file, intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS, restartPages },
  });
  // The timer inside must not keep a process alive that has nothing else to do.
  worker.unref();
  let stopped = false;
  const fallBack = (error: unknown) => {
    if (stopped) return;
    stopped = true;
    // Without the worker, the main connection checkpoints as SQLite does by default.
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    options.onError?.(error);
  };
  worker.on('message', (message: CheckpointResult | { error: string }) => {
    if ('error' in message) {
      options.onError?.(new Error(`WAL checkpoint: ${message.error}`));
      return;
    }
    // Only between transactions (a Kysely transaction may be open across awaits); the next report retries.
    if (stopped || !sqlite.open || sqlite.inTransaction) return;
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      options.onError?.(error);
    }
  });
  worker.on('error', fallBack);
  worker.on('exit', (code) => {
    if (!stopped) fallBack(new Error(`WAL checkpoint worker exited (${code})`));
  });
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Referenced again while it winds down: otherwise a process with nothing else to do (`npm run openapi`) would end
      // with this await unsettled before the worker's exit event arrives.
      worker.ref();
      worker.postMessage('stop');
      await exited;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    },
  };
}
