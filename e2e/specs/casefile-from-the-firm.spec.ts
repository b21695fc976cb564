// What the firm puts into the client's Fallakte. „Dokument bereitstellen“: the lawyer opens the case file in the
// console, writes a note and shares a PDF; the console's list names it as shared by the lawyer. The client signs in on
// the phone, finds it on „Dokumente“ under „Von Ihrer Kanzlei“ with the lawyer's name, the German date and the note,
// downloads it unchanged and cannot remove it; „Verlauf“ records it. Then the lawyer takes it back („Zurückziehen“, a
// confirmation dialog that keeps the keyboard inside and closes with Escape): the client no longer finds or downloads it,
// and „Verlauf“ says the firm withdrew it, without the note. The answer to a message: the client writes to the
// firm, the lawyer answers under the message in the console, the client reads the answer on „Kontaktieren Sie uns“ and
// gets a mail that holds neither the answer nor the link. Every screen is checked with axe.
import { readFileSync } from 'node:fs';
import { createCaseFile, signIn as clientSignIn } from '../support/caseFile.js';
import { uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { mailsTo } from '../support/outbox.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

/** The demo lawyer who signs in (packages/server/src/seed.ts), as the client sees her. */
const LAWYER_NAME = 'Dr. Anna Berger';

/** A small PDF the server accepts by its content. */
const letter = Buffer.from('%PDF-1.4\n% Klageentwurf\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('the lawyer shares a document with a note, the client finds it under „Von Ihrer Kanzlei“ and downloads it, and the lawyer takes it back', async ({
  page,
  browser,
  server,
}) => {
  const access = await createCaseFile(server, uniqueProblem('Räumungsklage'));
  const fileButton = page.getByRole('button', { name: `Fallakte öffnen: ${access.title} – Erika Musterfrau` });
  const lawyer = new ConsoleWorkspace(page);
  await lawyer.open(server.webUrl);
  await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
  await lawyer.showCaseFiles(fileButton);

  await test.step('the lawyer writes a note and shares the PDF; the console lists it as shared by the lawyer', async () => {
    await fileButton.click();
    const detail = page.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
    const share = detail.getByRole('region', { name: 'Dokument für die Mandantin / den Mandanten bereitstellen' });
    await share.getByRole('textbox', { name: 'Notiz zum Dokument (optional)' }).fill('Bitte lesen Sie den Entwurf bis Freitag.');
    await expectAccessible(page, 'console case file with the share section');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), share.getByRole('button', { name: 'Datei auswählen und bereitstellen' }).click()]);
    await chooser.setFiles({ name: 'Klageentwurf.pdf', mimeType: 'application/pdf', buffer: letter });
    await expect(lawyer.statusText('„Klageentwurf.pdf“ ist jetzt in der Fallakte der Mandantin / des Mandanten.')).toBeVisible();
    await expect(share.getByRole('textbox', { name: 'Notiz zum Dokument (optional)' })).toHaveValue('');
    const listed = detail.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Klageentwurf\.pdf/ }) });
    await expect(listed).toContainText(`bereitgestellt von ${LAWYER_NAME}`);
    await expect(listed).toContainText('Notiz: Bitte lesen Sie den Entwurf bis Freitag.');
    // Keyboard users continue where they were: the chooser button has the focus again.
    await expect(share.getByRole('button', { name: 'Datei auswählen und bereitstellen' })).toBeFocused();
  });

  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  try {
    const client = await clientContext.newPage();
    await test.step('the client finds it under „Von Ihrer Kanzlei“, downloads it unchanged and cannot remove it', async () => {
      await clientSignIn(client, access);
      await client.goto(`${access.path}/uebersicht/dokumente`);
      const group = client.getByRole('region', { name: 'Von Ihrer Kanzlei' });
      const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date());
      await expect(group).toContainText(`Bereitgestellt von ${LAWYER_NAME} am ${today} um `);
      await expect(group).toContainText('Bitte lesen Sie den Entwurf bis Freitag.');
      await expect(group.getByRole('button')).toHaveCount(0);
      await expect(client.getByText('Sie haben noch keine Dokumente hochgeladen.')).toBeVisible();
      await expectAccessible(client, 'case-file documents with a document from the firm');

      const [download] = await Promise.all([client.waitForEvent('download'), group.getByRole('link', { name: 'Klageentwurf.pdf herunterladen' }).click()]);
      expect(download.suggestedFilename()).toBe('Klageentwurf.pdf');
      expect(readFileSync(await download.path()).equals(letter)).toBe(true);
    });

    await test.step('„Verlauf“ records that the firm shared it', async () => {
      await client.goto(`${access.path}/uebersicht/verlauf`);
      const history = client.getByRole('list', { name: 'Verlauf' });
      await expect(history.getByRole('heading', { level: 2, name: 'Dokument von Ihrer Kanzlei' })).toBeVisible();
      await expect(history).toContainText(`${LAWYER_NAME} hat Ihnen das Dokument „Klageentwurf.pdf“ bereitgestellt.`);
      await expectAccessible(client, 'case-file history with the shared document');
    });

    // Where the client fetched it from, to ask again once it is withdrawn.
    await client.goto(`${access.path}/uebersicht/dokumente`);
    const downloadHref = await client.getByRole('link', { name: 'Klageentwurf.pdf herunterladen' }).getAttribute('href');
    expect(downloadHref).toBeTruthy();

    await test.step('the lawyer takes it back after a confirmation; the console no longer lists it', async () => {
      const detail = page.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
      const listed = detail.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Klageentwurf\.pdf/ }) });
      const withdraw = listed.getByRole('button', { name: '„Klageentwurf.pdf“ zurückziehen' });
      await withdraw.click();
      const dialog = page.getByRole('dialog', { name: '„Klageentwurf.pdf“ zurückziehen?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Das Zurückziehen lässt sich nicht rückgängig machen.');
      // Final and destructive: the focus starts on „Abbrechen“, and the keyboard stays inside the dialog.
      await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await expectAccessible(page, 'console dialog to withdraw a shared document');
      // Escape cancels: nothing happens, the focus is back on the document's button.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(withdraw).toBeFocused();
      await expect(listed).toHaveCount(1);

      await withdraw.click();
      await dialog.getByRole('button', { name: 'Zurückziehen' }).click();
      await expect(lawyer.statusText('„Klageentwurf.pdf“ wurde zurückgezogen und gelöscht.')).toBeVisible();
      await expect(listed).toHaveCount(0);
      await expect(detail.getByText('Noch keine Dokumente.')).toBeVisible();
    });

    await test.step('the client no longer finds or downloads it, and „Verlauf“ says the firm withdrew it', async () => {
      await client.reload();
      await expect(client.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();
      // Nothing is left in the file: the page says so as for a new file.
      await expect(client.getByText('Es sind noch keine Dokumente vorhanden.')).toBeVisible();
      await expect(client.getByRole('region', { name: 'Von Ihrer Kanzlei' })).toHaveCount(0);
      await expect(client.getByRole('link', { name: 'Klageentwurf.pdf herunterladen' })).toHaveCount(0);
      const fetched = await clientContext.request.get(new URL(downloadHref ?? '', server.webUrl).toString());
      expect(fetched.status()).toBe(404);

      await client.goto(`${access.path}/uebersicht/verlauf`);
      const history = client.getByRole('list', { name: 'Verlauf' });
      const entry = history.getByRole('listitem').first();
      await expect(entry.getByRole('heading', { level: 2, name: 'Dokument zurückgezogen' })).toBeVisible();
      await expect(entry).toContainText('Ihre Kanzlei hat das Dokument „Klageentwurf.pdf“ zurückgezogen.');
      // The share stays in the history, without the note that went with the document.
      await expect(history).toContainText(`${LAWYER_NAME} hat Ihnen das Dokument „Klageentwurf.pdf“ bereitgestellt.`);
      await expect(history).not.toContainText('Bitte lesen Sie den Entwurf bis Freitag.');
      await expectAccessible(client, 'case-file history with the withdrawn document');
    });
  } finally {
    await clientContext.close();
  }
});

