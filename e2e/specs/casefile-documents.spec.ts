// Digitale Fallakte: upload with a visible progress bar and download, a slow upload cancelled (nothing stored),
// refusals before sending,
// the Vollmacht signed on the canvas (PDF listed and downloadable), a contact message in the history, and a contact
// draft that survives a reload and the ended session (message, login again, same screen, sent). After a logout in
// another tab, a document download and the Vollmacht PDF show the session message instead of the raw 401; a drawn
// Vollmacht signature and its place survive the new login.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectAccessible, FULL_BROWSER, screenshotBothSizes, PHONE_VIEWPORT } from '../support/fixtures.js';
import { createCaseFile, expectPowerOfAttorneySent, signIn, submitPin, type CaseFileAccess } from '../support/caseFile.js';

test.use({ viewport: PHONE_VIEWPORT });

/** A real-enough PDF (the server checks the magic bytes) of about 1.5 MB, so the progress can be watched. */
function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n% Mietvertrag\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - 6, 0x20), Buffer.from('\n%%EOF')]);
}

test('a document uploads with a visible progress bar, appears in the list and history, and downloads unchanged', FULL_BROWSER, async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/dokumente`);
  await expect(page.getByText('Es sind noch keine Dokumente vorhanden.')).toBeVisible();

  // Refused before sending: wrong type and too large.
  const chooser = async () => {
    const [fileChooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Datei auswählen und hochladen' }).click()]);
    return fileChooser;
  };
  await (await chooser()).setFiles({ name: 'seite.html', mimeType: 'text/html', buffer: Buffer.from('<h1>x</h1>') });
  await expect(page.getByText('Dieser Dateityp ist nicht erlaubt.', { exact: false })).toBeVisible();
  await (await chooser()).setFiles({ name: 'riesig.pdf', mimeType: 'application/pdf', buffer: pdfBytes(10 * 1024 * 1024 + 1) });
  await expect(page.getByText('Die Datei ist größer als 10 MB.', { exact: false })).toBeVisible();

  // A slow uplink makes the progress visible.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 300 * 1024 });

  // A wrong file is stopped halfway: „Hochladen abbrechen“ aborts it, the page says so, and nothing of it is stored.
  await (await chooser()).setFiles({ name: 'Falsch.pdf', mimeType: 'application/pdf', buffer: pdfBytes(1_500_000) });
  const wrong = page.getByRole('progressbar', { name: 'Fortschritt des Hochladens' });
  await expect.poll(async () => Number(await wrong.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  expect(Number(await wrong.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await expect(wrong).toHaveAttribute('aria-valuetext', /^Datei wird hochgeladen: \d+ %$/);
  await page.getByRole('button', { name: 'Hochladen abbrechen' }).click();
  await expect(wrong).toBeHidden();
  await expect(page.getByText('Das Hochladen von Falsch.pdf wurde abgebrochen.', { exact: false })).toBeVisible();
  await expect(page.getByText('Es sind noch keine Dokumente vorhanden.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Datei auswählen und hochladen' })).toBeFocused();

  const content = pdfBytes(1_500_000);
  await (await chooser()).setFiles({ name: 'Mietvertrag.pdf', mimeType: 'application/pdf', buffer: content });
  const progress = page.getByRole('progressbar', { name: 'Fortschritt des Hochladens' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await expect(page.getByText(/Mietvertrag\.pdf wird hochgeladen: \d+ %/)).toBeVisible();
  await screenshotBothSizes(page, 'casefile-upload-progress');
  await expect(page.getByText('Mietvertrag.pdf wurde hochgeladen.')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const link = page.getByRole('link', { name: 'Mietvertrag.pdf herunterladen' });
  await expect(link).toBeVisible();
  await expect(page.getByText(/1,4 MB · .* · von Ihnen/)).toBeVisible();
  await expectAccessible(page, 'case-file documents with upload');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Mietvertrag.pdf');
  expect(readFileSync(await download.path()).equals(content)).toBe(true);

  await page.goto(`${access.path}/uebersicht/verlauf`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Dokument hochgeladen' }).filter({ hasText: 'Mietvertrag.pdf' })).toBeVisible();
});

test(
  'the Vollmacht is signed with a finger on the canvas; the signed PDF is listed, downloadable and in the history',
  FULL_BROWSER,
  async ({ page, server }) => {
    const access = await createCaseFile(server);
    await signIn(page, access);
    await page.getByRole('link', { name: 'Vollmacht lesen und unterschreiben' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vollmacht' })).toBeVisible();
    await expect(page.getByText(`in der Sache „${access.title}“`, { exact: false })).toBeVisible();
    await expect(page.getByText('Vollmacht erteilt zur außergerichtlichen Vertretung', { exact: false })).toBeVisible();
    await expectAccessible(page, 'case-file Vollmacht');

    // Sending without signature and place names both.
    await page.getByRole('button', { name: 'Vollmacht unterschrieben senden' }).click();
    await expect(page.getByText('Bitte unterschreiben Sie im Feld oder tippen Sie Ihren Namen ein.')).toBeVisible();

    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('signature pad not visible');
    // A real touch stroke (CDP touch events become pointer events of type "touch"), as a finger on a phone.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const point = (i: number) => ({ x: box.x + 20 + i * 7, y: box.y + box.height * (0.5 + 0.25 * Math.sin(i / 3)) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
    for (let i = 1; i <= 40; i += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(i)] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // The page did not scroll while drawing (touch-action: none).
    expect((await pad.boundingBox())?.y).toBeCloseTo(box.y, 0);
    await page.getByLabel('Ort').fill('Berlin');
    await screenshotBothSizes(page, 'casefile-vollmacht-signed');
    await page.getByRole('button', { name: 'Vollmacht unterschrieben senden' }).click();
    await expectPowerOfAttorneySent(page);
    await expect(page).toHaveURL(`${access.path}/uebersicht/vollmacht/versendet`);
    await expectAccessible(page, 'case-file Vollmacht sent');

    await page.getByRole('link', { name: 'Zu den Dokumenten' }).click();
    const link = page.getByRole('link', { name: /^Vollmacht-.*-unterschrieben\.pdf herunterladen$/ });
    await expect(link).toBeVisible();
    await expect(page.getByText(/von Ihnen unterschrieben/)).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await page.goto(`${access.path}/uebersicht/verlauf`);
    await expect(page.getByText('Vollmacht unterschrieben')).toBeVisible();
    await expect(page.getByText('Unterschrieben in Berlin.')).toBeVisible();
    // Signed once: the Vollmacht page says so instead of asking again, and the overview no longer lists it.
    await page.goto(`${access.path}/uebersicht/vollmacht`);
    await expect(page.getByText('Sie haben die Vollmacht bereits unterschrieben.', { exact: false })).toBeVisible();
  },
);

test('mouse strokes sign the Vollmacht too, and keyboard users can type their name instead', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/vollmacht`);
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  await page.mouse.move(box.x + 10, box.y + 10);
  await page.mouse.down();
  for (let i = 1; i <= 20; i += 1) await page.mouse.move(box.x + 10 + i * 10, box.y + 10 + i * 5);
  await page.mouse.up();
  const drawn = await pad.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
  // Typing a name replaces the drawing with the typed signature.
  await page.getByLabel('Oder Namen eintippen (ohne Maus oder Touch)').fill('Erika Musterfrau');
  expect(await pad.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL())).not.toBe(drawn);
  await page.getByLabel('Ort').fill('Köln');
  await page.getByLabel('Ort').press('Enter');
  await expectPowerOfAttorneySent(page);
});

