// The insurer's chat link opened once more while the consultation runs (a new tab, or after closing the tab)
// leads back into that chat with its whole transcript – not into a fresh bot intake. Once the chat is
// closed, the same link starts a new intake again – unless the lawyer asked for a phone number that the client has
// not given yet: then it leads back to that question (for a day).
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { openAcceptedChat, openLinkInNewTab } from '../support/acceptedChat.js';

test.use({ viewport: PHONE_VIEWPORT });

/** The running chat, not a new intake: its case address, the stored intake once, with the participant's own problem text. */
async function expectRunningChat(chat: ChatPage, caseId: string, problem: string): Promise<void> {
  await expect(chat.page).toHaveURL(new RegExp(`/chat/${caseId}$`));
  await expect(chat.messages(problem)).toHaveCount(1);
  await expect(chat.messages(Texts.forward)).toHaveCount(1);
  await expect(chat.messages(Texts.welcome)).toHaveCount(1);
  await expect(chat.messages(Texts.problemNotice)).toHaveCount(1);
}

test('the chat link opened again during a running chat leads back into it with its transcript, and after the end to a new intake', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Mein Nachbar baut eine Garage auf meinem Grundstück');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    const link = await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const queued = await lawyer.waitForQueuedChat(problem.slice(-12));

    await test.step('waiting in the queue: the link in a new tab shows the waiting chat, not the bot’s welcome anew', async () => {
      const again = await openLinkInNewTab(page, link);
      await expectRunningChat(again, queued.CaseId, problem);
      await expect(again.queue).toBeVisible();
      await again.page.close();
    });

    const question = 'Seit wann steht die Garage dort?';
    await lawyer.accept(queued.ChatId);
    await lawyer.send(queued.ChatId, question);
    await expect(chat.messages(question)).toHaveCount(1);

    await test.step('talking to the lawyer, tab closed: the link again shows the whole conversation and the answer reaches the lawyer', async () => {
      await page.close();
      const again = await openLinkInNewTab(page, link);
      await expectRunningChat(again, queued.CaseId, problem);
      await expect(again.messages(question)).toHaveCount(1);
      await expect(again.log.getByRole('listitem').filter({ hasText: /ist dem Chat beigetreten\.$/ })).toHaveCount(1);
      await expect(again.queue).toBeHidden();
      await expectAccessible(again.page, 'running chat reopened from the link');
      await again.sendMessage('Seit letztem Montag.');
      await expect(again.messages('Seit letztem Montag.')).toHaveCount(1);
      await lawyer.waitForMessage('Seit letztem Montag.');

      await test.step('closed: the same link starts a new intake', async () => {
        await lawyer.close(queued.ChatId, false);
        await again.expectBotSays(Texts.offboardingWelcomeBack);
        const fresh = await openLinkInNewTab(again.page, link);
        // The closed case's usage confirmation greets the new intake first.
        const dialog = fresh.page.getByRole('dialog', { name: 'Nutzungsbestätigung' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Schließen' }).click();
        await fresh.expectBotSays(Texts.problemNotice);
        await expect(fresh.page).toHaveURL(/\/chat\/new$/);
        await expect(fresh.messages(problem)).toHaveCount(0);
      });
    });
  } finally {
    await lawyer.dispose();
  }
});

test('the chat link after "Chat beenden und Telefonnummer erfragen" with the tab closed leads back to the phone question until it is answered', async ({
  page,
  server,
}) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Mein Arbeitgeber zahlt seit zwei Monaten keinen Lohn');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    const { link, queued } = await openAcceptedChat(chat, lawyer, server.seed, problem);

    // The client closes the tab; meanwhile the lawyer ends the chat and asks for a number.
    const opener = await page.context().newPage();
    await page.close();
    await lawyer.close(queued.ChatId, true);

    const again = await openLinkInNewTab(opener, link);
    await expect(again.page).toHaveURL(new RegExp(`/chat/${queued.CaseId}$`));
    await expect(again.messages(problem)).toHaveCount(1);
    await again.expectBotSays(Texts.phoneRequested);
    await expect(again.phoneInput).toBeVisible();
    await expectAccessible(again.page, 'phone question found again from the chat link');
    await again.sendPhone('0170 5550199');
    await again.expectBotSays('Ist die Telefonnummer 0170 5550199 richtig?');
    const phoneSaved = again.page.waitForResponse((r) => r.url().includes(`/api/chat/secondLevel/${queued.CaseId}`) && r.request().method() === 'POST');
    await again.answer('Ja');
    expect((await phoneSaved).ok()).toBe(true);

    // Answered: the link now starts a new intake.
    const fresh = await openLinkInNewTab(again.page, link);
    const dialog = fresh.page.getByRole('dialog', { name: 'Nutzungsbestätigung' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await fresh.expectBotSays(Texts.problemNotice);
    await expect(fresh.page).toHaveURL(/\/chat\/new$/);
    await opener.close();
  } finally {
    await lawyer.dispose();
  }
});
