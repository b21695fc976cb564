// Team administration with LAWYER_MFA=required (its own server): the invitee sets up the account by the link and the
// second factor at the first login; the administrator changes the invitee's role with the keyboard only, then resets
// the invitee's second factor and password – the reset
// link is mailed (no password shown), the invitee's console ends, the new password works and the login sets up the
// second factor again.
import { randomUUID } from 'node:crypto';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible } from '../support/fixtures.js';
import { enrolSecondFactor, testWithOwnMfaServer } from '../support/mfaEnrolment.js';
import { mailsTo } from '../support/outbox.js';
import { announced } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

const test = testWithOwnMfaServer();

test.use({ viewport: DESKTOP_VIEWPORT });

test('with the second factor required, an invitee sets it up at the first login; the administrator resets it and the password by a mailed link', async ({
  page,
  browser,
  mfaServer,
}) => {
  test.setTimeout(240_000);
  const invitee = `mfa-${randomUUID().slice(0, 8)}@example.org`;
  const admin = new ConsolePage(page);
  const firstPassword = 'Sieben Brücken über die Spree';
  const secondPassword = 'Acht Fähren über die Havel';
  let link = '';

  await test.step('the administrator signs in with the second factor and opens the team by its address', async () => {
    await admin.open(mfaServer.webUrl);
    await admin.login(mfaServer.seed.lawyer.email, mfaServer.seed.lawyer.password);
    await enrolSecondFactor(page);
    await page.goto(`${mfaServer.webUrl}/konsole/verwaltung/team`);
    await expect(page.getByRole('heading', { name: 'Team', level: 2 })).toBeVisible();
    const me = page.getByRole('row').filter({ hasText: mfaServer.seed.lawyer.email });
    await expect(me).toContainText('Authenticator-App');
  });

  await test.step('the administrator invites, the invitation is mailed', async () => {
    await page.getByRole('button', { name: 'Kollegin oder Kollegen einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    await dialog.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(invitee);
    await dialog.getByRole('button', { name: 'Einladen' }).click();
    link = await dialog.getByRole('textbox', { name: 'Einladungslink' }).inputValue();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect.poll(() => mailsTo(mfaServer.dataDir, invitee).some((mail) => mail.includes(link))).toBe(true);
  });

  const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT });
  const inviteePage = await context.newPage();
  const colleague = new ConsolePage(inviteePage);
  try {
    await test.step('the invitee sets name, phone and password, then sets up the second factor at the first login', async () => {
      await inviteePage.goto(link);
      await inviteePage.getByRole('textbox', { name: /Ihr Name/ }).fill('Nina Neumann');
      await inviteePage.getByRole('textbox', { name: /Telefonnummer/ }).fill('030 1234568');
      await inviteePage.getByLabel(/^Passwort\s*\*?$/).fill(firstPassword);
      await inviteePage.getByLabel(/^Passwort wiederholen/).fill(firstPassword);
      await inviteePage.getByRole('button', { name: 'Speichern' }).click();
      await expect(inviteePage.getByText(/Ist die Zwei-Faktor-Anmeldung noch nicht eingerichtet/)).toBeVisible();
      await inviteePage.getByRole('link', { name: 'Zur Anmeldung' }).click();
      await colleague.login(invitee, firstPassword);
      await enrolSecondFactor(inviteePage);
      await expect(inviteePage.getByText('Angemeldet als Nina Neumann')).toBeVisible();
      await expect(colleague.queue).toBeVisible();
    });

    await test.step('the administrator makes the invitee an administrator with the keyboard only', async () => {
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: invitee });
      const actions = row.getByRole('button', { name: 'Aktionen für Nina Neumann' });
      await actions.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Rolle ändern' })).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Rolle von Nina Neumann ändern' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('radio', { name: 'Anwältin/Anwalt' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(dialog.getByRole('radio', { name: 'Administration' })).toBeChecked();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Rolle speichern' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Die Rolle von Nina Neumann ist jetzt: Administration.' })).toBeVisible();
      await expect(row).toContainText('Administration');
      await expect(actions).toBeFocused();
    });

    await test.step("the administrator sees the invitee's second factor and resets it after confirming", async () => {
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: invitee });
      await expect(row).toContainText('Authenticator-App');
      await row.getByRole('button', { name: 'Aktionen für Nina Neumann' }).click();
      await page.getByRole('menuitem', { name: 'Zweiten Faktor zurücksetzen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Zweiten Faktor von Nina Neumann zurücksetzen' });
      await expectAccessible(page, 'reset second factor dialog');
      await dialog.getByRole('button', { name: 'Zurücksetzen' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Der zweite Faktor von Nina Neumann ist zurückgesetzt.' })).toBeVisible();
      await expect(row).toContainText('nicht eingerichtet');
    });

    await test.step('the administrator resets the password: no password shown, the link (only in the outbox: no mail server) to pass on, the console ends', async () => {
      const row = page.getByRole('row').filter({ hasText: invitee });
      await row.getByRole('button', { name: 'Aktionen für Nina Neumann' }).click();
      await page.getByRole('menuitem', { name: 'Passwort zurücksetzen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Passwort von Nina Neumann zurücksetzen' });
      await dialog.getByRole('button', { name: 'Link verschicken' }).click();
      await expect(
        dialog.getByText(`Der Link zum Festlegen eines neuen Passworts wurde nicht an ${invitee} verschickt, weil kein Mailserver eingerichtet ist.`, {
          exact: false,
        }),
      ).toBeVisible();
      const shown = await dialog.getByRole('textbox', { name: 'Link zum Festlegen des Passworts' }).inputValue();
      await dialog.getByRole('button', { name: 'Schließen' }).click();
      await expect(page.getByRole('status').filter({ hasText: `wurde nicht an ${invitee} verschickt, weil kein Mailserver eingerichtet ist;` })).toBeVisible();
      // The second mail to the invitee (the subject has an umlaut and is encoded): a link other than the invitation's.
      await expect.poll(() => mailsTo(mfaServer.dataDir, invitee).filter((mail) => !mail.includes(link)).length).toBe(1);
      expect(mailsTo(mfaServer.dataDir, invitee).find((mail) => !mail.includes(link))).toContain(shown);
      await expect(inviteePage.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
    });

    await test.step('the mailed reset link sets the new password; the login sets up the second factor again', async () => {
      const mail = mailsTo(mfaServer.dataDir, invitee).find((m) => !m.includes(link)) ?? '';
      const resetLink = /(https?:\/\/\S+\/konsole\/zugang#[A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? '';
      expect(resetLink).not.toBe('');
      await inviteePage.goto(resetLink);
      await expect(inviteePage.getByText('Bitte legen Sie ein neues Passwort fest.')).toBeVisible();
      await expect(inviteePage.getByRole('textbox', { name: /Ihr Name/ })).toHaveCount(0);
      await expectAccessible(inviteePage, 'password reset link');
      await inviteePage.getByLabel(/^Passwort\s*\*?$/).fill(secondPassword);
      await inviteePage.getByLabel(/^Passwort wiederholen/).fill(secondPassword);
      await inviteePage.getByRole('button', { name: 'Speichern' }).click();
      await inviteePage.getByRole('link', { name: 'Zur Anmeldung' }).click();
      await colleague.login(invitee, firstPassword);
      await expect(announced(inviteePage, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
      await colleague.login(invitee, secondPassword);
      await enrolSecondFactor(inviteePage);
      await expect(colleague.queue).toBeVisible();
    });
  } finally {
    await context.close();
  }
});