test('a contact message is sent, „Zu Ihrer Nachricht“ leads to it below the form, and it appears in the history', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/kontakt`);
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Bitte geben Sie einen Betreff ein.')).toBeVisible();
  await expect(page.getByText('Bitte schreiben Sie eine Nachricht.')).toBeVisible();
  // A pasted subject over 200 characters is kept whole and said to be too long at once – it used to be cut silently.
  await page.getByLabel('Betreff').fill(`Rückfrage ${'zur Frist '.repeat(25)}`);
  await expect(page.getByText('Der Betreff darf höchstens 200 Zeichen lang sein.')).toBeVisible();
  await expect(page.getByLabel('Betreff')).toHaveValue(`Rückfrage ${'zur Frist '.repeat(25)}`);
  await page.getByLabel('Betreff').fill('Rückfrage zur Mietminderung');
  await expect(page.getByText('Der Betreff darf höchstens 200 Zeichen lang sein.')).toHaveCount(0);
  await page.getByLabel('Ihre Nachricht').fill('Muss ich die Miete weiter voll zahlen, bis der Schimmel beseitigt ist?');
  // Sent with the keyboard: the focus stays on the button (it used to fall back to the page's start while sending).
  const send = page.getByRole('button', { name: 'Nachricht senden' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ihre Nachricht wurde gesendet.', { exact: false })).toBeVisible();
  await expect(send).toBeFocused();
  await expectAccessible(page, 'case-file contact sent');
  // The confirmation leads to the sent message on this page, where the firm's answer will appear (it sent the client
  // away to „Verlauf“, against the page's own „Die Antwort finden Sie hier unter Ihrer Nachricht“).
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Nachricht wurde gesendet.' })).toContainText(
    'Sie steht unten unter „Bisherige Nachrichten und Antworten“; dort erscheint auch die Antwort Ihrer Kanzlei.',
  );
  await page.getByRole('link', { name: 'Zu Ihrer Nachricht' }).click();
  const threads = page.getByRole('heading', { level: 2, name: 'Bisherige Nachrichten und Antworten' });
  await expect(threads).toBeFocused();
  await expect(threads).toBeInViewport();
  const thread = page.getByRole('list', { name: 'Bisherige Nachrichten und Antworten' }).getByRole('listitem');
  await expect(thread).toContainText('Rückfrage zur Mietminderung');
  await expect(thread).toContainText('Noch keine Antwort.');
  await page.goto(`${access.path}/uebersicht/verlauf`);
  const entry = page.getByRole('listitem').filter({ hasText: 'Nachricht an die Kanzlei' });
  await expect(entry).toContainText('Rückfrage zur Mietminderung');
  await expect(entry).toContainText('Muss ich die Miete weiter voll zahlen, bis der Schimmel beseitigt ist?');
});

test('a Kontakt draft survives a reload and the ended session: the session message leads to the login and back, and the message is sent', async ({
  page,
  server,
}) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/kontakt`);
  await page.getByLabel('Betreff').fill('Frage zur Nebenkostenabrechnung');
  await page.getByLabel('Ihre Nachricht').fill('Darf der Vermieter die Kosten für den Hausmeister voll umlegen?');
  // A reload keeps what was typed (the tab's sessionStorage), never the PIN.
  await page.reload();
  await expect(page.getByLabel('Betreff')).toHaveValue('Frage zur Nebenkostenabrechnung');
  expect(await page.evaluate((pin) => Object.values(sessionStorage).some((value) => value.includes(pin)), access.pin)).toBe(false);

  // The session ends on the server (as after 30 minutes idle); the next save says so instead of "try again".
  const loggedOut = await page.evaluate(async () => (await fetch('/api/case-file/logout', { method: 'POST' })).status);
  expect(loggedOut).toBeLessThan(300);
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  const ended = page.getByRole('alert').filter({ hasText: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.' });
  await expect(ended).toBeVisible();
  await expect(page.getByText('Die Nachricht konnte nicht gesendet werden.', { exact: false })).toHaveCount(0);
  await expectAccessible(page, 'case-file contact, session ended');
  await ended.getByRole('link', { name: 'Erneut anmelden' }).click();
  await expect(page).toHaveURL(access.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await submitPin(page, access.pin);

  // Back on the same screen with the draft; focus starts at the heading.
  const heading = page.getByRole('heading', { level: 1, name: 'Kontaktieren Sie uns' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(`${access.path}/uebersicht/kontakt`);
  await expect(page.getByLabel('Betreff')).toHaveValue('Frage zur Nebenkostenabrechnung');
  await expect(page.getByLabel('Ihre Nachricht')).toHaveValue('Darf der Vermieter die Kosten für den Hausmeister voll umlegen?');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Ihre Nachricht wurde gesendet.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Betreff')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Betreff')).toHaveValue('');
  await page.goto(`${access.path}/uebersicht/verlauf`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Nachricht an die Kanzlei' })).toContainText('Frage zur Nebenkostenabrechnung');
});

const SESSION_ENDED = 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.';

/** Logs the file out in a second tab of the same browser (the menu's "Abmelden"), as a person on a shared device would. */
async function logoutInSecondTab(page: Page, access: CaseFileAccess): Promise<void> {
  const other = await page.context().newPage();
  await other.goto(`${access.path}/uebersicht`);
  await other.getByRole('button', { name: 'Menü öffnen' }).click();
  await other.getByRole('button', { name: 'Abmelden' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Sie wurden abgemeldet' })).toBeVisible();
  await other.close();
}

/** The session message of the page, then "Erneut anmelden" and the PIN: back on `path` (focus on its heading). */
async function loginAgainFromMessage(page: Page, access: CaseFileAccess, path: string, heading: string): Promise<void> {
  const ended = page.getByRole('alert').filter({ hasText: SESSION_ENDED });
  await ended.getByRole('link', { name: 'Erneut anmelden' }).click();
  await expect(page).toHaveURL(access.path);
  await submitPin(page, access.pin);
  await expect(page).toHaveURL(`${access.path}/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
}

test(
  'after a logout in another tab, a document download and the Vollmacht PDF show the session message, and "Erneut anmelden" leads back',
  FULL_BROWSER,
  async ({ page, server }) => {
    const access = await createCaseFile(server);
    await signIn(page, access);
    const files: string[] = [];
    page.on('download', (download) => files.push(download.suggestedFilename()));
    let tabs = 0;
    page.on('popup', () => (tabs += 1));

    // Vollmacht: the PDF opens in a new tab while the session is live …
    await page.goto(`${access.path}/uebersicht/vollmacht`);
    const pdf = page.getByRole('link', { name: 'Vollmacht als PDF ansehen (neues Fenster)' });
    await Promise.all([page.waitForEvent('popup'), pdf.click()]);
    expect(tabs).toBe(1);
    // … and after the logout elsewhere the page says the session ended instead of opening the server's 401 answer.
    await logoutInSecondTab(page, access);
    await pdf.click();
    await expect(page.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible();
    expect(tabs).toBe(1);
    await expectAccessible(page, 'case-file Vollmacht PDF, session ended');
    await loginAgainFromMessage(page, access, 'uebersicht/vollmacht', 'Vollmacht');
    await Promise.all([page.waitForEvent('popup'), pdf.click()]);
    expect(tabs).toBe(2);

    // Dokumente: the same for a download (the keyboard's Enter goes through the same check).
    await page.goto(`${access.path}/uebersicht/dokumente`);
    const [fileChooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Datei auswählen und hochladen' }).click()]);
    await fileChooser.setFiles({ name: 'Kuendigung.pdf', mimeType: 'application/pdf', buffer: pdfBytes(2000) });
    const link = page.getByRole('link', { name: 'Kuendigung.pdf herunterladen' });
    await expect(link).toBeVisible();
    await logoutInSecondTab(page, access);
    await link.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible();
    // Only this document counts: a browser without a PDF viewer (the headless shell) saves the Vollmacht tabs above.
    expect(files.filter((name) => name === 'Kuendigung.pdf')).toEqual([]);
    await loginAgainFromMessage(page, access, 'uebersicht/dokumente', 'Dokumente');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Kuendigung.pdf');
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  },
);

/** Dark (ink) pixels of the signature pad's bitmap. */
function inkPixels(pad: Locator): Promise<number> {
  return pad.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) ink += 1;
    return ink;
  });
}

test('a drawn Vollmacht signature and its place survive the ended session: login again, same screen, drawn back, sent', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/vollmacht`);
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 30; i += 1) await page.mouse.move(box.x + 20 + i * 8, box.y + box.height * (0.5 + 0.3 * Math.sin(i / 3)));
  await page.mouse.up();
  const ink = await inkPixels(pad);
  expect(ink).toBeGreaterThan(100);
  await page.getByLabel('Ort').fill('Potsdam');

  // The session ends on the server; sending says so and keeps the input.
  const loggedOut = await page.evaluate(async () => (await fetch('/api/case-file/logout', { method: 'POST' })).status);
  expect(loggedOut).toBeLessThan(300);
  await page.getByRole('button', { name: 'Vollmacht unterschrieben senden' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ihre Eingaben bleiben in diesem Browser-Tab erhalten.' })).toBeVisible();
  expect(await page.evaluate((pin) => Object.values(sessionStorage).some((value) => value.includes(pin)), access.pin)).toBe(false);
  await loginAgainFromMessage(page, access, 'uebersicht/vollmacht', 'Vollmacht');

  // Place and drawing are back (drawn onto the pad at the same size here), and they are sent without drawing again.
  await expect(page.getByLabel('Ort')).toHaveValue('Potsdam');
  await expect.poll(() => inkPixels(pad)).toBe(ink);
  await page.getByRole('button', { name: 'Vollmacht unterschrieben senden' }).click();
  await expectPowerOfAttorneySent(page);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('rc.casefile.draft.')))).toEqual([]);
  await page.goto(`${access.path}/uebersicht/verlauf`);
  await expect(page.getByText('Unterschrieben in Potsdam.')).toBeVisible();
});
