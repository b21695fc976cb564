// A laptop's 1024 × 768: after „Annehmen“ the answer field had the focus but sat 500 px below the window's edge, under
// the bot's facts and the 600 px log, and the lawyer saw the oldest bot lines instead of the newest message. Now the
// field comes into view with the log's end right above it when the chat is shown and when its history arrives, and the
// rows of views and chats stay at the window's top while the lawyer answers.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { expect, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: { width: 1024, height: 768 } });

test('on a 1024 × 768 laptop the lawyer sees the answer field and the newest message of the chat just accepted', async ({ page, browser, server }) => {
  const lawyer = new ConsoleWorkspace(page);
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  const client = new ChatPage(await clientContext.newPage());
  const problem = uniqueProblem('Mein Vermieter will die Kaution nicht zurückzahlen');
  try {
    await lawyer.open(server.webUrl);
    await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await lawyer.showQueue();
    await client.open(server.seed);
    await client.onboardWithoutEmail(problem);
    await lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();

    await expect(lawyer.messageInput).toBeFocused();
    await expect(lawyer.log.getByText('Dr. Anna Berger ist dem Chat beigetreten.')).toBeVisible();
    await expect(lawyer.messageInput).toBeInViewport();
    // The newest line of the log is in the window too, not only the log's top.
    await expect(lawyer.log.getByRole('listitem').last()).toBeInViewport();

    const question = 'Ist die Wohnung schon übergeben?';
    await client.sendMessage(question);
    await expect(lawyer.log.getByText(question, { exact: true })).toBeInViewport();
    await expect(lawyer.messageInput).toBeInViewport();

    // While answering, the rows of views and chats stay in the window (sticky): the queue's count and another chat's
    // unread badge were scrolled out of sight above the chat, and a new client went unnoticed.
    await lawyer.messageInput.fill('Seit wann wohnen Sie dort?');
    await lawyer.messageInput.press('Enter');
    await expect(lawyer.log.getByText('Seit wann wohnen Sie dort?', { exact: true })).toBeInViewport();
    await expect(lawyer.tab(/Warteschlange/)).toBeInViewport();
    await expect(lawyer.page.getByRole('tablist', { name: 'Ihre Chats' })).toBeInViewport();

    // The demo lawyer should not keep this chat open for the journeys that follow.
    await lawyer.button('Chat beenden').click();
    await lawyer.button('Ja, Chat beenden').click();
    await expect(lawyer.statusText('Der Chat ist beendet.')).toBeVisible();
  } finally {
    await clientContext.close();
  }
});
