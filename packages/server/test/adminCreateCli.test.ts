// `npm run admin:create -- <email> <name>`: the first administrator without SQL. The account has no usable password
// until its one-time set-up link is completed; the command is audited as "Server-Befehl". The operator commands run
// through bin/cli.mjs: with tsx in development, and from the built dist bundle where tsx is missing (the server after
// `npm prune --omit=dev`) – tested in a sandbox whose node_modules hold every package except tsx.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LawyerProfile } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/storage/database.js';
import { ensureServerBuilt } from '../testing/serverProcess.js';
import { CookieClient } from './support/cookieClient.js';
import { failureOf, operatorCommand } from './support/operatorCommand.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, tempDir } from './support/testApp.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootModules = path.resolve(serverDir, '../../node_modules');
const LINK = /(http:\/\/localhost:\d+\/konsole\/zugang#([A-Za-z0-9_-]{43}))/;

describe('admin:create CLI in development (tsx)', () => {
  const dataDir = tempDir();
  const cli = (...args: string[]) =>
    run(process.execPath, ['bin/cli.mjs', 'adminCreateCli', ...args], { cwd: serverDir, env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir } });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('should create an administrator without a usable password, print a one-time set-up link and audit it as the server command', async () => {
    const { stdout } = await cli('chefin@kanzlei.example', 'Dr.', 'Eva', 'Chef');
    expect(stdout).toContain('Administrationskonto für Dr. Eva Chef <chefin@kanzlei.example> angelegt.');
    const [, link, token] = LINK.exec(stdout) ?? [];
    expect(link).toBeDefined();
    // The refusals are the command's code, not the launcher's: from dist/, as the other commands' tests run them.
    const fromDist = (...args: string[]) => failureOf(operatorCommand('adminCreateCli', args, { NODE_ENV: 'test', DATA_DIR: dataDir }));
    expect((await fromDist('chefin@kanzlei.example', 'Noch Jemand'))?.stderr).toContain('Es gibt bereits ein Konto');
    expect((await fromDist('keine-adresse', 'Name'))?.code).toBe(2);
    expect((await fromDist())?.stderr).toContain('npm run admin:create -- <E-Mail-Adresse> <Name>');

    // The server on the same DATA_DIR: nothing signs in before the link is used; then the password works.
    const app = await startTestApp({ dataDir });
    try {
      const audit = await app.ctx.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'lawyer.admin.created').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: null, actor_name: 'Server-Befehl', target_label: 'Dr. Eva Chef' });
      const http = new CookieClient();
      const info = await http.post(`${app.chatUrl}/api/account-link/inspect`, { Token: token });
      expect(info.body).toMatchObject({ Purpose: 'setup', Email: 'chefin@kanzlei.example', Name: 'Dr. Eva Chef', Role: 'admin' });
      expect((await http.post(`${app.chatUrl}/api/account-link/complete`, { Token: token, Password: 'Vier-Pferde-am-Deich' })).status).toBe(200);
      const signedIn = await http.post<LawyerProfile>(`${app.chatUrl}/api/lawyer/login`, { Email: 'chefin@kanzlei.example', Password: 'Vier-Pferde-am-Deich' });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.Role).toBe('admin');
      expect((await http.post(`${app.chatUrl}/api/account-link/complete`, { Token: token, Password: 'Noch-ein-Passwort-123' })).status).toBe(404);
    } finally {
      await app.stop();
    }
  }, 60_000);
});

