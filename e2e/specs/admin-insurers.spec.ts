// Insurers in the console (verwaltung/versicherer): the administrator creates an insurer with a display name and a key
// (secret shown once), a client enters the chat with a token the insurer signed with that key and sees the insurer's
// name, and the key table then says when the key was last used (before: „Noch nie benutzt“); when that client's insurance number is also another person's at the default insurer, a data-subject request asks
// at which insurer the person is insured; once the key is revoked, a fresh token naming it is refused. Then the firm
// ends the collaboration (a dialog says what happens; every key is revoked, the list says „Beendet am …“, no new key,
// the link is refused), resumes it with a new key, deletes an insurer created by mistake, and finds all three in the
// Protokoll.
import { randomUUID } from 'node:crypto';
import { ChatPage, Texts, newChatPath, uniqueProblem } from '../support/chatPage.js';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { insurerLink } from '../support/insurerLink.js';
import { expectNoSidewaysScroll } from '../support/phone.js';
import { announced } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

test('an administrator creates an insurer and a key; its client enters the chat with a token signed by that key', async ({ page, browser, server }) => {
  // Key, client, data request, revocation, then the end, resumption and deletion with their axe checks: longer than the
  // default 90 s when the other workers' journeys share the cores.
  test.setTimeout(180_000);
  const name = `E2E Versicherung ${randomUUID().slice(0, 6)}`;
  const consolePage = new ConsolePage(page);
  let kid = '';
  let secret = '';

  await test.step('the administrator creates the insurer with a display name', async () => {
    await consolePage.open(server.webUrl);
    await consolePage.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Versicherer' }).click();
    await expect(page.getByRole('heading', { name: 'Versicherer', level: 2 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Versicherer anlegen' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: 'Anzeigename im Chat (optional)' }).fill('E2E Assekuranz');
    await form.getByRole('button', { name: 'Versicherer anlegen' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Der Versicherer „${name}“ wurde angelegt.` })).toBeVisible();
    await expect(page.getByRole('region', { name })).toContainText('Anzeigename im Chat: E2E Assekuranz');
    await expectAccessible(page, 'insurers list');
  });

  await test.step('a new key shows its kid and secret once, with the warning and the JWT header to send', async () => {
    await page.getByRole('button', { name: `Neuen Schlüssel erzeugen für ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Neuer Schlüssel für ${name}` });
    await expect(dialog.getByText(/Das Geheimnis wird nur jetzt angezeigt/)).toBeVisible();
    kid = (await dialog.getByTestId('issued-kid').textContent()) ?? '';
    secret = (await dialog.getByTestId('issued-secret').textContent()) ?? '';
    expect(kid).toMatch(/^k-[A-Za-z0-9_-]{12}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByText(`"kid": "${kid}"`)).toBeVisible();
    await expectAccessible(page, 'new insurer key');
    await dialog.getByRole('checkbox', { name: 'Ich habe das Geheimnis sicher übergeben oder gespeichert.' }).check();
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);
    const keys = page.getByRole('table', { name: `Schlüssel von ${name}` });
    await expect(keys).toContainText(kid);
    // A new key has signed nothing yet.
    await expect(keys.getByRole('columnheader', { name: 'Benutzung' })).toBeVisible();
    await expect(keys.getByRole('row').filter({ hasText: kid }).getByRole('cell', { name: 'Noch nie benutzt' })).toBeVisible();
  });

  await test.step('on a phone the key table scrolls sideways on its own, not the whole page', async () => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect(page.getByRole('table', { name: `Schlüssel von ${name}` })).toBeVisible();
    await expectNoSidewaysScroll(page, 'insurers on a phone');
    await expectAccessible(page, 'insurers on a phone');
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  await test.step('the client enters the chat with a token signed by that key and sees the insurer’s name', async () => {
    const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
    try {
      const chat = new ChatPage(await context.newPage());
      await chat.page.goto(await insurerLink(kid, secret, `E2E-INS-${randomUUID().slice(0, 8)}`));
      await chat.expectBotSays(Texts.welcome);
      await expect(chat.page.getByText('Ihr Zugang über: E2E Assekuranz')).toBeVisible();
      await expectAccessible(chat.page, 'chat with insurer name');
    } finally {
      await context.close();
    }
  });

  await test.step('the key table now says when the key was last used, in Berlin time', async () => {
    await page.reload();
    const row = page
      .getByRole('table', { name: `Schlüssel von ${name}` })
      .getByRole('row')
      .filter({ hasText: kid });
    const berlin = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
    // The client's login of the step before: this minute or one of the two before.
    const minutes = [0, 60_000, 120_000].map((ago) => `Zuletzt benutzt: ${berlin.format(Date.now() - ago)}`);
    const cell = row.getByRole('cell', { name: /^Zuletzt benutzt: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/ });
    await expect(cell).toBeVisible();
    expect(minutes).toContain(await cell.textContent());
    await expect(row.getByText('Noch nie benutzt')).toHaveCount(0);
    await expectAccessible(page, 'insurer key last used');
  });

  await test.step('a number held at two insurers: the data-subject request asks at which insurer and searches there', async () => {
    // The same number is two people: one insured at the new insurer (with a consultation), one at the default insurer.
    const sharedNumber = `E2E-BOTH-${randomUUID().slice(0, 8)}`;
    const problem = uniqueProblem('Mein Arbeitgeber zahlt die Überstunden nicht');
    const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
    try {
      const atInsurer = new ChatPage(await context.newPage());
      await atInsurer.page.goto(await insurerLink(kid, secret, sharedNumber));
      await atInsurer.expectBotSays(Texts.welcome);
      await atInsurer.onboardWithoutEmail(problem);
      const atDefault = new ChatPage(await context.newPage());
      await atDefault.page.goto(newChatPath({ insuranceNumber: Buffer.from(sharedNumber).toString('base64') }));
      await atDefault.expectBotSays(Texts.welcome);
    } finally {
      await context.close();
    }

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Auskunftsersuchen' }).click();
    await page.getByRole('textbox', { name: 'Versicherungsnummer' }).fill(sharedNumber);
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page.getByText(/Bei welchem Versicherer ist die Person versichert\?/)).toBeVisible();
    const choice = page.getByRole('radiogroup', { name: 'Versicherer der Person' });
    // The choice has the focus (its first option), and nothing is preselected: guessing would hand over another person's data.
    await expect(choice.getByRole('radio', { name: 'Standardversicherer' })).toBeFocused();
    await expect(choice.getByRole('radio', { checked: true })).toHaveCount(0);
    await expectAccessible(page, 'data request insurer choice');
    await page.getByRole('button', { name: 'Bei diesem Versicherer suchen' }).click();
    await expect(announced(page, 'Bitte wählen Sie einen Versicherer.')).toBeVisible();
    await choice.getByRole('radio', { name }).check();
    await page.getByRole('button', { name: 'Bei diesem Versicherer suchen' }).click();
    await expect(page.getByRole('heading', { name: 'Gefunden: 1 Chat-Beratung und keine Fallakte.' })).toBeFocused();
    await expect(page.getByRole('region', { name })).toContainText('RC-');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Versicherer' }).click();
    await expect(page.getByRole('heading', { name: 'Versicherer', level: 2 })).toBeVisible();
  });

  await test.step('after the key is revoked (with confirmation), a fresh token naming it is refused', async () => {
    await page.getByRole('button', { name: `Schlüssel ${kid} widerrufen` }).click();
    const confirm = page.getByRole('dialog', { name: 'Schlüssel widerrufen?' });
    await expectAccessible(page, 'revoke confirmation');
    await confirm.getByRole('button', { name: 'Endgültig widerrufen' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Der Schlüssel ${kid} wurde widerrufen.` })).toBeVisible();
    const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
    try {
      const client = await context.newPage();
      await client.goto(await insurerLink(kid, secret, `E2E-INS-${randomUUID().slice(0, 8)}`));
      await expect(client.getByRole('alert')).toContainText('Der aufgerufene Link ist ungültig oder abgelaufen.');
    } finally {
      await context.close();
    }
  });

  await test.step('ending the collaboration says first what happens, revokes every key and refuses its links; the list says since when', async () => {
    // A second key, still active, that the end revokes with the first.
    await page.getByRole('button', { name: `Neuen Schlüssel erzeugen für ${name}` }).click();
    const issued = page.getByRole('dialog', { name: `Neuer Schlüssel für ${name}` });
    const secondKid = (await issued.getByTestId('issued-kid').textContent()) ?? '';
    const secondSecret = (await issued.getByTestId('issued-secret').textContent()) ?? '';
    await issued.getByRole('checkbox', { name: 'Ich habe das Geheimnis sicher übergeben oder gespeichert.' }).check();
    await issued.getByRole('button', { name: 'Fertig' }).click();
    await expect(issued).toBeHidden();

    await page.getByRole('button', { name: `Zusammenarbeit beenden: ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Zusammenarbeit mit ${name} beenden?` });
    await expect(confirm).toContainText(`Alle Schlüssel von ${name} werden widerrufen.`);
    await expect(confirm).toContainText('Solange die Zusammenarbeit beendet ist, können keine neuen Schlüssel erzeugt werden.');
    await expect(confirm).toContainText('Fälle, Chats, Fallakten und Berichte bleiben erhalten.');
    await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await expectAccessible(page, 'end collaboration confirmation');
    await confirm.getByRole('button', { name: 'Zusammenarbeit beenden' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Die Zusammenarbeit mit „${name}“ wurde beendet; alle Schlüssel sind widerrufen.` })).toBeVisible();
    const card = page.getByRole('region', { name });
    const state = card.getByText(/^Beendet am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await expect(state).toBeFocused();
    const keys = page.getByRole('table', { name: `Schlüssel von ${name}` });
    await expect(
      keys
        .getByRole('row')
        .filter({ hasText: secondKid })
        .getByRole('cell', { name: /^Widerrufen am / }),
    ).toBeVisible();
    await expect(keys.getByRole('cell', { name: 'Aktiv' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Neuen Schlüssel erzeugen/ })).toHaveCount(0);
    // Its key signed a login: an insurer the firm worked with is ended, never deleted.
    await expect(card.getByRole('button', { name: /^Versicherer löschen/ })).toHaveCount(0);
    await expectAccessible(page, 'ended insurer');
    const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
    try {
      const client = await context.newPage();
      await client.goto(await insurerLink(secondKid, secondSecret, `E2E-INS-${randomUUID().slice(0, 8)}`));
      await expect(client.getByRole('alert')).toContainText('Der aufgerufene Link ist ungültig oder abgelaufen.');
    } finally {
      await context.close();
    }
  });

  await test.step('resuming the collaboration leads to a new key', async () => {
    await page.getByRole('button', { name: `Zusammenarbeit wieder aufnehmen: ${name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Die Zusammenarbeit mit „${name}“ wurde wieder aufgenommen.` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Neuen Schlüssel erzeugen für ${name}` })).toBeFocused();
    await expect(page.getByRole('region', { name }).getByText(/^Beendet am/)).toHaveCount(0);
    await expectAccessible(page, 'resumed insurer');
  });

  await test.step('an insurer created by mistake is deleted after a confirmation', async () => {
    const mistake = `E2E Versehen ${randomUUID().slice(0, 6)}`;
    const form = page.getByRole('form', { name: 'Versicherer anlegen' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(mistake);
    await form.getByRole('button', { name: 'Versicherer anlegen' }).click();
    await expect(page.getByRole('region', { name: mistake })).toBeVisible();
    await page.getByRole('button', { name: `Versicherer löschen: ${mistake}` }).click();
    const confirm = page.getByRole('dialog', { name: `Versicherer ${mistake} löschen?` });
    await expect(confirm).toContainText('beenden Sie stattdessen die Zusammenarbeit');
    await expectAccessible(page, 'delete insurer confirmation');
    await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Der Versicherer „${mistake}“ wurde gelöscht.` })).toBeVisible();
    await expect(page.getByRole('region', { name: mistake })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Versicherer', level: 2 })).toBeFocused();
    await expectAccessible(page, 'insurers after a deletion');

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Protokoll' }).click();
    const table = page.getByRole('table', { name: 'Protokoll der Administration' });
    await expect(table.getByRole('row').filter({ hasText: 'Versicherer gelöscht' }).filter({ hasText: mistake })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: 'Zusammenarbeit mit dem Versicherer wieder aufgenommen' }).filter({ hasText: name })).toHaveCount(1);
    const ended = table.getByRole('row').filter({ hasText: 'Zusammenarbeit mit dem Versicherer beendet' }).filter({ hasText: name });
    await expect(ended).toHaveCount(1);
    await expect(ended).toContainText('widerrufene Schlüssel: ');
    await expectAccessible(page, 'audit log of the insurers');
  });
});
