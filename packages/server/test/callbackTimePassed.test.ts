// A callback for a time window that has already ended in Berlin is refused over HTTP with a 400 and a German message
// (a program can call the API without the web form's check); the window that runs now, a later day and free text are
// taken. The time is the app's Clock (virtual), never the machine's.
import type { CallbackEntry } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { virtualTime, type VirtualTime } from './support/virtualTime.js';

describe('a callback for a time that has passed', () => {
  let app: TestApp;
  let vt: VirtualTime;
  const open: Participant[] = [];

  beforeAll(async () => {
    // Monday 30 November 2026, 16:13 in Berlin (CET, UTC+1).
    vt = virtualTime('2026-11-30T15:13:00.000Z');
    app = await startTestApp({ clock: vt, scheduler: vt });
  });
  afterAll(async () => {
    for (const p of open) await p.hub.connection.stop();
    await app.stop();
  });

  async function waitingChat() {
    const participant = await connectParticipant(app);
    open.push(participant);
    const ids = await startChat(participant);
    const book = (Availability: string) => participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, { Phone: '030 1234567', Availability });
    return { ids, book };
  }

  const callbacksOf = async (chatId: string) => {
    const lawyer = await connectLawyer(app);
    open.push(lawyer);
    return (await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.filter((c) => c.ChatId === chatId);
  };

  it('should refuse this morning at 16:13 with 400 and a German message, and store nothing', async () => {
    const { ids, book } = await waitingChat();
    for (const availability of ['30.11.2026, 08:00–12:00 Uhr', '29.11.2026, 12:00–18:00 Uhr', '29.11.2026']) {
      const refused = await book(availability);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        Error: 'BadRequest',
        Message: 'Der gewünschte Termin für den Rückruf ist bereits vorbei. Bitte wählen Sie ein späteres Zeitfenster oder einen anderen Tag.',
      });
    }
    // Nothing stored, and the chat still waits in the queue.
    expect(await callbacksOf(ids.ChatId)).toEqual([]);
    const row = await app.ctx.db.selectFrom('chats').select(['state']).where('id', '=', ids.ChatId).executeTakeFirstOrThrow();
    expect(row.state).toBe('waiting');
  });

  it('should take the window that runs now', async () => {
    const { ids, book } = await waitingChat();
    expect((await book('30.11.2026, 12:00–18:00 Uhr')).status).toBe(204);
    expect(await callbacksOf(ids.ChatId)).toEqual([expect.objectContaining({ Availability: '30.11.2026, 12:00–18:00 Uhr' })]);
  });

  it('should take tomorrow morning, and free text it cannot place in time', async () => {
    expect((await (await waitingChat()).book('01.12.2026, 08:00–12:00 Uhr')).status).toBe(204);
    expect((await (await waitingChat()).book('morgen vormittags')).status).toBe(204);
  });

  it('should refuse the afternoon once it has ended at 18:00 in Berlin', async () => {
    // Last: a jump this long ends the earlier sessions (30 min without activity).
    vt.jump(107 * 60_000); // 18:00
    const { book } = await waitingChat();
    expect((await book('30.11.2026, 12:00–18:00 Uhr')).status).toBe(400);
    expect((await book('01.12.2026, 08:00–12:00 Uhr')).status).toBe(204);
  });
});
