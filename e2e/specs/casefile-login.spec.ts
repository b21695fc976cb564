// Digitale Fallakte: PIN login, lockout, deep link, logout, end pages and the one-file-per-session rule.
import { test, expect, expectAccessible, screenshotBothSizes, PHONE_VIEWPORT, collectConsoleErrors } from '../support/fixtures.js';
import { LOCKED_NAME, createCaseFile, signIn, submitPin, wrongPin } from '../support/caseFile.js';

test.use({ viewport: PHONE_VIEWPORT });

test('the printed demo link opens the PIN login with the phone number part, and the printed PIN opens the overview', async ({ page, server }) => {
  const { caseFile } = server.seed;
  // Opening the link signed out logs no error: the case file asks "signed in?" with 200 { Value: false }, not a 401.
  const consoleErrors = collectConsoleErrors(page);
  await page.goto(new URL(caseFile.url).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  // The known part of the number is a hint outside the PIN field.
  await expect(page.getByText(`Ihre Telefonnummer bei der Kanzlei: ${caseFile.phoneNumberPart}••••.`, { exact: false })).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await expect(page.getByRole('checkbox', { name: /Datenschutzhinweise zur Kenntnis genommen/ })).toBeVisible();
  await expectAccessible(page, 'case-file login');
  await screenshotBothSizes(page, 'casefile-login');
  await submitPin(page, caseFile.pin);
  // Signed in with the keyboard (Enter): focus starts at the new page's heading, not on the document body.
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeFocused();
  await expect(page.getByText('Kündigung des Arbeitsverhältnisses').first()).toBeVisible();
});

test('the PIN field keeps at most four digits and an invalid submit shows the hint and the consent errors', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await page.goto(access.path);
  const pin = page.getByLabel(/PIN \(letzte vier Ziffern/);
  // The phone may offer the PIN as a one-time code, on the numeric keyboard.
  await expect(pin).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await pin.fill('1a2b');
  await expect(pin).toHaveValue('12');
  await pin.fill('12345');
  await expect(pin).toHaveValue('1234');
  await pin.fill('12');
  await pin.press('Enter');
  await expect(pin).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#privacy-error')).toHaveText('Bitte bestätigen Sie, dass Sie die Datenschutzhinweise zur Kenntnis genommen haben.');
  await expect(page.locator('#terms-error')).toBeVisible();
  await expect(pin).toBeFocused();
  // Sent with Enter the focus stays in the field, whose description is not read again: the error is read out as an alert.
  await expect(page.getByRole('alert').filter({ hasText: 'Die PIN besteht aus den letzten vier Ziffern Ihrer Telefonnummer.' })).toBeVisible();
});

test('a wrong PIN shows the not-authenticated error with the attempts left from the first one on; five wrong PINs lock the file with the waiting time', async ({
  page,
  server,
}) => {
  const access = await createCaseFile(server);
  await page.goto(access.path);
  await submitPin(page, wrongPin(access));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN. Sie haben noch 4 Versuche,' }),
  ).toBeVisible();
  // The refusal is read with the field it marks (WCAG 3.3.1), beside the field's hints.
  await expect(page.getByLabel(/PIN \(letzte vier Ziffern/)).toHaveAccessibleDescription(/Die Anmeldung ist fehlgeschlagen\. Bitte prüfen Sie Ihre PIN\./);
  await expect(page.getByLabel(/PIN \(letzte vier Ziffern/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'case-file login with error');
  // Each attempt waits for its own answer: a press while the previous one is still on its way would be ignored.
  const answered = () => page.waitForResponse((response) => response.url().endsWith('/api/case-file/login') && response.request().method() === 'POST');
  for (let attempt = 2; attempt <= 4; attempt += 1) {
    await Promise.all([answered(), submitPin(page, wrongPin(access))]);
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
  }
  // The fifth wrong PIN locks the file, and its answer already says so and for how long.
  await Promise.all([answered(), submitPin(page, wrongPin(access))]);
  const locked = page
    .getByRole('alert')
    .filter({ hasText: /vorübergehend gesperrt\. Sie können es erneut versuchen, sobald die angezeigte Wartezeit abgelaufen ist\./ });
  await expect(locked).toBeVisible();
  await expect(locked).toContainText('Wenn Sie Ihre PIN nicht kennen, wenden Sie sich bitte an Ihre Kanzlei.');
  // One time on screen: the countdown on the disabled button, no fixed „in 15 Minuten“ beside it.
  await expect(page.getByRole('button', { name: LOCKED_NAME })).toBeDisabled();
  // On screen as a clock counts down, without the „Min.“ that read oddly after minutes and seconds.
  await expect(page.getByRole('button', { name: LOCKED_NAME }).locator('[aria-hidden="true"]')).toHaveText(/^Gesperrt – noch 1[45]:\d\d$/);
  await expect(locked).not.toContainText(/\d/);
  // The sixth attempt, even with the right PIN, meets the lock in the browser: nothing is sent to the server.
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/case-file/login') && request.method() === 'POST') sent += 1;
  });
  await submitPin(page, access.pin);
  await page.getByRole('button', { name: /^Gesperrt – noch/ }).click({ force: true });
  await expect(locked).toBeVisible();
  expect(sent).toBe(0);
  await screenshotBothSizes(page, 'casefile-login-locked');
  await expect(page).toHaveURL(access.path);
});

test('a deep link before login is kept and opened once after the login', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await page.goto(`${access.path}/uebersicht/verlauf`);
  await expect(page).toHaveURL(access.path);
  expect(await page.evaluate(() => sessionStorage.getItem('redirectUrl'))).toBe(`${access.path}/uebersicht/verlauf`);
  await submitPin(page, access.pin);
  await expect(page.getByRole('heading', { level: 1, name: 'Verlauf' })).toBeVisible();
  await expect(page).toHaveURL(`${access.path}/uebersicht/verlauf`);
  expect(await page.evaluate(() => sessionStorage.getItem('redirectUrl'))).toBeNull();
  // Signed in already: the login page goes straight to the overview.
  await page.goto(access.path);
  await expect(page).toHaveURL(`${access.path}/uebersicht`);
});

