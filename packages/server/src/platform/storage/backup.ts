// A consistent backup of everything the product stores, taken while it runs (`npm run backup -- <folder>`,
// backupCli.ts): the database – SQLite through its online backup, PostgreSQL through pg_dump of the app's schema –
// and then the files of DATA_DIR (chat uploads, case-file documents, outbox, Sentry queue). Database first, files
// second: a file written in between is at worst an orphan in the backup, never a row without its file (except when
// the retention job deletes exactly then; docs/operations.md). For SQLite the backup folder is itself a complete
// DATA_DIR: a restore starts the server with DATA_DIR pointing at (a copy of) it. The secrets are never in it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { berlinWallClock, germanDateTimeAt } from '@rechtschat/core';
import { childProcessEnvironment, type Config } from '../config.js';
import { SQLITE_FILE } from './database.js';

const run = promisify(execFile);

/** The PostgreSQL dump in the backup folder (pg_restore's custom format). */
export const POSTGRES_DUMP_FILE = 'rechtschat.dump';
/** What the backup is and how to restore it, in German, for whoever finds the folder in a year. */
export const BACKUP_README = 'SICHERUNG.txt';

export interface BackupResult {
  readonly folder: string;
  readonly engine: 'sqlite' | 'postgres';
  readonly databaseBytes: number;
  readonly files: number;
  readonly fileBytes: number;
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/**
 * `2026-12-03-141500` in German time (Europe/Berlin), like every time the product shows – not the machine's zone, which
 * in a container is UTC and named a backup made at 02:00 „…-010000“: sorts by time, no characters a shell or Windows minds.
 */
function stamp(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const t = berlinWallClock(now.getTime());
  return `${t.year}-${two(t.month)}-${two(t.day)}-${two(t.hour)}${two(t.minute)}${two(t.second)}`;
}

/**
 * A new, private folder `rechtschat-<time>` under `targetRoot`, which must exist: a mistyped path or a backup disk that
 * is not mounted wrote the backup onto the system disk without a word (outside operator tester). Never reuses or
 * overwrites an existing folder.
 */
function newBackupFolder(targetRoot: string, now: Date): string {
  if (!fs.statSync(targetRoot, { throwIfNoEntry: false })?.isDirectory())
    throw new BackupError(
      `Der Zielordner ${path.resolve(targetRoot)} besteht nicht. Bitte prüfen Sie die Eingabe und ob das Sicherungslaufwerk eingehängt ist, oder legen Sie den Ordner an (mkdir -m 700 …). / The target folder does not exist.`,
    );
  const folder = path.join(path.resolve(targetRoot), `rechtschat-${stamp(now)}`);
  try {
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupError(`Der Ordner ${folder} besteht schon. Bitte warten Sie eine Sekunde und versuchen Sie es erneut.`);
    throw error;
  }
  return folder;
}

/** SQLite's online backup (consistent while the server writes) and its quick_check on the copy. */
async function backupSqlite(dataDir: string, folder: string): Promise<number> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`In ${dataDir} liegt keine Datenbank (${SQLITE_FILE}). Ist DATA_DIR richtig gesetzt?`);
  const target = path.join(folder, SQLITE_FILE);
  fs.closeSync(fs.openSync(target, 'wx', 0o600));
  // A normal connection, not a read-only one: SQLite opens a WAL database read-only only when its -shm file exists.
  const db = new BetterSqlite3(source, { fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  const copy = new BetterSqlite3(target, { fileMustExist: true });
  try {
    // One self-contained file (no -wal or -shm beside it); the server switches it back to WAL when it opens it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`Die Kopie der Datenbank ist nicht in Ordnung (quick_check: ${String(check)}).`);
  } finally {
    copy.close();
  }
  return fs.statSync(target).size;
}

/** pg_dump of the schema the app uses (the URL's search_path, else public), in the custom format pg_restore reads. */
async function backupPostgres(databaseUrl: string, folder: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let schema: string;
  try {
    schema = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? 'public';
  } finally {
    await client.end();
  }
  const target = path.join(folder, POSTGRES_DUMP_FILE);
  // pg_dump takes libpq's connection settings from the environment, so the URL (with its password) is not on its
  // command line, where any user of the machine could read it.
  const url = new URL(databaseUrl);
  const sslmode = url.searchParams.get('sslmode');
  const env = childProcessEnvironment({
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    PGUSER: decodeURIComponent(url.username),
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
  });
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', `--schema=${schema}`, `--file=${target}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as { code?: unknown; stderr?: string };
    if (code === 'ENOENT')
      throw new BackupError('pg_dump wurde nicht gefunden. Bitte installieren Sie die PostgreSQL-Client-Programme in der Version des Servers.');
    throw new BackupError(`pg_dump ist fehlgeschlagen: ${(stderr ?? String(error)).trim()}`);
  }
  fs.chmodSync(target, 0o600);
  return fs.statSync(target).size;
}