test('the lawyer answers the client’s message in the console, and the client reads the answer in the Fallakte', async ({ page, browser, server }) => {
  const access = await createCaseFile(server, uniqueProblem('Mietkaution'));
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  try {
    const client = await clientContext.newPage();
    await test.step('the client writes to the firm', async () => {
      await clientSignIn(client, access);
      await client.goto(`${access.path}/uebersicht/kontakt`);
      await client.getByLabel('Betreff').fill('Kaution zurück?');
      await client.getByLabel('Ihre Nachricht').fill('Der Vermieter zahlt die Kaution nicht zurück. Was kann ich tun?');
      await client.getByRole('button', { name: 'Nachricht senden' }).click();
      const threads = client.getByRole('list', { name: 'Bisherige Nachrichten und Antworten' });
      await expect(threads.getByRole('listitem').filter({ hasText: 'Kaution zurück?' })).toContainText('Noch keine Antwort.');
    });

    const lawyer = new ConsoleWorkspace(page);
    const fileButton = page.getByRole('button', { name: `Fallakte öffnen: ${access.title} – Erika Musterfrau` });
    await lawyer.open(server.webUrl);
    await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await lawyer.showCaseFiles(fileButton);

    await test.step('the lawyer answers under the message; the answer stands there with her name', async () => {
      await fileButton.click();
      const detail = page.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
      await detail.getByRole('button', { name: 'Auf „Kaution zurück?“ antworten' }).click();
      const field = detail.getByRole('textbox', { name: 'Ihre Antwort an die Mandantin / den Mandanten' });
      await expect(field).toBeFocused();
      await field.fill('Wir fordern die Kaution schriftlich zurück. Bitte senden Sie uns den Mietvertrag.');
      await expectAccessible(page, 'console case file with the answer form');
      await detail.getByRole('button', { name: 'Antwort senden' }).click();
      await expect(lawyer.statusText('Ihre Antwort ist gesendet.')).toBeVisible();
      await expect(detail.getByText(`Antwort von ${LAWYER_NAME} am `)).toBeVisible();
      await expect(detail.getByRole('button', { name: 'Auf „Kaution zurück?“ antworten' })).toHaveCount(0);
    });

    await test.step('the client reads the answer on „Kontaktieren Sie uns“ and got a mail without it', async () => {
      await client.reload();
      const entry = client.getByRole('list', { name: 'Bisherige Nachrichten und Antworten' }).getByRole('listitem').filter({ hasText: 'Kaution zurück?' });
      await expect(entry).toContainText(`Antwort von ${LAWYER_NAME} am `);
      await expect(entry).toContainText('Wir fordern die Kaution schriftlich zurück. Bitte senden Sie uns den Mietvertrag.');
      await expectAccessible(client, 'case-file contact page with the firm’s answer');
      const notice = mailsTo(server.dataDir, 'erika@example.org').find((mail) => mail.includes('Ihre Kanzlei hat auf Ihre Nachricht geantwortet.'));
      expect(notice).toBeDefined();
      expect(notice).not.toContain('Mietvertrag');
      expect(notice).not.toContain(access.token);
    });
  } finally {
    await clientContext.close();
  }
});
