// One client's callback bookings in a burst (found from outside, 2026-12-07, second pass): every booking sends every
// lawyer's console QueueChanged, on which the console re-reads the queue and the callback list – a script booking 200
// times in 3 s made each console send 400 requests, and lawyers behind the firm's one address ran into the platform's
// 600 a minute. A person now books at most CALLBACK_BOOKINGS_PER_MINUTE times a minute; others behind the same address
// keep theirs.
import { describe, expect, it } from 'vitest';
import { CALLBACK_BOOKINGS_PER_MINUTE } from '../src/features/chat/chatHostRoutes.js';
import { connectParticipant, startChat, useAppWithLawyer } from './support/flows.js';

describe('callback bookings in a burst', () => {
  const setup = useAppWithLawyer();

  it("should take a person's bookings at most ten times a minute and signal the consoles only for those, keeping another person's", async () => {
    const { app, lawyer } = setup;
    const script = await connectParticipant(app);
    const neighbour = await connectParticipant(app);
    try {
      const ids = await startChat(script);
      const signalsBefore = lawyer.hub.queueSignals.length;
      const book = (chatId: string, i: number) =>
        script.http.post(`${app.chatUrl}/api/chat/${chatId}/callback`, { Phone: `0151 2345678${i % 10}`, Availability: '24.11.2099, 08:00–12:00 Uhr' });
      const answers = [];
      for (let i = 0; i < 25; i++) answers.push(await book(ids.ChatId, i));
      expect(answers.filter((a) => a.status === 204)).toHaveLength(CALLBACK_BOOKINGS_PER_MINUTE);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(25 - CALLBACK_BOOKINGS_PER_MINUTE);
      expect(refused[0]!.body).toMatchObject({
        Error: 'TooManyRequests',
        Message: expect.stringMatching(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/),
      });
      expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);

      // Another person from the same address books as usual.
      const theirs = await startChat(neighbour);
      const booked = await neighbour.http.post(`${app.chatUrl}/api/chat/${theirs.ChatId}/callback`, {
        Phone: '030 1234567',
        Availability: '24.11.2099, 08:00–12:00 Uhr',
      });
      expect(booked.status).toBe(204);
      // The consoles heard of the allowed bookings and the neighbour's start and booking, not of the refused bookings (the
      // chat's lifecycle may add a signal of its own, e.g. a client who went away).
      await lawyer.hub.waitFor(() => (lawyer.hub.queueSignals.length >= signalsBefore + CALLBACK_BOOKINGS_PER_MINUTE + 2 ? true : undefined), 'the signals');
      expect(lawyer.hub.queueSignals.length - signalsBefore).toBeLessThan(25);
    } finally {
      await script.hub.stop();
      await neighbour.hub.stop();
    }
  });
});
