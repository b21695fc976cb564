// The first day of a new firm (issue "Run the firm", acceptance): the BUILT server (dist/main.js) in production mode on
// a fresh PostgreSQL schema and Redis, no demo data, LAWYER_MFA=required. Everything through the console, the chat and
// the operator's CLI – no SQL: `npm run admin:create` prints the set-up link → the administrator sets a password and
// enrols a second factor → creates an insurer and a key → invites a lawyer, whose mail lands in the outbox → the
// invitee sets up the account and enrols too → a client enters with a token signed by the insurer's kid, the invited
// lawyer accepts, they write, the lawyer ends it → while the invited lawyer holds a second client's chat, the
// administrator deactivates them and takes the chat over; the lawyer's console ends → Berichte for this month and the
// insurer, the invoice CSV → Auskunft: the client's archive holds the conversation. axe-core on every admin screen.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { createPostgresSchema, ensureServerBuilt, startServerProcess, type PostgresSchema, type ServerProcess } from '@rechtschat/server/testing';
import { strFromU8, unzipSync } from 'fflate';
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, attachServerLogOnFailure, test as base, expect, expectAccessible } from '../support/fixtures.js';
import { insurerLink } from '../support/insurerLink.js';
import { enrolSecondFactor } from '../support/mfaEnrolment.js';
import { mailsTo } from '../support/outbox.js';
import { announced } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '..', '..');

interface Firm {
  readonly server: ServerProcess;
  readonly schema: PostgresSchema;
}

// A test-scoped fixture (the file has one test): a worker-scoped server of its own would put the file into a worker
// group of its own, which Playwright schedules after all others – the longest journey would then run last, alone.
const test = base.extend<{ firm: Firm }>({
  firm: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // `npm run test:e2e` builds the apps, not the server bundle: build it here when missing or older than the sources.
      await ensureServerBuilt();
      const schema = await createPostgresSchema();
      const server = await startServerProcess({
        entry: 'built',
        seed: false,
        hostName: 'localhost',
        dropInherited: ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'SERVICE_HOURS', 'LAWYER_MFA', 'SMTP_URL', 'DEMO_DATA'],
        env: ({ web }) => ({
          NODE_ENV: 'production',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
          WEB_ORIGINS: `http://localhost:${web}`,
          DATABASE_URL: schema.url,
          REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          REDIS_PREFIX: `rc-e2e-first-day-${randomUUID().slice(0, 8)}:`,
          SESSION_SECRET: `e2e-session-${randomUUID()}`,
          ENTRY_TOKEN_SECRET: `e2e-entry-${randomUUID()}`,
          SERVICE_HOURS: 'always',
          LAWYER_MFA: 'required',
          FIRM_NAME: 'Kanzlei Erster Tag',
        }),
        onOutput: (chunk, stream) => {
          if (stream === 'stderr') process.stderr.write(chunk);
          else if (process.env.E2E_SERVER_LOG) process.stdout.write(chunk);
        },
      });
      await use({ server, schema });
      await server.stop();
      await schema.drop();
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ firm }, use) => {
    await use(firm.server.webUrl);
  },
  // Reports this file's own server, and keeps the shared (SQLite, demo data) one from starting for it.
  serverLogOnFailure: async ({ firm }, use, testInfo) => {
    await use();
    await attachServerLogOnFailure(firm.server, testInfo);
  },
});

test.use({ viewport: DESKTOP_VIEWPORT });

const ADMIN_EMAIL = 'chefin@kanzlei-erster-tag.example';
const ADMIN_PASSWORD = 'Leuchtturm am frühen Morgen';
const INVITEE_EMAIL = 'clara.vogt@kanzlei-erster-tag.example';
const INVITEE_PASSWORD = 'Sieben Brücken über die Spree';
const LINK = /(https?:\/\/\S+\/konsole\/zugang#[A-Za-z0-9_-]{43})/;

/** The first login under LAWYER_MFA=required: the password leads to the set-up of the authenticator, then the recovery codes. */
async function signInEnrollingTotp(page: Page, email: string, password: string, context: string): Promise<void> {
  const consolePage = new ConsolePage(page);
  await consolePage.login(email, password);
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeFocused();
  await enrolSecondFactor(page, context);
  await expect(consolePage.queue).toBeVisible();
}

/** The set-up form of an account link: name (prefilled for the set-up), password twice, then on to the login. */
async function completeAccessLink(page: Page, link: string, intro: string, name: string | null, password: string, context: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByText(intro, { exact: false })).toBeVisible();
  if (name !== null) await page.getByRole('textbox', { name: /Ihr Name/ }).fill(name);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
  await page.getByLabel(/^Passwort wiederholen/).fill(password);
  await expectAccessible(page, `${context}: access link form`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(/^Ihr Zugang ist eingerichtet\./)).toBeVisible();
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
}

