// Single-use account links from outside, on both engines: an invitation (mailed, stored hashed, inspected and completed
// with the password policy; the new account then sets up its second factor at the first login under LAWYER_MFA=required)
// and a password reset (the old password and every session end at once). A link works once and until it expires
// (invitation 72 h, password reset 24 h; the clock is injected); a used, expired or unknown link gets one German 404.
// The server mails through a relay (SMTP_URL, a test sink) and says how each mail went (`Delivery`): `sent`; `outbox`
// without a relay, when the mail only lies in DATA_DIR/outbox and the administrator gets the link to pass on; `failed`.
import type { AccountLinkInfo, AuditLogPage, IssuedAccountLink, IssuedPasswordResetLink, LawyerProfile, PendingInvitation } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdministrator } from '../src/features/admin/index.js';
import { totpAt } from '../src/features/lawyer/totp.js';
import { sha256 } from '../src/platform/ids.js';
import { startSmtpSink } from './mail/smtpSink.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';
import { outboxMailsTo as mailsIn } from './support/outbox.js';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'Drei-Tassen-Tee-am-Morgen';

describe.each(['sqlite', 'postgres'] as const)('account links on %s', (engine) => {
  let schema: TestSchema | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let app: TestApp;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  let admin: CookieClient;
  const url = (p: string) => `${app.chatUrl}${p}`;
  const tokenOf = (link: IssuedAccountLink) => link.Url.slice(link.Url.indexOf('#') + 1);
  const inspect = (token: string) =>
    new CookieClient().post<AccountLinkInfo & { Error: string; Message: string }>(url('/api/account-link/inspect'), { Token: token });
  const complete = (body: Record<string, unknown>) =>
    new CookieClient().post<{ Email: string; Error: string; Message: string; Field: string }>(url('/api/account-link/complete'), body);
  const login = async (email: string, password: string, extra: Record<string, string> = {}) => {
    const http = new CookieClient();
    const response = await http.post<LawyerProfile & { Error: string; EnrolmentToken: string; Secret: string }>(url('/api/lawyer/login'), {
      Email: email,
      Password: password,
      ...extra,
    });
    return { http, response };
  };
  /** Signs in under LAWYER_MFA=required, enrolling the authenticator when the account has none yet. */
  const signIn = async (email: string, password: string) => {
    const first = await login(email, password);
    if (first.response.status !== 403) return { ...first, secret: '' };
    const enrolled = await first.http.post<LawyerProfile>(url('/api/lawyer/login/totp-enrolment'), {
      EnrolmentToken: first.response.body.EnrolmentToken,
      Code: totpAt(first.response.body.Secret, clock.now().getTime()),
    });
    return { http: first.http, response: enrolled as unknown as typeof first.response, secret: first.response.body.Secret };
  };
  /** The mails the relay (the SMTP sink) received for the address. */
  const mailsTo = (address: string) => (sink?.mails ?? []).filter((mail) => mail.to.includes(address)).map((mail) => mail.data);
  const mailedTokens = new Set<string>();
  /** The token of the one account link mailed to the address since the last call (quoted-printable soft breaks joined). */
  const newMailedToken = (address: string) => {
    const tokens = mailsTo(address).flatMap((eml) => [...eml.replace(/=\r?\n/g, '').matchAll(/zugang#([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!));
    const fresh = [...new Set(tokens)].filter((token) => !mailedTokens.has(token));
    expect(fresh).toHaveLength(1);
    mailedTokens.add(fresh[0]!);
    return fresh[0]!;
  };
  /** Asks for a password reset of the lawyer; the link reaches only the lawyer's mailbox. */
  const resetByMail = async (lawyerId: string, address: string) => {
    const reset = await admin.post<IssuedPasswordResetLink>(url(`/api/admin/lawyers/${lawyerId}/password-reset`));
    expect(reset.body).toMatchObject({ Delivery: 'sent', Url: null });
    return newMailedToken(address);
  };
  const audit = async () => (await admin.get<AuditLogPage>(url('/api/admin/audit?limit=200'))).body.Entries;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    sink = await startSmtpSink();
    app = await startTestApp({
      clock,
      env: {
        LAWYER_MFA: 'required',
        FIRM_NAME: 'Kanzlei Muster',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        ...(schema ? { DATABASE_URL: schema.url } : {}),
      },
    });
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    const signedIn = await signIn(app.lawyers[0]!.email, LAWYER_PASSWORD);
    expect(signedIn.response.status).toBe(200);
    admin = signedIn.http;
  }, 30_000);
  afterAll(async () => {
    await app?.stop();
    await sink?.close();
    await schema?.drop();
  });

  it('should invite a lawyer by e-mail with a single-use link stored only as its hash, and create the account with the invited role', async () => {
    const email = `neu-${engine}@test.example`;
    const invited = await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: ` ${email.toUpperCase()} `, Role: 'admin' });
    expect(invited.status).toBe(201);
    expect(invited.body.Url).toMatch(new RegExp(`^${app.webOrigin}/konsole/zugang#[A-Za-z0-9_-]{43}$`));
    expect(invited.body.Delivery).toBe('sent');
    expect(Date.parse(invited.body.ExpiresAt) - clock.now().getTime()).toBeGreaterThan(72 * HOUR - 60_000);
    const token = tokenOf(invited.body);
    const stored = await app.ctx.db.selectFrom('lawyer_account_links').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Einladung in die Anwaltskonsole');
    // The mail names the firm whose console the person joins (FIRM_NAME), not the product.
    expect(mails[0]!.replace(/=\r?\n/g, '')).toContain('in die Anwaltskonsole von Kanzlei Muster ein.');
    // Under LAWYER_MFA=required the first login sets up the second factor, and the mail says so.
    expect(mails[0]!.replace(/=\r?\n/g, '')).toContain('Bei der ersten Anmeldung richten Sie die Zwei-Faktor-Anmeldung ein.');
    expect((await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.map((i) => i.Email)).toContain(email);
    expect((await admin.post(url('/api/admin/invitations'), { Email: app.lawyers[1]!.email, Role: 'lawyer' })).status).toBe(409);
    expect((await admin.post(url('/api/admin/invitations'), { Email: 'keine-adresse', Role: 'lawyer' })).status).toBe(400);

    const info = await inspect(token);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ Purpose: 'invitation', Email: email, Name: null, Role: 'admin', ExpiresAt: invited.body.ExpiresAt });
    // A refused password or name leaves the link working.
    const weak = await complete({ Token: token, Name: 'Nina Neu', Password: 'passwort' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ Error: 'PasswordCommon', Field: 'Password' });
    expect((await complete({ Token: token, Password: NEW_PASSWORD })).body).toMatchObject({ Field: 'Name' });
    expect((await complete({ Token: token, Name: 'Nina Neu', Password: NEW_PASSWORD, Phone: 'nein' })).body).toMatchObject({ Field: 'Phone' });
    const done = await complete({ Token: token, Name: 'Nina Neu', Password: NEW_PASSWORD, Gender: 'female', Phone: '030 1112223' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ Email: email });

    // Used up: one German answer for every later use.
    const again = await complete({ Token: token, Name: 'Nina Neu', Password: NEW_PASSWORD });
    const reinspected = await inspect(token);
    const unknown = await inspect('x'.repeat(43));
    for (const refused of [again, reinspected, unknown]) {
      expect(refused.status).toBe(404);
      expect(refused.body.Message).toBe(
        'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fragen Sie die Administration Ihrer Kanzlei nach einem neuen Link.',
      );
    }
    // The first login of the fresh account sets up the second factor, then the console knows the role.
    const first = await login(email, NEW_PASSWORD);
    expect(first.response.status).toBe(403);
    expect(first.response.body.Error).toBe('MfaEnrolmentRequired');
    const signedIn = await signIn(email, NEW_PASSWORD);
    expect(signedIn.response.status).toBe(200);
    expect(signedIn.response.body).toMatchObject({ Name: 'Nina Neu', Role: 'admin', Phone: '+49 30 1112223', Gender: 'female' });
    expect((await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.map((i) => i.Email)).not.toContain(email);
    const actions = (await audit()).map((e) => e.Action);
    expect(actions).toEqual(expect.arrayContaining(['lawyer.invited', 'lawyer.invitation.accepted']));
  }, 30_000);

  it('should reset a password with a mailed link: the old password and every session end at once, no password is shown', async () => {
    const markus = app.lawyers[1]!;
    const session = await signIn(markus.email, LAWYER_PASSWORD);
    expect(session.response.status).toBe(200);
    expect(session.secret).not.toBe('');
    const reset = await admin.post<IssuedPasswordResetLink>(url(`/api/admin/lawyers/${markus.id}/password-reset`));
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body).sort()).toEqual(['Delivery', 'ExpiresAt', 'Url']);
    // The link is Markus's: the relay took the mail to him, so it is not handed to the administrator.
    expect(reset.body).toMatchObject({ Delivery: 'sent', Url: null });
    expect(Date.parse(reset.body.ExpiresAt) - clock.now().getTime()).toBeLessThanOrEqual(24 * HOUR);
    // The subject has an umlaut ("für"), so it is MIME-encoded in the file.
    expect(mailsTo(markus.email).some((m) => /Subject: =\?UTF-8\?Q\?Neues_Passwort/i.test(m))).toBe(true);
    expect(mailsTo(markus.email).some((m) => m.replace(/=\r?\n/g, '').includes('Anwaltskonsole von Kanzlei Muster veranlasst.'))).toBe(true);
    expect((await session.http.get(url('/api/lawyer/me'))).status).toBe(401);
    expect((await login(markus.email, LAWYER_PASSWORD)).response.status).toBe(401);

    const token = newMailedToken(markus.email);
    expect((await inspect(token)).body).toMatchObject({ Purpose: 'passwordReset', Email: markus.email, Name: markus.name, Role: 'lawyer' });
    expect((await complete({ Token: token, Password: NEW_PASSWORD })).status).toBe(200);
    expect((await complete({ Token: token, Password: `${NEW_PASSWORD}!` })).status).toBe(404);
    // The second factor stays (a password reset is not a second-factor reset); the next time step's code signs in.
    offset += 30_000;
    const back = await login(markus.email, NEW_PASSWORD, { TotpCode: totpAt(session.secret, clock.now().getTime()) });
    expect(back.response.status).toBe(200);
    const entries = (await audit()).filter((e) => e.TargetId === markus.id).map((e) => e.Action);
    expect(entries).toEqual(expect.arrayContaining(['lawyer.password.reset', 'lawyer.password.reset.completed']));
    // A newer reset link replaces an older unused one.
    const older = await resetByMail(markus.id, markus.email);
    const newer = await resetByMail(markus.id, markus.email);
    expect((await inspect(older)).status).toBe(404);
    expect((await inspect(newer)).status).toBe(200);
  }, 30_000);

  it('should let only one link set an account’s password: a reset ends an open set-up link, and a password chosen through one link ends the others', async () => {
    const created = await createAdministrator(
      { db: app.ctx.db, clock, webOrigins: app.ctx.config.webOrigins },
      { email: `setup-${engine}@test.example`, name: 'Dora Einrichtung' },
    );
    if (created.type !== 'created') throw new Error(created.type);
    const setupToken = created.link.url.slice(created.link.url.indexOf('#') + 1);
    expect((await inspect(setupToken)).body).toMatchObject({ Purpose: 'setup' });
    // The set-up link went astray (or expired unread): the administration sends a password reset instead.
    const resetToken = await resetByMail(created.lawyerId, `setup-${engine}@test.example`);
    expect((await inspect(setupToken)).status).toBe(404);
    expect((await complete({ Token: setupToken, Password: NEW_PASSWORD })).status).toBe(404);
    expect((await complete({ Token: resetToken, Password: NEW_PASSWORD })).status).toBe(200);

    // The other way round: a link issued beside an open one (the CLI's set-up link after a mailed reset, as the
    // database allows) stops working once the password was chosen through either.
    const second = await resetByMail(created.lawyerId, `setup-${engine}@test.example`);
    const now = clock.now().toISOString();
    const strayToken = 'stray-setup-link-token-0123456789abcdef';
    await app.ctx.db
      .insertInto('lawyer_account_links')
      .values({
        token_hash: sha256(strayToken),
        purpose: 'setup',
        lawyer_id: created.lawyerId,
        email: null,
        role: null,
        created_by: null,
        created_at: now,
        expires_at: new Date(clock.now().getTime() + HOUR).toISOString(),
        used_at: null,
      })
      .execute();
    expect((await complete({ Token: second, Password: `${NEW_PASSWORD}-2` })).status).toBe(200);
    expect((await inspect(strayToken)).status).toBe(404);
    expect((await complete({ Token: strayToken, Password: `${NEW_PASSWORD}-3` })).status).toBe(404);
    expect((await login(`setup-${engine}@test.example`, `${NEW_PASSWORD}-2`)).response.status).not.toBe(401);
  }, 30_000);

  it('should refuse to invite anything but one plain address, so the link cannot go to another mailbox than the account says', async () => {
    const markus = app.lawyers[1]!.email;
    for (const email of [`${markus}.`, `x<${markus}>`, `a,${markus}`, `"Markus" <${markus}>`, `${markus};b@test.example`]) {
      const refused = await admin.post<{ Error: string; Message: string }>(url('/api/admin/invitations'), { Email: email, Role: 'admin' });
      expect(refused.status, email).toBe(400);
      expect(refused.body).toEqual({ Error: 'BadRequest', Message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
    }
    expect(await app.ctx.db.selectFrom('lawyer_account_links').select('email').where('email', 'like', `%${markus}%`).execute()).toEqual([]);
  });

  it('should end the invitations an administrator sent once they lose the administration or are deactivated', async () => {
    // Before, a departing administrator's invitation – to an address of their own, with the administration – still
    // opened a new administrator account after the deactivation: a way back in that nobody could revoke.
    const senderEmail = `zweite-admin-${engine}@test.example`;
    const senderToken = tokenOf((await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: senderEmail, Role: 'admin' })).body);
    expect((await complete({ Token: senderToken, Name: 'Zora Zweit', Password: NEW_PASSWORD })).status).toBe(200);
    const sender = await signIn(senderEmail, NEW_PASSWORD);
    expect(sender.response.status).toBe(200);
    const senderId = sender.response.body.Id;
    const invite = async (email: string) =>
      tokenOf((await sender.http.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: email, Role: 'admin' })).body);

    const whileAdmin = await invite(`rueckweg-a-${engine}@test.example`);
    expect((await inspect(whileAdmin)).status).toBe(200);
    expect((await admin.put(url(`/api/admin/lawyers/${senderId}/role`), { Role: 'lawyer' })).status).toBe(200);
    expect((await inspect(whileAdmin)).status).toBe(404);
    expect((await complete({ Token: whileAdmin, Name: 'Rück Weg', Password: NEW_PASSWORD })).status).toBe(404);

    expect((await admin.put(url(`/api/admin/lawyers/${senderId}/role`), { Role: 'admin' })).status).toBe(200);
    const beforeLeaving = await invite(`rueckweg-b-${engine}@test.example`);
    expect((await admin.post(url(`/api/admin/lawyers/${senderId}/deactivate`), { ReassignTo: null })).status).toBe(200);
    expect((await admin.post(url(`/api/admin/lawyers/${senderId}/reactivate`))).status).toBe(200);
    // Ended with the deactivation, not merely paused: the reactivation does not bring it back.
    const refused = await complete({ Token: beforeLeaving, Name: 'Rück Weg', Password: NEW_PASSWORD });
    expect(refused.status).toBe(404);
    expect(refused.body.Message).toContain('ungültig, abgelaufen oder wurde bereits verwendet');
    expect(await app.ctx.db.selectFrom('lawyers').select('id').where('email', 'like', 'rueckweg-%').execute()).toEqual([]);
    expect((await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.map((i) => i.Email)).not.toContain(`rueckweg-b-${engine}@test.example`);
  }, 30_000);

  it("should take a demoted administrator's invitations off the open list for good: giving the administration back revives none", async () => {
    // Before, Team still listed them as open though their links answered 404, and a later promotion made them work again.
    const senderEmail = `dritte-admin-${engine}@test.example`;
    const senderToken = tokenOf((await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: senderEmail, Role: 'admin' })).body);
    expect((await complete({ Token: senderToken, Name: 'Dora Dritt', Password: NEW_PASSWORD })).status).toBe(200);
    const sender = await signIn(senderEmail, NEW_PASSWORD);
    expect(sender.response.status).toBe(200);
    const invitedEmail = `vom-demoted-${engine}@test.example`;
    const invited = tokenOf((await sender.http.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: invitedEmail, Role: 'lawyer' })).body);
    const pending = async () => (await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.map((i) => i.Email);
    expect(await pending()).toContain(invitedEmail);

    expect((await admin.put(url(`/api/admin/lawyers/${sender.response.body.Id}/role`), { Role: 'lawyer' })).status).toBe(200);
    expect(await pending()).not.toContain(invitedEmail);
    expect((await admin.put(url(`/api/admin/lawyers/${sender.response.body.Id}/role`), { Role: 'admin' })).status).toBe(200);
    expect((await inspect(invited)).status).toBe(404);
    expect(await pending()).not.toContain(invitedEmail);
    // The address can be invited again by an active administrator.
    expect((await admin.post(url('/api/admin/invitations'), { Email: invitedEmail, Role: 'lawyer' })).status).toBe(201);
  }, 30_000);

  it('should not list an invitation as open once its address got an account another way (npm run admin:create)', async () => {
    // Its link already answers 404 then; Team must not show it as waiting for the invitee.
    const email = `schon-konto-${engine}@test.example`;
    const token = tokenOf((await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: email, Role: 'lawyer' })).body);
    expect((await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.map((i) => i.Email)).toContain(email);
    const created = await createAdministrator({ db: app.ctx.db, clock, webOrigins: app.ctx.config.webOrigins }, { email, name: 'Konto Schon' });
    expect(created.type).toBe('created');
    expect((await inspect(token)).status).toBe(404);
    expect((await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.map((i) => i.Email)).not.toContain(email);
  });

  it('should withdraw an open invitation, e.g. to a mistyped address: its link ends at once and the address can be invited again', async () => {
    const email = `vertippt-${engine}@test.exmaple`;
    const token = tokenOf((await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: email, Role: 'admin' })).body);
    const pending = (await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.find((i) => i.Email === email);
    expect(pending).toBeDefined();
    expect((await admin.request('DELETE', url(`/api/admin/invitations/${pending!.Id}`))).status).toBe(204);
    expect((await inspect(token)).status).toBe(404);
    expect((await complete({ Token: token, Name: 'Fremde Person', Password: NEW_PASSWORD })).status).toBe(404);
    expect((await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body.map((i) => i.Email)).not.toContain(email);
    // Once withdrawn, or never open: the same 404.
    expect((await admin.request('DELETE', url(`/api/admin/invitations/${pending!.Id}`))).status).toBe(404);
    expect((await admin.request('DELETE', url('/api/admin/invitations/keine-kennung'))).status).toBe(404);
    expect((await audit()).find((e) => e.Action === 'lawyer.invitation.withdrawn')).toMatchObject({ TargetKind: 'invitation', TargetLabel: email });
    expect((await admin.post(url('/api/admin/invitations'), { Email: email, Role: 'lawyer' })).status).toBe(201);
  });

  it('should show the administrator a password-reset link only when its e-mail could not be sent', async () => {
    const markus = app.lawyers[1]!;
    const send = vi.spyOn(app.ctx.mailer, 'send').mockRejectedValueOnce(new Error('SMTP nicht erreichbar'));
    try {
      const reset = await admin.post<IssuedPasswordResetLink>(url(`/api/admin/lawyers/${markus.id}/password-reset`));
      expect(reset.status).toBe(200);
      expect(reset.body.Delivery).toBe('failed');
      expect(reset.body.Url).toMatch(new RegExp(`^${app.webOrigin}/konsole/zugang#[A-Za-z0-9_-]{43}$`));
      const token = reset.body.Url!.slice(reset.body.Url!.indexOf('#') + 1);
      expect((await inspect(token)).body).toMatchObject({ Purpose: 'passwordReset', Email: markus.email });
      expect((await audit()).find((e) => e.Action === 'lawyer.password.reset')?.Details).toMatchObject({ mailed: false, delivery: 'failed' });
    } finally {
      send.mockRestore();
    }
  });

  it('should let a link work until it expires and not a moment longer (invitation 72 h, password reset 24 h)', async () => {
    const invitation = tokenOf(
      (await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: `spaet-${engine}@test.example`, Role: 'lawyer' })).body,
    );
    const reset = await resetByMail(app.lawyers[1]!.id, app.lawyers[1]!.email);
    offset += 24 * HOUR - 60_000;
    expect((await inspect(reset)).status).toBe(200);
    offset += 2 * 60_000;
    expect((await inspect(reset)).status).toBe(404);
    expect((await complete({ Token: reset, Password: NEW_PASSWORD })).status).toBe(404);
    expect((await inspect(invitation)).status).toBe(200);
    offset += 48 * HOUR - 2 * 60_000;
    expect((await inspect(invitation)).status).toBe(200);
    offset += 2 * 60_000;
    expect((await inspect(invitation)).status).toBe(404);
    expect((await complete({ Token: invitation, Name: 'Zu Spät', Password: NEW_PASSWORD })).status).toBe(404);
  });
});