describe('operator commands on the built server without tsx (after npm prune --omit=dev)', () => {
  let sandbox: string;
  let schema: TestSchema;
  const env = () => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_PATH: '',
    DATABASE_URL: schema.url,
    DATA_DIR: path.join(sandbox, 'data'),
  });
  const cli = (command: string, args: string[], extra: Record<string, string> = {}) =>
    run(process.execPath, [path.join(sandbox, 'server/bin/cli.mjs'), command, ...args], { cwd: path.join(sandbox, 'server'), env: { ...env(), ...extra } });

  beforeAll(async () => {
    await ensureServerBuilt();
    schema = await createTestSchema();
    sandbox = tempDir('rechtschat-pruned-');
    // The pruned installation: every package of the workspace's node_modules except tsx (a dev dependency).
    fs.mkdirSync(path.join(sandbox, 'node_modules'));
    for (const name of fs.readdirSync(rootModules)) {
      if (name === 'tsx' || name === '.bin' || name.startsWith('.')) continue;
      fs.symlinkSync(path.join(rootModules, name), path.join(sandbox, 'node_modules', name));
    }
    fs.mkdirSync(path.join(sandbox, 'server/bin'), { recursive: true });
    fs.copyFileSync(path.join(serverDir, 'bin/cli.mjs'), path.join(sandbox, 'server/bin/cli.mjs'));
    fs.copyFileSync(path.join(serverDir, 'package.json'), path.join(sandbox, 'server/package.json'));
    // The sources are there as in a checkout; only tsx is missing to run them.
    fs.symlinkSync(path.join(serverDir, 'src'), path.join(sandbox, 'server/src'));
    fs.mkdirSync(path.join(sandbox, 'server/dist'));
    for (const file of fs.readdirSync(path.join(serverDir, 'dist')).filter((f) => /Cli\.js(\.map)?$/.test(f)))
      fs.copyFileSync(path.join(serverDir, 'dist', file), path.join(sandbox, 'server/dist', file));
    // The entry points share code (and load the PDF renderers on demand) from chunks beside them.
    fs.cpSync(path.join(serverDir, 'dist/chunks'), path.join(sandbox, 'server/dist/chunks'), { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await schema?.drop();
    if (sandbox) fs.rmSync(sandbox, { recursive: true, force: true });
  });

  it('should have no tsx to run the sources with', () => {
    expect(() => execFileSync(process.execPath, ['-e', "require.resolve('tsx')"], { cwd: path.join(sandbox, 'server'), env: env(), stdio: 'pipe' })).toThrow();
  });

  it('should create the administrator, seed the demo data, refuse a second-factor reset without a factor and reset a password from dist', async () => {
    const created = await cli('adminCreateCli', ['buero@kanzlei.example', 'Büro', 'Leitung'], {
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SESSION_SECRET,
      ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET,
      WEB_ORIGINS: 'https://rechtschat.example',
    });
    expect(created.stdout).toMatch(/^Administrationskonto für Büro Leitung <buero@kanzlei\.example> angelegt\./);
    expect(created.stdout).toMatch(/https:\/\/rechtschat\.example\/konsole\/zugang#[A-Za-z0-9_-]{43}/);
    const seeded = await cli('seedCli', ['--json'], { NODE_ENV: 'development' });
    expect(JSON.parse(seeded.stdout)).toMatchObject({ lawyer: { email: 'anna.berger@demo.rechtschat.de' } });
    // The new administrator has set up no second factor yet: the command runs from dist and refuses (exit 1), as the console does.
    const reset = await failureOf(cli('resetLawyerMfaCli', ['buero@kanzlei.example'], { NODE_ENV: 'development' }));
    expect(reset?.code).toBe(1);
    expect(reset?.stderr).toContain('hat keinen zweiten Faktor eingerichtet, es gibt nichts zurückzusetzen');
    const newPassword = await cli('resetLawyerPasswordCli', ['buero@kanzlei.example'], { NODE_ENV: 'development', WEB_ORIGINS: 'https://rechtschat.example' });
    expect(newPassword.stdout).toMatch(/^Passwort von Büro Leitung <buero@kanzlei\.example> zurückgesetzt/);
    expect(newPassword.stdout).toMatch(/https:\/\/rechtschat\.example\/konsole\/zugang#[A-Za-z0-9_-]{43}/);

    const { db } = openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url, DATA_DIR: path.join(sandbox, 'data') }));
    try {
      const lawyers = await db.selectFrom('lawyers').select(['email', 'role']).orderBy('email').execute();
      expect(lawyers).toEqual([
        { email: 'anna.berger@demo.rechtschat.de', role: 'admin' },
        { email: 'buero@kanzlei.example', role: 'admin' },
        { email: 'markus.hoffmann@demo.rechtschat.de', role: 'lawyer' },
      ]);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
