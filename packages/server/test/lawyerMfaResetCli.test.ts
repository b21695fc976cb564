// `npm run lawyer:reset-mfa -- <email>`: the operator removes a lawyer's TOTP factor and recovery codes and ends the
// lawyer's sessions, from a separate process on the server's DATA_DIR; with LAWYER_MFA=required the next login runs
// the enrolment again. It is in the audit log as „Server-Befehl“.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../src/features/lawyer/totp.js';
import { createSessionStore } from '../src/platform/sessions.js';
import { CookieClient } from './support/cookieClient.js';
import { operatorCommand } from './support/operatorCommand.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';

describe('lawyer MFA reset CLI', () => {
  let app: TestApp;
  const signedIn = new CookieClient();
  const login = (http: CookieClient, totpCode?: string) =>
    http.post<{ EnrolmentToken: string; Secret: string }>(`${app.chatUrl}/api/lawyer/login`, {
      Email: app.lawyers[0]!.email,
      Password: LAWYER_PASSWORD,
      ...(totpCode ? { TotpCode: totpCode } : {}),
    });
  const resetMfa = (email: string) => operatorCommand('resetLawyerMfaCli', [email], { NODE_ENV: 'test', DATA_DIR: app.dataDir, LAWYER_MFA: 'required' });
  const rowsOf = async (lawyerId: string) => ({
    totp: await app.ctx.db.selectFrom('lawyer_totp').selectAll().where('lawyer_id', '=', lawyerId).execute(),
    codes: await app.ctx.db.selectFrom('lawyer_recovery_codes').selectAll().where('lawyer_id', '=', lawyerId).execute(),
    sessions: await app.ctx.db.selectFrom('sessions').selectAll().where('kind', '=', 'lawyer').where('subject_id', '=', lawyerId).execute(),
  });

  beforeAll(async () => {
    app = await startTestApp({ env: { LAWYER_MFA: 'required' } });
    const step1 = await login(new CookieClient());
    const done = await signedIn.post(`${app.chatUrl}/api/lawyer/login/totp-enrolment`, {
      EnrolmentToken: step1.body.EnrolmentToken,
      Code: totpAt(step1.body.Secret, Date.now()),
    });
    expect(done.status).toBe(200);
  });
  afterAll(async () => app?.stop());

  it('should remove the factor, the recovery codes and every session, so the next login enrols again, and audit it as the server command', async () => {
    const anna = app.lawyers[0]!;
    const before = await rowsOf(anna.id);
    expect(before.totp).toHaveLength(1);
    expect(before.codes).toHaveLength(10);
    expect(before.sessions).toHaveLength(1);

    const { stdout, stderr } = await resetMfa(` ${anna.email.toUpperCase()} `);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toContain('Zwei-Faktor-Anmeldung von');
    // German numbers: one session is „1 Sitzung“, not „1 Sitzungen“.
    expect(stdout).toContain('10 Wiederherstellungscodes und 0 Passkeys gelöscht, 1 Sitzung beendet');
    expect(stdout).toContain('second factor reset');
    expect(stderr).toContain('"event":"lawyer-mfa-reset"');
    expect(stderr).toContain(anna.id);

    expect(await rowsOf(anna.id)).toEqual({ totp: [], codes: [], sessions: [] });
    // In the administration's audit log like the console's reset, by the server command.
    const audit = await app.ctx.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'lawyer.mfa.reset').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, actor_name: 'Server-Befehl', target_id: anna.id, target_label: anna.name, ip: null });
    expect(JSON.parse(audit[0]!.details)).toEqual({ hadFactor: true, removedPasskeys: 0, removedRecoveryCodes: 10, endedSessions: 1 });
    expect((await signedIn.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
    const next = await login(new CookieClient());
    expect(next.status).toBe(403);
    expect(next.body).toMatchObject({ Error: 'MfaEnrolmentRequired' });
  }, 30_000);

  it('should refuse a lawyer without a second factor like the console does, keep the sessions and the enrolment and audit nothing', async () => {
    const markus = app.lawyers[1]!;
    // An unconfirmed enrolment (the login's first step under `required`) is no second factor; a session of the lawyer
    // (signed in before the firm required the factor) must survive.
    const enrolment = await new CookieClient().post(`${app.chatUrl}/api/lawyer/login`, { Email: markus.email, Password: LAWYER_PASSWORD });
    expect(enrolment.status).toBe(403);
    await createSessionStore(app.ctx.db, app.ctx.clock).create('lawyer', markus.id);
    const before = await rowsOf(markus.id);
    expect(before.totp).toHaveLength(1);
    expect(before.totp[0]!.confirmed_at).toBeNull();
    expect(before.sessions).toHaveLength(1);

    const failure = await resetMfa(markus.email).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toContain(`${markus.name} (${markus.email}) hat keinen zweiten Faktor eingerichtet, es gibt nichts zurückzusetzen`);
    expect(failure?.stderr).not.toContain('lawyer-mfa-reset');
    expect(await rowsOf(markus.id)).toEqual(before);
    expect(await app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_id', '=', markus.id).execute()).toEqual([]);
  }, 30_000);

  it('should exit non-zero with a clear message for an unknown e-mail address and change nothing', async () => {
    const markus = app.lawyers[1]!;
    const before = await rowsOf(markus.id);
    const failure = await resetMfa('niemand@test.example').then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toContain('Kein Anwaltskonto mit der E-Mail-Adresse niemand@test.example');
    expect(await rowsOf(markus.id)).toEqual(before);
    expect(await app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_id', '=', markus.id).execute()).toEqual([]);
  }, 30_000);
});