function newClientContext(browser: Browser, baseURL: string) {
  return browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL });
}

test('the first day of a new firm: from admin:create to a consultation, a hand-over, the insurer’s invoice and a person’s archive', async ({
  page,
  browser,
  firm,
}) => {
  // Three console users and two clients in five browser contexts on a 2-core machine.
  test.setTimeout(300_000);
  const { server } = firm;
  const admin = new ConsolePage(page);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const insurerName = `Muster Rechtsschutz ${randomUUID().slice(0, 6)}`;
  const insuranceNumber = `VN-ERSTER-TAG-${randomUUID().slice(0, 8)}`;
  const problem = uniqueProblem('Mein Vermieter behält die Kaution ein');
  const secondProblem = uniqueProblem('Mein Arbeitgeber zahlt den Lohn nicht');
  const question = 'Haben Sie die Wohnung ordnungsgemäß übergeben?';
  const answer = 'Ja, mit Übergabeprotokoll ohne Mängel.';
  let setupLink = '';
  let kid = '';
  let secret = '';
  let invitationLink = '';

  await test.step('the operator runs admin:create against the production database and gets a set-up link', async () => {
    // As docs/operations.md says: the service's configuration, `npm run admin:create -- <email> <name>` at the
    // repository root; the built CLI (dist/), as on a server without dev dependencies.
    const { stdout } = await run('npm', ['run', 'admin:create', '--', ADMIN_EMAIL, 'Dr. Eva Chef'], {
      cwd: repoRoot,
      env: { ...server.env, RECHTSCHAT_CLI: 'dist' },
    });
    expect(stdout).toContain(`Administrationskonto für Dr. Eva Chef <${ADMIN_EMAIL}> angelegt.`);
    setupLink = LINK.exec(stdout)?.[1] ?? '';
    expect(setupLink.startsWith(`${server.webUrl}/konsole/zugang#`)).toBe(true);
  });

  await test.step('the administrator opens the link, sets a password and signs in enrolling the authenticator', async () => {
    await completeAccessLink(page, setupLink, 'Richten Sie den Zugang der Administration ein', null, ADMIN_PASSWORD, 'set-up');
    await signInEnrollingTotp(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'administrator');
    await expect(page.getByText('Angemeldet als Dr. Eva Chef')).toBeVisible();
    await expectAccessible(page, 'administrator workspace');
  });

  await test.step('Verwaltung → Versicherer: an insurer and a key, its secret shown once', async () => {
    await nav.getByRole('link', { name: 'Versicherer' }).click();
    await expect(page.getByRole('heading', { name: 'Versicherer', level: 2 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Versicherer anlegen' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(insurerName);
    await form.getByRole('textbox', { name: 'Anzeigename im Chat (optional)' }).fill('Muster');
    await form.getByRole('button', { name: 'Versicherer anlegen' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Der Versicherer „${insurerName}“ wurde angelegt.` })).toBeVisible();
    await expectAccessible(page, 'insurers');
    await page.getByRole('button', { name: `Neuen Schlüssel erzeugen für ${insurerName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Neuer Schlüssel für ${insurerName}` });
    kid = (await dialog.getByTestId('issued-kid').textContent()) ?? '';
    secret = (await dialog.getByTestId('issued-secret').textContent()) ?? '';
    expect(kid).toMatch(/^k-[A-Za-z0-9_-]{12}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'new insurer key');
    await dialog.getByRole('checkbox', { name: 'Ich habe das Geheimnis sicher übergeben oder gespeichert.' }).check();
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: `Schlüssel von ${insurerName}` })).toContainText(kid);
  });

  await test.step('Verwaltung → Team: the administrator invites a lawyer, the mail lands in the outbox', async () => {
    await nav.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' })).toContainText('Dr. Eva Chef');
    await expectAccessible(page, 'team');
    await page.getByRole('button', { name: 'Kollegin oder Kollegen einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    await dialog.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(INVITEE_EMAIL);
    await dialog.getByRole('button', { name: 'Einladen' }).click();
    // The journey's server has no mail relay: the dialog says the invitation only lies in the outbox folder.
    await expect(
      dialog.getByText(`Die Einladung an ${INVITEE_EMAIL} wurde nicht verschickt, weil kein Mailserver eingerichtet ist.`, { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, 'invitation in the outbox');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => mailsTo(server.dataDir, INVITEE_EMAIL).length).toBe(1);
    const mail = mailsTo(server.dataDir, INVITEE_EMAIL)[0] ?? '';
    expect(mail).toContain('Subject: Einladung in die Anwaltskonsole');
    invitationLink = LINK.exec(mail)?.[1] ?? '';
    expect(invitationLink).not.toBe('');
  });

  const lawyerContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT });
  const clientContext = await newClientContext(browser, server.webUrl);
  const secondClientContext = await newClientContext(browser, server.webUrl);
  const lawyerPage = await lawyerContext.newPage();
  const clara = new ConsolePage(lawyerPage);
  try {
    await test.step('the invitee completes the mailed link in a browser of their own and enrols the authenticator', async () => {
      await completeAccessLink(lawyerPage, invitationLink, 'Sie wurden in die Anwaltskonsole eingeladen.', 'Clara Vogt', INVITEE_PASSWORD, 'invitation');
      await signInEnrollingTotp(lawyerPage, INVITEE_EMAIL, INVITEE_PASSWORD, 'invitee');
      await expect(lawyerPage.getByText('Angemeldet als Clara Vogt')).toBeVisible();
      await expect(lawyerPage.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
    });

    const client = new ChatPage(await clientContext.newPage());
    await test.step('a client enters with the insurer’s token, the invited lawyer accepts, they write, the lawyer ends it', async () => {
      await client.page.goto(await insurerLink(kid, secret, insuranceNumber));
      await client.expectBotSays(Texts.welcome);
      await expect(client.page.getByText('Ihr Zugang über: Muster')).toBeVisible();
      await client.onboardWithoutEmail(problem);
      await clara.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();
      await expect(clara.messageInput).toBeVisible();
      await clara.messageInput.fill(question);
      await clara.messageInput.press('Enter');
      await expect(client.messages(question)).toHaveCount(1);
      await client.sendMessage(answer);
      await expect(clara.log.getByText(answer, { exact: true })).toHaveCount(1);
      await clara.button('Chat beenden').click();
      await clara.button('Ja, Chat beenden').click();
      await expect(lawyerPage.getByRole('status').filter({ hasText: 'Der Chat ist beendet.' })).toBeVisible();
      await client.expectBotSays(Texts.offboardingWelcomeBack);
      await clara.button('Tab schließen').click();
    });

    const secondClient = new ChatPage(await secondClientContext.newPage());
    await test.step('a second client’s chat is held by the invited lawyer', async () => {
      await secondClient.page.goto(await insurerLink(kid, secret, `${insuranceNumber}-2`));
      await secondClient.expectBotSays(Texts.welcome);
      await secondClient.onboardWithoutEmail(secondProblem);
      await clara.queueEntry(secondProblem).getByRole('button', { name: 'Annehmen' }).click();
      await expect(clara.messageInput).toBeVisible();
      await expect(secondClient.queue).toBeHidden();
    });

    await test.step('the administrator deactivates the invited lawyer and takes the open chat over; their console ends', async () => {
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: INVITEE_EMAIL });
      await expect(row).toContainText('Clara Vogt');
      await row.getByRole('button', { name: 'Aktionen für Clara Vogt' }).click();
      await page.getByRole('menuitem', { name: 'Deaktivieren' }).click();
      const dialog = page.getByRole('dialog', { name: 'Clara Vogt deaktivieren' });
      await expect(dialog.getByText('Offen bei Clara Vogt: 1 Chat.')).toBeVisible();
      await dialog.getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ }).click();
      await page.getByRole('option', { name: 'Dr. Eva Chef' }).click();
      await expectAccessible(page, 'deactivate dialog');
      await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Clara Vogt ist deaktiviert. Sie haben 1 laufenden Chat übernommen.' })).toBeVisible();
      await expect(row).toContainText('deaktiviert');
      // The deactivated lawyer's session is gone: the console shows the login saying why (not "Sitzung abgelaufen"),
      // and the password no longer signs in.
      await expect(lawyerPage.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
      const deactivated = announced(lawyerPage, 'Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an die Administration Ihrer Kanzlei.');
      await expect(deactivated).toBeVisible();
      expect(await (await lawyerPage.request.get(`${server.chatUrl}api/lawyer/whoami`)).json()).toBeNull();
      await clara.login(INVITEE_EMAIL, INVITEE_PASSWORD);
      await expect(announced(lawyerPage, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
    });

    await test.step('the taken-over chat is in the administrator’s workspace and the client reads the administrator', async () => {
      await expect(secondClient.log).toContainText('Ihr Chat wird von Dr. Eva Chef fortgeführt.');
      await nav.getByRole('link', { name: 'Arbeitsplatz' }).click();
      const tab = page.getByRole('tab').filter({ hasText: secondProblem.slice(0, 20) });
      await expect(tab).toBeVisible();
      await tab.click();
      await admin.messageInput.fill('Guten Tag, ich übernehme Ihre Beratung.');
      await admin.messageInput.press('Enter');
      await expect(secondClient.messages('Guten Tag, ich übernehme Ihre Beratung.')).toHaveCount(1);
      await secondClient.sendMessage('Danke, der Lohn für Oktober fehlt.');
      await expect(admin.log.getByText('Danke, der Lohn für Oktober fehlt.', { exact: true })).toHaveCount(1);
    });

    await test.step('Berichte: this month for the insurer shows the figures', async () => {
      await nav.getByRole('link', { name: 'Berichte' }).click();
      await expect(page.getByRole('heading', { name: 'Berichte', level: 2 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Bericht für .* geladen\.$/ })).toBeVisible();
      await page.getByRole('combobox', { name: 'Versicherer' }).click();
      await page.getByRole('option', { name: insurerName }).click();
      await page.getByRole('button', { name: 'Bericht anzeigen' }).click();
      const perInsurer = page.getByRole('table', { name: 'Je Versicherer' });
      // Two consultations begun at the insurer, one completed (the other is still open with the administrator).
      await expect(perInsurer.getByRole('row').filter({ hasText: insurerName }).getByRole('cell')).toHaveText(['2', '1']);
      await expect(page.getByRole('table', { name: 'Je Anwältin oder Anwalt (wer die Beratung angenommen hat)' })).toContainText('Clara Vogt');
      await expectAccessible(page, 'reports');
    });

    await test.step('the invoice CSV has one row for the completed consultation, with the insurer and no insurance number', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Abrechnung als CSV herunterladen' }).click();
      const download = await downloading;
      // The report is filtered by the insurer: its invoice is named after it.
      expect(download.suggestedFilename()).toMatch(new RegExp(`^Abrechnung_${insurerName.replaceAll(' ', '-')}_\\d{4}-\\d{2}-01_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const text = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
      const lines = text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('Datum;Referenz;Versicherer;Rechtsgebiet;Dauer (angefangene Minuten);Beendet');
      expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^\\d\\d\\.\\d\\d\\.\\d{4};RC-[0-9A-Z_-]{8};${insurerName};`))]);
      expect(text).not.toContain(insuranceNumber);
      expect(text).not.toContain('Kaution');
    });

    await test.step('Verwaltung → Auskunft: the client’s archive by insurance number holds the conversation', async () => {
      await nav.getByRole('link', { name: 'Auskunftsersuchen' }).click();
      await expect(page.getByRole('heading', { name: 'Auskunft und Löschung (Art. 15/17 DSGVO)' })).toBeVisible();
      await page.getByRole('textbox', { name: 'Versicherungsnummer' }).fill(insuranceNumber);
      await page.getByRole('button', { name: 'Suchen', exact: true }).click();
      await expect(page.getByRole('heading', { name: /^Gefunden: 1 Chat-Beratung/ })).toBeFocused();
      await expectAccessible(page, 'data requests');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^Auskunft-RC-[0-9A-Z_-]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
      expect(Object.keys(files).some((name) => /^protokolle\/Chatprotokoll-RC-.{8}\.pdf$/.test(name))).toBe(true);
      const data = strFromU8(files['daten.json'] as Uint8Array);
      expect(data).toContain(problem);
      expect(data).toContain(question);
      expect(data).toContain(answer);
      expect(data).not.toContain(secondProblem);
    });

    await test.step('Verwaltung → Protokoll names the server command, the invitation and the deactivation', async () => {
      await nav.getByRole('link', { name: 'Protokoll' }).click();
      const table = page.getByRole('table', { name: 'Protokoll der Administration' });
      await expect(table.getByRole('row').filter({ hasText: 'Server-Befehl' })).toHaveCount(1);
      await expect(table.getByRole('row').filter({ hasText: 'Deaktiviert' }).filter({ hasText: 'Clara Vogt' })).toHaveCount(1);
      await expectAccessible(page, 'audit log');
    });
  } finally {
    // The clients stay until the end: a client leaving would let the server's lifecycle close the held chat meanwhile.
    await lawyerContext.close();
    await clientContext.close();
    await secondClientContext.close();
  }
});