describe.each(['sqlite', 'postgres'] as const)('account links without a mail relay on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: CookieClient;
  const url = (p: string) => `${app.chatUrl}${p}`;
  const outboxMailsTo = (address: string) => mailsIn(app.dataDir, address);
  const auditOf = async (action: string) =>
    (await admin.get<AuditLogPage>(url('/api/admin/audit?limit=200'))).body.Entries.find((entry) => entry.Action === action);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    // No SMTP_URL: the embedded default of a development machine or a firm that has not set up its mail server yet.
    app = await startTestApp({ env: { SMTP_URL: '', ...(schema ? { DATABASE_URL: schema.url } : {}) } });
    expect(app.ctx.config.smtpUrl).toBeNull();
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    admin = new CookieClient();
    expect((await admin.post(url('/api/lawyer/login'), { Email: app.lawyers[0]!.email, Password: LAWYER_PASSWORD })).status).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should give a plain lawyer no link: the team administration answers 403', async () => {
    // Markus, a plain lawyer (before the reset below ends his password).
    const lawyer = new CookieClient();
    expect((await lawyer.post(url('/api/lawyer/login'), { Email: app.lawyers[1]!.email, Password: LAWYER_PASSWORD })).status).toBe(200);
    const invited = await lawyer.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: `fremd-${engine}@test.example`, Role: 'lawyer' });
    const reset = await lawyer.post<IssuedPasswordResetLink>(url(`/api/admin/lawyers/${app.lawyers[0]!.id}/password-reset`));
    for (const refused of [invited, reset]) {
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('zugang#');
    }
  });

  it('should say that an invitation only lies in the outbox folder, and give the administrator its link', async () => {
    const email = `postausgang-${engine}@test.example`;
    const invited = await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: email, Role: 'lawyer' });
    expect(invited.status).toBe(201);
    expect(invited.body.Delivery).toBe('outbox');
    expect(invited.body.Url).toMatch(new RegExp(`^${app.webOrigin}/konsole/zugang#[A-Za-z0-9_-]{43}$`));
    const mails = outboxMailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(invited.body.Url);
    // LAWYER_MFA=optional here: the first login asks for no second factor, so the mail does not announce one.
    expect(mails[0]).not.toContain('Bei der ersten Anmeldung richten Sie die Zwei-Faktor-Anmeldung ein.');
    expect(mails[0]).toContain('Die Zwei-Faktor-Anmeldung k=C3=B6nnen Sie danach in der Konsole unter');
    expect(await auditOf('lawyer.invited')).toMatchObject({ TargetId: email, Details: { mailed: false, delivery: 'outbox' } });
  });

  it("should give the administrator a password-reset link that only lies in the outbox folder, since it cannot reach the lawyer's mailbox", async () => {
    const markus = app.lawyers[1]!;
    const reset = await admin.post<IssuedPasswordResetLink>(url(`/api/admin/lawyers/${markus.id}/password-reset`));
    expect(reset.status).toBe(200);
    expect(reset.body.Delivery).toBe('outbox');
    expect(reset.body.Url).toMatch(new RegExp(`^${app.webOrigin}/konsole/zugang#[A-Za-z0-9_-]{43}$`));
    expect(outboxMailsTo(markus.email).some((eml) => eml.includes(reset.body.Url!))).toBe(true);
    expect(await auditOf('lawyer.password.reset')).toMatchObject({ TargetId: markus.id, Details: { mailed: false, delivery: 'outbox' } });
  });
});

