// A waiting client hears where their request stands (SendNotification QueuePosition, 1 = next) in
// the queue that holds it (open to everyone, or a lawyer's after a forward), right after starting and again on every
// queue change, on SQLite and PostgreSQL, over the official SignalR client.
import type { Notification } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { engineAppWithLawyer } from './support/engineApp.js';
import { connectParticipant, startChat, type Participant } from './support/flows.js';

describe.each(['sqlite', 'postgres'] as const)('queue position of a waiting client on %s', (engine) => {
  const setup = engineAppWithLawyer(engine);

  /** The newest position the client heard for its chat, once it is `expected`. */
  const positionOf = (client: Participant, chatId: string, expected: number) =>
    client.hub.waitFor(() => {
      const heard = client.hub.notifications.filter((n: Notification) => n.ChatId === chatId && n.Type === 'QueuePosition');
      const latest = heard.at(-1)?.Data?.Position;
      return latest === expected ? latest : undefined;
    }, `position ${expected} for ${chatId}`);

  it('should tell each waiting client its place after starting and move it up when the chat ahead is taken', async () => {
    const { app, lawyer } = setup;
    const first = await connectParticipant(app);
    const second = await connectParticipant(app);
    setup.keep(first, second);
    const ahead = (await app.ctx.db.selectFrom('chats').select('id').where('state', '=', 'waiting').execute()).length;
    const firstIds = await startChat(first);
    expect(await positionOf(first, firstIds.ChatId, ahead + 1)).toBe(ahead + 1);
    const secondIds = await startChat(second);
    expect(await positionOf(second, secondIds.ChatId, ahead + 2)).toBe(ahead + 2);

    await lawyer.hub.connection.invoke('AcceptChat', firstIds.ChatId);
    expect(await positionOf(second, secondIds.ChatId, ahead + 1)).toBe(ahead + 1);
    // Nobody hears another case's place: the first client got only its own chat's positions.
    expect(first.hub.notifications.filter((n) => n.Type === 'QueuePosition').every((n) => n.ChatId === firstIds.ChatId)).toBe(true);
    // A client that joins again (a reload) hears its place at once.
    await second.hub.connection.invoke('JoinLatestChat', secondIds.CaseId);
    await second.hub.waitFor(
      () => (second.hub.notifications.filter((n) => n.Type === 'QueuePosition').length >= 3 ? true : undefined),
      'the place again after joining',
    );
  });

  it("should count a forwarded request in its lawyer's queue ahead of the requests open to everyone, and leave it out of theirs", async () => {
    const { app, lawyer } = setup;
    const waitingOf = async (requested: 'open' | string) =>
      (
        await app.ctx.db
          .selectFrom('chats')
          .select('id')
          .where('state', '=', 'waiting')
          .where('requested_lawyer_id', requested === 'open' ? 'is' : '=', requested === 'open' ? null : requested)
          .execute()
      ).length;
    const markus = app.lawyers[1];
    if (!markus) throw new Error('the test app has a second lawyer');
    const forwardedClient = await connectParticipant(app);
    const openClient = await connectParticipant(app);
    setup.keep(forwardedClient, openClient);
    const toForward = await startChat(forwardedClient);
    await lawyer.hub.connection.invoke('AcceptChat', toForward.ChatId);
    const forwarded = await lawyer.hub.connection.invoke<{ ChatId: string }>('ForwardChat', toForward.ChatId, markus.id);
    // Markus's queue lists the requests forwarded to him first, then those open to everyone (all older): only the
    // ones forwarded to him are ahead of it.
    const openAhead = await waitingOf('open');
    expect(openAhead).toBeGreaterThan(0);
    const forwardedPlace = await waitingOf(markus.id);
    expect(await positionOf(forwardedClient, forwarded.ChatId, forwardedPlace)).toBe(forwardedPlace);

    // A newer request open to everyone: the forwarded one is not ahead of it (only Markus may take that).
    const newer = await startChat(openClient);
    expect(await positionOf(openClient, newer.ChatId, openAhead + 1)).toBe(openAhead + 1);
  });
});

describe.each(['sqlite', 'postgres'] as const)('expected wait of a waiting client on %s', (engine) => {
  // The server's clock, moved by the test: the waits are the minutes between start and acceptance.
  let now = Date.parse('2026-11-23T09:00:00Z');
  const clock = { now: () => new Date(now) };
  const setup = engineAppWithLawyer(engine, { clock });

  const heardFor = (client: Participant, chatId: string) =>
    client.hub.waitFor(
      () => client.hub.notifications.filter((n: Notification) => n.ChatId === chatId && n.Type === 'QueuePosition').at(-1),
      `a position for ${chatId}`,
    );

  it('should leave the wait out while fewer than five chats were taken, then say the median of the recent waits', async () => {
    const { app, lawyer } = setup;
    const starts: { client: Participant; chatId: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const client = await connectParticipant(app);
      setup.keep(client);
      now += 1000;
      starts.push({ client, chatId: (await startChat(client)).ChatId });
    }
    // Nothing taken yet: the place only, no guessed wait.
    const early = await heardFor(starts[0]!.client, starts[0]!.chatId);
    expect(early.Data).toEqual({ Position: 1 });

    // Taken after 3, 4, 6, 7 and 8 minutes: the median is 6.
    for (const [index, minutes] of [3, 4, 6, 7, 8].entries()) {
      now = Date.parse('2026-11-23T09:00:00Z') + minutes * 60_000;
      await lawyer.hub.connection.invoke('AcceptChat', starts[index]!.chatId);
    }
    now += 60_000;
    const waiting = await connectParticipant(app);
    setup.keep(waiting);
    const ids = await startChat(waiting);
    const heard = await heardFor(waiting, ids.ChatId);
    expect(heard.Data).toEqual({ Position: 1, WaitMinutes: 6 });

    // Forwarded to a colleague, the request waits for that one person (up to five minutes, then for everyone): the
    // firm's median says nothing about that, so no wait is said (outside tester: „etwa eine Minute“ for a colleague
    // who was not signed in).
    const colleague = app.lawyers[1];
    if (!colleague) throw new Error('the test app has a second lawyer');
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const forwarded = await lawyer.hub.connection.invoke<{ ChatId: string }>('ForwardChat', ids.ChatId, colleague.id);
    expect((await heardFor(waiting, forwarded.ChatId)).Data).toEqual({ Position: 1 });
  });
});
