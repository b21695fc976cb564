import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, loginParticipant, startRequest, type Participant } from './support/flows.js';
import { connectHub, waitUntil, type HubClient } from './support/hubClient.js';
import { startTcpProxy, type TcpProxy } from './support/tcpProxy.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('reconnect after the connection drops', () => {
  let app: TestApp;
  let proxy: TcpProxy;
  let participant: HubClient;
  let lawyer: Participant;
  let ids: StartJoinResult;
  const http = { client: undefined as Awaited<ReturnType<typeof loginParticipant>> | undefined };

  beforeAll(async () => {
    app = await startTestApp();
    proxy = await startTcpProxy(Number(new URL(app.chatUrl).port));
    http.client = await loginParticipant(app);
    participant = await connectHub(`http://127.0.0.1:${proxy.port}`, http.client, { role: 'participant', reconnect: true });
    // The cookie belongs to the chat host; the proxy only forwards bytes.
    lawyer = await connectLawyer(app);
    ids = await participant.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
  });

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.hub.stop();
    await proxy?.close();
    await app?.stop();
  });

  it('should show every message exactly once after re-reading the case', async () => {
    const before = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Vor der Unterbrechung', 'reconnect-0001');
    await waitUntil(() => lawyer.hub.messages.find((m) => m.Id === before.Id), 'message at the lawyer before the drop');
    let reconnected = false;
    participant.connection.onreconnected(() => void (reconnected = true));
    proxy.dropAll();
    // While the participant is away, the lawyer keeps writing; these are persisted first.
    const during: ChatMessage[] = [];
    for (let i = 0; i < 5; i += 1)
      during.push(await lawyer.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, `Während der Unterbrechung ${i}`, `reconnect-l-${i}000`));
    await waitUntil(() => (reconnected ? true : undefined), 'automatic reconnect');
    await participant.connection.invoke('JoinLatestChat', ids.CaseId);
    const after = await lawyer.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Nach der Unterbrechung', 'reconnect-l-after');
    await waitUntil(() => participant.messages.find((m) => m.Id === after.Id), 'live message after reconnect');
    // The client's merge: re-read the case and keep each server id once.
    const reread = await http.client!.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    const merged = new Map<string, ChatMessage>();
    for (const m of [...participant.messages, ...reread.body]) merged.set(m.Id, m);
    const texts = [...merged.values()].map((m) => m.Message);
    const joined = 'Dr. Anna Berger ist dem Chat beigetreten.';
    expect(texts.sort()).toEqual([joined, 'Vor der Unterbrechung', ...during.map((m) => m.Message), 'Nach der Unterbrechung'].sort());
    expect(reread.body).toHaveLength(8);
  });

  it('should store a resend with the same client id only once', async () => {
    const first = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Einmal gespeichert', 'resend-0000001');
    const again = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Einmal gespeichert', 'resend-0000001');
    expect(again.Id).toBe(first.Id);
    const rows = await app.ctx.db.selectFrom('messages').select('id').where('client_id', '=', 'resend-0000001').execute();
    expect(rows).toHaveLength(1);
    // A later message marks the point by which any duplicate would have arrived (one ordered stream).
    const marker = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Markierung', 'resend-marker1');
    await waitUntil(() => lawyer.hub.messages.find((m) => m.Id === marker.Id), 'marker at lawyer');
    expect(lawyer.hub.messages.filter((m) => m.Id === first.Id)).toHaveLength(1);
  });
});
