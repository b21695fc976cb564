// WCAG 2.2.1: the digitale Fallakte warns 2 minutes before the idle end of its session, keyboard
// operable and announced, "Sitzung verlängern" asks the server (which restarts its idle timer), and at the end the
// SessionEnded state replaces the screen. The page's clock is driven (installed before the first navigation); no
// real waiting. The server keeps real time, so only the browser's view of the session moves here; the server side
// of the extension is covered in packages/server/test/casefile/sessions.http.test.ts.
import { test, expect, expectAccessible } from '../support/fixtures.js';
import { createCaseFile, signIn } from '../support/caseFile.js';

const MIN = 60_000;

test('the session warning opens in time, extends by keyboard, and the session then ends with the SessionEnded state', async ({ page, server }) => {
  const access = await createCaseFile(server, 'Kündigung der Wohnung');
  await page.clock.install();
  await signIn(page, access);
  const warning = page.getByRole('alertdialog', { name: 'Ihre Sitzung läuft bald ab' });
  const extend = warning.getByRole('button', { name: 'Sitzung verlängern' });

  await test.step('26 minutes of reading: no warning yet; at 27 minutes the warning opens with the focus on "Sitzung verlängern"', async () => {
    await page.clock.runFor(26 * MIN);
    await expect(warning).toBeHidden();
    await page.clock.runFor(MIN + 5_000);
    await expect(warning).toBeVisible();
    await expect(extend).toBeFocused();
    // At least 20 s before the end (here nearly 2 minutes), said once in whole minutes.
    await expect(warning.getByRole('status')).toHaveText(/Ihre Sitzung läuft in 2 Minuten ab/);
    const left = /Verbleibende Zeit: (\d):(\d\d)/.exec((await warning.textContent()) ?? '');
    expect(Number(left?.[1]) * 60 + Number(left?.[2])).toBeGreaterThanOrEqual(20);
    await expectAccessible(page, 'session-expiry warning');
  });

  await test.step('Enter on "Sitzung verlängern" asks the server and closes the warning', async () => {
    const asked = page.waitForResponse((res) => res.url().includes('/api/case-file/authenticated') && res.ok());
    await page.keyboard.press('Enter');
    expect(await (await asked).json()).toEqual({ Value: true });
    await expect(warning).toBeHidden();
    // 26 minutes after the extension still nothing; the next warning comes a full idle period later.
    await page.clock.runFor(26 * MIN);
    await expect(warning).toBeHidden();
  });

  await test.step('Escape extends as well instead of just hiding the warning', async () => {
    await page.clock.runFor(MIN + 5_000);
    await expect(warning).toBeVisible();
    const asked = page.waitForResponse((res) => res.url().includes('/api/case-file/authenticated'));
    await page.keyboard.press('Escape');
    await asked;
    await expect(warning).toBeHidden();
  });

  await test.step('left alone, the warning counts down and the SessionEnded state replaces the screen', async () => {
    await page.clock.runFor(28 * MIN);
    await expect(warning).toBeVisible();
    await page.clock.runFor(MIN + 5_000);
    await expect(warning).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Sitzung abgelaufen' })).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    await expectAccessible(page, 'session ended');
    await page.getByRole('link', { name: 'Erneut anmelden' }).click();
    await expect(page).toHaveURL(new RegExp(`${access.path}(/uebersicht)?$`));
  });
});
