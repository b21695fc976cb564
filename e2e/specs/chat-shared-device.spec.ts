// A phone or family computer is shared: after "Abmelden", the next person who opens their own chat link
// in the same tab must not find the previous person's unsent text in the message field.
import { randomUUID } from 'node:crypto';
import { ChatPage, newChatPath } from '../support/chatPage.js';
import { expect, PHONE_VIEWPORT, test } from '../support/fixtures.js';

test.use({ viewport: PHONE_VIEWPORT });

test('an unsent problem description does not outlive the logout for the next person in the same tab', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const unsent = 'Mein Arbeitgeber hat mir fristlos gekündigt, weil ich schwanger bin';

  await chat.open(server.seed);
  await chat.messageInput.fill(unsent);
  // The draft is kept for a reload of the tab (people lose the page mid-sentence) …
  await page.reload();
  await expect(chat.messageInput).toHaveValue(unsent);

  // … but not past the logout.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  // During the intake it asks first – what was typed would be lost.
  await page.getByRole('dialog', { name: 'Möchten Sie sich wirklich abmelden?' }).getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Sie wurden erfolgreich abgemeldet. Ihre Sitzung ist beendet.')).toBeVisible();

  const nextPerson = Buffer.from(`E2E-${randomUUID().slice(0, 18)}`).toString('base64');
  await page.goto(newChatPath({ insuranceNumber: nextPerson }));
  await expect(chat.messageInput).toBeVisible();
  await expect(chat.messageInput).toHaveValue('');
});
