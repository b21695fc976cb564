// `npm run lawyer:reset-password -- <email>`: the operator's way back in when no administrator can send a reset from
// the console (the only administrator forgot the password, or let the set-up link of admin:create expire). From a
// separate process on the server's DATA_DIR: the old password and every session end, a single-use link is printed,
// and the command is in the audit log as „Server-Befehl“.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { failureOf, operatorCommand } from './support/operatorCommand.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';

const LINK = /http:\/\/localhost:\d+\/konsole\/zugang#([A-Za-z0-9_-]{43})/;

describe('lawyer password reset CLI', () => {
  let app: TestApp;
  const resetPassword = (...args: string[]) =>
    operatorCommand('resetLawyerPasswordCli', args, { NODE_ENV: 'test', DATA_DIR: app.dataDir, WEB_ORIGINS: 'http://localhost:8080' });
  const login = (http: CookieClient, email: string, password: string) => http.post(`${app.chatUrl}/api/lawyer/login`, { Email: email, Password: password });

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  it('should end the old password and every session, print a single-use link to a new one and audit it as the server command', async () => {
    const anna = app.lawyers[0]!;
    const signedIn = new CookieClient();
    expect((await login(signedIn, anna.email, LAWYER_PASSWORD)).status).toBe(200);

    const { stdout } = await resetPassword(` ${anna.email.toUpperCase()} `);
    expect(stdout).toContain(`Passwort von ${anna.name} <${anna.email}> zurückgesetzt; 1 Anmeldung beendet`);
    // Anna has no second factor: nothing said of one that „stays“.
    expect(stdout).toContain('1 Anmeldung beendet.');
    expect(stdout).not.toContain('zweite Faktor');
    const token = LINK.exec(stdout)?.[1];
    expect(token).toBeDefined();

    expect((await signedIn.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
    expect((await login(new CookieClient(), anna.email, LAWYER_PASSWORD)).status).toBe(401);
    const http = new CookieClient();
    const info = await http.post(`${app.chatUrl}/api/account-link/inspect`, { Token: token });
    expect(info.body).toMatchObject({ Purpose: 'passwordReset', Email: anna.email, Name: anna.name });
    expect((await http.post(`${app.chatUrl}/api/account-link/complete`, { Token: token, Password: 'Wolken-ueber-dem-Watt-9' })).status).toBe(200);
    expect((await login(new CookieClient(), anna.email, 'Wolken-ueber-dem-Watt-9')).status).toBe(200);
    expect((await http.post(`${app.chatUrl}/api/account-link/complete`, { Token: token, Password: 'Noch-ein-Passwort-123' })).status).toBe(404);

    const audit = await app.ctx.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'lawyer.password.reset').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, actor_name: 'Server-Befehl', target_id: anna.id, target_label: anna.name });
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ mailed: false, endedSessions: 1 });
  }, 60_000);

  it('should refuse an unknown address and a deactivated account with a clear message and change nothing', async () => {
    const unknown = await failureOf(resetPassword('niemand@test.example'));
    expect(unknown?.code).toBe(1);
    expect(unknown?.stderr).toContain('Kein Anwaltskonto mit der E-Mail-Adresse niemand@test.example');

    const markus = app.lawyers[1]!;
    await app.ctx.db.updateTable('lawyers').set({ active: 0 }).where('id', '=', markus.id).execute();
    const inactive = await failureOf(resetPassword(markus.email));
    expect(inactive?.code).toBe(1);
    expect(inactive?.stderr).toContain('ist deaktiviert und erhält keinen Link');
    expect(await app.ctx.db.selectFrom('lawyer_account_links').selectAll().where('lawyer_id', '=', markus.id).execute()).toEqual([]);
    await app.ctx.db.updateTable('lawyers').set({ active: 1 }).where('id', '=', markus.id).execute();
    expect((await login(new CookieClient(), markus.email, LAWYER_PASSWORD)).status).toBe(200);

    expect((await failureOf(resetPassword()))?.stderr).toContain('npm run lawyer:reset-password -- <E-Mail-Adresse>');
  }, 60_000);
});
