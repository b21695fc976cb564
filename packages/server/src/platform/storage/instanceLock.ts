// One server process per SQLite DATA_DIR (docs/operations.md): two would each hold their own hub, and live chat breaks
// between them. main.ts takes the lock before it opens the database; the operator CLIs (backup, seed, admin:create,
// lawyer:reset-*) take none and keep working beside the running server. PostgreSQL mode takes no lock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.js';
import { SQLITE_FILE } from './database.js';

/** Starts with SQLITE_FILE, so a backup leaves it out (backup.ts copies no `rechtschat.sqlite*` file). */
const LOCK_FILE = `${SQLITE_FILE}.lock`;

interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  /** The kernel's boot id (Linux); null elsewhere. A lock from an earlier boot is stale whatever its pid. */
  readonly bootId: string | null;
  readonly startedAt: string;
}

function currentBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file that could not be read as one: stale once it is older than a start takes to write it. */
const UNREADABLE_GRACE_MS = 10_000;

function readHolder(file: string): LockHolder | 'unreadable' | 'gone' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && typeof holder.hostname === 'string' && typeof holder.startedAt === 'string') {
      return { pid: holder.pid, hostname: holder.hostname, bootId: holder.bootId ?? null, startedAt: holder.startedAt };
    }
  } catch {
    // Half written (a crash between create and write) or not ours: decided by its age below.
  }
  return 'unreadable';
}

/**
 * Why the lock is stale (its holder is gone), or null while the holder may still run. Only a holder on this host can be
 * checked by its pid; in a container the same pid (1) comes back after a restart, so the own pid counts as gone.
 */
function staleReason(holder: LockHolder, self: LockHolder): string | null {
  if (holder.bootId !== null && self.bootId !== null && holder.bootId !== self.bootId) return 'other boot';
  if (holder.hostname !== self.hostname) return null;
  if (holder.pid === self.pid) return 'own pid';
  return isAlive(holder.pid) ? null : 'pid not running';
}

function refusal(dataDir: string, file: string, holder: LockHolder | null): ConfigError {
  const who = holder ? ` (PID ${holder.pid} auf ${holder.hostname}, gestartet ${holder.startedAt})` : '';
  const whoEn = holder ? ` (PID ${holder.pid} on ${holder.hostname}, started ${holder.startedAt})` : '';
  return new ConfigError(
    `DATA_DIR="${dataDir}" wird schon von einer anderen Rechtschat-Instanz benutzt${who}. Zwei Instanzen auf SQLite sind nicht möglich; ` +
      `mehrere Instanzen brauchen DATABASE_URL (PostgreSQL) und REDIS_URL. Läuft sicher keine andere Instanz mehr, die Datei ${file} löschen / ` +
      `DATA_DIR is already used by another Rechtschat instance${whoEn}. Two instances on SQLite are not possible; several instances need ` +
      `DATABASE_URL (PostgreSQL) and REDIS_URL. If no other instance is running, delete ${file}.`,
  );
}

export interface InstanceLockOptions {
  /** A stale lock taken over: the caller logs it as a warning. */
  readonly onTakeOver: (details: { file: string; holder: LockHolder | null; reason: string }) => void;
}

/**
 * Creates DATA_DIR/rechtschat.sqlite.lock exclusively with this process's pid, host, boot and start time, and removes
 * it again when the process exits (a clean stop, a failed start). Refuses with a ConfigError while another live
 * instance holds it; takes over a stale one. Returns the lock file's path.
 */
export function acquireInstanceLock(dataDir: string, options: InstanceLockOptions): string {
  const file = path.join(dataDir, LOCK_FILE);
  const self: LockHolder = { pid: process.pid, hostname: os.hostname(), bootId: currentBootId(), startedAt: new Date().toISOString() };
  const content = `${JSON.stringify(self)}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder === 'gone') continue;
      let reason: string | null;
      if (holder === 'unreadable') {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat === undefined) continue;
        if (Date.now() - stat.mtimeMs <= UNREADABLE_GRACE_MS) throw refusal(dataDir, file, null);
        reason = 'unreadable';
      } else {
        reason = staleReason(holder, self);
        if (reason === null) throw refusal(dataDir, file, holder);
      }
      options.onTakeOver({ file, holder: holder === 'unreadable' ? null : holder, reason });
      fs.rmSync(file, { force: true });
      continue;
    }
    try {
      fs.writeSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    process.once('exit', () => {
      // Only our own lock: a later instance's after a takeover stays.
      try {
        if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file, { force: true });
      } catch {
        // Already gone, or DATA_DIR unreachable now: nothing to release.
      }
    });
    return file;
  }
  // Two starts took over the same stale lock at once, and the other one won.
  throw refusal(dataDir, file, null);
}
