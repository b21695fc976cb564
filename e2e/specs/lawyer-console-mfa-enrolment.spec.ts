// With LAWYER_MFA=required the password alone opens no console. A lawyer without a second factor sets it
// up at the login (QR code or the secret by hand, then the first code), sees the recovery codes once, and from then on
// signs in with a fresh code – or, without the authenticator, once with each recovery code.
// This file runs its own server with the factor mandatory.
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible } from '../support/fixtures.js';
import { testWithOwnMfaServer } from '../support/mfaEnrolment.js';
import { authenticatorCode } from '../support/totp.js';
import { announced } from '../support/liveRegion.js';

const test = testWithOwnMfaServer();

test.use({ viewport: DESKTOP_VIEWPORT });

test('a lawyer without a second factor sets it up at the login, keeps the recovery codes and signs in with a fresh code or one of them', async ({
  page,
  mfaServer,
}) => {
  const { email, password } = mfaServer.seed.lawyer;
  const lawyer = new ConsolePage(page);
  const heading = page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' });
  let secret = '';
  let recoveryCodes: string[] = [];

  await test.step('the password leads to the set-up screen, not into the console', async () => {
    await lawyer.open(mfaServer.webUrl);
    await lawyer.login(email, password);
    await expect(heading).toBeFocused();
    await expect(page.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' })).toBeVisible();
    await expect(lawyer.queue).toHaveCount(0);
    const whoami = await page.request.get(`${mfaServer.chatUrl}api/lawyer/whoami`);
    expect(await whoami.json()).toBeNull();
    const shown = await page.getByRole('textbox', { name: 'Schlüssel für die manuelle Eingabe' }).inputValue();
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    secret = shown.replace(/\s/g, '');
    await expectAccessible(page, 'console MFA enrolment');
  });

  await test.step('a wrong code is refused in German, the current code opens the console', async () => {
    const code = page.getByRole('textbox', { name: 'Sechsstelliger Code aus der App' });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    const wrong = authenticatorCode(secret) === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await code.press('Enter');
    await expect(announced(page, 'Der Code ist nicht korrekt.')).toBeVisible();
    await code.fill(authenticatorCode(secret));
    await lawyer.button('Einrichten und anmelden').click();
    // The console opens behind the modal dialog with the recovery codes.
    await expect(page.getByRole('dialog', { name: 'Wiederherstellungscodes' })).toBeVisible();
  });

  await test.step('the recovery codes are shown once and the dialog closes only after confirming they are saved', async () => {
    const dialog = page.getByRole('dialog', { name: 'Wiederherstellungscodes' });
    await expect(dialog.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await dialog.getByRole('listitem').allTextContents();
    for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await expectAccessible(page, 'console recovery codes dialog');
    await expect(dialog.getByRole('button', { name: 'Fertig' })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Ich habe die Wiederherstellungscodes sicher gespeichert.' }).check();
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(lawyer.queue).toBeVisible();
  });

  await test.step('after logging out, the next login needs password and a fresh code', async () => {
    await lawyer.signOut();
    await lawyer.login(email, password);
    await expect(announced(page, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
    // The set-up code was used once; the next time step's code is still inside the accepted window.
    await page.getByRole('textbox', { name: 'Bestätigungscode' }).fill(authenticatorCode(secret, Date.now() + 30_000));
    await lawyer.button('Anmelden').click();
    await expect(lawyer.queue).toBeVisible();
    await expect(heading).toHaveCount(0);
  });

  await test.step('without the authenticator, a recovery code signs in once and the console says how many are left', async () => {
    await lawyer.signOut();
    await page.getByRole('button', { name: 'Kein Zugriff auf die Authenticator-App? Wiederherstellungscode verwenden' }).click();
    await page.getByRole('textbox', { name: 'Wiederherstellungscode' }).fill(recoveryCodes[0]!.toLowerCase());
    await lawyer.login(email, password);
    await expect(page.getByRole('status').filter({ hasText: 'Es bleiben noch 9 unbenutzte Codes.' })).toBeVisible();
    await expect(lawyer.queue).toBeVisible();
  });
});
