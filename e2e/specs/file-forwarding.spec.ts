// When the lawyer hands the chat on and the participant shared files, the participant is
// asked whether the files may go along; "Nein" revokes it, and the chat goes on with the new lawyer. Before, a wrong
// file sent on a slow line shows its progress and is cancelled: nothing of it reaches the lawyer.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, PHONE_VIEWPORT, screenshotBothSizes, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';

test.use({ viewport: PHONE_VIEWPORT });

/** The smallest file the server accepts as a PDF (its type is checked by content). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** That PDF padded to `size` bytes, so its upload on a throttled line takes long enough to be watched and cancelled. */
function bigPdf(size: number): Buffer {
  return Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
}

test('after a forward the participant decides whether shared files go along, then chats with the new lawyer', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Ich habe eine Abmahnung wegen eines Fotos auf meiner Website erhalten');
  const first = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const { ChatId: chatId } = await first.waitForQueuedChat(problem.slice(-12));
    await first.accept(chatId);
    await first.send(chatId, 'Bitte senden Sie mir die Abmahnung.');

    await test.step('on a slow line a wrong file shows its progress and can be cancelled; nothing of it arrives', async () => {
      // 2 MB at 200 KiB/s take some ten seconds: the bar shows a share between 0 and 100 % before „Abbrechen“.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
      await page
        .getByLabel('Datei zum Hochladen auswählen')
        .setInputFiles({ name: 'falsches-foto.pdf', mimeType: 'application/pdf', buffer: bigPdf(2_000_000) });
      const progress = page.getByRole('progressbar', { name: 'Datei wird hochgeladen' });
      await expect(progress).toBeVisible();
      await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await expect(progress).toHaveAttribute('aria-valuetext', /^Datei wird hochgeladen: \d+ %$/);
      await expect(page.getByText(/„falsches-foto\.pdf“ wird hochgeladen: \d+ %/)).toBeVisible();
      await page.getByRole('button', { name: 'Hochladen abbrechen' }).click();
      await expect(progress).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Hochladen abgebrochen.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Datei hochladen' })).toBeFocused();
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    });

    await test.step('the participant uploads a file; the lawyer receives it', async () => {
      await page.getByLabel('Datei zum Hochladen auswählen').setInputFiles({ name: 'abmahnung.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(chat.log.getByRole('button', { name: 'abmahnung.pdf herunterladen' })).toBeVisible();
      await expect.poll(() => first.received.some((m) => m.Type === 4 && m.FileName === 'abmahnung.pdf')).toBe(true);
      // The cancelled file never arrived.
      expect(first.received.some((m) => m.Type === 4 && m.FileName === 'falsches-foto.pdf')).toBe(false);
      await expect(chat.log.getByRole('button', { name: 'falsches-foto.pdf herunterladen' })).toHaveCount(0);
    });

    const [colleague] = await first.colleagues();
    if (!colleague) throw new Error('the demo data has a second lawyer');
    const forwarded = await first.forward(chatId, colleague.Id);

    await test.step('the file-forwarding question appears; "Nein" revokes the forwarding', async () => {
      const dialog = page.getByRole('dialog', { name: 'Dateien weitergeben?' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'file-forwarding question');
      await screenshotBothSizes(page, 'chat-file-forwarding');
      const revoked = page.waitForResponse((r) => r.url().includes(`/api/chat/file/revoke-file-forwarding/${chatId}`) && r.request().method() === 'PUT');
      await dialog.getByRole('button', { name: 'Nein' }).click();
      expect((await revoked).ok()).toBe(true);
      await expect(dialog).toBeHidden();
      await chat.expectBotSays(`Ihr Chat wurde an ${colleague.Name} weitergeleitet.`);
      await expect(chat.queue).toBeVisible();
    });

    await test.step('the new lawyer takes over the chat', async () => {
      // The demo data gives both demo lawyers the same password.
      const second = await LawyerDriver.login(server.chatUrl, { email: colleague.Email, password: server.seed.lawyer.password });
      try {
        await second.accept(forwarded.ChatId);
        await expect(chat.queue).toBeHidden();
        const hello = `Guten Tag, hier ist ${colleague.Name}. Ich übernehme Ihr Anliegen.`;
        await second.send(forwarded.ChatId, hello);
        await expect(chat.messages(hello)).toHaveCount(1);
        await chat.sendMessage('Vielen Dank, ich warte.');
        await second.waitForMessage('Vielen Dank, ich warte.');
      } finally {
        await second.dispose();
      }
    });
  } finally {
    await first.dispose();
  }
});
