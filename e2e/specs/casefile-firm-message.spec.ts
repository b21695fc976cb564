// The firm starts a conversation in the client's Fallakte: the lawyer opens the case file in the console and writes
// „Nachricht an Mandant/in schreiben“ (asking for a missing document); the console lists it with the client's messages.
// The client signs in on the phone, finds it on „Kontaktieren Sie uns“ marked as the firm's with the lawyer's name and
// the German date, answers with „Antworten“ – the form gets „Re: …“ and the focus, and the answer is linked to the
// firm's message („Antwort auf: „…““) – and the lawyer reads the answer, which names the firm's message with its date
// and links to it in the same list.
// After the login the overview and the menu mark the message as new („1 neue Nachricht“, also said once in a polite
// live region); opening „Kontaktieren Sie uns“ clears the mark.
// The client got a mail that holds neither the message nor the link. Every screen is checked with axe.
import { createCaseFile, signIn as clientSignIn } from '../support/caseFile.js';
import { uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { mailsTo } from '../support/outbox.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

/** The demo lawyer who signs in (packages/server/src/seed.ts), as the client sees her. */
const LAWYER_NAME = 'Dr. Anna Berger';

test('the lawyer asks the client for a missing document, and the client reads the message and answers it', async ({ page, browser, server }) => {
  const access = await createCaseFile(server, uniqueProblem('Nebenkosten'));
  const fileButton = page.getByRole('button', { name: `Fallakte öffnen: ${access.title} – Erika Musterfrau` });
  const detail = page.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
  const lawyer = new ConsoleWorkspace(page);
  await lawyer.open(server.webUrl);
  await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
  await lawyer.showCaseFiles(fileButton);

  await test.step('the lawyer writes to the client; German errors first, then the message stands in the list', async () => {
    await fileButton.click();
    const form = detail.getByRole('form', { name: 'Nachricht an Mandant/in schreiben' });
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(form.getByText('Bitte geben Sie einen Betreff an.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Betreff' })).toBeFocused();
    await form.getByRole('textbox', { name: 'Betreff' }).fill('Fehlende Nebenkostenabrechnung');
    await form.getByRole('textbox', { name: 'Nachricht' }).fill('Bitte laden Sie die Nebenkostenabrechnung 2025 hoch.');
    await expectAccessible(page, 'console case file with the message form');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(lawyer.statusText('Ihre Nachricht „Fehlende Nebenkostenabrechnung“ ist gesendet.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Betreff' })).toHaveValue('');
    const listed = detail.getByRole('listitem').filter({ hasText: 'Fehlende Nebenkostenabrechnung' });
    await expect(listed).toContainText(`Nachricht von ${LAWYER_NAME} an die Mandantin / den Mandanten`);
  });

  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  try {
    const client = await clientContext.newPage();
    await test.step('after the login the overview and the menu mark the firm’s message as new, and opening it clears the mark', async () => {
      await clientSignIn(client, access);
      const news = client.getByRole('region', { name: 'Neu von Ihrer Kanzlei' });
      await expect(news.getByRole('link', { name: 'Kontaktieren Sie uns 1 neue Nachricht' })).toBeVisible();
      await expect(client.getByTestId('unread-news')).toHaveText('Neu von Ihrer Kanzlei: 1 neue Nachricht.');
      await client.getByRole('button', { name: 'Menü öffnen' }).click();
      const menu = client.getByRole('navigation', { name: 'Menü der Fallakte' });
      await expect(menu.getByRole('link', { name: 'Kontaktieren Sie uns 1 neue Nachricht' })).toBeVisible();
      await expectAccessible(client, 'case-file menu marking the firm’s new message');
      await menu.getByRole('link', { name: 'Kontaktieren Sie uns 1 neue Nachricht' }).click();
      await expect(client.getByRole('heading', { level: 1, name: 'Kontaktieren Sie uns' })).toBeVisible();
      await client.getByRole('button', { name: 'Menü öffnen' }).click();
      await expect(menu.getByRole('link', { name: 'Kontaktieren Sie uns', exact: true })).toBeVisible();
      await menu.getByRole('link', { name: 'Übersicht', exact: true }).click();
      await expect(client.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await expect(client.getByRole('heading', { level: 2, name: 'Ihr Fall' })).toBeVisible();
      await expect(news).toHaveCount(0);
    });

    await test.step('the client finds the firm’s message on „Kontaktieren Sie uns“ and answers it', async () => {
      await client.goto(`${access.path}/uebersicht/kontakt`);
      const threads = client.getByRole('list', { name: 'Bisherige Nachrichten und Antworten' });
      const entry = threads.getByRole('listitem').filter({ hasText: 'Fehlende Nebenkostenabrechnung' });
      const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date());
      await expect(entry).toContainText(`Nachricht Ihrer Kanzlei von ${LAWYER_NAME} am ${today} um `);
      await expect(entry).toContainText('Bitte laden Sie die Nebenkostenabrechnung 2025 hoch.');
      await expectAccessible(client, 'case-file contact page with a message from the firm');

      await entry.getByRole('button', { name: 'Auf „Fehlende Nebenkostenabrechnung“ antworten' }).click();
      await expect(client.getByLabel('Betreff')).toHaveValue('Re: Fehlende Nebenkostenabrechnung');
      await expect(client.getByLabel('Ihre Nachricht')).toBeFocused();
      await client.getByLabel('Ihre Nachricht').fill('Die Abrechnung kommt morgen per Post.');
      await expectAccessible(client, 'case-file contact form answering the firm');
      await client.getByRole('button', { name: 'Nachricht senden' }).click();
      const answer = threads.getByRole('listitem').filter({ hasText: 'Re: Fehlende Nebenkostenabrechnung' });
      await expect(answer).toContainText('Noch keine Antwort.');
      await expect(answer).toContainText('Antwort auf: „Fehlende Nebenkostenabrechnung“ vom ');
      await expectAccessible(client, 'case-file contact page with the answer to the firm');

      const notice = mailsTo(server.dataDir, 'erika@example.org').find((mail) => mail.includes('Ihre Kanzlei hat Ihnen eine Nachricht geschrieben.'));
      expect(notice).toBeDefined();
      expect(notice).not.toContain('Nebenkostenabrechnung');
      expect(notice).not.toContain(access.token);
    });
  } finally {
    await clientContext.close();
  }

  await test.step('the lawyer reads the client’s answer, linked to the firm’s message', async () => {
    await detail.getByRole('button', { name: 'Aktualisieren' }).first().click();
    const answer = detail.getByRole('listitem').filter({ hasText: 'Re: Fehlende Nebenkostenabrechnung' });
    await expect(answer).toContainText('Die Abrechnung kommt morgen per Post.');
    await expect(detail.getByRole('button', { name: 'Auf „Re: Fehlende Nebenkostenabrechnung“ antworten' })).toBeVisible();
    const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date());
    const link = answer.getByRole('link', {
      name: new RegExp(`^Antwort auf Ihre Nachricht „Fehlende Nebenkostenabrechnung“ vom ${today.replace(/\./g, '\\.')}, \\d{2}:\\d{2}$`),
    });
    await expect(link).toBeVisible();
    await expectAccessible(page, 'console case file with the client’s answer linked to the firm’s message');
    await link.click();
    const asked = detail.getByRole('listitem').filter({ hasText: 'Bitte laden Sie die Nebenkostenabrechnung 2025 hoch.' });
    await expect(asked.locator('[id^="firm-message-"]')).toBeFocused();
  });
});
