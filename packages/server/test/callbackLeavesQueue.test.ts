// A client who books a callback while waiting leaves the live queue at once, on SQLite and
// PostgreSQL – no lawyer can accept the chat and write into a screen the client no longer sees; a console that still
// showed it learns why; the transcript says so; the request stays on the callback list; the reports count it as a
// callback arranged before a lawyer came, not as abandoned.
import type { CallbackEntry, CaseStatus, ChatMessage, QueueEntry, StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { CLOSED_FOR_CALLBACK_TEXT } from '../src/features/chat/systemNotices.js';
import { buildReport } from '../src/features/reports/reports.js';
import { reportPeriodOf } from '../src/features/reports/reportPeriod.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { connectParticipant, startChat } from './support/flows.js';

describe.each(['sqlite', 'postgres'] as const)('a callback booked while waiting on %s', (engine) => {
  const setup = engineAppWithLawyer(engine);
  const queue = async () => (await setup.lawyer.http.get<QueueEntry[]>(`${setup.app.chatUrl}/api/lawyer/queue`)).body;
  /** The firm's counts from yesterday to tomorrow (UTC days): around today's Berlin day whatever the hour. */
  const counts = async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const period = reportPeriodOf(day(-1), day(1));
    return (await buildReport(setup.app.ctx.db, period, { startIso: period.startIso, endIso: period.endIso, insurer: null, lawyerId: null }, false)).Counts;
  };

  it('should take the chat out of the queue, refuse a late accept with the reason and keep the request on the callback list', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    expect((await queue()).map((q) => q.ChatId)).toContain(ids.ChatId);
    const signalsBefore = lawyer.hub.queueSignals.length;
    const countsBefore = await counts();

    const booked = await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
      Phone: '0151 23456789',
      Availability: '24.11.2099, 08:00–12:00 Uhr',
    });
    expect(booked.status).toBe(204);

    // Out of every console's queue, with the signal to re-read it.
    expect((await queue()).map((q) => q.ChatId)).not.toContain(ids.ChatId);
    await lawyer.hub.waitFor(() => (lawyer.hub.queueSignals.length > signalsBefore ? true : undefined), 'the queue signal');
    // A console that still showed it: the accept is refused and says why.
    await expect(lawyer.hub.connection.invoke('AcceptChat', ids.ChatId)).rejects.toThrow(/Rückruf vereinbart/);
    // The callback list keeps the request.
    const callbacks = (await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body;
    expect(callbacks.find((c) => c.ChatId === ids.ChatId)).toEqual(expect.objectContaining({ Availability: '24.11.2099, 08:00–12:00 Uhr' }));
    // The transcript says why the chat ended, once.
    const transcript = (await participant.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).body;
    expect(transcript.filter((m) => m.Message === CLOSED_FOR_CALLBACK_TEXT)).toHaveLength(1);
    // The chat link no longer leads back into a running consultation: a new request can start.
    const user = (await participant.http.get<{ OpenChatCaseId: string | null }>(`${app.webUrl}/api/authentication/user`)).body;
    expect(user.OpenChatCaseId ?? null).toBeNull();
    // No lawyer took part: the status says so, and there is no usage confirmation to offer.
    const status = (await participant.http.get<CaseStatus>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`)).body;
    expect(status).toMatchObject({ CaseClosed: true, LawyerName: null, LawyerTookPart: false });
    expect((await participant.http.post(`${app.webUrl}/api/chat/usage-confirmation`, { CaseId: ids.CaseId })).status).toBe(409);
    // The reports: served by the callback – no longer open, and not abandoned.
    const countsAfter = await counts();
    expect(countsAfter.CallbackBeforeTaken).toBe(countsBefore.CallbackBeforeTaken + 1);
    expect(countsAfter.Abandoned).toBe(countsBefore.Abandoned);
    expect(countsAfter.Open).toBe(countsBefore.Open - 1);
    expect(countsAfter.Started).toBe(countsBefore.Started);
  });

  it('should tell every open screen of the chat that it ended, so another tab of the client stops showing the queue', async () => {
    const { app } = setup;
    // The client's hub connection stands for a second tab of the same chat: the booking itself is made over HTTP.
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    const booked = await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
      Phone: '0151 23456789',
      Availability: '26.11.2099, 08:00–12:00 Uhr',
    });
    expect(booked.status).toBe(204);
    await participant.hub.waitFor(() => participant.hub.messages.find((m) => m.Message === CLOSED_FOR_CALLBACK_TEXT), 'the notice');
    // As when the server closes an abandoned waiting chat: the page ends the wait rather than go on showing its place.
    await participant.hub.waitFor(() => participant.hub.notifications.find((n) => n.ChatId === ids.ChatId && n.Type === 'Closed'), 'the Closed notification');
  });

  it('should report a lawyer’s part in a case forwarded and then closed for a callback while it waited', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const forwarded = await lawyer.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, app.lawyers[1]?.id);
    const booked = await participant.http.post(`${app.chatUrl}/api/chat/${forwarded.ChatId}/callback`, {
      Phone: '030 1234567',
      Availability: '25.11.2099, 12:00–16:00 Uhr',
    });
    expect(booked.status).toBe(204);
    // The latest chat never had a lawyer (no LawyerName), but the first one had: the confirmation exists and is offered.
    const status = (await participant.http.get<CaseStatus>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`)).body;
    expect(status).toMatchObject({ CaseClosed: true, LawyerName: null, LawyerTookPart: true });
    expect((await participant.http.post(`${app.webUrl}/api/chat/usage-confirmation`, { CaseId: ids.CaseId })).status).toBe(200);
  });

  it('should leave a chat a lawyer already holds where it is', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const booked = await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
      Phone: '030 1234567',
      Availability: '25.11.2099, 12:00–16:00 Uhr',
    });
    expect(booked.status).toBe(204);
    const row = await app.ctx.db.selectFrom('chats').select(['state', 'close_reason']).where('id', '=', ids.ChatId).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'active', close_reason: null });
  });
});
