// The whole participant journey: insurer link → onboarding bot → lawyer chat → offboarding (the protocol's address
// confirmed by the link in its confirmation mail) → usage confirmation.
import { readFile } from 'node:fs/promises';
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { collectConsoleErrors, expect, expectAccessible, FULL_BROWSER, PHONE_VIEWPORT, screenshotBothSizes, test } from '../support/fixtures.js';
import { JOURNEY_BROWSER } from '../support/locale.js';
import { LawyerDriver } from '../support/lawyer.js';
import { confirmationLinkTo, confirmProtocolLink } from '../support/protocolConfirmation.js';

test.use({ viewport: PHONE_VIEWPORT });

test(
  'a participant is onboarded by the bot, advised by a lawyer and offboarded with rating and usage confirmation',
  FULL_BROWSER,
  async ({ page, server, browser }) => {
    // The whole journey, the protocol's confirmation on a second device included: longer than 90 s on a busy runner.
    test.setTimeout(150_000);
    const chat = new ChatPage(page);
    const problem = uniqueProblem('Mein Vermieter hat die Kaution nach dem Auszug nicht zurückgezahlt');
    // Its own address per run (the journey runs in two browser projects against one server).
    const protocolEmail = `protokoll-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
    const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
    try {
      await test.step('the insurer link signs in and the bot asks for the problem, with no error in the browser console', async () => {
        // A visitor without a session is no error: the "who am I" probe answers 200 null, not a logged 401.
        const consoleErrors = collectConsoleErrors(page);
        // The page starts the ICU date data in a worker of its own origin (CSP) and ends it once that is done.
        const intlWarmUp = page.waitForEvent('worker', (worker) => /\/assets\/intlWarmUp\.worker-[\w-]+\.js$/.test(worker.url()));
        await chat.open(server.seed, 'seed insured person');
        const worker = await intlWarmUp;
        if (page.workers().includes(worker)) await new Promise<void>((resolve) => worker.once('close', () => resolve()));
        await expect(page).toHaveURL(/\/chat\/new$/);
        await chat.expectBotSays(Texts.problemNotice);
        await expect(chat.messageInput).toBeVisible();
        await screenshotBothSizes(page, 'chat-bot');
        await expectAccessible(page, 'onboarding bot');
        expect(consoleErrors).toEqual([]);
      });

      await test.step('keyboard users jump to the message log and to the answer', async () => {
        await page.getByRole('link', { name: 'Zum Chatverlauf springen' }).focus();
        await page.keyboard.press('Enter');
        await expect(chat.log).toBeFocused();
        await page.getByRole('link', { name: 'Zur Eingabe springen' }).focus();
        await page.keyboard.press('Enter');
        // Into the answer field itself, not its region (one Tab less).
        await expect(chat.messageInput).toBeFocused();
      });

      await test.step('a too short problem is refused, a real one accepted', async () => {
        await chat.sendMessage('Kaution?');
        // The error is tied to the field, so screen readers announce it with it.
        await expect(chat.messageInput).toHaveAttribute('aria-invalid', 'true');
        await expect(chat.messageInput).toHaveAccessibleDescription(/Bitte geben Sie mindestens 15 Zeichen ein\./);
        await expect(chat.messages('Kaution?')).toHaveCount(0);
        // Sent by Enter on „Senden“: while the bot types, the answer's region holds the focus with no form in it – it had no height
        // and no ring then, so the focus showed nowhere. Measured as it takes the focus.
        const regionWhileTyping = page.evaluate(
          () =>
            new Promise<{ height: number; outline: string; form: boolean }>((resolve) => {
              const region = document.getElementById('chat-input')!;
              const measure = () => {
                const style = getComputedStyle(region);
                resolve({
                  height: region.getBoundingClientRect().height,
                  outline: `${style.outlineStyle} ${style.outlineWidth}`,
                  form: region.querySelector('textarea, input, button') !== null,
                });
              };
              region.addEventListener('focus', () => requestAnimationFrame(measure), { once: true });
            }),
        );
        await chat.messageInput.fill(problem);
        await chat.button('Senden').focus();
        await page.keyboard.press('Enter');
        expect(await regionWhileTyping).toEqual({ height: expect.any(Number), outline: 'solid 3px', form: false });
        expect((await regionWhileTyping).height).toBeGreaterThanOrEqual(48);
        await expect(chat.messages(problem)).toHaveCount(1);
      });

      await test.step('a wrong e-mail shows the error, a valid one is asked to confirm', async () => {
        await chat.expectBotSays(Texts.emailRequest);
        await chat.sendEmail('keine-adresse@');
        await expect(chat.emailInput).toHaveAttribute('aria-invalid', 'true');
        await expect(chat.emailInput).toHaveAccessibleDescription(Texts.invalidEmail);
        await expect(chat.messages('keine-adresse@')).toHaveCount(0);
        await chat.sendEmail('max.mustermann@example.org');
        await chat.expectBotSays('Ist die E-Mail-Adresse max.mustermann@example.org richtig?');
      });

      await test.step('"Nein" leads to retyping, which can be skipped', async () => {
        await chat.answer('Nein');
        await chat.expectBotSays(Texts.emailRetype);
        await expect(chat.emailInput).toBeVisible();
        await chat.button('Überspringen').click();
        await chat.expectBotSays(Texts.chatConsultation);
        await chat.expectWaitingForLawyer();
        await screenshotBothSizes(page, 'chat-waiting');
        await expectAccessible(page, 'waiting for a lawyer');
      });

      const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
      expect(queued.Description).toBe(problem);
      // Classified by the server for the signed-in person (the web app's call carries the session cookie): Mietrecht,
      // not the fallback 2 the bot takes when the classification is refused or fails.
      expect(queued.FieldOfLaw).toBe(3);
      // The address now names the case, so a reload rejoins this chat instead of starting a new onboarding.
      await expect(page).toHaveURL(new RegExp(`/chat/${queued.CaseId}$`));

      await test.step('the lawyer joins and messages flow both ways', async () => {
        await lawyer.accept(queued.ChatId);
        await expect(chat.queue).toBeHidden();
        const question = 'Seit wann sind Sie ausgezogen?';
        await lawyer.send(queued.ChatId, question);
        await expect(chat.messages(question)).toHaveCount(1);

        // With a lawyer connected, Enter sends; typing is announced to the lawyer.
        const reply = 'Vor vier Monaten, die Wohnung war sauber.';
        await chat.messageInput.pressSequentially(reply);
        expect((await lawyer.waitForNotification(queued.ChatId, 'IsTyping')).Type).toBe('IsTyping');
        await chat.messageInput.press('Enter');
        await expect(chat.messages(reply)).toHaveCount(1);
        await expect(chat.messageInput).toHaveValue('');
        expect((await lawyer.waitForMessage(reply)).Message).toBe(reply);

        // One character is enough once a lawyer is connected.
        await chat.sendMessage('Ja');
        expect((await lawyer.waitForMessage('Ja')).Message).toBe('Ja');
      });

      await test.step('the lawyer typing shows the typing indicator', async () => {
        await lawyer.typing(queued.ChatId);
        await expect(page.getByRole('status').filter({ hasText: Texts.lawyerTyping })).toBeVisible();
        await screenshotBothSizes(page, 'chat-live');
        await expectAccessible(page, 'live chat');
      });

      await test.step('the lawyer closes and asks for a phone number; the offboarding bot takes over', async () => {
        await lawyer.close(queued.ChatId, true);
        await expectOffboardingWithoutUsageDialog(chat);
        // The closing words name the lawyer who took the chat.
        await chat.expectBotSays('Die Beratung mit Dr. Anna Berger ist beendet. Vielen Dank für Ihr Vertrauen.');
        await chat.expectBotSays('Dr. Anna Berger möchte Ihr Anliegen gern telefonisch mit Ihnen weiter besprechen.');
        await expect(chat.phoneInput).toBeVisible();
        await chat.sendPhone('0170 5550123');
        // The number comes back the way Germans write it (libphonenumber's national format).
        await chat.expectBotSays('Ist die Telefonnummer 0170 5550123 richtig?');
        const phoneSaved = page.waitForResponse((r) => r.url().includes(`/api/chat/secondLevel/${queued.CaseId}`) && r.request().method() === 'POST');
        await chat.answer('Ja');
        expect((await phoneSaved).ok()).toBe(true);
        await chat.expectBotSays('Vielen Dank. Dr. Anna Berger meldet sich telefonisch bei Ihnen.');
        // The participant gave no e-mail in the onboarding: the bot asks for one for the protocol.
        await expect(chat.emailInput).toBeVisible();
        await chat.sendEmail(protocolEmail);
        await chat.expectBotSays(`Ist die E-Mail-Adresse ${protocolEmail} richtig?`);
        const requested = page.waitForResponse((r) => r.url().includes(`/api/chat/protocol/${queued.CaseId}`) && r.request().method() === 'POST');
        await chat.answer('Ja');
        // The address was never confirmed: 202, and the bot says what happened – no "wird gesendet" before it is true.
        expect((await requested).status()).toBe(202);
        await chat.expectBotSays(
          `Vielen Dank. Wir haben Ihnen an ${protocolEmail} eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse, dann senden wir Ihnen das Protokoll.`,
        );
        await expect(chat.messages('Das Protokoll wird an')).toHaveCount(0);
        await expect(page.getByText(Texts.ratingLegend, { exact: true })).toBeVisible();
        // Sending without a star says what is missing, at the stars, and sends nothing.
        await chat.button('Bewertung senden').click();
        await expect(page.getByRole('alert').filter({ hasText: 'Bitte wählen Sie zwischen einem und fünf Sternen.' })).toBeVisible();
        await expect(page.getByRole('radio', { name: '1 Stern' })).toBeFocused();
        await screenshotBothSizes(page, 'chat-offboarding-rating');
        await expectAccessible(page, 'offboarding rating');
      });

      await test.step('the rating is saved', async () => {
        // The stars are invisible radios over their star pictures; the participant clicks the star (its label).
        await page.locator('label').filter({ hasText: '4 Sterne' }).click();
        await expect(page.getByRole('radio', { name: '4 Sterne' })).toBeChecked();
        await page.getByRole('textbox', { name: 'Ihr Kommentar (optional)' }).fill('Schnelle und verständliche Auskunft.');
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/chat/rating') && r.request().method() === 'POST');
        await chat.button('Bewertung senden').click();
        expect((await saved).status()).toBe(204);
        await expect(chat.messages('4 von 5 Sternen')).toHaveCount(1);
        // The form is gone: the keyboard focus is on the chat's last line, not back at the page's start.
        await expect(page.getByRole('status').filter({ hasText: Texts.chatDone })).toBeFocused();
      });

      await test.step('the link in the confirmation mail – opened on another device – sends the protocol with the PDF', async () => {
        const link = await confirmationLinkTo(server.dataDir, protocolEmail);
        const otherDevice = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT });
        try {
          await confirmProtocolLink(await otherDevice.newPage(), link, protocolEmail, server.dataDir);
        } finally {
          await otherDevice.close();
        }
      });

      await test.step('the usage confirmation downloads as a PDF', async () => {
        const downloadPromise = page.waitForEvent('download');
        await page.getByRole('button', { name: Texts.usageDownload }).click();
        const download = await downloadPromise;
        expect(download.suggestedFilename()).toMatch(/\.pdf$/);
        const bytes = await readFile(await download.path());
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      });

      await test.step("a new chat afterwards offers the closed case's usage confirmation in a dialog", async () => {
        await page.goto('/chat/new');
        const dialog = page.getByRole('dialog', { name: 'Nutzungsbestätigung' });
        await expect(dialog).toBeVisible();
        await expectAccessible(page, 'usage confirmation dialog');
        await dialog.getByRole('button', { name: 'Schließen' }).click();
        await expect(dialog).toBeHidden();
        await chat.expectBotSays(Texts.problemNotice);
      });
    } finally {
      await lawyer.dispose();
    }
  },
);

/**
 * The usage-confirmation dialog is for a case that was already closed when the page opened; a chat
 * that closes now goes straight on with the offboarding bot and offers the download inline.
 */
async function expectOffboardingWithoutUsageDialog(chat: ChatPage): Promise<void> {
  await expect(chat.log.getByText(Texts.offboardingWelcomeBack)).toBeVisible();
  await expect(chat.page.getByRole('dialog', { name: 'Nutzungsbestätigung' })).toHaveCount(0);
}