/** Copies DATA_DIR's files (not the SQLite files) into `folder`, keeping the layout and the files' modes. */
function copyDataFiles(dataDir: string, folder: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const copyTree = (from: string, to: string, top: boolean): void => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      if (top && entry.name.startsWith(SQLITE_FILE)) continue;
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) {
        fs.mkdirSync(target, { mode: 0o700 });
        copyTree(source, target, false);
      } else if (entry.isFile()) {
        try {
          fs.copyFileSync(source, target, fs.constants.COPYFILE_EXCL);
        } catch (error) {
          // Deleted since it was listed (an expired outbox mail, the retention job): not part of this backup.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        files += 1;
        bytes += fs.statSync(target).size;
      }
    }
  };
  if (fs.existsSync(dataDir)) copyTree(dataDir, folder, true);
  return { files, bytes };
}

function readme(result: Omit<BackupResult, 'folder'>, now: Date): string {
  const database =
    result.engine === 'sqlite'
      ? `${SQLITE_FILE} – die SQLite-Datenbank (Online-Sicherung, geprüft mit quick_check).`
      : `${POSTGRES_DUMP_FILE} – die PostgreSQL-Datenbank (pg_dump im custom-Format, für pg_restore).`;
  const restore =
    result.engine === 'sqlite'
      ? 'Dieser Ordner ist ein vollständiges DATA_DIR: Server stoppen, eine Kopie dieses Ordners als DATA_DIR einsetzen (Eigentümer des Dienstes), mit denselben Geheimnissen starten.'
      : `Server stoppen, pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${POSTGRES_DUMP_FILE}, die übrigen Ordner als DATA_DIR einsetzen, mit denselben Geheimnissen starten.`;
  return [
    `Sicherung von Rechtschat, erstellt am ${germanDateTimeAt(now.getTime())} Uhr (deutsche Zeit).`,
    '',
    database,
    'Die übrigen Ordner sind die Dateien aus DATA_DIR (uploads/, casefiles/, outbox/, sentry/).',
    '',
    'Nicht enthalten: SESSION_SECRET und ENTRY_TOKEN_SECRET. Bewahren Sie sie getrennt von dieser Sicherung auf;',
    'zur Wiederherstellung werden dieselben Werte gebraucht.',
    '',
    `Wiederherstellen: ${restore}`,
    'Ausführlich: docs/operations.md, Abschnitt „Datensicherung und Wiederherstellung“.',
    '',
    'Die Sicherung enthält personenbezogene Daten unter anwaltlicher Schweigepflicht: verschlüsselt ablegen,',
    'Zugriff beschränken, nach Ablauf der festgelegten Aufbewahrung löschen.',
    '',
  ].join('\n');
}

/** Backs up the configured database and DATA_DIR into a new folder under `targetRoot`. */
export async function createBackup(config: Pick<Config, 'dataDir' | 'databaseUrl'>, targetRoot: string, now = new Date()): Promise<BackupResult> {
  const dataDir = path.resolve(config.dataDir);
  const root = path.resolve(targetRoot);
  if (root === dataDir || root.startsWith(`${dataDir}${path.sep}`))
    throw new BackupError('Der Zielordner liegt in DATA_DIR. Bitte wählen Sie einen Ordner außerhalb, am besten auf einem anderen Datenträger.');
  const folder = newBackupFolder(root, now);
  const engine = config.databaseUrl === null ? 'sqlite' : 'postgres';
  const databaseBytes = config.databaseUrl === null ? await backupSqlite(dataDir, folder) : await backupPostgres(config.databaseUrl, folder);
  const { files, bytes } = copyDataFiles(dataDir, folder);
  const result = { engine, databaseBytes, files, fileBytes: bytes } as const;
  fs.writeFileSync(path.join(folder, BACKUP_README), readme(result, now), { mode: 0o600 });
  return { folder, ...result };
}
