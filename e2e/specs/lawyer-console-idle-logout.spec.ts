// SECURITY.md C5 / WCAG 2.2.1 in the console: two minutes before the idle logout an alert dialog opens, keyboard
// operable and announced; „Angemeldet bleiben“ asks the server (whoami, which refreshes its idle timer), and left alone
// the console signs out and the login says why. The page's clock is driven (installed before the first navigation);
// no real waiting. The console's own minute-by-minute re-reads run meanwhile and do not count as the lawyer's activity.
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';

test.use({ viewport: DESKTOP_VIEWPORT });

const MIN = 60_000;

test('the console warns before the idle logout, stays signed in by keyboard, and then says why the lawyer was signed out', async ({ page, server }) => {
  await page.clock.install();
  const lawyer = new ConsolePage(page);
  await lawyer.open(server.webUrl);
  await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
  await expect(page.getByRole('tab', { name: /Warteschlange/ })).toBeVisible();
  const warning = page.getByRole('alertdialog', { name: 'Abmeldung wegen Inaktivität' });
  const stay = warning.getByRole('button', { name: 'Angemeldet bleiben' });

  await test.step('26 idle minutes: no warning; at 27 the warning opens with the focus on „Angemeldet bleiben“', async () => {
    await page.clock.runFor(26 * MIN);
    await expect(warning).toBeHidden();
    await page.clock.runFor(MIN + 5_000);
    await expect(warning).toBeVisible();
    await expect(stay).toBeFocused();
    await expect(warning.getByRole('status')).toHaveText('Sie werden in 2 Minuten wegen Inaktivität abgemeldet.');
    await expectAccessible(page, 'idle logout warning');
  });

  await test.step('Enter on „Angemeldet bleiben“ asks the server and closes the warning', async () => {
    const asked = page.waitForResponse((res) => res.url().endsWith('/api/lawyer/whoami') && res.ok());
    await page.keyboard.press('Enter');
    expect(((await (await asked).json()) as { Email: string }).Email).toBe(server.seed.lawyer.email);
    await expect(warning).toBeHidden();
    await page.clock.runFor(26 * MIN);
    await expect(warning).toBeHidden();
  });

  await test.step('left alone, the console signs out and the login says why', async () => {
    await page.clock.runFor(MIN + 5_000);
    await expect(warning).toBeVisible();
    const loggedOut = page.waitForResponse((res) => res.url().endsWith('/api/lawyer/logout'));
    await page.clock.runFor(2 * MIN);
    await loggedOut;
    await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
    await expect(page.getByText('Sie wurden nach 30 Minuten ohne Aktivität abgemeldet. Bitte melden Sie sich erneut an.')).toBeVisible();
    await expectAccessible(page, 'login after the idle logout');
  });
});
