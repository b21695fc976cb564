// The app's cookie authentication works on every SignalR transport, not just WebSockets.
import { HttpTransportType } from '@microsoft/signalr';
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, loginParticipant, startRequest, type Participant } from './support/flows.js';
import { connectHub, waitUntil, type HubClient } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each([
  ['Server-Sent Events', HttpTransportType.ServerSentEvents],
  ['long polling', HttpTransportType.LongPolling],
])('a participant on %s', (_name, transport) => {
  let app: TestApp;
  let participant: HubClient;
  let lawyer: Participant;

  beforeAll(async () => {
    app = await startTestApp();
    participant = await connectHub(app.chatUrl, await loginParticipant(app), { role: 'participant', transport });
    lawyer = await connectLawyer(app);
  });

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  it('should chat both ways with a lawyer on WebSockets', async () => {
    const ids = await participant.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await waitUntil(() => participant.notifications.find((n) => n.Type === 'Joined'), 'Joined');
    const question = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Frage über einen anderen Transport', 'transport-q-01');
    await waitUntil(() => lawyer.hub.messages.find((m) => m.Id === question.Id), 'question at lawyer');
    const answer = await lawyer.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Antwort', 'transport-a-01');
    expect((await waitUntil(() => participant.messages.find((m) => m.Id === answer.Id), 'answer at participant')).Message).toBe('Antwort');
  });
});
