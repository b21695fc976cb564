// The phishing-resistant second factor: a lawyer adds a passkey in the profile and signs in with password and
// passkey. Chromium's virtual authenticator (CDP WebAuthn domain) stands in for Windows Hello or a security key; the
// console runs on http://localhost, a secure context whose host name is the rp id the server derives from WEB_ORIGINS.
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { lawyerSessionCookie } from '../support/lawyerSession.js';
import { announced } from '../support/liveRegion.js';

test.use({ viewport: DESKTOP_VIEWPORT });

/** The lawyer API with a session of its own (password only, taken before the passkey exists), for the clean-up. */
async function lawyerApi(chatUrl: string, email: string, password: string) {
  const cookie = await lawyerSessionCookie(chatUrl, email, password);
  return (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    fetch(`${chatUrl}${path}`, {
      method,
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

test('a lawyer adds a passkey in the profile and signs in with password and passkey', async ({ page, server }) => {
  // The demo data's second lawyer, so the journeys that use the first one stay without a second factor.
  const email = 'markus.hoffmann@demo.rechtschat.de';
  const { password } = server.seed.lawyer;
  const api = await lawyerApi(server.chatUrl, email, password);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  const lawyer = new ConsoleWorkspace(page);
  try {
    await test.step('signed in with the password, the lawyer adds a passkey in the profile', async () => {
      await lawyer.open(server.webUrl);
      await lawyer.login(email, password);
      await lawyer.tab('Profil').click();
      await lawyer.button('Passkey oder Sicherheitsschlüssel hinzufügen').click();
      const name = page.getByRole('textbox', { name: 'Name des Schlüssels' });
      await expect(name).toBeFocused();
      await expect(name).toHaveValue('Sicherheitsschlüssel');
      await name.fill('Laptop-Passkey');
      await page.getByLabel('Ihr aktuelles Passwort').fill(password);
      await lawyer.button('Weiter').click();
      await expect(page.getByText('„Laptop-Passkey“ ist hinzugefügt. Sie können sich jetzt damit anmelden.')).toBeVisible();
      const passkeys = page.getByRole('list', { name: 'Passkeys und Sicherheitsschlüssel' });
      await expect(passkeys.getByRole('listitem')).toHaveCount(1);
      await expect(passkeys.getByRole('listitem')).toContainText(/Laptop-Passkey.*Hinzugefügt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} · noch nicht verwendet/);
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      await expectAccessible(page, 'console profile with a passkey');
    });

    await test.step('after signing out, the password alone no longer opens the console', async () => {
      await lawyer.signOut();
      await lawyer.login(email, password);
      await expect(announced(page, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
      await expectAccessible(page, 'console login with the passkey button');
    });

    await test.step('password and passkey sign the lawyer in', async () => {
      await lawyer.button('Mit Passkey oder Sicherheitsschlüssel anmelden').click();
      await expect(lawyer.tab('Profil')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeHidden();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials[0]?.signCount).toBeGreaterThan(0);
      await lawyer.tab('Profil').click();
      await expect(page.getByRole('list', { name: 'Passkeys und Sicherheitsschlüssel' }).getByRole('listitem')).toContainText('zuletzt verwendet am');
    });

    await test.step('removing the passkey asks for the password first', async () => {
      await lawyer.button('„Laptop-Passkey“ entfernen').click();
      const dialog = page.getByRole('dialog', { name: 'Passkey oder Sicherheitsschlüssel entfernen?' });
      await dialog.getByLabel('Ihr aktuelles Passwort').fill('Nicht-das-Passwort-1');
      await dialog.getByRole('button', { name: 'Entfernen' }).click();
      await expect(announced(dialog, 'Das Passwort ist nicht korrekt.')).toBeVisible();
      await expectAccessible(page, 'passkey removal asking for the password');
      await dialog.getByLabel('Ihr aktuelles Passwort').fill(password);
      await dialog.getByRole('button', { name: 'Entfernen' }).click();
      await expect(page.getByText('„Laptop-Passkey“ ist entfernt.')).toBeVisible();
      await expect(page.getByText('Sie haben noch keinen Passkey oder Sicherheitsschlüssel hinzugefügt.')).toBeVisible();
    });
  } finally {
    // Later journeys sign this lawyer in with the password alone and count the lawyer's devices: the passkey and
    // every session of this journey must go again.
    const listed = (await (await api('GET', 'api/lawyer/webauthn/credentials')).json()) as { Id: string }[];
    for (const passkey of listed)
      expect((await api('DELETE', `api/lawyer/webauthn/credentials/${passkey.Id}`, { CurrentPassword: password })).status).toBe(204);
    expect((await api('POST', 'api/lawyer/sessions/end-others')).status).toBe(200);
    expect((await api('POST', 'api/lawyer/logout')).status).toBe(204);
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  }
});
