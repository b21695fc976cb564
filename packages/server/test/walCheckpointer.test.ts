// WAL checkpoints in a worker thread: the writing connection never checkpoints inside a commit,
// committed pages still reach the database file, the WAL restarts under steady writes, and
// stopping hands checkpointing back to the main connection.
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextRound } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer, type WalCheckpointer } from '../src/platform/storage/walCheckpointer.js';
import { tempDir } from './support/testApp.js';

const PAGE_FRAME = 4096 + 24;

function openWal(dir: string): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(path.join(dir, 'test.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  return sqlite;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe('WAL checkpointer', () => {
  const dirs: string[] = [];
  const open: { sqlite: BetterSqlite3.Database; checkpointer: WalCheckpointer }[] = [];

  afterEach(async () => {
    for (const { sqlite, checkpointer } of open.splice(0)) {
      await checkpointer.stop();
      sqlite.close();
    }
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function start(intervalMs: number, restartPages: number) {
    const dir = tempDir();
    dirs.push(dir);
    const sqlite = openWal(dir);
    const checkpointer = startWalCheckpointer(sqlite, { intervalMs, restartPages });
    open.push({ sqlite, checkpointer });
    return { dir, sqlite, checkpointer };
  }

  it('moves committed pages into the database file although the writer never checkpoints', async () => {
    const { dir, sqlite } = start(20, 1_000_000);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const insert = sqlite.prepare('INSERT INTO rows (body) VALUES (?)');
    for (let i = 0; i < 200; i += 1) insert.run('x'.repeat(2000));
    const dbFile = path.join(dir, 'test.sqlite');
    await until(() => fs.statSync(dbFile).size > 100 * 2000, 'the rows in the database file');
    // A second connection sees every row: the checkpoint copied committed pages only.
    const reader = new BetterSqlite3(dbFile, { readonly: true });
    expect(reader.prepare('SELECT count(*) FROM rows').pluck().get()).toBe(200);
    reader.close();
  });

  it('keeps the WAL from growing without bound under steady single-row commits', async () => {
    const { dir, sqlite } = start(10, 50);
    const insert = sqlite.prepare('INSERT INTO rows (body) VALUES (?)');
    const commits = 3000;
    for (let i = 0; i < commits; i += 1) {
      insert.run(`row ${i}`);
      await nextRound();
    }
    // Without a restart every commit appends at least one frame: 3,000 frames.
    const walFrames = fs.statSync(path.join(dir, 'test.sqlite-wal')).size / PAGE_FRAME;
    expect(walFrames).toBeLessThan(commits / 2);
    expect(sqlite.prepare('SELECT count(*) FROM rows').pluck().get()).toBe(commits);
  });

  it('gives checkpointing back to the main connection when stopped', async () => {
    const { sqlite, checkpointer } = start(20, 1000);
    await checkpointer.stop();
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
