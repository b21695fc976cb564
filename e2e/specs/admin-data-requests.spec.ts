// Data-subject requests in the console (verwaltung/auskunft): the administrator searches the seed's insured person by
// insurance number, downloads everything stored as one ZIP and erases the chats after confirming what goes.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { announcedWith } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

test('an administrator finds the insured person by number, downloads the archive and erases the chats', async ({ page, browser, server }) => {
  const insuranceNumber = Buffer.from(server.seed.insuranceNumber, 'base64').toString('utf8');
  const problem = uniqueProblem('Mein Vermieter behält die Kaution ein');

  await test.step('the seed’s insured person has a consultation that a lawyer ended', async () => {
    const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
    const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
    try {
      const chat = new ChatPage(await context.newPage());
      await chat.open(server.seed, 'seed insured person');
      await chat.onboardWithoutEmail(problem);
      const entry = await lawyer.waitForQueuedChat(problem);
      await lawyer.accept(entry.ChatId);
      await lawyer.send(entry.ChatId, 'Bitte schicken Sie mir den Mietvertrag.');
      await lawyer.close(entry.ChatId, false);
    } finally {
      await lawyer.dispose();
      await context.close();
    }
  });

  const consolePage = new ConsolePage(page);
  await test.step('the administrator opens “Auskunftsersuchen” and searches the insurance number', async () => {
    await consolePage.open(server.webUrl);
    await consolePage.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Auskunftsersuchen' }).click();
    await expect(page.getByRole('heading', { name: 'Auskunft und Löschung (Art. 15/17 DSGVO)' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Versicherungsnummer' }).fill(insuranceNumber);
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Gefunden: [1-9]\d* Chat-Beratung/ })).toBeFocused();
    await expect(page.getByText(/^RC-[0-9A-Z_-]{8} · /).first()).toBeVisible();
    await expectAccessible(page, 'data requests result');
  });

  await test.step('the archive holds the messages, the protocol PDF and a README', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Auskunft-RC-[0-9A-Z_-]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
    expect(Object.keys(files)).toContain('README.txt');
    expect(Object.keys(files).some((name) => /^protokolle\/Chatprotokoll-RC-.{8}\.pdf$/.test(name))).toBe(true);
    const data = strFromU8(files['daten.json'] as Uint8Array);
    expect(data).toContain(problem);
    expect(data).toContain('Bitte schicken Sie mir den Mietvertrag.');
    await expect(page.getByRole('status').filter({ hasText: 'Das Archiv wurde heruntergeladen.' })).toBeVisible();
  });

  await test.step('a changed number hides the person found until it is searched, so their archive is not offered under another number', async () => {
    const field = page.getByRole('textbox', { name: 'Versicherungsnummer' });
    await field.fill(`${insuranceNumber}9`);
    await expect(
      page.getByText('Sie haben die Eingabe geändert. Bitte klicken Sie auf „Suchen“, um die gespeicherten Daten zu dieser Angabe zu sehen.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Chats löschen' })).toHaveCount(0);
    await field.fill(insuranceNumber);
    await expect(page.getByRole('button', { name: 'Auskunft herunterladen (ZIP)' })).toBeVisible();
  });

  let erasedReference = '';
  await test.step('erasing asks first, names the chats, and then they are gone – the result names each by its reference', async () => {
    await page.getByRole('button', { name: 'Chats löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chats endgültig löschen?' });
    const first = dialog.getByRole('list', { name: 'Gelöscht werden' }).getByRole('listitem').first();
    await expect(first).toContainText(/^RC-/);
    erasedReference = /RC-[0-9A-Z_-]{8}/.exec((await first.textContent()) ?? '')?.[0] ?? '';
    expect(erasedReference).not.toBe('');
    await expectAccessible(page, 'data requests confirmation');
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(dialog).toBeHidden();
    // „Chat RC-… gelöscht (1 Datei).“ – not a bare count beside the chats that had to be kept.
    const result = announcedWith(page, page.getByRole('heading', { name: 'Ergebnis der Löschung' }));
    await expect(result).toContainText(new RegExp(`Chats? (RC-[0-9A-Z_-]{8}(, | und ))*${erasedReference}.* gelöscht \\(`));
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(/Zu dieser Angabe ist nichts gespeichert|Gefunden: keine Chat-Beratung/);
    await expectAccessible(page, 'data requests after erasure');
  });

  await test.step('the audit log names the erased chat, and its search finds the archive and the erasure by the reference', async () => {
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Protokoll' }).click();
    const form = page.getByRole('form', { name: 'Protokoll filtern' });
    await form.getByRole('searchbox', { name: 'Suche' }).fill(erasedReference);
    await form.getByRole('button', { name: 'Filter anwenden' }).click();
    const table = page.getByRole('table', { name: 'Protokoll der Administration' });
    const erasure = table.getByRole('row').filter({ hasText: 'Auskunftsersuchen: Chats gelöscht' });
    await expect(erasure).toHaveCount(1);
    await expect(erasure).toContainText(new RegExp(`gelöscht: [^:]*${erasedReference}`));
    await expect(table.getByRole('row').filter({ hasText: 'Auskunftsersuchen: Archiv heruntergeladen' })).toHaveCount(1);
    // Never the insurance number.
    await expect(table).not.toContainText(insuranceNumber);
  });
});
