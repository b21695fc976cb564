// On a touch phone the chat is one screen – the answer bar at the bottom, the newest message and
// the current question in view together, in portrait, on a 320 px phone, in landscape and with the virtual keyboard
// open (which shrinks the page: interactive-widget=resizes-content) – and Enter on the phone's keyboard makes a new line.
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { expectFullyInView, expectNewestMessageInView, expectNoSidewaysScroll, PHONE_SIZES, touchPhone, type PhoneSize } from '../support/phone.js';

test.use(touchPhone);

/** Roughly what a phone's keyboard leaves of a 390 × 844 screen. */
const PORTRAIT_WITH_KEYBOARD = { width: PHONE_SIZES.portrait.width, height: 508 } as const;
const SIZES = Object.keys(PHONE_SIZES) as PhoneSize[];

test('the chat fits the phone: answer bar pinned, newest message and question in view, Enter makes a new line', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    const problem = uniqueProblem('Mein Vermieter behält die Kaution, obwohl die Wohnung übergeben ist');
    await chat.sendMessage(problem);
    await chat.expectBotSays(Texts.emailRequest);
    await expect(chat.emailInput).toBeVisible();

    await test.step('at the e-mail question the field, "Überspringen" and "Senden" are on the screen at every size', async () => {
      for (const size of SIZES) {
        await page.setViewportSize(PHONE_SIZES[size]);
        await expectNewestMessageInView(page, chat.log, size);
        await expect(chat.messages(Texts.emailRequest)).toBeVisible();
        for (const control of [chat.emailInput, chat.button('Überspringen'), chat.button('Senden')]) await expectFullyInView(page, control, size);
        await expectNoSidewaysScroll(page, size);
      }
    });

    await test.step('on a small phone the note above the chat is set smaller, so the chat log keeps more room', async () => {
      const intro = page.locator('.chat-intro');
      const fontSize = () => intro.evaluate((element) => getComputedStyle(element).fontSize);
      await page.setViewportSize(PHONE_SIZES.narrow);
      expect(await fontSize()).toBe('14px');
      await page.setViewportSize(PHONE_SIZES.portrait);
      expect(await fontSize()).toBe('16px');
    });

    await test.step('the virtual keyboard shrinks the page: the answer bar stays right above it', async () => {
      await page.setViewportSize(PHONE_SIZES.portrait);
      await chat.emailInput.focus();
      await page.setViewportSize(PORTRAIT_WITH_KEYBOARD);
      await expectNewestMessageInView(page, chat.log, 'keyboard open');
      for (const control of [chat.emailInput, chat.button('Überspringen'), chat.button('Senden')]) await expectFullyInView(page, control, 'keyboard open');
      await page.setViewportSize(PHONE_SIZES.portrait);
      await chat.button('Überspringen').click();
      await chat.expectWaitingForLawyer();
    });

    const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(queued.ChatId);
    await expect(chat.queue).toBeHidden();

    await test.step('with a lawyer the note on how the advice runs leaves the screen to the log (still there for screen readers)', async () => {
      await page.setViewportSize(PHONE_SIZES.portrait);
      const intro = page.locator('.chat-intro').filter({ hasText: 'Zuerst nimmt der digitale Assistent' });
      await expect(intro).toHaveCount(1);
      await expect.poll(() => intro.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    });

    await test.step('with a lawyer: Enter on the phone makes a new line, "Senden" sends; no desktop hint about Enter', async () => {
      await expect(chat.messageInput).toBeVisible();
      await expect(page.getByText('Enter sendet die Nachricht')).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: 'Enter zum Senden deaktivieren' })).toHaveCount(0);
      await chat.messageInput.pressSequentially('Seit März.');
      await chat.messageInput.press('Enter');
      await chat.messageInput.pressSequentially('Die Schlüssel habe ich abgegeben.');
      await expect(chat.messageInput).toHaveValue('Seit März.\nDie Schlüssel habe ich abgegeben.');
      await expect(chat.messages('Seit März.')).toHaveCount(0);
      await chat.button('Senden').click();
      const twoLines = 'Seit März.\nDie Schlüssel habe ich abgegeben.';
      expect((await lawyer.waitForMessage(twoLines)).Message).toBe(twoLines);
    });

    await test.step('a lawyer’s message arrives in view, with the message field and "Senden" beneath it, at every size', async () => {
      for (const size of SIZES) {
        await page.setViewportSize(PHONE_SIZES[size]);
        const question = `Haben Sie ein Übergabeprotokoll? (${size})`;
        await lawyer.send(queued.ChatId, question);
        await expect(chat.messages(question)).toHaveCount(1);
        await expectNewestMessageInView(page, chat.log, size);
        for (const control of [chat.messageInput, chat.button('Senden')]) await expectFullyInView(page, control, size);
      }
      await page.setViewportSize(PHONE_SIZES.portrait);
      await expectAccessible(page, 'live chat on a phone');
    });

    await test.step('turned sideways, the log keeps room for more than one message above a one-line answer field', async () => {
      await page.setViewportSize(PHONE_SIZES.landscape);
      // 125 px of log (about one message) were left of the 390 px before the answer bar packed closer (outside tester).
      await expect.poll(async () => (await chat.log.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(150);
      for (const control of [chat.messageInput, chat.button('Senden')]) await expectFullyInView(page, control, 'landscape');
      await page.setViewportSize(PHONE_SIZES.portrait);
    });

    await test.step('a long message grows the field to about seven lines, not over the conversation', async () => {
      await chat.messageInput.fill('Ich schildere es ausführlich. '.repeat(25));
      const field = await chat.messageInput.boundingBox();
      // 12 rem at most (about seven lines), where 750 characters had grown it to 430 px of the 844 px screen.
      expect(field?.height ?? Infinity).toBeLessThanOrEqual(12 * 16 + 1);
      await chat.messageInput.fill('');
    });
  } finally {
    await lawyer.dispose();
  }
});
