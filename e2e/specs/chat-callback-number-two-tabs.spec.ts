// The same chat open in two tabs of one browser (a phone keeps old tabs; a link opened twice): once the client gave
// the callback number the lawyer asked for in one tab, the other stops asking for it, says which number was given and
// goes on as the first did – it does not take a second (perhaps different) number that would replace the first.
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { openAcceptedChat, openLinkInNewTab } from '../support/acceptedChat.js';

test.use({ viewport: PHONE_VIEWPORT });

test('a second tab of the chat stops asking for the callback number once it was given in the first, and shows which', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Meine Vermieterin behält die Kaution ein');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    const { link, queued } = await openAcceptedChat(chat, lawyer, server.seed, problem);
    const second = await openLinkInNewTab(page, link);
    await expect(second.messages(problem)).toHaveCount(1);

    await lawyer.close(queued.ChatId, true);
    await chat.expectBotSays(Texts.phoneRequested);
    await second.expectBotSays(Texts.phoneRequested);
    await expect(second.phoneInput).toBeVisible();

    const saves: string[] = [];
    page.context().on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/chat/secondLevel/')) saves.push(request.url());
    });
    await chat.sendPhone('0170 5550199');
    await chat.expectBotSays('Ist die Telefonnummer 0170 5550199 richtig?');
    const phoneSaved = page.waitForResponse((r) => r.url().includes(`/api/chat/secondLevel/${queued.CaseId}`) && r.request().method() === 'POST');
    await chat.answer('Ja');
    expect((await phoneSaved).ok()).toBe(true);

    await second.expectBotSays(
      'Ihre Telefonnummer 0170 5550199 haben Sie bereits in einem anderen Tab oder Fenster dieses Chats angegeben. Wir verwenden diese Nummer für den Rückruf.',
    );
    await expect(second.phoneInput).toBeHidden();
    await expectAccessible(second.page, 'second tab after the number was given in the first');
    expect(saves).toHaveLength(1);
  } finally {
    await lawyer.dispose();
  }
});
