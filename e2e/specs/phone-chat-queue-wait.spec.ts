// On a touch phone: while waiting, the client reads where the request stands and – only once enough
// chats were taken lately (5 in the last 24 h) – the expected wait, both as the server says them, updated politely
// when the queue moves. Its own server, so the queue and the taken chats are exactly the ones this journey makes.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { attachServerLogOnFailure, test as base, expect, expectAccessible } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { ParticipantDriver } from '../support/participant.js';
import { expectFullyInView, touchPhone } from '../support/phone.js';
import { startServer, type ServerHandle } from '../support/server.js';

const test = base.extend<object, { queueServer: ServerHandle }>({
  queueServer: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ queueServer }, use) => {
    await use(queueServer.webUrl);
  },
  // Reports this file's own server, and keeps the shared one from starting for it.
  serverLogOnFailure: async ({ queueServer }, use, testInfo) => {
    await use();
    await attachServerLogOnFailure(queueServer, testInfo);
  },
});

test.use(touchPhone);

test('the waiting client sees its place in the queue, and the expected wait once enough chats were taken', async ({ page, queueServer }) => {
  const chat = new ChatPage(page);
  const lawyer = await LawyerDriver.login(queueServer.chatUrl, queueServer.seed.lawyer);
  const others: ParticipantDriver[] = [];
  const request = async () => {
    const other = await ParticipantDriver.startRequest(queueServer, uniqueProblem('Mein Arbeitgeber zahlt den Lohn nicht'));
    others.push(other);
    return other.request.ChatId;
  };
  try {
    // Four chats taken before (one short of an estimate), two requests still waiting ahead of the client.
    for (let i = 0; i < 4; i += 1) await lawyer.accept(await request());
    const ahead = [await request(), await request()];

    await chat.open(queueServer.seed);
    await chat.onboardWithoutEmail(uniqueProblem('Mein Nachbar baut ohne Genehmigung an die Grenze'));
    const place = chat.queue.getByRole('status').filter({ hasText: /Ihre Anfrage/ });
    // Too little to go by: the place only, no guessed wait.
    await expect(place).toHaveText('Ihre Anfrage ist an Position 3 der Warteschlange.');
    await expectFullyInView(page, place, 'queue position');

    // The fifth chat taken: the place moves up and the median wait of the taken chats comes with it.
    await lawyer.accept(ahead[0]!);
    await expect(place).toHaveText('Ihre Anfrage ist an Position 2 der Warteschlange. Voraussichtliche Wartezeit: etwa eine Minute.');
    await lawyer.accept(ahead[1]!);
    await expect(place).toHaveText('Ihre Anfrage ist als Nächste an der Reihe. Voraussichtliche Wartezeit: etwa eine Minute.');
    await expectAccessible(page, 'queue with the place and the expected wait');
  } finally {
    for (const other of others) await other.dispose();
    await lawyer.dispose();
  }
});
