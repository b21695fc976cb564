// The firm's legal details (Kanzleiangaben, migration 0033, features/firmDetails) over real HTTP, on SQLite and
// PostgreSQL: administrators only (403 for a lawyer, 401 without a session), FIRM_NAME/FIRM_PHONE/FIRM_EMAIL until
// saved, German validation messages naming the field, an audit entry per save, and the public settings following a
// save at once – a second instance on the same database within CACHE_MS. The clock is injected: no test sleeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmDetails, FirmDetailsSettings, PublicSettings } from '@rechtschat/core';
import { listAdminActions } from '../src/features/admin/auditLog.js';
import { CACHE_MS } from '../src/features/firmDetails/firmDetailsStore.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { outboxMailsTo } from './support/outbox.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TEST_SESSION_SECRET } from './support/secrets.js';

const BERGER: FirmDetails = {
  Name: 'Berger & Partner Rechtsanwälte',
  RepresentedBy: 'Berger & Partner Rechtsanwälte PartG mbB, vertreten durch die Partner Dr. Anna Berger und Jonas Weber',
  Street: 'Musterstraße 12',
  PostalCode: '10115',
  City: 'Berlin',
  Phone: '+49 30 1234567',
  Email: 'kanzlei@berger-partner.example',
  BarChamber: 'Rechtsanwaltskammer Berlin, Littenstraße 9, 10179 Berlin',
  LiabilityInsurance: 'Beispiel Versicherung AG, Versicherungsweg 1, 80331 München; Geltungsbereich: Europäische Union',
  Register: 'Partnerschaftsregister Amtsgericht Charlottenburg, PR 1234 B',
  VatId: 'DE123456789',
  DataProtectionOfficer: '',
  SupervisoryAuthority: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin',
};

