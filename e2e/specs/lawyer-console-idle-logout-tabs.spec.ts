// The console's idle logout across two tabs of one browser, which share the session (a cookie): the lawyer's activity
// in one tab counts in the other, so the warning open there closes and that tab does not sign out the session under
// the lawyer's work; „Abmelden“ in one tab sends the other to the login at once, saying why, without a second logout
// request. The context's clock is driven for both pages (installed before the first navigation); no real waiting.
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, test } from '../support/fixtures.js';

test.use({ viewport: DESKTOP_VIEWPORT });

const MIN = 60_000;

test('activity in one console tab keeps the other signed in, and a sign-out in one tab reaches the other', async ({ page, server }) => {
  await page.clock.install();
  const tabA = new ConsolePage(page);
  await tabA.open(server.webUrl);
  await tabA.login(server.seed.lawyer.email, server.seed.lawyer.password);
  await expect(page.getByRole('tab', { name: /Warteschlange/ })).toBeVisible();
  // The second tab of the same browser finds the session of the first.
  const other = await page.context().newPage();
  await other.goto(`${server.webUrl}/konsole/`);
  await expect(other.getByRole('tab', { name: /Warteschlange/ })).toBeVisible();
  const logouts: string[] = [];
  page.context().on('request', (request) => {
    if (request.url().endsWith('/api/lawyer/logout')) logouts.push(request.url());
  });
  const warningIn = (p: typeof page) => p.getByRole('alertdialog', { name: 'Abmeldung wegen Inaktivität' });

  await test.step('both tabs warn at 27 minutes; „Angemeldet bleiben“ in the second closes the warning in the first', async () => {
    await page.clock.runFor(27 * MIN + 5_000);
    await expect(warningIn(page)).toBeVisible();
    await expect(warningIn(other)).toBeVisible();
    const asked = other.waitForResponse((res) => res.url().endsWith('/api/lawyer/whoami') && res.ok());
    await warningIn(other).getByRole('button', { name: 'Angemeldet bleiben' }).click();
    await asked;
    await expect(warningIn(other)).toBeHidden();
    await expect(warningIn(page)).toBeHidden();
  });

  await test.step('the first tab, untouched, does not sign out at its own 29 minutes', async () => {
    await page.clock.runFor(5 * MIN);
    await expect(warningIn(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
    expect(logouts).toEqual([]);
  });

  await test.step('„Abmelden“ in the second tab sends the first to the login at once, saying why', async () => {
    await new ConsolePage(other).signOut();
    await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
    await expect(
      page.getByText('Sie haben sich in einem anderen Tab dieses Browsers abgemeldet. Bitte melden Sie sich erneut an, um weiterzuarbeiten.'),
    ).toBeVisible();
    await page.clock.runFor(30 * MIN);
    expect(logouts).toHaveLength(1);
  });
});
