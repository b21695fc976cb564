// A lawyer's working day in the console: alert for a new client, taking the chat, talking
// both ways with a file each way, a reload mid-chat that keeps chat and history, the phone request,
// closing until the client reaches the rating; two chats in tabs and forwarding between two consoles;
// creating a digitale Fallakte whose link and PIN then let the client in through the case-file screens,
// where the client sends the questionnaire and a file the lawyer then reads in the console; creating one from
// an accepted chat, filled from it, and reading the address the client then enters, in Berlin time.
import type { Browser, Page } from '@playwright/test';
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import type { ServerHandle } from '../support/server.js';
import { submitPin } from '../support/caseFile.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const ASK_PHONE = 'Damit ich Sie bei Bedarf zurückrufen kann: Unter welcher Telefonnummer sind Sie am besten erreichbar?';

async function clientPage(browser: Browser, server: ServerHandle): Promise<ChatPage> {
  const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  return new ChatPage(await context.newPage());
}

async function signIn(page: Page, server: ServerHandle, credentials = server.seed.lawyer): Promise<ConsoleWorkspace> {
  const lawyer = new ConsoleWorkspace(page);
  await lawyer.open(server.webUrl);
  await lawyer.login(credentials.email, credentials.password);
  // Chats the lawyer still holds from earlier journeys are restored and the first one is shown: go to the queue.
  // The restore may land just as the tab is clicked (the tab list re-renders), so click until the queue shows.
  await expect(async () => {
    await lawyer.tab(/Warteschlange/).click();
    await expect(lawyer.queue).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return lawyer;
}

test('a whole consultation: alert, take, talk, a file each way, reload mid-chat, phone request, close to the rating', async ({ page, browser, server }) => {
  const lawyer = await signIn(page, server);
  const chat = await clientPage(browser, server);
  const problem = uniqueProblem('Mein Vermieter will die Kaution nicht zurückzahlen');
  const question = 'Guten Tag, seit wann sind Sie ausgezogen?';
  const answer = 'Seit dem ersten Oktober.';
  try {
    await test.step('a new client in the queue blinks the title while the console is in the background', async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      await chat.open(server.seed);
      await chat.onboardWithoutEmail(problem);
      await expect(lawyer.queueEntry(problem)).toBeVisible();
      await expect(lawyer.queueEntry(problem)).toContainText(/wartet seit/);
      // The worker's server is shared by the journeys of its files: a chat an earlier journey left behind may come back
      // to the queue for all while this console is in the background, and then the title counts two („(2) Neue Chats“).
      await expect(page).toHaveTitle(/^\(\d+\) (Neuer Chat|Neue Chats) – Anwaltskonsole$/);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(page).toHaveTitle('Anwaltskonsole – Rechtsberatung im Chat');
      await expectAccessible(page, 'console queue with a waiting client');
    });

    await test.step('taking the chat opens a tab with the facts the bot collected', async () => {
      await lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();
      await expect(lawyer.chatTab(problem)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Angaben aus dem Chatbot' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Chat' })).toContainText(problem);
      await expect(page.getByRole('region', { name: 'Chat' })).toContainText('keine angegeben');
      await expect(chat.queue).toBeHidden();
    });

    await test.step('messages and typing go both ways', async () => {
      await lawyer.messageInput.pressSequentially('Guten Tag');
      await expect(chat.page.getByText(Texts.lawyerTyping)).toBeVisible();
      await lawyer.messageInput.fill(question);
      await lawyer.messageInput.press('Enter');
      await expect(chat.messages(question)).toHaveCount(1);
      // Typed at a person's pace, without a pause: the lawyer sees it while the client is still typing (outside tester,
      // twice: a trailing debounce told the lawyer only after a 2 s pause).
      const typing = chat.messageInput.pressSequentially(answer, { delay: 120 });
      await expect(lawyer.statusText('Die ratsuchende Person schreibt …')).toBeVisible({ timeout: 1_500 });
      await typing;
      await chat.messageInput.press('Enter');
      await expect(lawyer.log.getByText(answer, { exact: true })).toHaveCount(1);
    });

    await test.step('the client sends a file the lawyer downloads, the lawyer sends one the client sees', async () => {
      await chat.page.getByLabel('Datei zum Hochladen auswählen').setInputFiles({ name: 'mietvertrag.pdf', mimeType: 'application/pdf', buffer: PDF });
      const link = lawyer.log.getByRole('link', { name: 'mietvertrag.pdf herunterladen' });
      await expect(link).toBeVisible();
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toBe('mietvertrag.pdf');
      await lawyer.fileInput.setInputFiles({ name: 'merkblatt-kaution.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(chat.log.getByRole('button', { name: 'merkblatt-kaution.pdf herunterladen' })).toBeVisible();
      await expect(lawyer.log.getByRole('link', { name: 'merkblatt-kaution.pdf herunterladen' })).toHaveCount(1);
      await expectAccessible(page, 'console chat with files');
    });

    await test.step('a reload of the console keeps the chat, its whole history (each message once) and the unsent answer', async () => {
      const unsent = 'Zur Kaution schreibe ich Ihnen gleich noch';
      await lawyer.messageInput.fill(unsent);
      await page.reload();
      await expect(lawyer.chatTab(problem)).toHaveAttribute('aria-selected', 'true');
      await expect(lawyer.messageInput).toHaveValue(unsent);
      await lawyer.messageInput.fill('');
      await expect(lawyer.log.getByText(question, { exact: true })).toHaveCount(1);
      await expect(lawyer.log.getByText(answer, { exact: true })).toHaveCount(1);
      await expect(lawyer.log.getByRole('link', { name: 'mietvertrag.pdf herunterladen' })).toHaveCount(1);
      const after = 'Danke, ich bin wieder da.';
      await chat.sendMessage(after);
      await expect(lawyer.log.getByText(after, { exact: true })).toHaveCount(1);
      await expectAccessible(page, 'console chat after reload');
    });

    await test.step('the lawyer asks for the phone number, then closes with a phone request; the client reaches the rating', async () => {
      await lawyer.button('Telefonnummer erfragen').click();
      await expect(chat.messages(ASK_PHONE)).toHaveCount(1);
      await lawyer.button('Chat beenden und Telefonnummer erfragen').click();
      await lawyer.button('Ja, beenden und Telefonnummer erfragen').click();
      await expect(lawyer.statusText('Die ratsuchende Person wurde um ihre Telefonnummer gebeten.')).toBeVisible();
      await chat.expectBotSays(Texts.phoneRequested);
      await chat.sendPhone('0170 5550123');
      await chat.answer('Ja');
      await chat.button('Überspringen').click();
      await expect(chat.page.getByText(Texts.ratingLegend, { exact: true })).toBeVisible();
      await lawyer.button('Tab schließen').click();
      await expect(lawyer.chatTab(problem)).toHaveCount(0);
    });
  } finally {
    await chat.page.context().close();
  }
});

test("two chats in tabs with unread counts, and forwarding one into a colleague's console", async ({ page, browser, server }) => {
  const driver = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  const [colleague] = await driver.colleagues();
  const annaName = await driver.name();
  await driver.dispose();
  if (!colleague) throw new Error('the demo data has a second lawyer');
  const anna = await signIn(page, server);
  const colleagueContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT, baseURL: server.webUrl });
  const bernd = await signIn(await colleagueContext.newPage(), server, { email: colleague.Email, password: server.seed.lawyer.password });
  const first = await clientPage(browser, server);
  const second = await clientPage(browser, server);
  const problemOne = uniqueProblem('Mein Arbeitgeber zahlt das Gehalt zu spät');
  const problemTwo = uniqueProblem('Der Nachbar baut eine Garage auf meine Grenze');
  try {
    await test.step('the lawyer takes both chats; each gets a tab', async () => {
      await first.open(server.seed);
      await first.onboardWithoutEmail(problemOne);
      await second.open(server.seed);
      await second.onboardWithoutEmail(problemTwo);
      await anna.queueEntry(problemOne).getByRole('button', { name: 'Annehmen' }).click();
      await expect(anna.chatTab(problemOne)).toHaveAttribute('aria-selected', 'true');
      await anna.tab(/Warteschlange/).click();
      await anna.queueEntry(problemTwo).getByRole('button', { name: 'Annehmen' }).click();
      await expect(anna.chatTab(problemTwo)).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('a message in the other tab shows as unread until that tab is chosen', async () => {
      await first.sendMessage('Hallo, sind Sie noch da?');
      await expect(anna.chatTab(problemOne)).toHaveAccessibleName(/1 ungelesene Nachricht/);
      await anna.chatTab(problemOne).click();
      await expect(anna.log.getByText('Hallo, sind Sie noch da?', { exact: true })).toHaveCount(1);
      await expect(anna.chatTab(problemOne)).not.toHaveAccessibleName(/ungelesen/);
      await expectAccessible(page, 'console with two chat tabs');
    });

    await test.step("forwarding the second chat moves it into the colleague's console; the client's screen follows", async () => {
      await anna.chatTab(problemTwo).click();
      await page.getByRole('combobox', { name: 'Kollegin oder Kollege' }).click();
      // The colleague's console is open: the choice says they are signed in.
      await expect(page.getByRole('option', { name: colleague.Name })).toContainText(/angemeldet, zuletzt aktiv um \d\d:\d\d Uhr/);
      await page.getByRole('option', { name: colleague.Name }).click();
      await anna.button('Weiterleiten').click();
      await anna.button('Ja, weiterleiten').click();
      // The ended tab names the colleague, as the client's notice does.
      await expect(anna.statusText(`Der Chat wurde an ${colleague.Name} weitergeleitet.`)).toBeVisible();
      // So does its tab, seen and read out: „…, weitergeleitet an …“, not „…, beendet“ like a closed chat.
      await expect(anna.forwardedChatTab(problemTwo, colleague.Name)).toBeVisible();
      await expect(anna.chatTab(problemTwo)).toHaveCount(0);
      // The case is the colleague's now: the forwarded tab offers nothing that changes it.
      await expect(page.getByText('Sie haben den Chat weitergeleitet. Den Fall betreut jetzt', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Fallakte aus diesem Chat anlegen' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Rechtsgebiet ändern' })).toHaveCount(0);
      await second.expectBotSays(`Ihr Chat wurde an ${colleague.Name} weitergeleitet.`);
      const entry = bernd.queueEntry(problemTwo);
      // The colleague's queue says who forwarded it.
      await expect(entry).toContainText(`Von ${annaName} an Sie weitergeleitet`);
      await entry.getByRole('button', { name: 'Annehmen' }).click();
      await expect(bernd.chatTab(problemTwo)).toHaveAttribute('aria-selected', 'true');
      const hello = `Guten Tag, hier ist ${colleague.Name}.`;
      await bernd.messageInput.fill(hello);
      await bernd.messageInput.press('Enter');
      await expect(second.messages(hello)).toHaveCount(1);
      await second.sendMessage('Danke, ich schildere es Ihnen.');
      await expect(bernd.log.getByText('Danke, ich schildere es Ihnen.', { exact: true })).toHaveCount(1);
    });

    // Neither demo lawyer keeps a chat open for the journeys that follow.
    for (const [console_, problem] of [
      [anna, problemOne],
      [bernd, problemTwo],
    ] as const) {
      await console_.chatTab(problem).click();
      await console_.button('Chat beenden').click();
      await console_.button('Ja, Chat beenden').click();
      await expect(console_.statusText('Der Chat ist beendet.')).toBeVisible();
    }
  } finally {
    await Promise.all([first.page.context().close(), second.page.context().close(), colleagueContext.close()]);
  }
});