describe.each(['sqlite', 'postgres'] as const)('firm details in the administration on %s', (engine) => {
  let now = new Date('2026-12-07T09:00:00Z');
  const clock = { now: () => now };
  let app: TestApp;
  let second: TestApp;
  let schema: TestSchema | undefined;
  const admin = new CookieClient();
  const lawyer = new CookieClient();
  const api = () => `${app.chatUrl}/api/admin/firm-details`;
  const publicSettings = async (on: TestApp = app) => (await new CookieClient().get<PublicSettings>(`${on.webUrl}/api/dl/public-settings`)).body;
  const actions = async (action = 'firmDetails.saved') => (await listAdminActions(app.ctx.db, { limit: 100 })).filter((entry) => entry.action === action);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    const env = {
      SESSION_SECRET: TEST_SESSION_SECRET,
      FIRM_NAME: 'Kanzlei aus der Umgebung',
      FIRM_PHONE: '+49 40 555000',
      FIRM_EMAIL: 'info@umgebung.example',
      IMPRINT_URL: 'https://umgebung.example/impressum',
      ...(schema ? { DATABASE_URL: schema.url } : {}),
    };
    app = await startTestApp({ clock, env });
    second = await startTestApp({ clock, env, lawyersFrom: app.lawyers, ...(schema ? {} : { dataDir: app.dataDir }) });
    const [first, other] = app.lawyers;
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', first!.id).execute();
    expect((await admin.post(`${app.chatUrl}/api/lawyer/login`, { Email: first!.email, Password: first!.password })).status).toBe(200);
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/login`, { Email: other!.email, Password: other!.password })).status).toBe(200);
  });

  afterAll(async () => {
    await second?.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse every route to an ordinary lawyer (403) and without a session (401)', async () => {
    for (const [method, body] of [['GET'], ['PUT', BERGER], ['DELETE']] as const) {
      const refused = await lawyer.request(method, api(), body);
      expect(refused.status, method).toBe(403);
      expect(refused.body).toMatchObject({ Error: 'Forbidden' });
      expect((await new CookieClient().request(method, api(), body)).status, method).toBe(401);
    }
    expect(await actions()).toEqual([]);
    expect(await actions('firmDetails.reset')).toEqual([]);
  });

  it('should show FIRM_NAME, FIRM_PHONE and FIRM_EMAIL until an administrator saves the details', async () => {
    const settings = await admin.get<FirmDetailsSettings>(api());
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ Source: 'environment', UpdatedByName: null, UpdatedAt: null });
    expect(settings.body.Details).toMatchObject({ Name: 'Kanzlei aus der Umgebung', Phone: '+49 40 555000', Email: 'info@umgebung.example', Street: '' });
    expect(await publicSettings()).toMatchObject({ FirmName: 'Kanzlei aus der Umgebung', FirmPhone: '+49 40 555000', FirmEmail: 'info@umgebung.example' });
  });

  it.each([
    [{ PostalCode: '1011' }, 'PostalCode', 'Bitte geben Sie die Postleitzahl mit fünf Ziffern an, z. B. 10115.'],
    [{ Email: 'kanzlei-at-example' }, 'Email', 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. kanzlei@beispiel.de.'],
    [
      { Phone: 'abends' },
      'Phone',
      'Bitte geben Sie die Telefonnummer mit Ziffern an (erlaubt sind auch Leerzeichen, +, /, - und Klammern), z. B. +49 30 1234567.',
    ],
    [{ Name: ' \u202E ' }, 'Name', 'Bitte geben Sie „Name der Kanzlei“ an.'],
    [{ City: 'B'.repeat(81) }, 'City', '„Ort“ darf höchstens 80 Zeichen lang sein.'],
  ])('should refuse %j with a German message naming the field, and store nothing', async (change, field, message) => {
    const refused = await admin.put(api(), { ...BERGER, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ Error: 'BadRequest', Message: message, Fields: [{ Field: field, Code: expect.any(String), Message: message }] });
    expect((await admin.get<FirmDetailsSettings>(api())).body.Source).toBe('environment');
  });

  it('should save the details trimmed and without bidi controls, audit the save and publish it at once, on the second instance within CACHE_MS', async () => {
    expect((await publicSettings(second)).FirmName).toBe('Kanzlei aus der Umgebung'); // the second instance has read (and keeps) the environment's
    const saved = await admin.put<FirmDetailsSettings>(api(), { ...BERGER, Name: `  ${BERGER.Name}\u202E `, VatId: 'de 123 456 789' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ Details: BERGER, Source: 'console', UpdatedByName: app.lawyers[0]!.name, UpdatedAt: now.toISOString() });
    expect(await publicSettings()).toMatchObject({
      FirmName: BERGER.Name,
      FirmPhone: BERGER.Phone,
      FirmEmail: BERGER.Email,
      ImprintUrl: 'https://umgebung.example/impressum',
      FirmDetails: BERGER,
    });
    expect((await publicSettings(second)).FirmName).toBe('Kanzlei aus der Umgebung');
    now = new Date(now.getTime() + CACHE_MS);
    expect((await publicSettings(second)).FirmDetails).toEqual(BERGER);

    const [entry] = await actions();
    expect(entry).toMatchObject({ action: 'firmDetails.saved', actor_id: app.lawyers[0]!.id, target_kind: 'firmDetails', target_label: BERGER.Name });
    expect(JSON.parse(entry!.details)).toEqual({
      changed:
        'Name der Kanzlei, Rechtsform und Vertretung, Straße und Hausnummer, PLZ, Ort, Telefon, E-Mail, Zuständige Rechtsanwaltskammer, Berufshaftpflichtversicherung, Register und Registernummer, USt-IdNr., Datenschutz-Aufsichtsbehörde',
    });
  });

  it('should name the saved firm in the mails to lawyers (invitation), not FIRM_NAME', async () => {
    expect((await admin.put(api(), BERGER)).status).toBe(200);
    const email = `kollegin-${engine}@berger-partner.example`;
    expect((await admin.post(`${app.chatUrl}/api/admin/invitations`, { Email: email, Role: 'lawyer' })).status).toBe(201);
    const [mail] = outboxMailsTo(app.dataDir, email);
    // Quoted-printable: the firm's name as its UTF-8 bytes are written there.
    const decoded = Buffer.from(
      mail!.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
    expect(decoded).toContain(`in die Anwaltskonsole von ${BERGER.Name} ein.`);
    expect(decoded).not.toContain('Kanzlei aus der Umgebung');
  });

  it('should write nothing when the stored details are saved again, and audit only what changed', async () => {
    expect((await admin.put(api(), BERGER)).status).toBe(200);
    expect(await actions()).toHaveLength(1);
    const changed = await admin.put<FirmDetailsSettings>(api(), { ...BERGER, DataProtectionOfficer: 'Datenschutz Beispiel GmbH, dsb@datenschutz.example' });
    expect(changed.body.Details.DataProtectionOfficer).toBe('Datenschutz Beispiel GmbH, dsb@datenschutz.example');
    const [latest] = await actions();
    expect(JSON.parse(latest!.details)).toEqual({ changed: 'Datenschutzbeauftragte/r' });
    expect(await actions()).toHaveLength(2);
  });

  it('should reset to FIRM_NAME, FIRM_PHONE and FIRM_EMAIL, audit it once and publish it at once', async () => {
    expect((await admin.put(api(), BERGER)).status).toBe(200);
    const reset = await admin.request<FirmDetailsSettings>('DELETE', api());
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ Source: 'environment', UpdatedByName: null, UpdatedAt: null });
    expect(reset.body.Details).toMatchObject({ Name: 'Kanzlei aus der Umgebung', Phone: '+49 40 555000', Street: '', VatId: '' });
    expect(await publicSettings()).toMatchObject({ FirmName: 'Kanzlei aus der Umgebung', FirmDetails: reset.body.Details });
    const [entry] = await actions('firmDetails.reset');
    expect(entry).toMatchObject({ actor_id: app.lawyers[0]!.id, target_kind: 'firmDetails', target_label: BERGER.Name });
    expect(JSON.parse(entry!.details)).toEqual({ restored: 'Kanzlei aus der Umgebung' });

    // Nothing saved any more: a second reset answers the same and writes no audit entry naming a change that was none.
    expect((await admin.request<FirmDetailsSettings>('DELETE', api())).body.Source).toBe('environment');
    expect(await actions('firmDetails.reset')).toHaveLength(1);
  });
});
