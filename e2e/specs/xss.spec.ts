// Chat text is rendered as text, never as HTML – markup from either side shows literally; only http(s) addresses
// become links (core textLinks.ts), a script address never does.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { expect, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';

test.use({ viewport: PHONE_VIEWPORT });

const LAWYER_PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script>';
const LINK_MESSAGE = 'Das Formular: https://www.example.org/formular?a=1&b=2. Nicht javascript:alert(6) anklicken.';
const PARTICIPANT_PAYLOAD = '<b>fett</b><svg onload=alert(3)></svg><iframe src="javascript:alert(4)"></iframe>';

test('markup in chat messages is shown as literal text and never runs', async ({ page, server }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const chat = new ChatPage(page);
  // The problem description is also echoed into the chat log.
  const problem = uniqueProblem('Mein Vertrag enthält <script>alert(5)</script> eine seltsame Klausel');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const { ChatId: chatId } = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(chatId);

    await lawyer.send(chatId, LAWYER_PAYLOAD);
    await expect(chat.messages(LAWYER_PAYLOAD)).toHaveCount(1);
    await chat.sendMessage(PARTICIPANT_PAYLOAD);
    await expect(chat.messages(PARTICIPANT_PAYLOAD)).toHaveCount(1);
    await lawyer.waitForMessage(PARTICIPANT_PAYLOAD);
    await expect(chat.messages(problem)).toHaveCount(1);

    // A web address the lawyer sends can be tapped on the phone; it opens in a new tab, without the full stop.
    await lawyer.send(chatId, LINK_MESSAGE);
    const links = chat.log.getByRole('link', { name: /example\.org/ });
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', 'https://www.example.org/formular?a=1&b=2');
    await expect(links).toHaveAttribute('target', '_blank');
    await expect(links).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(chat.log.locator('a[href^="javascript:"]')).toHaveCount(0);
    // Its hidden „(öffnet in einem neuen Tab)“ is placed by the link, inside the scrolling log: placed by the page, such
    // spans made the page as tall as the log's whole history (outside tester).
    expect(await links.evaluate((link) => (link.querySelector('.visually-hidden') as HTMLElement | null)?.offsetParent === link)).toBe(true);

    // No element was created from the markup.
    for (const selector of ['img[src="x"]', 'script:not([src])', 'svg[onload]', 'iframe', 'b']) {
      await expect(chat.log.locator(selector), selector).toHaveCount(0);
    }
    // Give a would-be handler the chance to fire, then check nothing did: a real event, not a timer.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(dialogs).toEqual([]);
  } finally {
    await lawyer.dispose();
  }
});
