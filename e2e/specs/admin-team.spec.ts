// Team administration in the console (verwaltung/team): the administrator invites a colleague; the journey's server has
// no mail relay (no SMTP_URL), so the dialog says the invitation was not sent but lies in the server's outbox folder and
// offers the link to copy and pass on; the invitee opens its link (/konsole/zugang#token), sets name and password and signs in –
// the administrator's open team screen shows the sign-in once its window is in front again, without a reload; the
// administrator opens the deactivation while the invitee has nothing open, the invitee then accepts a chat, and the
// refused deactivation says that work arrived meanwhile and asks who takes over – their console ends at once and their
// login is refused. A plain lawyer sees no administration and "Keine Berechtigung" on its addresses.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ChatPage } from '../support/chatPage.js';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { mailsTo } from '../support/outbox.js';
import { expectNoSidewaysScroll, expectWordsWhole } from '../support/phone.js';
import { announced } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

const PLAIN_LAWYER = 'markus.hoffmann@demo.rechtschat.de';
const INVITEE_PASSWORD = 'Sieben Brücken über die Spree';

test('an administrator invites a colleague, who sets up the account by the mailed link; deactivated, their console ends and their login is refused', async ({
  page,
  browser,
  server,
}) => {
  // Four people in four browser contexts on a 2-core machine.
  test.setTimeout(240_000);
  // The copy button writes to the clipboard, which a headless browser allows only with the permission.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.webUrl });
  const invitee = `kollegin-${randomUUID().slice(0, 8)}@example.org`;
  const admin = new ConsolePage(page);
  let link = '';
  let invitationShown = '';

  await test.step('the administrator invites by e-mail and role; without a mail server the dialog says so and offers the link to copy', async () => {
    await admin.open(server.webUrl);
    await admin.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/konsole\/verwaltung\/team$/);
    await expect(page.getByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' })).toContainText('Markus Hoffmann');
    // The whole table fits the desktop card: no column (the actions) hides behind a sideways scroll.
    const region = page.getByRole('region', { name: 'Anwältinnen und Anwälte der Kanzlei' });
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'team');
    await page.getByRole('button', { name: 'Kollegin oder Kollegen einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    await expect(dialog.getByRole('textbox', { name: /E-Mail-Adresse/ })).toBeFocused();
    await dialog.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(invitee);
    await expectAccessible(page, 'invite dialog');
    await dialog.getByRole('button', { name: 'Einladen' }).click();
    await expect(
      dialog.getByRole('status').filter({
        hasText: `Die Einladung an ${invitee} wurde nicht verschickt, weil kein Mailserver eingerichtet ist. Sie liegt im Postausgang-Ordner des Servers; geben Sie den Link bitte selbst weiter:`,
      }),
    ).toBeVisible();
    await expect(dialog.getByText('ist verschickt')).toHaveCount(0);
    const shown = await dialog.getByRole('textbox', { name: 'Einladungslink' }).inputValue();
    expect(shown).toMatch(/\/konsole\/zugang#[A-Za-z0-9_-]{43}$/);
    invitationShown = shown;
    await expectAccessible(page, 'invitation in the outbox');
    // The copy button by keyboard: the copy is announced, and the clipboard holds the link.
    await dialog.getByRole('button', { name: 'Link kopieren' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status').filter({ hasText: 'Der Link ist kopiert.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `Die Einladung an ${invitee} wurde nicht verschickt, weil kein Mailserver eingerichtet ist;` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Team' })).toContainText(`${invitee} (Anwältin/Anwalt)`);
  });

  await test.step('an invitation to a mistyped address is withdrawn: its link stops working', async () => {
    const typo = invitee.replace('@example.org', '@exmaple.org');
    await page.getByRole('button', { name: 'Kollegin oder Kollegen einladen' }).click();
    const invite = page.getByRole('dialog', { name: 'Kollegin oder Kollegen einladen' });
    await invite.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(typo);
    await invite.getByRole('button', { name: 'Einladen' }).click();
    const typoLink = await invite.getByRole('textbox', { name: 'Einladungslink' }).inputValue();
    await invite.getByRole('button', { name: 'Schließen' }).click();
    await page.getByRole('button', { name: `Einladung an ${typo} zurückziehen` }).click();
    const dialog = page.getByRole('dialog', { name: `Einladung an ${typo} zurückziehen` });
    await expectAccessible(page, 'withdraw invitation dialog');
    await dialog.getByRole('button', { name: 'Einladung zurückziehen' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Die Einladung an ${typo} ist zurückgezogen; ihr Link funktioniert nicht mehr.` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kollegin oder Kollegen einladen' })).toBeFocused();
    await expect(page.getByRole('button', { name: `Einladung an ${typo} zurückziehen` })).toHaveCount(0);
    const stranger = await browser.newPage();
    await stranger.goto(typoLink);
    await expect(stranger.getByText('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.', { exact: false })).toBeVisible();
    await stranger.close();
  });

  await test.step('the invitation mail lies in the outbox with the same link the dialog showed', async () => {
    await expect.poll(() => mailsTo(server.dataDir, invitee).length).toBe(1);
    const mail = mailsTo(server.dataDir, invitee)[0] ?? '';
    expect(mail).toContain('Subject: Einladung in die Anwaltskonsole');
    link = /(https?:\/\/\S+\/konsole\/zugang#[A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? '';
    expect(link).not.toBe('');
    expect(link).toBe(invitationShown);
  });

  const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT });
  const inviteePage = await context.newPage();
  const colleague = new ConsolePage(inviteePage);
  try {
    await test.step('the invitee opens the link, sets name and password, and signs in', async () => {
      await inviteePage.goto(link);
      await expect(inviteePage.getByText('Sie wurden in die Anwaltskonsole eingeladen.', { exact: false })).toBeVisible();
      await expect(inviteePage.getByText(/Mindestens 8 Zeichen/)).toBeVisible();
      await expectAccessible(inviteePage, 'access link form');
      await inviteePage.getByRole('textbox', { name: /Ihr Name/ }).fill('Clara Vogt');
      await inviteePage.getByLabel(/^Passwort\s*\*?$/).fill(INVITEE_PASSWORD);
      await inviteePage.getByLabel(/^Passwort wiederholen/).fill(INVITEE_PASSWORD);
      await inviteePage.getByRole('button', { name: 'Speichern' }).click();
      await expect(inviteePage.getByText(`Ihr Zugang ist eingerichtet. Bitte melden Sie sich jetzt mit ${invitee} und Ihrem Passwort an.`)).toBeVisible();
      await expectAccessible(inviteePage, 'access link done');
      await inviteePage.getByRole('link', { name: 'Zur Anmeldung' }).click();
      await expect(inviteePage.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
      await colleague.login(invitee, INVITEE_PASSWORD);
      await expect(inviteePage.getByText('Angemeldet als Clara Vogt')).toBeVisible();
      // A plain lawyer: no administration in the navigation.
      await expect(inviteePage.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
    });

    await test.step('the same link cannot be used again', async () => {
      const again = await browser.newContext({ ...JOURNEY_BROWSER });
      try {
        const reuse = await again.newPage();
        await reuse.goto(link);
        await expect(reuse.getByText(/Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet/)).toBeVisible();
      } finally {
        await again.close();
      }
    });

    await test.step("the administrator's open team screen shows the colleague's sign-in once its window is in front again", async () => {
      const row = page.getByRole('row').filter({ hasText: invitee });
      // Read before the invitation was accepted; what a window brought back to the front fires (a real one also does
      // on a tab shown again).
      await expect(row).toHaveCount(0);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(row).toContainText('Clara Vogt');
      await expect(row).not.toContainText('noch nie');
    });

    const dialog = page.getByRole('dialog', { name: 'Clara Vogt deaktivieren' });
    await test.step('the administrator opens the deactivation while the colleague has nothing open', async () => {
      const row = page.getByRole('row').filter({ hasText: invitee });
      await row.getByRole('button', { name: 'Aktionen für Clara Vogt' }).click();
      await page.getByRole('menuitem', { name: 'Deaktivieren' }).click();
      await expect(dialog.getByText('Clara Vogt hat keine offenen Chats, Rückrufe oder Fallakten.')).toBeVisible();
      await expect(dialog.getByRole('combobox')).toHaveCount(0);
    });

    const problem = `Mein Vermieter behält die Kaution ein ${randomUUID().slice(0, 6)}`;
    await test.step('meanwhile the new colleague takes a chat from the queue', async () => {
      const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
      const client = new ChatPage(await clientContext.newPage());
      await client.open(server.seed);
      await client.onboardWithoutEmail(problem);
      await colleague
        .queueEntry(problem)
        .getByRole('button', { name: /annehmen/i })
        .click();
      await expect(colleague.log).toBeVisible();
      await clientContext.close();
    });

    await test.step('the deactivation is refused for the new chat: the dialog says so and asks who takes it over', async () => {
      await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
      await expect(
        announced(dialog, 'Während dieser Dialog offen war, hat Clara Vogt neue Vorgänge erhalten. Deshalb wurde Clara Vogt noch nicht deaktiviert.'),
      ).toBeVisible();
      await expect(dialog.getByText('Offen bei Clara Vogt: 1 Chat.')).toBeVisible();
      await expect(dialog.getByText('keine offenen Chats', { exact: false })).toHaveCount(0);
      const choice = dialog.getByRole('combobox', { name: /Übernimmt die offenen Vorgänge/ });
      await expect(choice).toBeFocused();
      await choice.click();
      await page.getByRole('option', { name: 'Markus Hoffmann' }).click();
      await expectAccessible(page, 'deactivate dialog');
      await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Clara Vogt ist deaktiviert. Markus Hoffmann hat 1 laufenden Chat übernommen.' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: invitee });
      await expect(row).toContainText('deaktiviert');
      await expect(row.getByRole('button', { name: 'Aktionen für Clara Vogt' })).toBeFocused();
    });

    await test.step("the colleague's console ends at once and the login is refused", async () => {
      await expect(inviteePage.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
      // The login says why – not "Ihre Sitzung ist abgelaufen", which sent the lawyer retrying the password – and keeps
      // saying it beside the refusal of the next attempt.
      const deactivated = 'Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an die Administration Ihrer Kanzlei.';
      await expect(announced(inviteePage, deactivated)).toBeVisible();
      await expect(inviteePage.getByText('Ihre Sitzung ist abgelaufen.', { exact: false })).toHaveCount(0);
      await colleague.login(invitee, INVITEE_PASSWORD);
      await expect(announced(inviteePage, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
      await expect(announced(inviteePage, deactivated)).toBeVisible();
    });

    await test.step('the audit log shows the invitation, its acceptance and the deactivation, newest first', async () => {
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Protokoll' }).click();
      const table = page.getByRole('table', { name: 'Protokoll der Administration' });
      const rows = table.getByRole('row').filter({ hasText: 'Clara Vogt' });
      await expect(rows.first()).toContainText('Deaktiviert');
      await expect(table.getByRole('row').filter({ hasText: 'Einladung angenommen' }).filter({ hasText: 'Clara Vogt' })).toHaveCount(1);
      await expect(table.getByRole('row').filter({ hasText: 'Eingeladen' }).filter({ hasText: invitee })).toHaveCount(1);
      await expectWordsWhole(table.getByRole('cell'), 'audit log');
      await expectAccessible(page, 'audit log');
    });

    await test.step('the audit log filtered to deactivations keeps its filter in the address over a reload; „Filter zurücksetzen“ shows all again', async () => {
      const form = page.getByRole('form', { name: 'Protokoll filtern' });
      const table = page.getByRole('table', { name: 'Protokoll der Administration' });
      await form.getByRole('combobox', { name: 'Aktion' }).click();
      await page.getByRole('option', { name: 'Deaktiviert', exact: true }).click();
      await form.getByRole('button', { name: 'Filter anwenden' }).click();
      await expect(page).toHaveURL(/[?&]aktion=lawyer\.deactivated/);
      await expect(table.getByRole('row').filter({ hasText: 'Einladung angenommen' })).toHaveCount(0);
      await expect(table.getByRole('row').filter({ hasText: 'Deaktiviert' }).filter({ hasText: 'Clara Vogt' })).toHaveCount(1);
      await page.reload();
      await expect(form.getByRole('combobox', { name: 'Aktion' })).toHaveText('Deaktiviert');
      await expect(table.getByRole('row').filter({ hasText: 'Deaktiviert' }).filter({ hasText: 'Clara Vogt' })).toHaveCount(1);
      await expect(table.getByRole('row').filter({ hasText: 'Einladung angenommen' })).toHaveCount(0);
      await expectAccessible(page, 'audit log filtered');
      await form.getByRole('button', { name: 'Filter zurücksetzen' }).click();
      await expect(page).not.toHaveURL(/aktion=/);
      await expect(table.getByRole('row').filter({ hasText: 'Einladung angenommen' }).filter({ hasText: 'Clara Vogt' })).toHaveCount(1);
    });

    await test.step('„Als CSV herunterladen“ saves the applied period as a file for German Excel, and the export is itself in the log', async () => {
      const form = page.getByRole('form', { name: 'Protokoll filtern' });
      const table = page.getByRole('table', { name: 'Protokoll der Administration' });
      await expect(page.getByText(/Zum Herunterladen als CSV wählen Sie bitte einen Zeitraum/)).toBeVisible();
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const [from, to] = [day(-30), day(1)];
      await form.getByLabel('Von').fill(from);
      await form.getByLabel('Bis').fill(to);
      await form.getByRole('button', { name: 'Filter anwenden' }).click();
      const link = page.getByRole('link', { name: 'Als CSV herunterladen' });
      await link.focus();
      const downloading = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`Protokoll_${from}_${to}.csv`);
      const bytes = await readFile((await download.path()) as string);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toBe('Zeitpunkt;Wer;Aktion;Aktionscode;Betroffen;Kennung des Betroffenen;Einzelheiten;IP-Adresse');
      expect(lines.some((line) => line.includes(';Deaktiviert;lawyer.deactivated;Clara Vogt;'))).toBe(true);
      await form.getByRole('button', { name: 'Filter anwenden' }).click();
      await expect(table.getByRole('row').filter({ hasText: 'Protokoll als CSV heruntergeladen' }).first()).toContainText(`Zeilen: ${lines.length - 2}`);
      await expectAccessible(page, 'audit log with the CSV download');
      await form.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    });

    await test.step('on a phone the audit log keeps its words whole and scrolls sideways on its own, not the whole page', async () => {
      await page.setViewportSize(PHONE_VIEWPORT);
      const table = page.getByRole('table', { name: 'Protokoll der Administration' });
      await expect(table).toBeVisible();
      await expectWordsWhole(table.getByRole('cell'), 'audit log on a phone');
      await expectNoSidewaysScroll(page, 'audit log on a phone');
      // The table scrolls inside its region, which takes the keyboard focus.
      const region = page.getByRole('region', { name: 'Protokoll der Administration' });
      await region.focus();
      await expect(region).toBeFocused();
      await expectAccessible(page, 'audit log on a phone');
      await page.setViewportSize(DESKTOP_VIEWPORT);
    });
  } finally {
    await context.close();
  }
});

test('a plain lawyer sees no administration and gets "Keine Berechtigung" on its address', async ({ page, server }) => {
  const lawyer = new ConsolePage(page);
  await lawyer.open(server.webUrl);
  await lawyer.login(PLAIN_LAWYER, server.seed.lawyer.password);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Arbeitsplatz' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Berichte' })).toBeVisible();
  for (const name of ['Team', 'Protokoll', 'Versicherer', 'Auskunftsersuchen']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
  await page.goto(`${server.webUrl}/konsole/verwaltung/team`);
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'no permission');
  await page.getByRole('link', { name: 'Zum Arbeitsplatz' }).click();
  // The workspace (it may open a chat this lawyer holds – e.g. one taken over from a deactivated colleague).
  await expect(page.getByRole('tablist', { name: 'Bereiche der Anwaltskonsole' })).toBeVisible();
  await expect(page).toHaveURL(/\/konsole$/);
});
