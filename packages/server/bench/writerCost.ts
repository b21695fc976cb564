// `node --import tsx packages/server/bench/writerCost.ts [chats] [messages] [batch]`: the CPU and wall time
// of the SQLite message append alone (features/chat/messageWriter.ts, synchronous=FULL), without sockets.
// It fills a throw-away database with `chats` accepted chats, then appends `messages` messages to random
// chats, `batch` per event-loop round, and prints CPU per message (the whole process, so a checkpoint
// in a worker thread counts too), wall per round (p50/p99/max) and the WAL pages written per commit.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../src/platform/clock.js';
import { newId } from '../src/platform/ids.js';
import { openDatabase, sqliteHandleOf } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { startWalCheckpointer } from '../src/platform/storage/walCheckpointer.js';
import { createMessageWriter } from '../src/features/chat/messageWriter.js';

const [chats = 1000, messages = 5000, batch = 1] = process.argv.slice(2).map(Number);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-cost-'));
const { db, engine } = openDatabase({ databaseUrl: null, dataDir: dir });
await migrateToLatest(db);
const sqlite = sqliteHandleOf(db);
if (sqlite === null) throw new Error('SQLite expected');
// WRITER_COST_NO_CHECKPOINT=1: no checkpoints at all, so the WAL's growth counts the pages each commit writes.
if (process.env.WRITER_COST_NO_CHECKPOINT === '1') sqlite.pragma('wal_autocheckpoint = 0');
// WRITER_COST_CHECKPOINTER=1: checkpoints in a worker thread, as the server does.
const checkpointer = process.env.WRITER_COST_CHECKPOINTER === '1' ? startWalCheckpointer(sqlite) : null;

const now = new Date().toISOString();
const targets: { caseId: string; chatId: string; participantId: string }[] = [];
sqlite.transaction(() => {
  for (let i = 0; i < chats; i += 1) {
    const customerId = newId();
    const participantId = newId();
    const caseId = newId();
    const chatId = newId();
    sqlite.prepare('INSERT INTO customers (id, number_hash, second_level_enabled, created_at) VALUES (?, ?, 0, ?)').run(customerId, newId(), now);
    sqlite.prepare('INSERT INTO participants (id, customer_id, created_at) VALUES (?, ?, ?)').run(participantId, customerId, now);
    sqlite
      .prepare(
        'INSERT INTO cases (id, participant_id, description, verified_email, field_of_law, field_of_law_long_name, request_phone_number, disabled, next_seq, created_at, retention_until) ' +
          "VALUES (?, ?, 'Bench', 0, 2, 'Zivilrecht', 0, 0, 1, ?, ?)",
      )
      .run(caseId, participantId, now, now);
    sqlite.prepare("INSERT INTO chats (id, case_id, state, file_forwarding_revoked, created_at) VALUES (?, ?, 'active', 0, ?)").run(chatId, caseId, now);
    targets.push({ caseId, chatId, participantId });
  }
})();

const writer = createMessageWriter(db, systemClock, engine);
const walFile = path.join(dir, 'rechtschat.sqlite-wal');
const walPages = () => (fs.existsSync(walFile) ? fs.statSync(walFile).size / 4120 : 0);

async function round(count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, () => {
      const t = targets[crypto.randomInt(targets.length)] as (typeof targets)[number];
      return writer.append({
        caseId: t.caseId,
        chatId: t.chatId,
        clientId: crypto.randomUUID(),
        type: 0,
        text: 'Guten Tag, ich habe eine Frage zu meinem Mietvertrag.',
        author: { kind: 'participant', id: t.participantId, name: null },
        onlyWhileChatOpen: true,
      });
    }),
  );
}

// Warm-up: some history per chat, so the indexes have their real depth.
for (let i = 0; i < chats * 5; i += 100) await round(100);

const checkpointEvery = Number(process.env.WRITER_COST_TIME_CHECKPOINT ?? 0);
if (checkpointEvery > 0) sqlite.pragma('wal_autocheckpoint = 0');
const checkpointMs: number[] = [];
const gapMs = Number(process.env.WRITER_COST_GAP_MS ?? 0);
const rounds = Math.ceil(messages / batch);
const walls: number[] = [];
const walBefore = walPages();
const cpu = process.cpuUsage();
const start = performance.now();
for (let i = 0; i < rounds; i += 1) {
  const t0 = performance.now();
  await round(batch);
  walls.push(performance.now() - t0);
  // WRITER_COST_TIME_CHECKPOINT=N: no autocheckpoint, a PASSIVE checkpoint on the writing connection every N rounds,
  // timed: what SQLite's default autocheckpoint costs the event loop inside a commit.
  if (checkpointEvery > 0 && (i + 1) % checkpointEvery === 0) {
    const c0 = performance.now();
    sqlite.pragma('wal_checkpoint(PASSIVE)');
    checkpointMs.push(performance.now() - c0);
  }
  // WRITER_COST_GAP_MS: a pause between rounds, so time-based checkpoints see a realistic message rate.
  if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
}
const elapsed = performance.now() - start;
const used = process.cpuUsage(cpu);
const walAfter = walPages();
walls.sort((a, b) => a - b);
const pct = (p: number) => (walls[Math.min(walls.length - 1, Math.floor(walls.length * p))] as number).toFixed(2);
const n = rounds * batch;
console.info(
  JSON.stringify({
    chats,
    messages: n,
    batch,
    cpuUsPerMsg: +((used.user + used.system) / n).toFixed(1),
    userUs: +(used.user / n).toFixed(1),
    systemUs: +(used.system / n).toFixed(1),
    wallMsPerRound: { p50: pct(0.5), p99: pct(0.99), max: walls[walls.length - 1]?.toFixed(2), mean: (elapsed / rounds).toFixed(3) },
    walPagesNow: Math.round(walAfter),
    ...(checkpointMs.length > 0
      ? {
          checkpoints: checkpointMs.length,
          checkpointMsMedian: checkpointMs.sort((a, b) => a - b)[Math.floor(checkpointMs.length / 2)]?.toFixed(2),
          checkpointMsMax: checkpointMs[checkpointMs.length - 1]?.toFixed(2),
        }
      : {}),
    walGrowthPagesPerCommit: +((walAfter - walBefore) / rounds).toFixed(2),
  }),
);
await checkpointer?.stop();
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
