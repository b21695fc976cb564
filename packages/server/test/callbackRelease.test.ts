// „Zurückgeben“ (POST api/lawyer/callbacks/{id}/release) over real HTTP on SQLite and PostgreSQL: the lawyer who took a
// callback by mistake gives it back to the firm, a colleague may not (an administrator may), a done one or one promised
// in its chat stays; and every change of the list – claimed, given back, marked done or undone – reaches the other
// lawyers' consoles at once as the hub's QueueChanged signal (official @microsoft/signalr client).
import type { AuditLogPage } from '@rechtschat/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectParticipant, startChat, type Participant } from './support/flows.js';
import { engineAppWithTwoLawyers } from './support/engineApp.js';
import type { TestApp } from './support/testApp.js';
import { bookUnassignedCallback, callbackOfChat } from './support/callbacks.js';

type Refusal = { Error: string; Message: string };

describe.each(['sqlite', 'postgres'] as const)('giving a callback back on %s', (engine) => {
  const fixture = engineAppWithTwoLawyers(engine);
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  beforeAll(() => {
    ({ app, lawyer: anna, colleague: markus } = fixture);
  });

  const unassignedCallback = () => bookUnassignedCallback(fixture, markus);
  const callbackOf = (lawyer: Participant, chatId: string) => callbackOfChat(fixture, lawyer, chatId);
  const claim = (lawyer: Participant, id: string) => lawyer.http.post<Refusal>(`${app.chatUrl}/api/lawyer/callbacks/${id}/claim`, {});
  const release = (lawyer: Participant, id: string) => lawyer.http.post<Refusal>(`${app.chatUrl}/api/lawyer/callbacks/${id}/release`, {});
  const markDone = (lawyer: Participant, id: string, done: boolean) => lawyer.http.put(`${app.chatUrl}/api/lawyer/callbacks/${id}/done`, { Value: done });
  const setRole = (index: number, role: 'admin' | 'lawyer') =>
    app.ctx.db
      .updateTable('lawyers')
      .set({ role })
      .where('id', '=', app.lawyers[index]?.id ?? '')
      .execute();
  /** The Protokoll's give-back entries of one callback, as an administrator reads them (GET api/admin/audit). */
  const releasedEntries = async (admin: Participant, callbackId: string) => {
    const page = await admin.http.get<AuditLogPage>(`${app.chatUrl}/api/admin/audit?action=callback.released`);
    expect(page.status).toBe(200);
    return page.body.Entries.filter((e) => e.TargetId === callbackId);
  };

  it('should make a claimed callback nobody’s again when its lawyer gives it back, for a colleague to claim', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    expect(await callbackOf(markus, entry.ChatId)).toMatchObject({ AssignedLawyer: { Id: app.lawyers[0]?.id }, Claimed: true });

    expect((await release(anna, entry.Id)).status).toBe(204);
    expect(await callbackOf(markus, entry.ChatId)).toMatchObject({ AssignedLawyer: null, Claimed: false });
    // A second window giving it back again changes nothing.
    expect((await release(anna, entry.Id)).status).toBe(204);
    expect((await claim(markus, entry.Id)).status).toBe(204);
    expect((await callbackOf(anna, entry.ChatId))?.AssignedLawyer?.Id).toBe(app.lawyers[1]?.id);
  });

  it('should refuse a colleague’s give-back with 403 naming whose it is, and keep it theirs', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    const refused = await release(markus, entry.Id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      Error: 'Forbidden',
      Message: 'Diesen Rückruf hat Dr. Anna Berger übernommen. Zurückgeben können ihn nur Dr. Anna Berger oder die Administration der Kanzlei.',
    });
    expect((await callbackOf(markus, entry.ChatId))?.AssignedLawyer?.Id).toBe(app.lawyers[0]?.id);
  });

  it('should let an administrator give back a colleague’s claimed callback', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    await setRole(1, 'admin');
    try {
      expect((await release(markus, entry.Id)).status).toBe(204);
    } finally {
      await setRole(1, 'lawyer');
    }
    expect((await callbackOf(anna, entry.ChatId))?.AssignedLawyer).toBeNull();
  });

  it('should write an administrator’s give-back of a colleague’s callback to the Protokoll: who, whose, which callback – no phone number', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    await setRole(1, 'admin');
    try {
      expect((await release(markus, entry.Id)).status).toBe(204);
      const entries = await releasedEntries(markus, entry.Id);
      expect(entries).toEqual([
        expect.objectContaining({
          ActorId: app.lawyers[1]?.id,
          ActorName: 'Markus Hoffmann',
          Action: 'callback.released',
          TargetKind: 'callback',
          TargetId: entry.Id,
          TargetLabel: entry.CaseReference,
          Details: { holder: 'Dr. Anna Berger' },
        }),
      ]);
      expect(JSON.stringify(entries)).not.toContain(entry.Phone);
      // A second window giving it back again changes nothing and writes no second entry.
      expect((await release(markus, entry.Id)).status).toBe(204);
      expect(await releasedEntries(markus, entry.Id)).toHaveLength(1);
    } finally {
      await setRole(1, 'lawyer');
    }
  });

  it('should not write a lawyer’s give-back of their own callback to the Protokoll, not even an administrator’s', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    expect((await release(anna, entry.Id)).status).toBe(204);
    expect((await claim(markus, entry.Id)).status).toBe(204);
    await setRole(1, 'admin');
    try {
      expect((await release(markus, entry.Id)).status).toBe(204);
      expect(await releasedEntries(markus, entry.Id)).toEqual([]);
    } finally {
      await setRole(1, 'lawyer');
    }
    expect((await callbackOf(anna, entry.ChatId))?.AssignedLawyer).toBeNull();
  });

  it('should refuse to give back a done callback with 409 and keep it the lawyer’s', async () => {
    const entry = await unassignedCallback();
    expect((await claim(anna, entry.Id)).status).toBe(204);
    expect((await markDone(anna, entry.Id, true)).status).toBe(204);
    const refused = await release(anna, entry.Id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      Error: 'Conflict',
      Message: 'Ein erledigter Rückruf kann nicht zurückgegeben werden. Entfernen Sie zuerst das Häkchen bei „Erledigt“.',
    });
    expect((await callbackOf(markus, entry.ChatId))?.AssignedLawyer?.Id).toBe(app.lawyers[0]?.id);
  });

  it('should refuse to give back a callback the lawyer promised when ending the chat', async () => {
    const participant = await connectParticipant(app);
    fixture.keep(participant);
    const ids = await startChat(participant);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    await anna.hub.connection.invoke('CloseChat', ids.ChatId, true);
    expect((await participant.http.post(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '0170 1234567' })).status).toBe(204);
    const entry = await callbackOf(anna, ids.ChatId);
    expect(entry).toMatchObject({ AssignedLawyer: { Id: app.lawyers[0]?.id }, Claimed: false });
    const refused = await release(anna, entry?.Id ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body.Error).toBe('Conflict');
    expect((await callbackOf(anna, ids.ChatId))?.AssignedLawyer?.Id).toBe(app.lawyers[0]?.id);
  });

  it('should answer 404 for an unknown callback and 401 without a session', async () => {
    expect((await release(anna, 'no-such-callback')).status).toBe(404);
    const participant = await connectParticipant(app);
    fixture.keep(participant);
    expect((await participant.http.post(`${app.chatUrl}/api/lawyer/callbacks/no-such-callback/release`, {})).status).toBe(401);
  });

  it('should signal the other lawyers’ consoles when a callback is claimed, given back, marked done and undone', async () => {
    const entry = await unassignedCallback();
    const heard = async (change: () => Promise<{ status: number }>, what: string) => {
      const before = markus.hub.queueSignals.length;
      expect((await change()).status).toBe(204);
      await markus.hub.waitFor(() => (markus.hub.queueSignals.length > before ? true : undefined), `QueueChanged after ${what}`);
    };
    await heard(() => claim(anna, entry.Id), 'the claim');
    await heard(() => release(anna, entry.Id), 'the give-back');
    await heard(() => markDone(anna, entry.Id, true), 'marking it done');
    await heard(() => markDone(anna, entry.Id, false), 'undoing it');
  });
});
