// The end of a mandate (§ 50 Abs. 1 BRAO): the lawyer ends it in the case file's detail after a confirmation that
// names the deletion date (1 January of the seventh year after the Berlin year), the list shows the end date; the
// client keeps access, sees the closed state on the overview and "Mandat beendet" in Verlauf, and the Vollmacht page
// no longer asks for a signature; after the lawyer reopens it, the client's overview shows the file open again. The
// lawyer then corrects the client's name and number: the new PIN is shown, and only it opens the file. Someone else
// holding the link then locks the login with wrong PINs: the lawyer sees the lock and creates a new link – the old one
// leads nowhere, the signed-in client is signed out, and the new link with the same PIN opens the file. A reload of
// the console opens the file the lawyer was reading again.
import { createCaseFile, signIn as clientSignIn } from '../support/caseFile.js';
import { uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { focusedIn } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

/** "21. November 2026": the Berlin calendar day, as the console formats dates. */
const berlinDay = (date: Date) => new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(date);
const berlinYear = (date: Date) => Number(new Intl.DateTimeFormat('de-DE', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(date));

test('the lawyer ends the mandate, the client still sees the file as closed, and after reopening as open again', async ({ page, browser, server }) => {
  // A title of its own, so the lawyer's list (which keeps earlier journeys' files) has exactly one match.
  const access = await createCaseFile(server, uniqueProblem('Kündigung der Wohnung'));
  const fileButton = page.getByRole('button', { name: `Fallakte öffnen: ${access.title} – Erika Musterfrau` });
  const lawyer = new ConsoleWorkspace(page);
  await lawyer.open(server.webUrl);
  await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
  await lawyer.showCaseFiles(fileButton);

  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  try {
    const client = await clientContext.newPage();
    const detail = page.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
    const mandate = detail.getByTestId('mandate-state');

    await test.step('the confirmation names 1 January of the seventh year after this Berlin year as the deletion date', async () => {
      await fileButton.click();
      await expect(page.getByRole('heading', { name: `Fallakte ${access.title}`, exact: false })).toBeVisible();
      await expect(mandate).toHaveText('Das Mandat ist offen. Solange es offen ist, wird die Fallakte nicht gelöscht.');
      await expectAccessible(page, 'console case file detail with an open mandate');
      await lawyer.button('Mandat beenden').click();
      const dialog = page.getByRole('dialog', { name: 'Mandat beenden?' });
      await expect(dialog).toBeVisible();
      const deletion = `1. Januar ${berlinYear(new Date()) + 7}`;
      await expect(dialog).toContainText(`ab dem ${deletion} gelöscht`);
      // Ending is the weighty choice: focus starts on cancelling.
      await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
      await expectAccessible(page, 'console case file detail with the end-of-mandate dialog');

      await dialog.getByRole('button', { name: 'Mandat beenden' }).click();
      await expect(dialog).toBeHidden();
      await expect(lawyer.statusText('Das Mandat ist beendet.')).toBeVisible();
      await expect(mandate).toHaveText(`Mandat beendet am ${berlinDay(new Date())}, Löschung ab ${deletion}.`);
      await expect(lawyer.button('Mandat wieder eröffnen')).toBeVisible();
    });

    await test.step('the list shows the file as ended on that day', async () => {
      await lawyer.button('Zurück zur Übersicht').click();
      const entry = page.getByRole('listitem').filter({ has: fileButton });
      await expect(entry).toContainText(`${access.title} – Erika Musterfrau · Mandat beendet am ${berlinDay(new Date())}`);
    });

    await test.step('the client signs in with the PIN and sees the closed state and the history entry', async () => {
      await clientSignIn(client, access);
      await expect(client.getByText('Ihr Fall ist abgeschlossen. Sie können die Unterlagen und den Verlauf weiterhin einsehen.')).toBeVisible();
      await expect(client.getByText('Abgeschlossen', { exact: true })).toBeVisible();
      await expectAccessible(client, 'case-file overview after the mandate ended');

      await client.goto(`${access.path}/uebersicht/verlauf`);
      await expect(client.getByRole('heading', { level: 1, name: 'Verlauf' })).toBeVisible();
      const history = client.getByRole('list', { name: 'Verlauf' });
      await expect(history.getByRole('heading', { level: 2, name: 'Mandat beendet' })).toBeVisible();
      await expect(history.getByText(/Ihr Mandat wurde beendet\. .*Sie können die Fallakte weiterhin einsehen\./)).toBeVisible();

      // A closed file asks for no signature any more (the server would refuse it with 409).
      await client.goto(`${access.path}/uebersicht/vollmacht`);
      await expect(client.getByText(/Ihr Fall ist abgeschlossen\. Eine Vollmacht können Sie nicht mehr unterschreiben\./)).toBeVisible();
      await expect(client.getByRole('button', { name: 'Vollmacht unterschrieben senden' })).toHaveCount(0);
    });

    await test.step('the lawyer reopens the mandate, and after a reload the client no longer sees it closed', async () => {
      await client.goto(`${access.path}/uebersicht`);
      await expect(client.getByText('Abgeschlossen', { exact: true })).toBeVisible();
      await fileButton.click();
      await lawyer.button('Mandat wieder eröffnen').click();
      await expect(lawyer.statusText('Das Mandat ist wieder eröffnet.')).toBeVisible();
      await expect(mandate).toHaveText('Das Mandat ist offen. Solange es offen ist, wird die Fallakte nicht gelöscht.');
      await lawyer.button('Zurück zur Übersicht').click();
      await expect(page.getByRole('listitem').filter({ has: fileButton })).toContainText(`${access.title} – Erika Musterfrau · Mandat offen`);

      await client.reload();
      await expect(client.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await expect(client.getByText('Offen', { exact: true })).toBeVisible();
      await expect(client.getByText('Abgeschlossen', { exact: true })).toHaveCount(0);
      await expect(client.getByText(/Ihr Fall ist abgeschlossen/)).toHaveCount(0);
    });

    await test.step('the lawyer corrects the client’s name and number: the new PIN is shown, the old one no longer opens the file', async () => {
      await fileButton.click();
      await lawyer.button('Name oder Telefonnummer berichtigen').click();
      const dialog = page.getByRole('dialog', { name: 'Name oder Telefonnummer berichtigen' });
      await expect(dialog.getByRole('textbox', { name: 'Nachname' })).toHaveValue('Musterfrau');
      await expectAccessible(page, 'console client correction dialog');
      await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Musterfrau-Berg');
      await dialog.getByRole('textbox', { name: 'Telefonnummer' }).fill('0160 98765432');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(dialog).toBeHidden();
      await expect(lawyer.statusText('Die neue PIN der Fallakte lautet 5432.')).toBeVisible();
      await expect(detail).toContainText('Erika Musterfrau-Berg');
      await expect(lawyer.button('Name oder Telefonnummer berichtigen')).toBeFocused();

      // The signed-in client must sign in again, and only the new PIN opens the file.
      await client.reload();
      await expect(client.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      await clientSignIn(client, { ...access, pin: '5432' });
      await client.goto(`${access.path}/uebersicht/persoenlich`);
      await expect(client.getByText('Musterfrau-Berg')).toBeVisible();
    });

    await test.step('someone else locks the login with the link; the lawyer sees the lock and gives the client a new link', async () => {
      for (let i = 0; i < 5; i++) {
        await fetch(new URL('api/case-file/login', server.webUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ LoginData: { Pin: '0000', UrlToken: access.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true }),
        });
      }
      const lock = detail.getByTestId('casefile-login-lock');
      await expect(lock).toHaveText('Die Anmeldung mit Link und PIN ist nicht gesperrt.');
      await detail.getByRole('button', { name: 'Aktualisieren', exact: true }).click();
      await expect(lock).toContainText('Die Anmeldung zu dieser Fallakte ist nach mehreren falschen PINs bis');
      await expect(lock).toContainText(' Uhr gesperrt.');

      await lawyer.button('Neuen Link erstellen').click();
      const dialog = page.getByRole('dialog', { name: 'Neuen Link erstellen?' });
      await expect(dialog).toContainText('Der bisherige Link funktioniert danach nicht mehr');
      await expect(dialog).toContainText('Die PIN bleibt unverändert');
      await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
      await expectAccessible(page, 'console new-link dialog');
      await dialog.getByRole('button', { name: 'Neuen Link erstellen' }).click();
      await expect(dialog).toBeHidden();

      await expect(focusedIn(detail)).toContainText('Der neue Link ist erstellt, der bisherige gilt nicht mehr.');
      await expect(detail.getByTestId('casefile-new-pin')).toHaveText('5432');
      const newPath = new URL((await detail.getByTestId('casefile-new-link').textContent()) ?? '').pathname;
      expect(newPath).not.toBe(access.path);
      await expect(lock).toHaveText('Die Anmeldung mit Link und PIN ist nicht gesperrt.');
      await expectAccessible(page, 'console case file with a new link');

      // The client signed in through the old link is signed out, and the old link leads to no case file any more.
      await client.goto(access.path);
      await expect(client.getByText(/Der Link ist unvollständig oder nicht mehr gültig\./)).toBeVisible();
      await clientSignIn(client, { ...access, path: newPath, pin: '5432' });
      await client.goto(`${newPath}/uebersicht/verlauf`);
      await expect(client.getByRole('list', { name: 'Verlauf' }).getByRole('heading', { level: 2, name: 'Neuer Link zu Ihrer Fallakte' })).toBeVisible();

      await lawyer.button('Link weitergegeben').click();
      await expect(detail.getByTestId('casefile-new-link')).toHaveCount(0);
      await expect(lawyer.button('Neuen Link erstellen')).toBeFocused();
    });

    await test.step('a reload of the console opens the case file the lawyer was reading again', async () => {
      await page.reload();
      await expect(detail).toContainText('Erika Musterfrau-Berg');
      await expect(mandate).toHaveText('Das Mandat ist offen. Solange es offen ist, wird die Fallakte nicht gelöscht.');
      await lawyer.button('Zurück zur Übersicht').click();
      await page.reload();
      await expect(fileButton).toBeVisible();
      await expect(detail).toHaveCount(0);
    });
  } finally {
    await clientContext.close();
  }
});

// A case file created by mistake is withdrawn: refused (in German, with only „Schließen“ left) once the client has
// signed in; otherwise the dialog asks for a reason – Escape cancels, an empty one is refused beside the field – and
// after the withdrawal the file is gone from the list, which says so, and its link leads to the end page with the
// firm's contact.
test('the lawyer withdraws a case file created by mistake, and its link then says so', async ({ page, browser, server }) => {
  const used = await createCaseFile(server, uniqueProblem('Bereits genutzte Akte'));
  const mistake = await createCaseFile(server, uniqueProblem('Aus dem falschen Chat'));
  const openButton = (access: { title: string }) => page.getByRole('button', { name: `Fallakte öffnen: ${access.title} – Erika Musterfrau` });
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  try {
    const client = await clientContext.newPage();
    await clientSignIn(client, used);

    const lawyer = new ConsoleWorkspace(page);
    await lawyer.open(server.webUrl);
    await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await lawyer.showCaseFiles(openButton(mistake));
    const dialog = page.getByRole('dialog', { name: /^Fallakte FA-\d{4}-\w+ zurückziehen\?$/ });

    await test.step('a file the client has signed in to is refused in German and stays', async () => {
      await openButton(used).click();
      await lawyer.button('Fallakte zurückziehen').click();
      await dialog.getByRole('textbox', { name: 'Grund' }).fill('Doppelt angelegt');
      await dialog.getByRole('button', { name: 'Zurückziehen' }).click();
      await expect(dialog).toContainText('Ihre Mandantin oder Ihr Mandant hat sich bereits angemeldet und konnte sie nutzen. Sie bleibt deshalb erhalten.');
      await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
      await expectAccessible(page, 'console withdrawal refused');
      await dialog.getByRole('button', { name: 'Schließen' }).click();
      await expect(dialog).toBeHidden();
      await lawyer.button('Zurück zur Übersicht').click();
      await expect(openButton(used)).toBeVisible();
    });

    await test.step('Escape cancels, an empty reason is refused, and with a reason the file is withdrawn', async () => {
      await openButton(mistake).click();
      await lawyer.button('Fallakte zurückziehen').click();
      await expect(dialog.getByRole('textbox', { name: 'Grund' })).toBeFocused();
      await expectAccessible(page, 'console withdrawal dialog');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(lawyer.button('Fallakte zurückziehen')).toBeFocused();

      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Zurückziehen' }).click();
      await expect(dialog.getByText('Bitte geben Sie kurz an, warum die Fallakte zurückgezogen wird.')).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Grund' })).toBeFocused();
      await page.keyboard.type('Aus dem falschen Chat angelegt');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      const done = page.getByRole('status').filter({ hasText: /^Die Fallakte FA-\d{4}-\w+ wurde zurückgezogen\. Link und PIN gelten nicht mehr\.$/ });
      await expect(done).toBeVisible();
      await expect(focusedIn(done)).toHaveCount(1);
      await expect(openButton(mistake)).toHaveCount(0);
      await expect(openButton(used)).toBeVisible();
      await expectAccessible(page, 'console case files after a withdrawal');
    });

    await test.step('the withdrawn file’s link leads to the end page with the firm’s contact', async () => {
      await client.goto(mistake.path);
      await expect(client.getByRole('heading', { level: 1, name: 'Diese Fallakte wurde zurückgezogen' })).toBeVisible();
      await expect(client).toHaveURL(/\/digitale-fallakte\/zurueckgezogen$/);
      await expect(client.getByText('Der Link und die PIN gelten nicht mehr.', { exact: false })).toBeVisible();
      const contact = client.getByRole('region', { name: 'So erreichen Sie Ihre Kanzlei' });
      await expect(contact.getByRole('link', { name: 'mandantenservice@kanzlei-muster.example' })).toBeVisible();
      await expectAccessible(client, 'case-file withdrawn end page');
    });
  } finally {
    await clientContext.close();
  }
});
