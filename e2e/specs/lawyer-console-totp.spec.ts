// The console login with a second factor: a lawyer who enrolled TOTP needs the code from the authenticator app.
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { lawyerSessionCookie } from '../support/lawyerSession.js';
import { authenticatorCode } from '../support/totp.js';
import { announced } from '../support/liveRegion.js';

test.use({ viewport: DESKTOP_VIEWPORT });

/** The lawyer API with one lawyer's session cookie, for enrolling and removing the factor. */
async function lawyerApi(chatUrl: string, email: string, password: string) {
  const cookie = await lawyerSessionCookie(chatUrl, email, password);
  return (path: string, body: unknown = {}) =>
    fetch(`${chatUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
}

test('a lawyer with a second factor signs in to the console with the code from the authenticator app', async ({ page, server }) => {
  // The demo data's second lawyer, so the journeys that use the first one stay without a second factor.
  const email = 'markus.hoffmann@demo.rechtschat.de';
  const { password } = server.seed.lawyer;
  const post = await lawyerApi(server.chatUrl, email, password);
  const setup = (await (await post('api/lawyer/totp/setup', { CurrentPassword: password })).json()) as { Secret: string };
  // Every code works once: enrol with the previous step's code (inside the ±1 window), sign in with the current
  // one and switch the factor off with the next one – no journey has to wait for the clock.
  // The answer carries the recovery codes (shown once); this journey signs in with the authenticator.
  expect((await post('api/lawyer/totp/confirm', { Code: authenticatorCode(setup.Secret, Date.now() - 30_000) })).status).toBe(200);
  const lawyer = new ConsolePage(page);
  try {
    await test.step('the password alone is refused in German', async () => {
      await lawyer.open(server.webUrl);
      await expect(page.getByRole('textbox', { name: 'Bestätigungscode' })).toHaveAttribute('autocomplete', 'one-time-code');
      await expectAccessible(page, 'console login with code field');
      await lawyer.login(email, password);
      await expect(announced(page, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
    });

    await test.step('with the current code the console opens', async () => {
      await page.getByRole('textbox', { name: 'Bestätigungscode' }).fill(authenticatorCode(setup.Secret));
      await lawyer.button('Anmelden').click();
      // The workspace's navigation, not the queue panel: a chat this lawyer holds from an earlier journey may open first.
      await expect(page.getByRole('tab', { name: /Warteschlange/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeHidden();
    });
  } finally {
    expect((await post('api/lawyer/totp/disable', { Code: authenticatorCode(setup.Secret, Date.now() + 30_000) })).status).toBe(204);
  }
});
