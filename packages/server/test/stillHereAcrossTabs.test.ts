// „Ich bin noch da“ in one tab reaches the person's other tabs and devices (StayActive → StillHere), so no tab left
// counting ends the chat by timeout; never the lawyer, never another person's chat.
import type { Notification } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { connectHub, waitUntil } from './support/hubClient.js';
import { connectParticipant, startChat, useAcceptedChat } from './support/flows.js';

describe('StayActive', () => {
  const running = useAcceptedChat();

  it("should tell the person's other tabs, not the calling tab or the lawyer, that the person is still there", async () => {
    const { app, participant, lawyer, ids } = running;
    // A second tab: the same session cookie, its own hub connection, joined to the chat like a reload does.
    const secondTab = await connectHub(app.chatUrl, participant.http, { role: 'participant' });
    await secondTab.connection.invoke('JoinLatestChat', ids.CaseId);
    const stillHere = (n: Notification) => n.Type === 'StillHere';

    await expect(participant.hub.connection.invoke('StayActive', ids.ChatId)).resolves.toBeNull();

    const heard = await waitUntil(() => secondTab.notifications.find(stillHere), 'StillHere in the second tab');
    expect(heard).toEqual({ ChatId: ids.ChatId, Type: 'StillHere', Data: null });
    // A round trip on each connection: anything sent before it has arrived.
    await participant.hub.connection.invoke('Ping', 'chat');
    await lawyer.hub.connection.invoke('Ping', 'console');
    expect(participant.hub.notifications.some(stillHere)).toBe(false);
    expect(lawyer.hub.notifications.some(stillHere)).toBe(false);
    await secondTab.connection.stop();
  });

  it("should refuse another person's chat and tell nobody", async () => {
    const { app, ids } = running;
    const stranger = await connectParticipant(app);
    await startChat(stranger);
    await expect(stranger.hub.connection.invoke('StayActive', ids.ChatId)).rejects.toThrow();
    await running.participant.hub.connection.invoke('Ping', 'chat');
    expect(running.participant.hub.notifications.some((n) => n.Type === 'StillHere' && n.ChatId === ids.ChatId)).toBe(false);
    await stranger.hub.connection.stop();
  });
});
