// `npm run backup -- <Zielordner>`: a consistent backup of the database and DATA_DIR while the server runs, that a
// server started on it (SQLite) or pg_restore (PostgreSQL) can use – the operator's backup without knowing SQLite's
// WAL or pg_dump's options (platform/storage/backup.ts, docs/operations.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_README, createBackup, POSTGRES_DUMP_FILE } from '../src/platform/storage/backup.js';
import { SQLITE_FILE } from '../src/platform/storage/database.js';
import { CookieClient } from './support/cookieClient.js';
import { useAcceptedChat } from './support/flows.js';
import { failureOf, operatorCommand } from './support/operatorCommand.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, tempDir, type TestApp } from './support/testApp.js';

const backupCli = (env: Record<string, string>, ...args: string[]) => operatorCommand('backupCli', args, { NODE_ENV: 'test', ...env });

const FOLDER = /Sicherung fertig: (\S+)/;
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('backup CLI on SQLite, while the server runs', () => {
  const chat = useAcceptedChat();
  const target = tempDir('rechtschat-backup-');
  let restored: TestApp | undefined;

  beforeAll(async () => {
    await chat.lawyer.hub.connection.invoke('SendMessage', chat.ids.ChatId, 'Bitte schicken Sie mir die Kündigung.', 'backup-message-1');
    fs.mkdirSync(path.join(chat.app.dataDir, 'uploads'), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(chat.app.dataDir, 'uploads', 'kuendigung.pdf'), '%PDF-1.7 Kündigung', { mode: 0o600 });
  });

  afterAll(async () => {
    await restored?.stop();
    fs.rmSync(target, { recursive: true, force: true });
  });

  it('should write the database and the files into a new private folder and say so in German', async () => {
    const { stdout } = await backupCli({ DATA_DIR: chat.app.dataDir }, target);
    expect(stdout).toMatch(/SQLite-Datenbank: \d+,\d MB \(geprüft\)/);
    expect(stdout).toContain('Dateien aus DATA_DIR: 1 Datei, 0,0 MB');
    expect(stdout).toContain('SESSION_SECRET und ENTRY_TOKEN_SECRET sind nicht enthalten');
    const folder = FOLDER.exec(stdout)?.[1] ?? '';
    expect(path.dirname(folder)).toBe(target);
    expect(path.basename(folder)).toMatch(/^rechtschat-\d{4}-\d{2}-\d{2}-\d{6}$/);
    expect(mode(folder)).toBe(0o700);
    expect(fs.readdirSync(folder).sort()).toEqual([BACKUP_README, SQLITE_FILE, 'uploads'].sort());
    expect(mode(path.join(folder, SQLITE_FILE))).toBe(0o600);
    expect(fs.readFileSync(path.join(folder, 'uploads', 'kuendigung.pdf'), 'utf8')).toBe('%PDF-1.7 Kündigung');
    expect(mode(path.join(folder, 'uploads', 'kuendigung.pdf'))).toBe(0o600);
    expect(fs.readFileSync(path.join(folder, BACKUP_README), 'utf8')).toContain('Nicht enthalten: SESSION_SECRET und ENTRY_TOKEN_SECRET');
  });

  it('should give a backup a server can start on: the lawyer signs in and the chat is there', async () => {
    const folder = fs.readdirSync(target).map((name) => path.join(target, name))[0] as string;
    const copy = tempDir('rechtschat-restored-');
    fs.cpSync(folder, copy, { recursive: true });
    restored = await startTestApp({ dataDir: copy, lawyersFrom: chat.app.lawyers });
    const http = new CookieClient();
    const lawyerAccount = chat.app.lawyers[0]!;
    expect((await http.post(`${restored.chatUrl}/api/lawyer/login`, { Email: lawyerAccount.email, Password: lawyerAccount.password })).status).toBe(200);
    const messages = await restored.ctx.db.selectFrom('messages').select('text').where('case_id', '=', chat.ids.CaseId).execute();
    expect(messages.map((m) => m.text)).toContain('Bitte schicken Sie mir die Kündigung.');
  });

  it('should name the folder and the time in SICHERUNG.txt in German time, whatever the machine’s zone (a container’s is UTC)', async () => {
    const winter = await createBackup({ dataDir: chat.app.dataDir, databaseUrl: null }, target, new Date('2026-12-04T16:54:32Z'));
    expect(path.basename(winter.folder)).toBe('rechtschat-2026-12-04-175432');
    expect(fs.readFileSync(path.join(winter.folder, BACKUP_README), 'utf8')).toContain('erstellt am 04.12.2026, 17:54 Uhr (deutsche Zeit).');
    const summerNight = await createBackup({ dataDir: chat.app.dataDir, databaseUrl: null }, target, new Date('2026-07-01T23:30:00Z'));
    expect(path.basename(summerNight.folder)).toBe('rechtschat-2026-07-02-013000');
  });

  it('should refuse a target inside DATA_DIR, a DATA_DIR without a database and a call without a folder, with the reason', async () => {
    const inside = await failureOf(backupCli({ DATA_DIR: chat.app.dataDir }, path.join(chat.app.dataDir, 'sicherung')));
    expect(inside).toMatchObject({ code: 1, stderr: expect.stringContaining('Der Zielordner liegt in DATA_DIR') });
    const empty = tempDir();
    const noDatabase = await failureOf(backupCli({ DATA_DIR: empty }, target));
    expect(noDatabase).toMatchObject({ code: 1, stderr: expect.stringContaining(`In ${empty} liegt keine Datenbank`) });
    // A mistyped path or an unmounted backup disk: nothing is written, rather than a new folder tree on the system disk.
    const missing = path.join(target, 'vertippt', 'sicherung');
    const mistyped = await failureOf(backupCli({ DATA_DIR: chat.app.dataDir }, missing));
    expect(mistyped).toMatchObject({ code: 1, stderr: expect.stringContaining(`Der Zielordner ${missing} besteht nicht`) });
    expect(fs.existsSync(path.join(target, 'vertippt'))).toBe(false);
    const usage = await failureOf(backupCli({ DATA_DIR: chat.app.dataDir }));
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('npm run backup -- <Zielordner>') });
    fs.rmSync(empty, { recursive: true, force: true });
  }, 60_000);
});

describe('backup CLI on PostgreSQL', () => {
  let schema: TestSchema;
  let app: TestApp;
  const target = tempDir('rechtschat-backup-pg-');

  beforeAll(async () => {
    schema = await createTestSchema();
    app = await startTestApp({ env: { DATABASE_URL: schema.url } });
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
    fs.rmSync(target, { recursive: true, force: true });
  });

  it('should dump the app’s own schema with pg_dump, in the format pg_restore reads', async () => {
    const { stdout } = await backupCli({ DATA_DIR: app.dataDir, DATABASE_URL: schema.url }, target);
    expect(stdout).toMatch(/PostgreSQL-Datenbank: \d+,\d MB\n/);
    const folder = FOLDER.exec(stdout)?.[1] ?? '';
    const dump = path.join(folder, POSTGRES_DUMP_FILE);
    expect(mode(dump)).toBe(0o600);
    const listing = execFileSync('pg_restore', ['--list', dump], { encoding: 'utf8' });
    expect(listing).toContain(`TABLE ${schema.schema} messages`);
    expect(listing).toContain(`TABLE DATA ${schema.schema} lawyers`);
    expect(listing).not.toMatch(/TABLE public /);
  });
});
