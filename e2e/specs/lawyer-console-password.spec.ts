// A lawyer changes the password in the profile with the current one; the console signed in on
// another device is sent to the login at once, the signed-in devices list shows the sessions, and only the new
// password signs in afterwards. The demo lawyer's password is set back at the end for the other journeys.
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { JOURNEY_BROWSER } from '../support/locale.js';
import { announced } from '../support/liveRegion.js';

test.use({ viewport: DESKTOP_VIEWPORT });

const EMAIL = 'markus.hoffmann@demo.rechtschat.de';
const NEW_PASSWORD = 'Wolken ziehen langsam über den Rhein';

/** Signs in over the API and returns the session cookie, or null when the password does not sign in. */
async function apiLogin(chatUrl: string, password: string): Promise<string | null> {
  const login = await fetch(`${chatUrl}api/lawyer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: EMAIL, Password: password }),
  });
  if (login.status !== 200) return null;
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Journeys that ran before in this worker (same server) may have left this lawyer signed in elsewhere; the device list
 * below counts exactly the two devices of this journey, so every earlier session is ended first.
 */
async function endEarlierSessions(chatUrl: string, password: string) {
  const cookie = await apiLogin(chatUrl, password);
  if (cookie === null) return;
  const post = (path: string) => fetch(`${chatUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
  expect((await post('api/lawyer/sessions/end-others')).ok).toBe(true);
  expect((await post('api/lawyer/logout')).ok).toBe(true);
}

async function changePasswordBack(chatUrl: string, from: string, to: string) {
  const login = await fetch(`${chatUrl}api/lawyer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: EMAIL, Password: from }),
  });
  if (login.status !== 200) return;
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const back = await fetch(`${chatUrl}api/lawyer/me/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ CurrentPassword: from, NewPassword: to }),
  });
  expect(back.status).toBe(204);
}

test('a lawyer changes the password and the other device is signed out', async ({ browser, page, server }) => {
  const { password } = server.seed.lawyer;
  const mine = new ConsoleWorkspace(page);
  const otherContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT });
  const other = new ConsoleWorkspace(await otherContext.newPage());
  try {
    await test.step('signed in on two devices', async () => {
      await endEarlierSessions(server.chatUrl, password);
      for (const device of [other, mine]) {
        await device.open(server.webUrl);
        await device.login(EMAIL, password);
        // The workspace is there; which view it opens depends on chats an earlier journey left this lawyer.
        await expect(device.tab('Profil')).toBeVisible();
      }
    });

    await test.step('the profile lists both sessions and is accessible', async () => {
      await mine.tab('Profil').click();
      const devices = page.getByRole('list', { name: 'Angemeldete Geräte' });
      await expect(devices.getByRole('listitem')).toHaveCount(2);
      await expect(devices.getByRole('listitem').filter({ hasText: 'Dieses Gerät' })).toHaveCount(1);
      // Both contexts are the journeys' Chromium on Linux, named from their User-Agent.
      await expect(devices.getByRole('listitem').filter({ hasText: 'Chrome unter Linux' })).toHaveCount(2);
      await expect(page.getByRole('textbox', { name: 'Aktuelles Passwort' })).toHaveAttribute('autocomplete', 'current-password');
      await expectAccessible(page, 'console profile with account security');
    });

    await test.step('a wrong current password is refused at its field', async () => {
      await page.getByRole('textbox', { name: 'Aktuelles Passwort' }).fill('falsch-falsch');
      await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill(NEW_PASSWORD);
      await mine.button('Passwort ändern').click();
      await expect(page.getByRole('textbox', { name: 'Aktuelles Passwort' })).toHaveAccessibleDescription('Das aktuelle Passwort ist nicht korrekt.');
      await expect(page.getByRole('textbox', { name: 'Aktuelles Passwort' })).toBeFocused();
    });

    await test.step('the change ends the other session, this one continues', async () => {
      await page.getByRole('textbox', { name: 'Aktuelles Passwort' }).fill(password);
      await mine.button('Passwort ändern').click();
      await expect(page.getByText('Ihr Passwort wurde geändert. Alle anderen Anmeldungen wurden beendet.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Angemeldete Geräte' }).getByRole('listitem')).toHaveCount(1);
      await expect(other.page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible({ timeout: 20_000 });
      // It says why, not merely "Ihre Sitzung ist abgelaufen".
      await expect(
        other.page.getByText('Ihre Anmeldung auf diesem Gerät wurde beendet: Ihr Passwort wurde geändert oder die Anmeldung auf einem anderen Gerät beendet.', {
          exact: false,
        }),
      ).toBeVisible();
      // This console is still connected under its new session.
      await mine.tab(/Warteschlange/).click();
      await expect(mine.queue).toBeVisible();
      await expect(page.getByText('Keine Verbindung zum Chat-Server', { exact: false })).toHaveCount(0, { timeout: 10_000 });
    });

    await test.step('only the new password signs in', async () => {
      await other.login(EMAIL, password);
      await expect(announced(other.page, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
      await other.page.getByLabel('Passwort', { exact: false }).fill(NEW_PASSWORD);
      await other.button('Anmelden').click();
      await expect(other.tab('Profil')).toBeVisible();
    });
  } finally {
    await otherContext.close();
    await changePasswordBack(server.chatUrl, NEW_PASSWORD, password);
  }
});
