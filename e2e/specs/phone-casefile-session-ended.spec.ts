// On a touch phone (390 × 844): the Fragebogen filled, "Fragebogen senden" tapped at the bottom after the session
// ended on the server – the notice „Ihre Sitzung ist abgelaufen … Erneut anmelden“ sits at the top of the form, about
// 840 px above the button. It takes the focus, which scrolls it into view below the sticky header (outside tester:
// it appeared out of sight and the focus stayed on the button). The same shared notice serves Kontakt, Persönliche
// Daten, Dokumente and Vollmacht (web `SessionEnded.test.tsx`).
import { createCaseFile, signIn } from '../support/caseFile.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { expectFullyInView, expectNoSidewaysScroll, expectWordsWhole, PHONE_SIZES, touchPhone } from '../support/phone.js';

test.use(touchPhone);

test('a questionnaire sent after the session ended on a phone: the notice far above takes the focus and is in view', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/fragebogen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fragebogen' })).toBeVisible();
  await page.getByLabel('Geburtsdatum').fill('1980-05-17');
  await page.getByLabel('Beruf').fill('Lehrerin');
  await page.getByRole('radio', { name: 'Nein' }).check();
  await page.getByLabel('Was ist passiert?').fill('Seit März ist das Schlafzimmer feucht, der Vermieter reagiert nicht.');
  await page.getByRole('radio', { name: 'per E-Mail' }).check();
  const send = page.getByRole('button', { name: 'Fragebogen senden' });
  await send.scrollIntoViewIfNeeded();

  // The session ends on the server (as after 30 minutes idle).
  const loggedOut = await page.evaluate(async () => (await fetch('/api/case-file/logout', { method: 'POST' })).status);
  expect(loggedOut).toBeLessThan(300);
  await send.tap();

  const ended = page.getByRole('alert').filter({ hasText: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.' });
  await expect(ended).toBeFocused();
  // Focus scrolls it into view; the sticky header does not cover it (scroll-padding-top).
  await expect.poll(async () => (await ended.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(56);
  await expectFullyInView(page, ended, 'session-ended notice');
  await expectAccessible(page, 'case-file questionnaire, session ended, phone');
  // Tab goes on to the way out.
  await page.keyboard.press('Tab');
  await expect(ended.getByRole('link', { name: 'Erneut anmelden' })).toBeFocused();
});

test.describe('on a small 320 px phone', () => {
  test.use({ viewport: PHONE_SIZES.narrow });

  test('the session-ended notice keeps its words whole: „Erneut anmelden“ goes below the text, not beside it', async ({ page, server }) => {
    const access = await createCaseFile(server);
    await signIn(page, access);
    await page.goto(`${access.path}/uebersicht/kontakt`);
    await page.getByRole('textbox', { name: 'Betreff' }).fill('Frage zur Kündigung');
    await page.getByRole('textbox', { name: 'Ihre Nachricht' }).fill('Wann bekomme ich Bescheid?');
    const loggedOut = await page.evaluate(async () => (await fetch('/api/case-file/logout', { method: 'POST' })).status);
    expect(loggedOut).toBeLessThan(300);
    await page.getByRole('button', { name: 'Nachricht senden' }).tap();

    const ended = page.getByRole('alert').filter({ hasText: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.' });
    await expect(ended).toBeFocused();
    // Beside the button the text had a column of about 70 px: one word a line, „abgelaufe-n.“ broken in the middle.
    await expectWordsWhole(ended.locator('.ui-alert__message'), 'session-ended notice at 320 px');
    const text = await ended.locator('.ui-alert__message').boundingBox();
    const login = await ended.getByRole('link', { name: 'Erneut anmelden' }).boundingBox();
    expect(login!.y, '„Erneut anmelden“ below the text').toBeGreaterThanOrEqual(text!.y + text!.height - 1);
    await expectNoSidewaysScroll(page, 'session-ended notice at 320 px');
  });
});