test("creating a digitale Fallakte shows link and PIN once, they let the client in, and the lawyer sees the client's questionnaire and upload", async ({
  page,
  browser,
  server,
}) => {
  const lawyer = await signIn(page, server);
  await lawyer.tab('Fallakte anlegen').click();
  await lawyer.button('Fallakte anlegen').click();
  await expect(page.getByText('Bitte füllen Sie dieses Feld aus.')).toHaveCount(3);
  await page.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
  await page.getByRole('textbox', { name: /Nachname/ }).fill('Musterfrau');
  await page.getByRole('textbox', { name: /Telefonnummer/ }).fill('0171 2223344');
  // A title of its own, so the lawyer's list (which keeps earlier runs' files) has exactly one match.
  const title = uniqueProblem('Verkehrsunfall vom 3. November');
  await page.getByRole('textbox', { name: /Bezeichnung/ }).fill(title);
  await lawyer.button('Fallakte anlegen').click();
  const url = (await page.getByTestId('casefile-link').textContent()) ?? '';
  const pin = (await page.getByTestId('casefile-pin').textContent()) ?? '';
  expect(url).toMatch(/\/digitale-fallakte\/[A-Za-z0-9_-]{20,}$/);
  expect(pin).toBe('3344');
  await expectAccessible(page, 'console case file created');
  await lawyer.button('Link und PIN weitergegeben').click();
  await expect(page.getByTestId('casefile-pin')).toHaveCount(0);

  // The client opens exactly the link the lawyer handed over in a browser of its own and signs in with the PIN.
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT });
  try {
    const client = await clientContext.newPage();
    await client.goto(url);
    await expect(client.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await submitPin(client, pin);
    await expect(client.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await expect(client.getByText(title).first()).toBeVisible();
    await expectAccessible(client, "case-file overview opened from the console's link");

    await client.getByRole('link', { name: 'Fragebogen mit Ihren Basisdaten ausfüllen' }).click();
    await expect(client.getByRole('heading', { level: 1, name: 'Fragebogen' })).toBeVisible();
    await client.getByLabel('Geburtsdatum').fill('1980-05-17');
    await client.getByRole('radio', { name: 'Nein' }).check();
    await client.getByLabel('Gegenseite (Name oder Firma)').fill('K-AB 123 Versicherungs AG');
    await client.getByLabel('Was ist passiert?').fill('Der Unfallgegner ist mir an der Ampel aufgefahren, niemand wurde verletzt.');
    await client.getByRole('radio', { name: 'per E-Mail' }).check();
    await client.getByRole('button', { name: 'Fragebogen senden' }).click();
    await expect(client.getByRole('heading', { level: 1, name: 'Fragebogen gesendet' })).toBeVisible();

    await client.goto(`${new URL(url).pathname}/uebersicht/dokumente`);
    const [chooser] = await Promise.all([client.waitForEvent('filechooser'), client.getByRole('button', { name: 'Datei auswählen und hochladen' }).click()]);
    await chooser.setFiles({ name: 'unfallbericht.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(client.getByText('unfallbericht.pdf wurde hochgeladen.')).toBeVisible();
  } finally {
    await clientContext.close();
  }

  // The lawyer opens the new case file and reads the answers and the upload.
  await lawyer.tab(/Fallakten/).click();
  await page.getByRole('button', { name: `Fallakte öffnen: ${title} – Erika Musterfrau` }).click();
  await expect(page.getByRole('heading', { name: `Fallakte ${title}`, exact: false })).toBeVisible();
  await expect(page.getByText('K-AB 123 Versicherungs AG')).toBeVisible();
  // German labels and values, never the form's field names or option codes.
  const answers = page.locator('dl');
  await expect(answers.getByText('Geburtsdatum', { exact: true })).toBeVisible();
  await expect(answers.getByText('17.05.1980', { exact: true })).toBeVisible();
  await expect(answers.getByText('BirthDate')).toHaveCount(0);
  await expect(page.getByText('Der Unfallgegner ist mir an der Ampel aufgefahren, niemand wurde verletzt.')).toBeVisible();
  const download = page.getByRole('link', { name: 'unfallbericht.pdf herunterladen' });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('unfallbericht.pdf');
  await expectAccessible(page, 'console case file detail');
});

test("a Fallakte from an accepted chat: the form comes filled from the chat, and the lawyer sees the client's new address in Berlin time", async ({
  browser,
  server,
}) => {
  // The lawyer's laptop is abroad: every time the console shows must still be Berlin time, as the client sees it.
  const lawyerContext = await browser.newContext({ ...JOURNEY_BROWSER, timezoneId: 'America/New_York', viewport: DESKTOP_VIEWPORT, baseURL: server.webUrl });
  const page = await lawyerContext.newPage();
  const lawyer = await signIn(page, server);
  const chat = await clientPage(browser, server);
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT });
  const problem = uniqueProblem('Mein Vermieter hat mir zum Monatsende gekündigt');
  const email = `fallakte-${Date.now().toString(36)}@example.org`;
  const title = uniqueProblem('Kündigung der Wohnung');
  const access = { url: '', pin: '' };
  try {
    await test.step('the client gives the bot the problem and an e-mail address; the lawyer takes the chat', async () => {
      await chat.open(server.seed);
      await chat.sendMessage(problem);
      await chat.sendEmail(email);
      await chat.answer('Ja');
      await chat.expectWaitingForLawyer();
      await lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();
      await expect(lawyer.chatTab(problem)).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('"Fallakte aus diesem Chat anlegen" opens the form filled from the chat, focused on the first field to fill', async () => {
      await lawyer.button('Fallakte aus diesem Chat anlegen').click();
      await expect(lawyer.tab('Fallakte anlegen')).toHaveAttribute('aria-selected', 'true');
      const form = page.getByRole('region', { name: 'Digitale Fallakte anlegen' });
      await expect(form.getByText(/^Aus dem Chat RC-[0-9A-Z_-]{8} übernommen: E-Mail-Adresse, Rechtsgebiet und Sachverhalt\./)).toBeVisible();
      await expect(form.getByRole('textbox', { name: /Sachverhalt/ })).toHaveValue(problem);
      await expect(form.getByRole('textbox', { name: /E-Mail-Adresse/ })).toHaveValue(email);
      await expect(form.getByRole('textbox', { name: /Rechtsgebiet/ })).not.toHaveValue('');
      await expect(form.getByRole('textbox', { name: /Vorname/ })).toBeFocused();
      await expectAccessible(page, 'console case-file form filled from a chat');

      // The lawyer completes what the chat cannot know; the phone number's last four digits become the PIN.
      await page.keyboard.type('Max');
      await form.getByRole('textbox', { name: /Nachname/ }).fill('Mustermann');
      await form.getByRole('textbox', { name: /Telefonnummer/ }).fill('0170 5550123');
      await form.getByRole('textbox', { name: /Bezeichnung/ }).fill(title);
      await lawyer.button('Fallakte anlegen').click();
      access.url = (await page.getByTestId('casefile-link').textContent()) ?? '';
      access.pin = (await page.getByTestId('casefile-pin').textContent()) ?? '';
      expect(access.pin).toBe('0123');
      await lawyer.button('Link und PIN weitergegeben').click();
      await expect(form.getByRole('textbox', { name: /Sachverhalt/ })).toHaveValue('');
    });

    await test.step('the chat names the new file – also after a reload – and a second file from it needs a confirmation', async () => {
      await lawyer.chatTab(problem).click();
      const files = page.getByRole('list', { name: 'Fallakten aus diesem Chat' });
      await expect(files.getByText(/^Fallakte FA-\d{4}-[0-9A-Z]{6} angelegt$/)).toBeVisible();
      const number = /FA-\d{4}-[0-9A-Z]{6}/.exec((await files.textContent()) ?? '')?.[0] ?? '';
      await page.reload();
      await lawyer.chatTab(problem).click();
      await expect(files.getByText(`Fallakte ${number} angelegt`, { exact: true })).toBeVisible();
      await lawyer.button('Fallakte aus diesem Chat anlegen').click();
      const question = page.getByRole('group', { name: `Aus diesem Chat wurde bereits die Fallakte ${number} angelegt.`, exact: false });
      await expect(question.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
      await expect(question.getByRole('button', { name: 'Weitere Fallakte anlegen' })).toBeVisible();
      await expectAccessible(page, 'console chat with its case file and the question before a second one');
      await page.keyboard.press('Escape');
      await expect(question).toBeHidden();
      await expect(lawyer.button('Fallakte aus diesem Chat anlegen')).toBeFocused();
      // „Öffnen“ leads to the file in the case-files view.
      await files.getByRole('button', { name: `Fallakte ${number} öffnen` }).click();
      await expect(lawyer.tab(/Fallakten/)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('region', { name: `Fallakte ${title}`, exact: false })).toBeVisible();
      await lawyer.button('Zurück zur Übersicht').click();
    });

    let changedAt = '';
    await test.step('the client signs in with link and PIN and enters a new e-mail address and an address', async () => {
      const client = await clientContext.newPage();
      await client.goto(access.url);
      await submitPin(client, access.pin);
      await expect(client.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await client.goto(`${new URL(access.url).pathname}/uebersicht/persoenlich`);
      await client.getByRole('button', { name: 'Angaben ändern' }).click();
      await client.getByLabel('E-Mail-Adresse').fill(`neu-${email}`);
      await client.getByLabel('Straße und Hausnummer').fill('Lindenweg 3');
      await client.getByLabel('Postleitzahl').fill('10115');
      await client.getByLabel('Ort').fill('Berlin');
      await client.getByRole('button', { name: 'Speichern' }).click();
      await expect(client.getByText('Ihre Angaben wurden gespeichert.')).toBeVisible();
      const token = new URL(access.url).pathname.split('/').pop() ?? '';
      const history = (await (await client.request.get(`${server.webUrl}/api/case-file/${token}/history`)).json()) as { Kind: string; Created: string }[];
      const changed = history.find((entry) => entry.Kind === 'PersonUpdated');
      expect(changed).toBeDefined();
      changedAt = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
        new Date(changed?.Created ?? ''),
      );
    });

    await test.step("the lawyer's case file shows the contact data as stored now, when the client changed them, and the chat it came from", async () => {
      await lawyer.tab(/Fallakten/).click();
      await page.getByRole('button', { name: `Fallakte öffnen: ${title} – Max Mustermann` }).click();
      const detail = page.getByRole('region', { name: `Fallakte ${title}`, exact: false });
      await expect(detail.getByRole('link', { name: '+49 170 5550123 anrufen' })).toHaveAttribute('href', 'tel:+491705550123');
      await expect(detail.getByRole('link', { name: `E-Mail an neu-${email} schreiben` })).toHaveAttribute('href', `mailto:neu-${email}`);
      await expect(detail.getByText(/^Lindenweg 3\s+10115 Berlin$/)).toBeVisible();
      await expect(detail.getByText(`zuletzt von der Mandantin / dem Mandanten geändert am ${changedAt}.`, { exact: false })).toBeVisible();
      await expect(detail.getByText(/^Angelegt aus dem Chat RC-[0-9A-Z_-]{8}\.$/)).toBeVisible();
      await expectAccessible(page, 'console case file with the client contact data');
    });

    // The demo lawyer keeps no chat open for the journeys that follow.
    await lawyer.chatTab(problem).click();
    await lawyer.button('Chat beenden').click();
    await lawyer.button('Ja, Chat beenden').click();
    await expect(lawyer.statusText('Der Chat ist beendet.')).toBeVisible();
  } finally {
    await Promise.all([chat.page.context().close(), clientContext.close(), lawyerContext.close()]);
  }
});

test('the lawyer keeps a profile: name, gender and a photo clients see as the 35×35 picture', async ({ page, server }) => {
  // The second demo lawyer, so the other journeys keep the first one's name.
  const driver = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  const [colleague] = await driver.colleagues();
  await driver.dispose();
  if (!colleague) throw new Error('the demo data has a second lawyer');
  const lawyer = await signIn(page, server, { email: colleague.Email, password: server.seed.lawyer.password });
  await lawyer.tab('Profil').click();
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue(colleague.Name);
  await expectAccessible(page, 'console profile');

  await name.fill(' ');
  await lawyer.button('Profil speichern').click();
  await expect(page.getByText('Bitte geben Sie einen Namen mit 2 bis 100 Zeichen ein.')).toBeVisible();
  // A changed name shows in the header at once; the original is restored so other journeys find it.
  await expect(page.getByText(`Angemeldet als ${colleague.Name}`, { exact: true })).toBeVisible();
  const changed = `${colleague.Name} LL.M.`;
  await name.fill(changed);
  await lawyer.button('Profil speichern').click();
  await expect(page.getByText('Ihr Profil wurde gespeichert.')).toBeVisible();
  await expect(page.getByText(`Angemeldet als ${changed}`, { exact: true })).toBeVisible();
  await name.fill(colleague.Name);
  await page.getByRole('combobox', { name: 'Anrede' }).click();
  await page.getByRole('option', { name: /Herr/ }).click();
  await lawyer.button('Profil speichern').click();
  await expect(page.getByText(`Angemeldet als ${colleague.Name}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Ihr Profil wurde gespeichert.')).toBeVisible();

  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.locator('input[type="file"]').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  const picture = page.getByRole('img', { name: `Foto von ${colleague.Name}` });
  await expect(picture).toHaveAttribute('src', /\/api\/chat\/agent\/photo\//);
  const box = await picture.boundingBox();
  expect([box?.width, box?.height]).toEqual([35, 35]);
  const served = await page.request.get((await picture.getAttribute('src')) ?? '');
  expect(served.headers()['content-type']).toBe('image/png');
  await lawyer.button('Foto entfernen').click();
  await expect(picture).toHaveAttribute('src', /\.svg$/);
});
