// When the participant's inactivity timers run out, CloseChatByTimeout ends the chat – and says why:
// a stored information message, in order in the transcript, to both sides before the Closed notice.
import { MessageType, type CaseStatus, type ChatMessage, type Notification, type StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_BY_TIMEOUT_TEXT } from '../src/features/chat/systemNotices.js';
import { protocolInput } from '../src/features/chat/transcript.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** What a connection heard, in the order it heard it. */
function arrivals(side: Participant): string[] {
  const heard: string[] = [];
  side.hub.connection.on('DistributeMessage', (m: ChatMessage) => heard.push(`message:${m.Message}`));
  side.hub.connection.on('SendNotification', (n: Notification) => heard.push(`notification:${n.Type}`));
  return heard;
}

describe('CloseChatByTimeout', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let ids: StartJoinResult;

  beforeAll(async () => {
    app = await startTestApp();
    participant = await connectParticipant(app);
    lawyer = await connectLawyer(app);
    ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Haben Sie den Bescheid schriftlich erhalten?', 'lawyer-question-1');
    await waitUntil(() => participant.hub.messages.find((m) => m.Message.startsWith('Haben Sie')), 'lawyer question at the participant');
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  it('should send both sides the stored reason as an information message before Closed with the reason Timeout', async () => {
    const heardByParticipant = arrivals(participant);
    const heardByLawyer = arrivals(lawyer);
    expect(await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId)).toBeNull();

    for (const [side, heard] of [
      [participant, heardByParticipant],
      [lawyer, heardByLawyer],
    ] as const) {
      const closed = await waitUntil(() => side.hub.notifications.find((n) => n.Type === 'Closed'), 'Closed');
      expect(closed).toEqual({ ChatId: ids.ChatId, Type: 'Closed', Data: { Reason: 'Timeout' } });
      const notice = side.hub.messages.find((m) => m.Message === CLOSED_BY_TIMEOUT_TEXT);
      expect(notice).toMatchObject({ ChatId: ids.ChatId, Type: MessageType.Information, Author: null, ClientId: 'system:closed-by-timeout' });
      expect(heard.filter((h) => h.startsWith('notification:') || h === `message:${CLOSED_BY_TIMEOUT_TEXT}`)).toEqual([
        `message:${CLOSED_BY_TIMEOUT_TEXT}`,
        'notification:Closed',
      ]);
    }
  });

  it('should keep the reason last in the transcript that a reload, the lawyer and the PDF protocol read', async () => {
    for (const side of [participant, lawyer]) {
      const list = await side.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
      expect(list.status).toBe(200);
      expect(list.body.map((m) => m.Message).slice(-2)).toEqual(['Haben Sie den Bescheid schriftlich erhalten?', CLOSED_BY_TIMEOUT_TEXT]);
      expect(list.body.filter((m) => m.Message === CLOSED_BY_TIMEOUT_TEXT)).toHaveLength(1);
    }
    const theCase = await app.ctx.db.selectFrom('cases').selectAll().where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    const protocol = await protocolInput(app.ctx.db, theCase, new Date());
    expect(protocol.messages.at(-1)).toMatchObject({ authorName: 'Hinweis', text: CLOSED_BY_TIMEOUT_TEXT });
  });

  it('should refuse a second timeout of the same chat without a second notice', async () => {
    await expect(participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId)).rejects.toThrow(/bereits beendet/);
    const list = await participant.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(list.body.filter((m) => m.Message === CLOSED_BY_TIMEOUT_TEXT)).toHaveLength(1);
    const status = await participant.http.get<CaseStatus>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`);
    expect(status.body).toMatchObject({ CaseClosed: true, Disabled: true });
  });
});