describe.each(['sqlite', 'postgres'] as const)('expired invitations on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  let admin: CookieClient;
  const url = (p: string) => `${app.chatUrl}${p}`;
  const audit = async () => (await admin.get<AuditLogPage>(url('/api/admin/audit?limit=200'))).body.Entries;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock, env: { SMTP_URL: '', ...(schema ? { DATABASE_URL: schema.url } : {}) } });
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
  }, 30_000);
  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should list an invitation that ran out unused as expired for 30 days, to invite again or remove, and then drop it', async () => {
    // Days pass: the administrator's session has ended meanwhile (idle), so she signs in again.
    const signInAgain = async () => {
      admin = new CookieClient();
      expect((await admin.post(url('/api/lawyer/login'), { Email: app.lawyers[0]!.email, Password: LAWYER_PASSWORD })).status).toBe(200);
    };
    const listed = async () => (await admin.get<PendingInvitation[]>(url('/api/admin/invitations'))).body;
    const again = `wieder-${engine}@test.example`;
    const mistyped = `vertippt-${engine}@test.exmaple`;
    const late = `spaeter-${engine}@test.example`;
    await signInAgain();
    await admin.post(url('/api/admin/invitations'), { Email: again, Role: 'admin' });
    await admin.post(url('/api/admin/invitations'), { Email: mistyped, Role: 'lawyer' });
    offset += 72 * HOUR + 60_000;
    await signInAgain();
    const expired = (await listed()).filter((i) => i.Email === again || i.Email === mistyped);
    expect(expired).toHaveLength(2);
    expect(expired).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Email: mistyped, Role: 'lawyer', Expired: true }),
        expect.objectContaining({ Email: again, Role: 'admin', Expired: true }),
      ]),
    );
    // Invited again: one open invitation, and the expired one leaves the list (its link stays dead like every expired one).
    expect((await admin.post(url('/api/admin/invitations'), { Email: again, Role: 'admin' })).status).toBe(201);
    expect((await listed()).filter((i) => i.Email === again)).toEqual([expect.objectContaining({ Expired: false })]);
    // The mistyped one is removed from the list (audited like a withdrawal); the address could be invited again.
    const wrong = (await listed()).find((i) => i.Email === mistyped)!;
    expect((await admin.request('DELETE', url(`/api/admin/invitations/${wrong.Id}`))).status).toBe(204);
    expect((await listed()).map((i) => i.Email)).not.toContain(mistyped);
    expect((await audit()).find((e) => e.Action === 'lawyer.invitation.withdrawn' && e.TargetLabel === mistyped)).toBeDefined();
    // One nobody acts on stays listed for 30 days after it ran out, then the list forgets it.
    await admin.post(url('/api/admin/invitations'), { Email: late, Role: 'lawyer' });
    offset += 72 * HOUR + 29 * 24 * HOUR;
    await signInAgain();
    expect((await listed()).find((i) => i.Email === late)).toMatchObject({ Expired: true });
    offset += 2 * 24 * HOUR;
    await signInAgain();
    expect((await listed()).map((i) => i.Email)).not.toContain(late);
  });
});
