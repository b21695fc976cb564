// A lawyer message left unanswered opens a 400 px dialog after 180 s (stage 1, 60 s),
// then stage 2 (30 s), then the chat is closed by timeout – with the reason in the transcript, on both
// sides – and the offboarding bot starts.
import { ChatPage, pauseClock, runClockWithLawyerPresent, Texts, uniqueProblem } from '../support/chatPage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, screenshotBothSizes, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import type { Page } from '@playwright/test';

/** axe-core and screenshots wait on timers themselves: let time flow while they run, then pause again. */
async function withClockFlowing(page: Page, action: () => Promise<void>): Promise<void> {
  await page.clock.resume();
  await action();
  await pauseClock(page);
}

test('an unanswered lawyer message leads through both inactivity stages to a chat closed by timeout', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Die Versicherung lehnt meinen Schaden am Auto ab');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.clock.install();
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const { ChatId: chatId } = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(chatId);
    const question = 'Haben Sie den Ablehnungsbescheid schriftlich erhalten?';
    await lawyer.send(chatId, question);
    await expect(chat.messages(question)).toHaveCount(1);
    // From here on the page's time only moves when the test moves it.
    await pauseClock(page);
    const typing = () => lawyer.typing(chatId);

    await test.step('177 s of silence: no dialog yet; at 180 s stage 1 opens, 400 px wide', async () => {
      // The message arrived a moment before the pause: allow the page up to 2.5 real seconds for that.
      await runClockWithLawyerPresent(chat, typing, 177_000);
      await expect(chat.inactivityDialog).toBeHidden();
      await page.clock.runFor(3_000);
      await expect(chat.inactivityDialog).toBeVisible();
      const secondsLeft = Number(/innerhalb von (\d+) Sekunden/.exec((await chat.inactivityDialog.textContent()) ?? '')?.[1]);
      expect(secondsLeft).toBeGreaterThanOrEqual(57);
      expect(secondsLeft).toBeLessThanOrEqual(60);
      expect((await chat.inactivityDialog.boundingBox())?.width).toBe(400);
      await withClockFlowing(page, async () => {
        await expectAccessible(page, 'inactivity dialog stage 1');
        await screenshotBothSizes(page, 'chat-inactivity-stage1');
      });
    });

    await test.step('60 s later stage 2 counts down 30 s', async () => {
      await runClockWithLawyerPresent(chat, typing, 60_000);
      await expect(chat.inactivityDialog).toContainText('Letzte Erinnerung');
      // The accessibility check above let a few real seconds of stage 1 pass.
      const secondsLeft = Number(/in (\d+) Sekunden/.exec((await chat.inactivityDialog.textContent()) ?? '')?.[1]);
      expect(secondsLeft).toBeGreaterThan(0);
      expect(secondsLeft).toBeLessThanOrEqual(30);
      await withClockFlowing(page, () => expectAccessible(page, 'inactivity dialog stage 2'));
    });

    await test.step('when stage 2 runs out the chat is closed by timeout, says why, and the offboarding begins', async () => {
      // The accessibility check above let real seconds of stage 2 pass (more than ten on a slow machine): run the
      // clock for what the countdown says is left, and a second for its rounding – the lawyer must not be asked to
      // type into a chat that has closed meanwhile.
      const secondsLeft = Number(/in (\d+) Sekunden/.exec((await chat.inactivityDialog.textContent()) ?? '')?.[1]);
      expect(secondsLeft).toBeGreaterThan(0);
      expect(secondsLeft).toBeLessThanOrEqual(30);
      await runClockWithLawyerPresent(chat, typing, secondsLeft * 1000 + 1000);
      await page.clock.resume();
      await expect(chat.inactivityDialog).toBeHidden();
      // The reason stands in the transcript, after the unanswered question and before the offboarding bot.
      const reason = chat.messages(Texts.closedByTimeout);
      await expect(reason).toHaveCount(1);
      await expect(reason).toContainText('über Ihren Zugangslink einen neuen Chat beginnen');
      await chat.expectBotSays(Texts.offboardingWelcomeBack);
      const lines = await chat.log.getByRole('listitem').allTextContents();
      const at = (text: string | RegExp) => lines.findIndex((line) => (typeof text === 'string' ? line.includes(text) : text.test(line)));
      expect(at(question)).toBeLessThan(at(Texts.closedByTimeout));
      expect(at(Texts.closedByTimeout)).toBeLessThan(at(Texts.offboardingWelcomeBack));
      await expect(page.getByRole('dialog', { name: 'Nutzungsbestätigung' })).toHaveCount(0);
      await expect(chat.messageInput).toBeHidden();
      expect(await lawyer.waitForNotification(chatId, 'Closed')).toMatchObject({ Type: 'Closed', Data: { Reason: 'Timeout' } });
      expect((await lawyer.waitForMessage((await reason.textContent()) ?? '')).Type).toBe(1);
    });

    await test.step('after a reload the reason is still there, once', async () => {
      await page.reload();
      await expect(chat.messages(question)).toHaveCount(1);
      await expect(chat.messages(Texts.closedByTimeout)).toHaveCount(1);
    });
  } finally {
    await lawyer.dispose();
  }
});
