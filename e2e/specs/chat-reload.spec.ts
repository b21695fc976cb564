// A reload at any stage shows the very same conversation – bot questions, the
// participant's answers, the "joined" notice, the lawyer part and the offboarding – once each,
// and the bot goes on where it stood. The protocol is mailed once, with the PDF attached – after its address was
// confirmed by the link of the confirmation mail (double opt-in).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { confirmationLinkTo, confirmProtocolLink, protocolMailsTo } from '../support/protocolConfirmation.js';

test.use({ viewport: PHONE_VIEWPORT });

/** The smallest file the server accepts as a PDF (its type is checked by content). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** Every message as the participant reads it: author line (with time) and text. */
async function transcript(chat: ChatPage): Promise<string[]> {
  return chat.log.getByRole('listitem').evaluateAll((items) => items.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** Waits until the bot stopped typing, so the log is settled before it is read. */
async function settled(page: Page, chat: ChatPage): Promise<string[]> {
  await expect(page.getByText('Der Chatbot schreibt', { exact: false })).toHaveCount(0);
  let last: string[] = [];
  await expect
    .poll(
      async () => {
        const now = await transcript(chat);
        const same = JSON.stringify(now) === JSON.stringify(last);
        last = now;
        return same && now.length > 0;
      },
      { intervals: [300, 300, 600, 1000] },
    )
    .toBe(true);
  return last;
}

/** Reloads the page and expects exactly the transcript from before, each message once. */
async function reloadAndCompare(page: Page, chat: ChatPage, stage: string): Promise<string[]> {
  const before = await settled(page, chat);
  // A double sits next to its original (same text, same minute); a repeated "Ja" minutes apart is no double.
  expect(
    before.filter((line, i) => line === before[i - 1]),
    `${stage}: no doubles before the reload`,
  ).toEqual([]);
  await page.reload();
  await expect(chat.log.getByRole('listitem')).toHaveCount(before.length);
  const after = await settled(page, chat);
  expect(after, `${stage}: same transcript after the reload`).toEqual(before);
  return after;
}

function outbox(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')) : [];
}

test('a reload during onboarding, in the queue, mid-chat and in the offboarding shows the same transcript, once each', async ({ page, server }) => {
  // Nine reloads, then the confirmation link with its PDF mail: longer than a journey's 90 s on a busy two-core runner.
  test.setTimeout(150_000);
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Mein Arbeitgeber zahlt die Überstunden nicht aus');
  const email = `reload-${Date.now().toString(36)}@example.org`;
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await test.step('onboarding: after the problem, before the e-mail', async () => {
      await chat.open(server.seed);
      await chat.sendMessage(problem);
      await chat.expectBotSays(Texts.emailRequest);
      await reloadAndCompare(page, chat, 'onboarding');
      // The bot still waits for the e-mail address.
      await expect(chat.emailInput).toBeVisible();
      await chat.sendEmail(email);
      await chat.expectBotSays(`Ist die E-Mail-Adresse ${email} richtig?`);
      await reloadAndCompare(page, chat, 'onboarding confirmation');
      await chat.answer('Ja');
      await chat.expectWaitingForLawyer();
    });

    const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
    await expect(page).toHaveURL(new RegExp(`/chat/${queued.CaseId}$`));

    await test.step('in the queue: the bot part comes back from the server', async () => {
      const after = await reloadAndCompare(page, chat, 'queue');
      expect(after.some((line) => line.includes(problem))).toBe(true);
      await expect(chat.queue).toBeVisible();
    });

    await test.step('mid-chat: the joined notice names the lawyer; the own upload is "Sie"', async () => {
      await lawyer.accept(queued.ChatId);
      await expect(chat.log.getByRole('listitem').filter({ hasText: /ist dem Chat beigetreten\.$/ })).toHaveCount(1);
      await lawyer.send(queued.ChatId, 'Wie viele Überstunden sind es?');
      await expect(chat.messages('Wie viele Überstunden sind es?')).toHaveCount(1);
      await chat.sendMessage('Etwa vierzig Stunden.');
      await expect(chat.messages('Etwa vierzig Stunden.')).toHaveCount(1);
      await page.getByLabel('Datei zum Hochladen auswählen').setInputFiles({ name: 'stundenzettel.pdf', mimeType: 'application/pdf', buffer: PDF });
      const upload = chat.messages('stundenzettel.pdf');
      await expect(upload).toHaveCount(1);
      await expect(upload).toContainText('Sie');
      await expect(upload).toHaveCSS('justify-content', 'flex-end');
      // A half-written answer is still in the field after the reload.
      await chat.messageInput.fill('Die Abrechnungen habe ich');
      await reloadAndCompare(page, chat, 'mid-chat');
      await expect(chat.messageInput).toHaveValue('Die Abrechnungen habe ich');
      await chat.messageInput.fill('');
      await expect(chat.messages('stundenzettel.pdf')).toHaveCSS('justify-content', 'flex-end');
      await expectAccessible(page, 'restored live chat');
    });

    await test.step('offboarding: the phone confirmation survives a reload and the bot goes on', async () => {
      await lawyer.close(queued.ChatId, true);
      await chat.expectBotSays(Texts.phoneRequested);
      await chat.sendPhone('0151 23456789');
      await chat.expectBotSays('Ist die Telefonnummer 0151 23456789 richtig?');
      await reloadAndCompare(page, chat, 'offboarding');
      await expect(chat.button('Ja')).toBeVisible();
      await chat.answer('Ja');
      // The e-mail was given in the onboarding: no second question, but the truth about its confirmation mail.
      await chat.expectBotSays(
        `Wir haben Ihnen an ${email} eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse, dann senden wir Ihnen das Protokoll dieser Beratung als PDF.`,
      );
      await expect(page.getByText(Texts.ratingLegend, { exact: true })).toBeVisible();
      await reloadAndCompare(page, chat, 'offboarding rating');
    });

    await test.step('the rating is thanked; the protocol comes once with the PDF after the link in the confirmation mail', async () => {
      await page.locator('label').filter({ hasText: '5 Sterne' }).click();
      await chat.button('Bewertung senden').click();
      await expect(chat.messages('Vielen Dank für Ihre Bewertung!')).toHaveCount(1);
      await reloadAndCompare(page, chat, 'after the rating');
      // Only the confirmation mail so far: the address was typed, never proved.
      const link = await confirmationLinkTo(server.dataDir, email);
      await confirmProtocolLink(page, link, email, server.dataDir);
      expect(outbox(server.dataDir).filter((m) => m.includes(`To: ${email}`))).toHaveLength(2);
      expect(protocolMailsTo(server.dataDir, email)).toHaveLength(1);
    });

    await test.step('/protokoll downloads the transcript by the reference printed on the PDFs', async () => {
      const reference = `RC-${queued.CaseId.slice(0, 8).toUpperCase()}`;
      expect(protocolMailsTo(server.dataDir, email)[0]).toContain(reference);
      await page.goto('/protokoll');
      const field = page.getByRole('textbox', { name: /Aktenzeichen/ });
      await expect(field).toHaveValue(reference);
      await expectAccessible(page, 'protocol download');
      await field.fill('RC-00000000');
      await page.getByRole('button', { name: 'Protokoll herunterladen' }).click();
      await expect(page.getByRole('alert')).toContainText('Unter diesem Aktenzeichen haben wir keine Beratung von Ihnen gefunden.');
      await field.fill(reference.toLowerCase());
      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Protokoll herunterladen' }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe(`Chatprotokoll-${reference}.pdf`);
      expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  } finally {
    await lawyer.dispose();
  }
});
