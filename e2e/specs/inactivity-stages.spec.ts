// SPEC §9: a lawyer message left unanswered opens a 400 px dialog after 180 s (stage 1, 60 s),
// then stage 2 (30 s), then the chat is closed by timeout and the offboarding bot starts.
import { ChatPage, runClockWithLawyerPresent, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, screenshotBothSizes, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';

test('an unanswered lawyer message leads through both inactivity stages to a chat closed by timeout', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Die Versicherung lehnt meinen Schaden am Auto ab');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const { ChatId: chatId } = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(chatId);
    const question = 'Haben Sie den Ablehnungsbescheid schriftlich erhalten?';
    await lawyer.send(chatId, question);
    await expect(chat.messages(question)).toHaveCount(1);
    // From here on the page's time only moves when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1);
    const typing = () => lawyer.typing(chatId);

    await test.step('179 s of silence: no dialog yet; at 180 s stage 1 opens, 400 px wide', async () => {
      await runClockWithLawyerPresent(chat, typing, 179_000);
      await expect(chat.inactivityDialog).toBeHidden();
      await page.clock.runFor(1_000);
      await expect(chat.inactivityDialog).toBeVisible();
      await expect(chat.inactivityDialog).toContainText('innerhalb von 60 Sekunden');
      expect((await chat.inactivityDialog.boundingBox())?.width).toBe(400);
      await expectAccessible(page, 'inactivity dialog stage 1');
      await screenshotBothSizes(page, 'chat-inactivity-stage1');
    });

    await test.step('60 s later stage 2 counts down 30 s', async () => {
      await runClockWithLawyerPresent(chat, typing, 60_000);
      await expect(chat.inactivityDialog).toContainText('Letzte Erinnerung');
      await expect(chat.inactivityDialog).toContainText('in 30 Sekunden');
      await expectAccessible(page, 'inactivity dialog stage 2');
    });

    await test.step('30 s later the chat is closed by timeout and the offboarding begins', async () => {
      await runClockWithLawyerPresent(chat, typing, 30_000);
      await page.clock.resume();
      await expect(chat.inactivityDialog).toBeHidden();
      const usageDialog = page.getByRole('dialog', { name: 'Nutzungsbestätigung' });
      await expect(usageDialog.or(chat.log.getByText(Texts.offboardingWelcomeBack))).toBeVisible();
      if (await usageDialog.isVisible()) await usageDialog.getByRole('button', { name: 'Schließen' }).click();
      await chat.expectBotSays(Texts.offboardingWelcomeBack);
      await expect(chat.messageInput).toBeHidden();
    });
  } finally {
    await lawyer.dispose();
  }
});
