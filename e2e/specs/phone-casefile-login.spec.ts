// On a touch phone: the attempts left from the second wrong PIN, the firm's phone and e-mail on the
// login page, a disabled "Anmelden" with a countdown while locked (also after a reload), and the known part of the
// phone number as a hint outside the PIN field – at 390 × 844, 320 × 568 and in landscape, axe-clean; a wrong PIN
// tapped in with „Anmelden“ below the consents shows its message on screen; after the login the phone's back button
// leaves the case file instead of showing the login again.
import { LOCKED_NAME, createCaseFile, signIn, submitPin, wrongPin } from '../support/caseFile.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { ANDROID_360, PHONE_SIZES, expectNoSidewaysScroll, expectTapTargets, touchPhone } from '../support/phone.js';

test.use(touchPhone);

test('PIN lockout on a phone: attempts left, the firm to call, a counted-down lock', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await page.goto(access.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  const pin = page.getByLabel(/PIN \(letzte vier Ziffern/);
  // The known part of the number is a hint beside the field, not a value inside it.
  await expect(pin).toHaveValue('');
  // The number stays on one line (no-break spaces) and ends in the PIN's four places.
  await expect(page.getByText(/^Ihre Telefonnummer bei der Kanzlei: \+49\u00a0151\u00a0•••\u00a0\d\d••••\./)).toBeVisible();
  await expect(pin).toHaveAttribute('aria-describedby', /pin-prefix/);
  // A PIN pasted from an SMS with spaces keeps its four digits (a maxlength attribute had cut " 12 34 " to " 12 ").
  await pin.fill(' 12 34 ');
  await expect(pin).toHaveValue('1234');
  await pin.fill('');
  // The way out is on the page before anything goes wrong.
  const help = page.getByRole('region', { name: /Sie kennen Ihre PIN nicht/ });
  await expect(help.getByRole('link', { name: '+49 30 1234567' })).toHaveAttribute('href', 'tel:+49301234567');
  await expect(help.getByRole('link', { name: 'mandantenservice@kanzlei-muster.example' })).toHaveAttribute(
    'href',
    'mailto:mandantenservice@kanzlei-muster.example',
  );

  const alert = page.locator('.casefile-login [aria-live="assertive"]');
  await submitPin(page, wrongPin(access));
  // From the first wrong PIN on the attempts left and the lock: five allowed, so four after the first.
  await expect(alert).toHaveText(
    'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN. Sie haben noch 4 Versuche, danach wird die Anmeldung für 15 Minuten gesperrt.',
  );
  // The field has the focus again, ready for the next try.
  await expect(pin).toBeFocused();
  await submitPin(page, wrongPin(access));
  await expect(alert).toContainText('Sie haben noch 3 Versuche, danach wird die Anmeldung für 15 Minuten gesperrt.');
  // Each answer is awaited, as a person reads it: an Enter while the last try is still being checked is ignored.
  await submitPin(page, wrongPin(access));
  await expect(alert).toContainText('Sie haben noch 2 Versuche,');
  await submitPin(page, wrongPin(access));
  await expect(alert).toContainText('Sie haben noch 1 Versuch,');
  await submitPin(page, wrongPin(access));
  // The one time shown is the countdown; the message points to it instead of a fixed „in 15 Minuten“.
  await expect(alert).toContainText('sobald die angezeigte Wartezeit abgelaufen ist');
  await expect(alert).not.toContainText(/\d/);
  const locked = page.getByRole('button', { name: LOCKED_NAME });
  await expect(locked).toBeDisabled();
  await expectAccessible(page, 'case-file login locked, phone');

  for (const [name, size] of Object.entries(PHONE_SIZES)) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page, `locked login ${name}`);
    await expectTapTargets(page.locator('.casefile-login-help a, .casefile-login button[type="submit"], #pin'), `locked login ${name}`);
  }

  // A reload keeps the lock and its countdown: the page asks the server, not its own memory.
  await page.reload();
  await expect(page.getByRole('button', { name: LOCKED_NAME })).toBeDisabled();
  await expect(alert).toContainText('Zu viele Fehlversuche');
  await expect(page.getByRole('region', { name: /Sie kennen Ihre PIN nicht/ })).toBeVisible();
});

test('a wrong PIN sent with „Anmelden“ below the consents: the attempts left are on screen above the field', async ({ page, server }) => {
  // The first login of a file shows both consents, so on a 360 × 740 phone „Anmelden“ is below the fold: the person
  // scrolls down and taps it. The refused PIN's field took the focus back and the browser scrolled it to the top edge –
  // the message with the attempts left stood above it, off screen, and only the field's hint showed in red.
  await page.setViewportSize(ANDROID_360);
  const access = await createCaseFile(server);
  await page.goto(access.path);
  const pin = page.getByLabel(/PIN \(letzte vier Ziffern/);
  await pin.fill(wrongPin(access));
  await page.getByRole('checkbox', { name: /Datenschutzhinweise zur Kenntnis genommen/ }).tap();
  await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).tap();
  await page.getByRole('button', { name: 'Anmelden', exact: true }).tap();
  const alert = page.getByRole('alert').filter({ hasText: 'Sie haben noch 4 Versuche' });
  await expect(alert).toBeVisible();
  await expect(pin).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(pin).toBeInViewport({ ratio: 1 });
});

test("the phone's back button after the login: from a page of the file to the overview, then out of the case file", async ({ page, server }) => {
  // The login used to stay in the history below the overview: the back button opened it again, it found the session and
  // sent the person straight back to the overview – the first press seemed to do nothing, the second left.
  await page.setViewportSize(ANDROID_360);
  const access = await createCaseFile(server);
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await signIn(page, access);
  await page.getByRole('link', { name: 'Unterlagen zu Ihrem Fall hochladen' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page).toHaveURL(/\/impressum$/);
  // Forward again: the case file, still signed in, without the PIN asked once more.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
});
