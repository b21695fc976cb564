// Found from outside (2026-12-03, third pass): one signed-in person stored 2,850 messages of 740 characters in 15 s in
// their own *waiting* chat – ten hub connections at just under the 20 invocations a second each allows – and nothing
// ever stopped it: about 700,000 messages an hour in a chat no lawyer had seen, all of which the lawyer who accepts it,
// the transcript PDF and the protocol mail then load. A chat now takes at most MAX_CLIENT_MESSAGES_PER_CHAT messages
// from the client; a resend of a stored message still gets the stored one, and the lawyer can still write.
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { connectHub } from './support/hubClient.js';
import { connectParticipant, startChat, useAppWithLawyer } from './support/flows.js';

const MAX = 5;

describe('messages a client can store in one chat', () => {
  const running = useAppWithLawyer({ env: { MAX_CLIENT_MESSAGES_PER_CHAT: String(MAX) } });

  it('should take at most MAX_CLIENT_MESSAGES_PER_CHAT messages from the client, also from parallel connections of a waiting chat', async () => {
    const participant = await connectParticipant(running.app);
    const more = await Promise.all([1, 2, 3].map(() => connectHub(running.app.chatUrl, participant.http, { role: 'participant' })));
    try {
      const ids: StartJoinResult = await startChat(participant);
      const connections = [participant.hub, ...more].map((hub) => hub.connection);
      const sends = Array.from({ length: 12 }, (_, i) =>
        connections[i % connections.length]!.invoke<ChatMessage>('SendMessage', ids.ChatId, `Nachricht Nummer ${i}`, `flood-msg-${String(i).padStart(4, '0')}`),
      );
      const outcomes = await Promise.allSettled(sends);
      const stored = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(stored).toHaveLength(MAX);
      expect(refused).toHaveLength(12 - MAX);
      expect(String(refused[0]?.reason)).toMatch(/keine weiteren Nachrichten/);

      // A resend of a stored message (its answer was lost) is answered with the stored message, not refused.
      const first = (stored[0] as PromiseFulfilledResult<ChatMessage>).value;
      const firstIndex = sends.findIndex((_, i) => outcomes[i] === stored[0]);
      const resend = await participant.hub.connection.invoke<ChatMessage>(
        'SendMessage',
        ids.ChatId,
        `Nachricht Nummer ${firstIndex}`,
        `flood-msg-${String(firstIndex).padStart(4, '0')}`,
      );
      expect(resend.Id).toBe(first.Id);

      // The lawyer who accepts the chat reads exactly those; the lawyer's own messages are not counted.
      await running.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
      await running.lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Guten Tag, ich bin für Sie da.', 'flood-lawyer-01');
      await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Noch eine Frage', 'flood-late-0001')).rejects.toThrow(
        /keine weiteren Nachrichten/,
      );
      const transcript = await running.lawyer.http.get<ChatMessage[]>(`${running.app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
      expect(transcript.body.filter((m) => m.Message.startsWith('Nachricht Nummer '))).toHaveLength(MAX);
      expect(transcript.body.some((m) => m.Message === 'Guten Tag, ich bin für Sie da.')).toBe(true);
      await running.lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);

      // The limit is per chat: the person's next consultation takes messages again.
      const next = await startChat(participant);
      await expect(participant.hub.connection.invoke('SendMessage', next.ChatId, 'Eine neue Frage zum Mietvertrag', 'flood-next-0001')).resolves.toMatchObject({
        Message: 'Eine neue Frage zum Mietvertrag',
      });
    } finally {
      await Promise.all([participant.hub, ...more].map((hub) => hub.stop()));
    }
  });
});
