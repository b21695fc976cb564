// A running consultation keeps the participant signed in. Found from outside (2026-12-05): both of the participant's
// sessions ran out while the person was plainly using the chat. The web origin's session (`rc_web_session`) is used
// only at the entry and again in the offboarding, so after a consultation of more than 30 minutes the callback number
// the lawyer asked for, the protocol mail, the rating and the usage confirmation all answered 401 – the bot had just
// said "… meldet sich telefonisch bei Ihnen". And a client who waited in the queue for over 30 minutes without typing
// (the chat only pings) lost the chat session: the hub closed the connection for good, the lawyer who then accepted
// wrote into the void, and in production the single-use entry link could not bring the person back.
import type { StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const MINUTE = 60_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the participant's sessions during a running consultation", () => {
  let now = Date.parse('2026-12-05T09:00:00Z');
  const clock = { now: () => new Date(now) };
  let app: TestApp;
  let lawyer: Participant;
  const participants: Participant[] = [];

  beforeAll(async () => {
    app = await startTestApp({ clock });
    lawyer = await connectLawyer(app);
  });

  afterAll(async () => {
    for (const p of participants) await p.hub.stop().catch(() => undefined);
    await lawyer?.hub.stop();
    await app?.stop();
  });

  const newParticipant = async () => {
    const participant = await connectParticipant(app);
    participants.push(participant);
    return participant;
  };

  /** Forty minutes pass in steps of ten; `step` is what the participant's tab does in each. */
  const fortyMinutes = async (step: () => Promise<unknown>) => {
    for (let minutes = 0; minutes < 40; minutes += 10) {
      now += 10 * MINUTE;
      await step();
      await settle();
    }
  };

  it('should accept the callback number of the offboarding after a consultation of more than 30 minutes', async () => {
    const participant = await newParticipant();
    const ids: StartJoinResult = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    let n = 0;
    await fortyMinutes(() => participant.hub.connection.invoke('SendMessage', ids.ChatId, `Noch eine Frage ${(n += 1)}`, `long-consultation-${n}`));
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, true);

    const phone = await participant.http.post(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '0170 1234567' });
    expect(phone.status).toBe(204);
    const rating = await participant.http.post(`${app.webUrl}/api/chat/rating`, { CaseId: ids.CaseId, Stars: 5 });
    expect(rating.status).toBe(204);
  });

  it('should keep a participant waiting in the queue signed in while the chat only pings', async () => {
    const participant = await newParticipant();
    const ids: StartJoinResult = await startChat(participant);
    await fortyMinutes(() => participant.hub.connection.invoke('Ping', `/chat/${ids.CaseId}`));

    expect((await participant.http.get(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`)).status).toBe(200);
    const user = await participant.http.get<{ Id: string } | null>(`${app.webUrl}/api/authentication/whoami`);
    expect(user.body).not.toBeNull();
  });

  it('should still end the sessions of a participant whose tab only pings after the chat is over', async () => {
    const participant = await newParticipant();
    const ids: StartJoinResult = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
    await fortyMinutes(() => participant.hub.connection.invoke('Ping', `/chat/${ids.CaseId}`));

    expect((await participant.http.get(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`)).status).toBe(401);
    expect((await participant.http.get(`${app.webUrl}/api/authentication/whoami`)).body).toBeNull();
  });
});
