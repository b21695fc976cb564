// The protocol goes out once per case, so it must hold the whole consultation: while a chat of the case still waits
// or runs – forwarded to a colleague who has not taken it yet – the client's request is refused (409), and nothing is
// mailed; once the consultation has ended it goes out (found from outside: a scripted client used the one mail up with
// half the consultation).
import fs from 'node:fs';
import path from 'node:path';
import type { StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { engineAppWithLawyer } from './support/engineApp.js';
import { confirmedProtocolAddress, connectParticipant, startChat } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';

describe('the protocol mail while the consultation still runs', () => {
  const setup = engineAppWithLawyer('sqlite');

  it('should refuse the request while a forwarded chat waits, mail nothing, and mail it once the consultation ended', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    // Confirmed by the double opt-in's link before: the request mails the protocol itself, not a confirmation.
    await confirmedProtocolAddress(app, ids.CaseId, 'teilnehmer@example.org');
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const forwarded = await lawyer.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, app.lawyers[1]?.id);
    const outbox = path.join(app.dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []);

    const early = await participant.http.post<{ Error: string; Message: string }>(`${app.webUrl}/api/chat/protocol/${ids.CaseId}`, {
      Value: 'dritte@example.org',
    });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ Error: 'Conflict', Message: 'Das Protokoll kann erst gesendet werden, wenn Ihre Beratung im Chat beendet ist.' });
    expect(mails()).toEqual([]);

    // The forwarded chat ends unanswered (the client books a callback): the consultation is over, the request succeeds.
    const booked = await participant.http.post(`${app.chatUrl}/api/chat/${forwarded.ChatId}/callback`, { Phone: '030 1234567', Availability: 'vormittags' });
    expect(booked.status).toBe(204);
    const late = await participant.http.post(`${app.webUrl}/api/chat/protocol/${ids.CaseId}`, { Value: 'teilnehmer@example.org' });
    expect(late.status).toBe(204);
    const sent = await waitUntil(() => (mails().length > 0 ? mails() : undefined), 'the protocol mail', 15_000);
    expect(sent).toHaveLength(1);
    expect(fs.readFileSync(path.join(outbox, sent[0] ?? ''), 'utf8')).toMatch(/Ihr Chatprotokoll/);
  });
});
