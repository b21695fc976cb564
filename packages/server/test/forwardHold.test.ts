// A forwarded chat waits for the chosen colleague only FORWARD_HOLD_MS: the colleague may not be signed in at all, and
// the forwarding lawyer cannot see that. Then it goes to every lawyer's queue with a notice to the client. Virtual time,
// on SQLite and PostgreSQL.
import type { ChatMessage, QueueEntry, StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { forwardReleasedText } from '../src/features/chat/lifecycle/forwardHold.js';
import { FORWARD_HOLD_MS, SWEEP_INTERVAL_MS } from '../src/features/chat/lifecycle/rules.js';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { virtualTime, type VirtualTime } from './support/virtualTime.js';

describe.each(['sqlite', 'postgres'] as const)('a forwarded chat nobody takes, on %s', (engine) => {
  const vt: VirtualTime = virtualTime('2026-11-30T08:00:00.000Z');
  const on = engineAppWithLawyer(engine, { clock: vt, scheduler: vt });

  const queueOf = async (lawyer: Participant) => (await lawyer.http.get<QueueEntry[]>(`${on.app.chatUrl}/api/lawyer/queue`)).body;
  const transcriptOf = async (participant: Participant, caseId: string) =>
    (await participant.http.get<ChatMessage[]>(`${on.app.chatUrl}/api/chat/message/for-case/${caseId}`)).body;

  /** Anna takes a client's chat and forwards it to Markus (lawyer 1), who has no console open. */
  async function forwardedToAbsentColleague(): Promise<{ participant: Participant; anna: Participant; forwarded: StartJoinResult; ids: StartJoinResult }> {
    const anna = on.lawyer;
    const participant = await connectParticipant(on.app);
    on.keep(participant);
    const ids = await startChat(participant);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    const forwarded = await anna.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, on.app.lawyers[1]?.id);
    return { participant, anna, forwarded, ids };
  }

  it('should offer the chat to every lawyer once the colleague has not taken it within the hold, and tell the client why', async () => {
    const { participant, anna, forwarded, ids } = await forwardedToAbsentColleague();
    expect((await queueOf(anna)).map((entry) => entry.ChatId)).not.toContain(forwarded.ChatId);

    vt.jump(FORWARD_HOLD_MS - 1);
    expect(await on.app.lifecycle.releaseForwards()).toBe(0);
    expect((await queueOf(anna)).map((entry) => entry.ChatId)).not.toContain(forwarded.ChatId);

    const signalsBefore = anna.hub.queueSignals.length;
    vt.jump(1);
    expect(await on.app.lifecycle.releaseForwards()).toBe(1);
    const entry = (await queueOf(anna)).find((e) => e.ChatId === forwarded.ChatId);
    expect(entry).toMatchObject({ AssignedLawyerId: null });
    await waitUntil(() => (anna.hub.queueSignals.length > signalsBefore ? true : undefined), 'QueueChanged to the lawyers');
    const notice = forwardReleasedText(on.app.lawyers[1]?.name ?? '');
    // What happened, not „nicht erreichbar“: the colleague may have been signed in and busy.
    expect(notice).toBe(
      `${on.app.lawyers[1]?.name} konnte Ihren Chat nicht rechtzeitig übernehmen. Ihr Chat geht deshalb an die nächste freie Anwältin oder den nächsten freien Anwalt.`,
    );
    await waitUntil(() => participant.hub.messages.find((m) => m.Message === notice), 'the notice, live');
    // Anna (or anyone) can now take it; the client's chat goes on.
    await anna.hub.connection.invoke('AcceptChat', forwarded.ChatId);
    // Released again (by this or another process): nothing more happens, the notice stands once.
    expect(await on.app.lifecycle.releaseForwards()).toBe(0);
    expect((await transcriptOf(participant, ids.CaseId)).filter((m) => m.Message === notice)).toHaveLength(1);
  });

  it('should name the colleague who did not take the chat in every queue once the hold runs out, until a lawyer accepts it', async () => {
    const { anna, forwarded } = await forwardedToAbsentColleague();
    const markus = await connectLawyer(on.app, 1);
    on.keep(markus);
    const [first, second] = on.app.lawyers;
    // While it waits for Markus, nobody reads that he did not take it.
    expect((await queueOf(markus)).find((e) => e.ChatId === forwarded.ChatId)).not.toHaveProperty('ReleasedFrom');
    vt.jump(FORWARD_HOLD_MS);
    expect(await on.app.lifecycle.releaseForwards()).toBe(1);
    // Anna's queue (she forwarded it) and Markus's alike: forwarded by Anna, not taken by Markus, open to everyone.
    for (const lawyer of [anna, markus]) {
      expect((await queueOf(lawyer)).find((e) => e.ChatId === forwarded.ChatId)).toMatchObject({
        AssignedLawyerId: null,
        ForwardedBy: first!.name,
        ReleasedFrom: second!.name,
        // By id too: Markus's console addresses him („Von Ihnen nicht angenommen“) instead of naming him to himself.
        ReleasedFromLawyerId: second!.id,
      });
    }
    // Taken: the record goes with the wait.
    await anna.hub.connection.invoke('AcceptChat', forwarded.ChatId);
    const row = await on.app.ctx.db.selectFrom('chats').select('released_from_lawyer_id').where('id', '=', forwarded.ChatId).executeTakeFirstOrThrow();
    expect(row.released_from_lawyer_id).toBeNull();
    // Forwarded again, to Markus: his queue offers it as forwarded to him, not as one he did not take.
    const again = await anna.hub.connection.invoke<StartJoinResult>('ForwardChat', forwarded.ChatId, second!.id);
    expect((await queueOf(markus)).find((e) => e.ChatId === again.ChatId)).toMatchObject({ AssignedLawyerId: second!.id, ForwardedBy: first!.name });
    expect((await queueOf(markus)).find((e) => e.ChatId === again.ChatId)).not.toHaveProperty('ReleasedFrom');
    expect((await queueOf(markus)).find((e) => e.ChatId === again.ChatId)).not.toHaveProperty('ReleasedFromLawyerId');
    await markus.hub.connection.invoke('AcceptChat', again.ChatId);
  });

  it('should leave a forwarded chat to the colleague who takes it within the hold', async () => {
    const { forwarded } = await forwardedToAbsentColleague();
    const markus = await connectLawyer(on.app, 1);
    on.keep(markus);
    vt.jump(FORWARD_HOLD_MS - SWEEP_INTERVAL_MS);
    await markus.hub.connection.invoke('AcceptChat', forwarded.ChatId);
    vt.jump(2 * SWEEP_INTERVAL_MS);
    expect(await on.app.lifecycle.releaseForwards()).toBe(0);
    const row = await on.app.ctx.db.selectFrom('chats').select(['state', 'lawyer_id']).where('id', '=', forwarded.ChatId).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'active', lawyer_id: on.app.lawyers[1]?.id });
  });

  it('should release on its own schedule, within one sweep interval after the hold', async () => {
    const { anna, forwarded } = await forwardedToAbsentColleague();
    const requested = async () =>
      (await on.app.ctx.db.selectFrom('chats').select('requested_lawyer_id').where('id', '=', forwarded.ChatId).executeTakeFirstOrThrow()).requested_lawyer_id;
    await vt.advance(FORWARD_HOLD_MS - SWEEP_INTERVAL_MS);
    expect(await requested()).toBe(on.app.lawyers[1]?.id);
    await vt.advance(2 * SWEEP_INTERVAL_MS);
    expect(await requested()).toBeNull();
    // Offered to every lawyer now: no hand-over to name any more.
    expect((await queueOf(anna)).find((e) => e.ChatId === forwarded.ChatId)).not.toHaveProperty('HandedOverFrom');
  });

  // Last in this block: Markus stays deactivated.
  it('should give the successor the whole hold when the colleague a chat waits for is deactivated, not what was left of it', async () => {
    const { anna, forwarded } = await forwardedToAbsentColleague();
    const requested = async () =>
      (await on.app.ctx.db.selectFrom('chats').select('requested_lawyer_id').where('id', '=', forwarded.ChatId).executeTakeFirstOrThrow()).requested_lawyer_id;
    // A second before Markus's hold ends, the administrator deactivates him and hands his work to Anna.
    vt.jump(FORWARD_HOLD_MS - 1000);
    const [first, markus] = on.app.lawyers;
    await on.app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', first!.id).execute();
    const admin = new CookieClient();
    expect((await admin.post(`${on.app.chatUrl}/api/lawyer/login`, { Email: first!.email, Password: first!.password })).status).toBe(200);
    expect((await admin.post(`${on.app.chatUrl}/api/admin/lawyers/${markus!.id}/deactivate`, { ReassignTo: first!.id })).status).toBe(200);
    expect(await requested()).toBe(first!.id);
    // Anna's queue says why it waits for her: she forwarded it to Markus, whose access was deactivated.
    expect((await queueOf(anna)).find((e) => e.ChatId === forwarded.ChatId)).toMatchObject({
      AssignedLawyerId: first!.id,
      ForwardedBy: first!.name,
      HandedOverFrom: markus!.name,
    });
    // The first hold has passed: the chat still waits for Anna alone.
    vt.jump(2000);
    expect(await on.app.lifecycle.releaseForwards()).toBe(0);
    vt.jump(FORWARD_HOLD_MS - 2000 - 1);
    expect(await on.app.lifecycle.releaseForwards()).toBe(0);
    expect(await requested()).toBe(first!.id);
    // Anna's own hold ends: the chat goes to every lawyer.
    vt.jump(1);
    expect(await on.app.lifecycle.releaseForwards()).toBe(1);
    expect(await requested()).toBeNull();
    expect((await queueOf(anna)).map((e) => e.ChatId)).toContain(forwarded.ChatId);
  });
});
