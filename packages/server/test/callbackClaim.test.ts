// „Übernehmen“ (POST api/lawyer/callbacks/{id}/claim) over real HTTP on SQLite and PostgreSQL: a waiting client's
// booking nobody took becomes the claiming lawyer's, a second lawyer gets 409 naming who took it, and ticking
// „Erledigt“ on one nobody's yet makes it the lawyer's who called (so „Nur meine“ keeps it).
import { beforeAll, describe, expect, it } from 'vitest';
import { connectParticipant, startChat, type Participant } from './support/flows.js';
import { engineAppWithTwoLawyers } from './support/engineApp.js';
import type { TestApp } from './support/testApp.js';
import { bookUnassignedCallback, callbackOfChat } from './support/callbacks.js';

describe.each(['sqlite', 'postgres'] as const)('claiming a callback on %s', (engine) => {
  const fixture = engineAppWithTwoLawyers(engine);
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  beforeAll(() => {
    ({ app, lawyer: anna, colleague: markus } = fixture);
  });

  const unassignedCallback = () => bookUnassignedCallback(fixture, markus);
  const callbackOf = (lawyer: Participant, chatId: string) => callbackOfChat(fixture, lawyer, chatId);
  const claim = (lawyer: Participant, id: string) =>
    lawyer.http.post<{ Error: string; Message: string }>(`${app.chatUrl}/api/lawyer/callbacks/${id}/claim`, {});

  it('should make an unassigned callback the claiming lawyer’s in every lawyer’s list', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    expect((await callbackOf(markus, entry.ChatId))?.AssignedLawyer).toEqual({ Id: app.lawyers[0]?.id, Name: 'Dr. Anna Berger' });
    // The same lawyer again (a second window) changes nothing.
    expect((await claim(anna, entry.Id)).status).toBe(204);
  });

  it('should refuse a second lawyer’s claim with 409 naming who took it, and keep the first', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    const second = await claim(markus, entry.Id);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ Error: 'Conflict', Message: 'Diesen Rückruf hat bereits Dr. Anna Berger übernommen.' });
    expect((await callbackOf(markus, entry.ChatId))?.AssignedLawyer?.Id).toBe(app.lawyers[0]?.id);
  });

  it('should let only one of two lawyers claiming at the same moment take it', async () => {
    const entry = await unassignedCallback();
    const answers = await Promise.all([claim(anna, entry.Id), claim(markus, entry.Id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
  });

  it('should refuse to claim a callback a lawyer promised when ending the chat', async () => {
    const participant = await connectParticipant(app);
    fixture.keep(participant);
    const ids = await startChat(participant);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    await anna.hub.connection.invoke('CloseChat', ids.ChatId, true);
    expect((await participant.http.post(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '0170 1234567' })).status).toBe(204);
    const entry = await callbackOf(markus, ids.ChatId);
    const refused = await claim(markus, entry?.Id ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('Diesen Rückruf hat bereits Dr. Anna Berger übernommen.');
  });

  it('should answer 404 for an unknown callback and 401 without a session', async () => {
    expect((await claim(anna, 'no-such-callback')).status).toBe(404);
    const participant = await connectParticipant(app);
    fixture.keep(participant);
    expect((await participant.http.post(`${app.chatUrl}/api/lawyer/callbacks/no-such-callback/claim`, {})).status).toBe(401);
  });

  it('should make an unassigned callback the lawyer’s who marks it done, and keep it theirs when undone', async () => {
    const entry = await unassignedCallback();
    expect((await markus.http.put(`${app.chatUrl}/api/lawyer/callbacks/${entry.Id}/done`, { Value: true })).status).toBe(204);
    const markusOwns = { Id: app.lawyers[1]?.id, Name: 'Markus Hoffmann' };
    expect(await callbackOf(anna, entry.ChatId)).toMatchObject({ AssignedLawyer: markusOwns, DoneBy: markusOwns });
    expect((await markus.http.put(`${app.chatUrl}/api/lawyer/callbacks/${entry.Id}/done`, { Value: false })).status).toBe(204);
    expect(await callbackOf(anna, entry.ChatId)).toMatchObject({ AssignedLawyer: markusOwns, DoneBy: null });
  });

  it('should keep a claimed callback its claimer’s when a colleague marks it done', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    expect((await markus.http.put(`${app.chatUrl}/api/lawyer/callbacks/${entry.Id}/done`, { Value: true })).status).toBe(204);
    expect((await callbackOf(markus, entry.ChatId))?.AssignedLawyer?.Id).toBe(app.lawyers[0]?.id);
  });
});