test('logout ends on the logged-out page with a way back; the second login needs no consent again', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(`${access.path}/abmelden`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sie wurden abgemeldet' })).toBeFocused();
  await expectAccessible(page, 'case-file logged out');
  await screenshotBothSizes(page, 'casefile-logged-out');
  // The session is gone on the server: a protected page asks for the PIN again.
  await page.goto(`${access.path}/uebersicht/falldaten`);
  await expect(page).toHaveURL(access.path);
  await page.goto(`${access.path}/abmelden`);
  await page.getByRole('link', { name: 'Erneut anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Datenschutzhinweise zur Kenntnis genommen/ })).toHaveCount(0);
  await submitPin(page, access.pin);
  await expect(page.getByRole('heading', { level: 1, name: 'Falldaten' })).toBeVisible();
});

test('opening the logged-out page directly really ends the session; afterwards the file asks for the PIN', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  // A bookmark, a history entry or a shared link: no logout button was pressed.
  await page.goto(`${access.path}/abmelden`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sie wurden abgemeldet' })).toBeVisible();
  const authenticated = await page.evaluate(
    async (token) => (await (await fetch(`/api/case-file/authenticated?token=${token}`)).json()) as unknown,
    access.token,
  );
  expect(authenticated).toMatchObject({ Value: false });
  await page.goto(`${access.path}/uebersicht/falldaten`);
  await expect(page).toHaveURL(access.path);
  await expect(page.getByLabel(/PIN \(letzte vier Ziffern/)).toBeVisible();
});

test('unknown paths under the file show the end page; an unknown token leads to the landing page', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  for (const path of [`${access.path}/uebersicht/gibt-es-nicht`, `${access.path}/fragebogen/irgendwas`, `${access.path}/gibt-es-nicht/tief`]) {
    // The server says 404 for monitoring and crawlers; the person sees the file's own end page.
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  }
  await expectAccessible(page, 'case-file end page');
  await page.goto('/digitale-fallakte/unbekannter-token-0000000000000000000000000');
  await expect(page).toHaveURL(/\/digitale-fallakte\?link=ungueltig$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre digitale Fallakte' })).toBeVisible();
  // The landing page says why the person is there.
  await expect(page.getByRole('status').filter({ hasText: 'Dieser Link führt zu keiner Fallakte' })).toBeVisible();
  await expectAccessible(page, 'case-file landing after an unknown link');
});

test('the session of one case file does not open another one', async ({ page, server }) => {
  const first = await createCaseFile(server, 'Erste Akte');
  const second = await createCaseFile(server, 'Zweite Akte');
  await signIn(page, first);
  await page.goto(`${second.path}/uebersicht/falldaten`);
  await expect(page).toHaveURL(second.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  const status = await page.evaluate(async (token) => (await fetch(`/api/case-file/${token}/case`)).status, second.token);
  expect(status).toBe(403);
});

test('the public pages of the case file have real German texts', async ({ page }) => {
  for (const [path, heading, sections] of [
    ['/digitale-fallakte/nutzungsbedingungen', 'Nutzungsbedingungen der digitalen Fallakte', 6],
    ['/digitale-fallakte/datenschutz', 'Datenschutzhinweise zur digitalen Fallakte', 6],
    ['/digitale-fallakte/fall-abgeschlossen', 'Ihr Fall ist abgeschlossen', 0],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(sections);
    await expectAccessible(page, path);
  }
});
