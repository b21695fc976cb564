// Whose call a callback is (GET api/lawyer/callbacks, `AssignedLawyer`), over real HTTP on SQLite and PostgreSQL: the
// lawyer who ended the chat asking for the number promised the call („… meldet sich telefonisch bei Ihnen.“), and
// every lawyer's list says so; a waiting client's booking nobody took belongs to nobody yet; a callback handed to a
// colleague (deactivation, callbacks.assigned_lawyer_id) names the colleague; marking it done keeps the name.
import type { CallbackEntry } from '@rechtschat/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectParticipant, startChat, type Participant } from './support/flows.js';
import { engineAppWithTwoLawyers } from './support/engineApp.js';
import type { TestApp } from './support/testApp.js';
import { waitUntil } from './support/hubClient.js';

describe.each(['sqlite', 'postgres'] as const)('who owns a callback on %s', (engine) => {
  const fixture = engineAppWithTwoLawyers(engine);
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  beforeAll(() => {
    ({ app, lawyer: anna, colleague: markus } = fixture);
  });

  const newParticipant = async () => {
    const p = await connectParticipant(app);
    fixture.keep(p);
    return p;
  };
  const callbackOf = async (lawyer: Participant, chatId: string) => {
    const answer = await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`);
    expect(answer.status).toBe(200);
    return answer.body.find((c) => c.ChatId === chatId);
  };

  /** Anna takes a chat and ends it asking for the number; the client gives it in the offboarding. */
  const numberPromisedByAnna = async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    await anna.hub.connection.invoke('CloseChat', ids.ChatId, true);
    await waitUntil(() => participant.hub.notifications.find((n) => n.Type === 'ClosedAndRequestPhoneNumber'), 'closed notification');
    expect((await participant.http.post(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '0170 1234567' })).status).toBe(204);
    return ids;
  };

  it('should name the lawyer who ended the chat asking for the number in every lawyer’s list', async () => {
    const ids = await numberPromisedByAnna();
    const annaDr = { Id: app.lawyers[0]?.id, Name: 'Dr. Anna Berger' };
    expect(await callbackOf(anna, ids.ChatId)).toMatchObject({ Availability: 'Telefonische Weiterberatung nach dem Chat', AssignedLawyer: annaDr });
    expect((await callbackOf(markus, ids.ChatId))?.AssignedLawyer).toEqual(annaDr);
  });

  it('should leave a callback a waiting client booked before anyone took the chat without an owner', async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, { Phone: '030 7654321', Availability: '25.11.2099, 12:00–16:00 Uhr' });
    const entry = await callbackOf(markus, ids.ChatId);
    expect(entry).toBeDefined();
    expect(entry?.AssignedLawyer).toBeNull();
  });

  it('should name the colleague an open callback was handed to instead of the lawyer who held the chat', async () => {
    const ids = await numberPromisedByAnna();
    const entry = await callbackOf(anna, ids.ChatId);
    // What the deactivation's hand-over writes (features/admin/teamQueries.ts); adminTeam.test.ts covers the hand-over itself.
    await app.ctx.db
      .updateTable('callbacks')
      .set({ assigned_lawyer_id: app.lawyers[1]?.id })
      .where('id', '=', entry?.Id ?? '')
      .execute();
    expect((await callbackOf(anna, ids.ChatId))?.AssignedLawyer).toEqual({ Id: app.lawyers[1]?.id, Name: 'Markus Hoffmann' });
  });

  it('should keep who promised the call once a colleague marked it done', async () => {
    const ids = await numberPromisedByAnna();
    const entry = await callbackOf(markus, ids.ChatId);
    expect((await markus.http.put(`${app.chatUrl}/api/lawyer/callbacks/${entry?.Id}/done`, { Value: true })).status).toBe(204);
    expect(await callbackOf(anna, ids.ChatId)).toMatchObject({
      AssignedLawyer: { Id: app.lawyers[0]?.id, Name: 'Dr. Anna Berger' },
      DoneBy: { Id: app.lawyers[1]?.id, Name: 'Markus Hoffmann' },
    });
  });
});
