// Server-side chat lifecycle on virtual time, on SQLite and PostgreSQL: a waiting chat whose client has had no hub
// connection for ten minutes leaves the queue as abandoned; a lawyer chat whose client left without answering the
// lawyer is closed by timeout after the inactivity stages, as the client's own timer would close it – with no browser open.
import fs from 'node:fs';
import path from 'node:path';
import type { ActiveChatEntry, CallbackEntry, ChatMessage, Notification, QueueEntry, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDON_AFTER_MS, INACTIVITY_TIMEOUT_MS, PRESENCE_REFRESH_MS, PRESENCE_STALE_MS, SWEEP_INTERVAL_MS } from '../src/features/chat/lifecycle/rules.js';
import { CLOSED_ABANDONED_CALLBACK_TEXT, CLOSED_ABANDONED_TEXT, CLOSED_BY_TIMEOUT_TEXT, CLOSED_FOR_CALLBACK_TEXT } from '../src/features/chat/systemNotices.js';
import { buildReport } from '../src/features/reports/reports.js';
import { reportPeriodOf } from '../src/features/reports/reportPeriod.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { virtualTime, type VirtualTime } from './support/virtualTime.js';

const MIN = 60_000;

describe.each(['sqlite', 'postgres'] as const)('server-side chat lifecycle on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let vt: VirtualTime;
  const open: Participant[] = [];

  beforeAll(async () => {
    // A Monday morning; the clock and the scheduler of the app are one virtual time.
    vt = virtualTime('2026-11-30T08:00:00.000Z');
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock: vt, scheduler: vt, ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
  });

  afterAll(async () => {
    for (const side of open) await side.hub.stop().catch(() => undefined);
    await app?.stop();
    await schema?.drop();
  });

  const participantIdOf = async (caseId: string) =>
    (await app.ctx.db.selectFrom('cases').select('participant_id').where('id', '=', caseId).executeTakeFirstOrThrow()).participant_id;
  const chatRow = (chatId: string) => app.ctx.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
  const caseRow = (caseId: string) => app.ctx.db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
  const transcript = async (caseId: string) =>
    (await app.ctx.db.selectFrom('messages').select('text').where('case_id', '=', caseId).orderBy('seq').execute()).map((m) => m.text);

  async function newParticipant(): Promise<Participant> {
    const participant = await connectParticipant(app);
    open.push(participant);
    return participant;
  }
  async function newLawyer(index = 0): Promise<Participant> {
    const lawyer = await connectLawyer(app, index);
    open.push(lawyer);
    return lawyer;
  }

  /** The client closes its browser: its hub connection ends and the server has written the moment. */
  async function leave(participant: Participant, caseId: string): Promise<void> {
    const id = await participantIdOf(caseId);
    await participant.hub.stop();
    await waitUntil(() => (app.lifecycle.presence.connectedHere().includes(id) ? undefined : true), 'disconnect seen by the server');
    await app.lifecycle.presence.settled();
  }

  /** The client opens the chat again: a new hub connection with its session. */
  async function comeBack(participant: Participant): Promise<Participant> {
    const again = { http: participant.http, hub: await connectHub(app.chatUrl, participant.http, { role: 'participant' }) };
    open.push(again);
    await app.lifecycle.presence.settled();
    return again;
  }

  /** ClientAwaySince of the lawyer's chat, as GET api/lawyer/chats lists it. */
  async function awaySinceInList(lawyer: Participant, chatId: string): Promise<string | null | undefined> {
    const list = await lawyer.http.get<ActiveChatEntry[]>(`${app.chatUrl}/api/lawyer/chats`);
    const entry = list.body.find((chat) => chat.ChatId === chatId);
    expect(entry).toBeDefined();
    return entry?.ClientAwaySince;
  }

  async function lawyerChat(): Promise<{ participant: Participant; lawyer: Participant; ids: StartJoinResult; askedAt: number }> {
    const participant = await newParticipant();
    const lawyer = await newLawyer();
    const ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await vt.advance(30_000);
    await lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Haben Sie den Bescheid schriftlich erhalten?');
    return { participant, lawyer, ids, askedAt: vt.now().getTime() };
  }

  it('should close a waiting chat as abandoned exactly 10 minutes after its client left, out of every queue, with the notice', async () => {
    const lawyer = await newLawyer();
    const participant = await newParticipant();
    const ids = await startChat(participant);
    await vt.advance(2 * MIN);
    await leave(participant, ids.CaseId);
    const leftAt = vt.now().getTime();

    vt.jump(ABANDON_AFTER_MS - 1);
    expect(await app.lifecycle.sweep()).toEqual({ abandoned: 0, timedOut: 0 });
    expect((await chatRow(ids.ChatId)).state).toBe('waiting');
    const signalsBefore = lawyer.hub.queueSignals.length;

    vt.jump(1);
    expect(vt.now().getTime() - leftAt).toBe(ABANDON_AFTER_MS);
    expect(await app.lifecycle.sweep()).toEqual({ abandoned: 1, timedOut: 0 });

    expect(await chatRow(ids.ChatId)).toMatchObject({ state: 'closed', close_reason: 'abandoned', closed_at: vt.now().toISOString() });
    expect(await caseRow(ids.CaseId)).toMatchObject({ disabled: 1, closed_at: vt.now().toISOString() });
    await waitUntil(() => (lawyer.hub.queueSignals.length > signalsBefore ? true : undefined), 'QueueChanged to the lawyers');
    const queue = await lawyer.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`);
    expect(queue.body.map((entry) => entry.ChatId)).not.toContain(ids.ChatId);
    // The client reads why on return (a reload reads the stored transcript).
    const list = await participant.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(list.body.filter((m) => m.Message === CLOSED_ABANDONED_TEXT)).toHaveLength(1);
    expect(list.body.at(-1)).toMatchObject({ Message: CLOSED_ABANDONED_TEXT, Author: null, ClientId: 'system:closed-abandoned' });
    // Swept again (by this or another process): nothing more.
    await vt.advance(5 * SWEEP_INTERVAL_MS);
    expect(await transcript(ids.CaseId)).toEqual(list.body.map((m) => m.Message));
  });

  it('should run the abandonment on its own schedule: the scheduled sweep closes it within one sweep interval of the 10 minutes', async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    await leave(participant, ids.CaseId);
    await vt.advance(ABANDON_AFTER_MS - SWEEP_INTERVAL_MS);
    expect((await chatRow(ids.ChatId)).state).toBe('waiting');
    await vt.advance(2 * SWEEP_INTERVAL_MS);
    expect(await chatRow(ids.ChatId)).toMatchObject({ state: 'closed', close_reason: 'abandoned' });
  });

  it('should leave a chat closed for a booked callback to the callback list: the sweep neither abandons it nor repeats a notice', async () => {
    const lawyer = await newLawyer();
    const participant = await newParticipant();
    const ids = await startChat(participant);
    const asked = await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
      Phone: '030 1234567',
      Availability: '30.11.2026, 08:00–12:00 Uhr',
    });
    expect(asked.status).toBeLessThan(300);
    // The booking itself takes the chat out of the queue (callbackLeavesQueue.test.ts).
    expect((await chatRow(ids.ChatId)).close_reason).toBe('callback');
    await leave(participant, ids.CaseId);
    await vt.advance(ABANDON_AFTER_MS + SWEEP_INTERVAL_MS);
    expect((await chatRow(ids.ChatId)).close_reason).toBe('callback');
    const texts = await transcript(ids.CaseId);
    expect(texts.at(-1)).toBe(CLOSED_FOR_CALLBACK_TEXT);
    expect(texts).not.toContain(CLOSED_ABANDONED_TEXT);
    expect(texts).not.toContain(CLOSED_ABANDONED_CALLBACK_TEXT);
    const callbacks = await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`);
    expect(callbacks.body.filter((c) => c.CaseId === ids.CaseId && c.DoneAt === null)).toHaveLength(1);
  });

  it('should keep a waiting chat in the queue while its client stays connected, however long it waits', async () => {
    const lawyer = await newLawyer();
    const participant = await newParticipant();
    const ids = await startChat(participant);
    await vt.advance(25 * MIN);
    expect((await chatRow(ids.ChatId)).state).toBe('waiting');
    const queue = await lawyer.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`);
    expect(queue.body.map((entry) => entry.ChatId)).toContain(ids.ChatId);
    expect(await transcript(ids.CaseId)).not.toContain(CLOSED_ABANDONED_TEXT);
  });

  it('should keep a waiting chat whose client came back within 10 minutes, and count anew from its next departure', async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    await leave(participant, ids.CaseId);
    await vt.advance(9 * MIN);
    const back = await comeBack(participant);
    await vt.advance(12 * MIN);
    expect((await chatRow(ids.ChatId)).state).toBe('waiting');
    await leave(back, ids.CaseId);
    await vt.advance(ABANDON_AFTER_MS - SWEEP_INTERVAL_MS);
    expect((await chatRow(ids.ChatId)).state).toBe('waiting');
    await vt.advance(2 * SWEEP_INTERVAL_MS);
    expect((await chatRow(ids.ChatId)).close_reason).toBe('abandoned');
  });

  it('should close a lawyer chat by timeout after the stages when the client left without answering, as the client timer would', async () => {
    const { participant, lawyer, ids, askedAt } = await lawyerChat();
    const heard: string[] = [];
    lawyer.hub.connection.on('DistributeMessage', (m: ChatMessage) => heard.push(`message:${m.Message}`));
    lawyer.hub.connection.on('SendNotification', (n: { Type: string; Data?: { Reason?: string } | null }) =>
      heard.push(`notification:${n.Type}:${n.Data?.Reason ?? ''}`),
    );
    await leave(participant, ids.CaseId);
    // The client left right after the question: the count runs from the question (180 s + 60 s + 30 s).
    vt.jump(askedAt + INACTIVITY_TIMEOUT_MS - 1 - vt.now().getTime());
    expect(await app.lifecycle.sweep()).toEqual({ abandoned: 0, timedOut: 0 });
    expect((await chatRow(ids.ChatId)).state).toBe('active');
    vt.jump(1);
    expect(await app.lifecycle.sweep()).toEqual({ abandoned: 0, timedOut: 1 });

    expect(await chatRow(ids.ChatId)).toMatchObject({ state: 'closed', close_reason: 'timeout' });
    expect((await caseRow(ids.CaseId)).disabled).toBe(1);
    // The lawyer's console hears the reason in the transcript, then Closed with the reason Timeout.
    await waitUntil(() => (heard.includes('notification:Closed:Timeout') ? true : undefined), 'Closed at the lawyer');
    // Before that the sweep told the lawyer that the client had gone (ClientAway, no reason).
    expect(heard).toEqual(['notification:ClientAway:', `message:${CLOSED_BY_TIMEOUT_TEXT}`, 'notification:Closed:Timeout']);
    const list = await lawyer.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(list.body.map((m) => m.Message).slice(-2)).toEqual(['Haben Sie den Bescheid schriftlich erhalten?', CLOSED_BY_TIMEOUT_TEXT]);
    expect(list.body.at(-1)).toMatchObject({ ClientId: 'system:closed-by-timeout', Author: null });
    // The protocol mail as after the client's own timeout: the onboarding address was only retyped, so its
    // confirmation link goes out first (protocolRequest.ts), without the PDF.
    const outbox = path.join(app.dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
    const mail = await waitUntil(
      () => mails().find((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes('teilnehmer@example.org')),
      'protocol confirmation mail',
      30_000,
    );
    expect(fs.readFileSync(path.join(outbox, mail), 'utf8')).toContain('/protokoll/bestaetigen#');
    // The client's own timer firing later (a tab that wakes up) closes nothing twice.
    const back = await comeBack(participant);
    await expect(back.hub.connection.invoke('CloseChatByTimeout', ids.ChatId)).rejects.toThrow(/bereits beendet/);
    expect((await transcript(ids.CaseId)).filter((t) => t === CLOSED_BY_TIMEOUT_TEXT)).toHaveLength(1);
  }, 40_000);

  it('should count from the client leaving when that came after the lawyer message', async () => {
    const { participant, ids, askedAt } = await lawyerChat();
    // The client's screen was open 2 minutes after the question (its dialog counted), then the browser closed.
    await vt.advance(2 * MIN);
    await leave(participant, ids.CaseId);
    const leftAt = vt.now().getTime();
    expect(leftAt - askedAt).toBeGreaterThanOrEqual(2 * MIN);
    vt.jump(INACTIVITY_TIMEOUT_MS - 1);
    expect((await app.lifecycle.sweep()).timedOut).toBe(0);
    vt.jump(1);
    expect((await app.lifecycle.sweep()).timedOut).toBe(1);
  });

  it('should leave a lawyer chat to the client when the client stays connected (its own dialog and timer decide)', async () => {
    const { ids } = await lawyerChat();
    await vt.advance(20 * MIN);
    expect((await chatRow(ids.ChatId)).state).toBe('active');
    expect(await transcript(ids.CaseId)).not.toContain(CLOSED_BY_TIMEOUT_TEXT);
  });

  it('should tell the lawyer when the client of an accepted chat has had no connection for PRESENCE_STALE_MS, and when it is back', async () => {
    const participant = await newParticipant();
    const lawyer = await newLawyer();
    const ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const heard: Notification[] = [];
    lawyer.hub.connection.on('SendNotification', (n: Notification) => {
      if (n.ChatId === ids.ChatId) heard.push(n);
    });
    // Whatever a sweep sent to the lawyer is on the wire before the answer to the lawyer's next call.
    const roundTrip = () => lawyer.hub.connection.invoke('SendTypingNotification', ids.ChatId);
    await vt.advance(MIN);
    // The client closes the phone before the lawyer's first answer: the server's inactivity count has not started.
    await leave(participant, ids.CaseId);
    const leftAt = vt.now().toISOString();

    vt.jump(PRESENCE_STALE_MS - 1);
    await app.lifecycle.sweep();
    await roundTrip();
    expect(heard).toEqual([]);

    vt.jump(1);
    await app.lifecycle.sweep();
    await app.lifecycle.sweep();
    await roundTrip();
    expect(heard).toEqual([{ ChatId: ids.ChatId, Type: 'ClientAway', Data: { AwaySince: leftAt } }]);
    // A console that loads its chats now (a reload, a second device) reads the same.
    expect(await awaySinceInList(lawyer, ids.ChatId)).toBe(leftAt);
    // Nobody wrote, so the chat stays with the lawyer, who now knows and may end it.
    vt.jump(INACTIVITY_TIMEOUT_MS);
    await app.lifecycle.sweep();
    expect((await chatRow(ids.ChatId)).state).toBe('active');

    await comeBack(participant);
    await app.lifecycle.sweep();
    await roundTrip();
    expect(heard.map((n) => n.Type)).toEqual(['ClientAway', 'ClientBack']);
    expect(await awaySinceInList(lawyer, ids.ChatId)).toBeNull();
  });

  it('should show every lawyer in the queue when a waiting client has gone, and when it is back, without a reload', async () => {
    const lawyer = await newLawyer();
    const participant = await newParticipant();
    const ids = await startChat(participant);
    // Whatever a sweep sent to the lawyer is on the wire before the answer to the lawyer's next call.
    const roundTrip = () => lawyer.hub.connection.invoke('Ping');
    const awayInQueue = async () => {
      const queue = await lawyer.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`);
      const entry = queue.body.find((e) => e.ChatId === ids.ChatId);
      expect(entry).toBeDefined();
      return entry?.ClientAwaySince;
    };
    await vt.advance(MIN);
    expect(await awayInQueue()).toBeNull();
    await leave(participant, ids.CaseId);
    const leftAt = vt.now().toISOString();

    vt.jump(PRESENCE_STALE_MS - 1);
    await app.lifecycle.sweep();
    expect(await awayInQueue()).toBeNull();

    const signalsBefore = lawyer.hub.queueSignals.length;
    vt.jump(1);
    await app.lifecycle.sweep();
    await roundTrip();
    expect(lawyer.hub.queueSignals.length).toBe(signalsBefore + 1);
    expect(await awayInQueue()).toBe(leftAt);
    // Swept again with nothing changed: no new signal.
    await app.lifecycle.sweep();
    await roundTrip();
    expect(lawyer.hub.queueSignals.length).toBe(signalsBefore + 1);

    await comeBack(participant);
    await app.lifecycle.sweep();
    await roundTrip();
    expect(lawyer.hub.queueSignals.length).toBeGreaterThan(signalsBefore + 1);
    expect(await awayInQueue()).toBeNull();
  });

  it('should not close a lawyer chat whose client came back before the stages ran out', async () => {
    const { participant, ids } = await lawyerChat();
    await leave(participant, ids.CaseId);
    await vt.advance(INACTIVITY_TIMEOUT_MS - 2 * SWEEP_INTERVAL_MS);
    await comeBack(participant);
    await vt.advance(20 * MIN);
    expect((await chatRow(ids.ChatId)).state).toBe('active');
  });

  it('should not close a lawyer chat whose last lawyer message the client answered before leaving', async () => {
    const { participant, ids } = await lawyerChat();
    await participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Ja, per Post.', 'lifecycle-answer-1');
    await leave(participant, ids.CaseId);
    await vt.advance(20 * MIN);
    expect((await chatRow(ids.ChatId)).state).toBe('active');
  });

  it('should close once: the client timer closing first leaves the sweep nothing to do', async () => {
    const { participant, ids } = await lawyerChat();
    expect(await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId)).toBeNull();
    await leave(participant, ids.CaseId);
    await vt.advance(INACTIVITY_TIMEOUT_MS + PRESENCE_REFRESH_MS);
    expect((await transcript(ids.CaseId)).filter((t) => t === CLOSED_BY_TIMEOUT_TEXT)).toHaveLength(1);
    expect((await chatRow(ids.ChatId)).close_reason).toBe('timeout');
  });

  it('should count abandoned chats in the reports (a waiting chat left by its client is no longer open)', async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    const day = vt.now().toISOString().slice(0, 10);
    const period = reportPeriodOf(day, day);
    const report = () => buildReport(app.ctx.db, period, { startIso: period.startIso, endIso: period.endIso, insurer: null, lawyerId: null }, false);
    const before = (await report()).Counts;
    await leave(participant, ids.CaseId);
    await vt.advance(ABANDON_AFTER_MS + SWEEP_INTERVAL_MS);
    const after = (await report()).Counts;
    expect(after.Abandoned).toBe(before.Abandoned + 1);
    expect(after.Open).toBe(before.Open - 1);
    const byReason = await app.ctx.db.selectFrom('chats').select('id').where('close_reason', '=', 'abandoned').execute();
    expect(byReason.map((c) => c.id)).toContain(ids.ChatId);
    // Operators see the server's closures by reason (this describe's earlier tests timed chats out, too).
    const metrics = await (await fetch(`${app.webUrl}/metrics`)).text();
    const closedBy = (reason: string) => Number(new RegExp(`rechtschat_chats_closed_by_server_total\\{reason="${reason}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
    expect(closedBy('abandoned')).toBe(byReason.length);
    expect(closedBy('timeout')).toBeGreaterThanOrEqual(2);
  });
});
