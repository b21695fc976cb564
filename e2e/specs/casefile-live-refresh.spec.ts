// The Fallakte stays open on the client's phone while the firm works: the lawyer shares a document and answers the
// client's message (over the lawyer API, as the console does), and the open page shows both without a reload once it is
// shown again or regains the focus – no spinner, the typed draft kept – and says so politely. Last the lawyer ends the
// mandate while the client looks at Dokumente: the upload control goes and the page says why. Each state is checked
// with axe. The minute's own refresh is not waited for: the test brings the tab back instead.
import { createCaseFile, signIn } from '../support/caseFile.js';
import { answerMessage, endMandate, focusAgain, hideAndShowAgain, shareDocument } from '../support/caseFileFirm.js';
import { uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { lawyerSessionCookie } from '../support/lawyerSession.js';

test.use({ viewport: PHONE_VIEWPORT });

const LAWYER_NAME = 'Dr. Anna Berger';
const letter = Buffer.from('%PDF-1.4\n% Nebenkostenabrechnung\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('the firm’s document, answer and ended mandate appear in the open Fallakte when the client comes back to it', async ({ page, server }) => {
  const access = await createCaseFile(server, uniqueProblem('Nebenkosten'));
  const lawyer = await lawyerSessionCookie(server.chatUrl, server.seed.lawyer.email, server.seed.lawyer.password);
  const news = page.getByTestId('firm-news');
  await signIn(page, access);

  await test.step('a document the lawyer shares shows under „Von Ihrer Kanzlei“ once the tab is shown again', async () => {
    await page.goto(`${access.path}/uebersicht/dokumente`);
    await expect(page.getByText('Es sind noch keine Dokumente vorhanden.')).toBeVisible();
    await shareDocument(server, lawyer, access.caseId, { name: 'Abrechnung.pdf', bytes: letter, note: 'Bitte prüfen Sie die Abrechnung.' });
    await hideAndShowAgain(page);
    const group = page.getByRole('region', { name: 'Von Ihrer Kanzlei' });
    await expect(group).toContainText('Abrechnung.pdf');
    await expect(group).toContainText('Bitte prüfen Sie die Abrechnung.');
    await expect(news).toHaveText('Neu von Ihrer Kanzlei: 1 Dokument.');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectAccessible(page, 'documents after the live refresh');
  });

  await test.step('the lawyer’s answer shows under the message once the window regains the focus; the draft stays', async () => {
    await page.goto(`${access.path}/uebersicht/kontakt`);
    await page.getByLabel('Betreff').fill('Nachzahlung');
    await page.getByLabel('Ihre Nachricht').fill('Muss ich die Nachzahlung leisten?');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    const entry = page.getByRole('list', { name: 'Bisherige Nachrichten und Antworten' }).getByRole('listitem').filter({ hasText: 'Nachzahlung' });
    await expect(entry).toContainText('Noch keine Antwort.');
    // The client starts the next message meanwhile.
    const subject = page.getByLabel('Betreff');
    await subject.fill('Frist');
    await answerMessage(server, lawyer, access.caseId, 'Nachzahlung', 'Nein, die Abrechnung ist fehlerhaft. Wir widersprechen für Sie.');
    await focusAgain(page);
    await expect(entry).toContainText(`Antwort von ${LAWYER_NAME} am `);
    await expect(entry).toContainText('Nein, die Abrechnung ist fehlerhaft.');
    await expect(news).toHaveText('Ihre Kanzlei hat geantwortet.');
    await expect(subject).toHaveValue('Frist');
    await expect(subject).toBeFocused();
    await expectAccessible(page, 'contact page after the live refresh');
  });

  await test.step('the mandate the lawyer ends takes the upload away on the open Dokumente page, which says why', async () => {
    await page.goto(`${access.path}/uebersicht/dokumente`);
    const choose = page.getByRole('button', { name: 'Datei auswählen und hochladen' });
    await expect(choose).toBeVisible();
    await endMandate(server, lawyer, access.caseId);
    await focusAgain(page);
    await expect(choose).toHaveCount(0);
    await expect(page.getByText(/Ihr Fall ist abgeschlossen\. Neue Dokumente können Sie nicht mehr hochladen\./)).toBeVisible();
    await expect(news).toHaveText('Ihre Kanzlei hat das Mandat beendet.');
    // What is there stays readable.
    await expect(page.getByRole('region', { name: 'Von Ihrer Kanzlei' })).toContainText('Abrechnung.pdf');
    await expectAccessible(page, 'documents after the mandate ended during the visit');
  });
});
