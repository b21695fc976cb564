// What one client can make the server do in a minute (found from outside, 2026-11-27): contact messages are mails to
// the law firm, numbers after the chat are entries of the lawyers' callback list, and a drawn signature is decoded on
// the event loop – each gets a per-address limit, the numbers only after a consultation and one open entry per case.
import type { CallbackEntry, StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { connectParticipant, startChat, useAppWithLawyer } from './support/flows.js';
import { pngDataUrl, transparentRgbaPng } from './support/pngFactory.js';

describe('limits against flooding', () => {
  const running = useAppWithLawyer();

  it('should take ten contact messages a minute from one address, then answer 429', async () => {
    const created = await createCaseFileAsLawyer(running.app, await loginLawyerHttp(running.app));
    const { client } = await loginCaseFileClient(running.app, created);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await client.post(`${running.app.webUrl}/api/case-file/${created.Token}/contact`, { Subject: `Frage ${i}`, Message: 'Wann ist der Termin?' })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(204), 429, 429]);
  });

  it('should answer the case-file limit as TooManyRequests with Retry-After, not as „Die Eingabe ist ungültig.“', async () => {
    const created = await createCaseFileAsLawyer(running.app, await loginLawyerHttp(running.app));
    const { client } = await loginCaseFileClient(running.app, created);
    const send = () => client.post(`${running.app.webUrl}/api/case-file/${created.Token}/contact`, { Subject: 'Frage', Message: 'Wann ist der Termin?' });
    for (let i = 0; i < 10; i += 1) await send();
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toEqual({ Error: 'TooManyRequests', Message: 'Zu viele Anfragen. Bitte warten Sie einen Moment.' });
  });

  it('should refuse a 16-bit 2048 × 2048 px signature from its header, and refuse repeated attempts with 429', async () => {
    const created = await createCaseFileAsLawyer(running.app, await loginLawyerHttp(running.app));
    const { client } = await loginCaseFileClient(running.app, created);
    const huge = pngDataUrl(transparentRgbaPng(2048, 2048, 16));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await client.post(`${running.app.webUrl}/api/case-file/${created.Token}/power-of-attorney`, { SignatureImage: huge, Place: 'Köln' })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(413));
    expect(statuses[10]).toBe(429);
  });

  it('should take a number after the chat only once a lawyer consulted and the chat ended, as one open callback entry per case', async () => {
    const participant = await connectParticipant(running.app);
    try {
      const ids: StartJoinResult = await startChat(participant);
      const give = async (phone: string) => (await participant.http.post(`${running.app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: phone })).status;
      // Waiting for a lawyer: not yet.
      expect(await give('030 1000001')).toBe(409);
      await running.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
      expect(await give('030 1000002')).toBe(409);
      await running.lawyer.hub.connection.invoke('CloseChat', ids.ChatId, true);
      expect(await give('030 1000003')).toBe(204);
      expect(await give('030 1000004')).toBe(204);
      const entries = (await running.lawyer.http.get<CallbackEntry[]>(`${running.app.chatUrl}/api/lawyer/callbacks`)).body.filter(
        (c) => c.CaseId === ids.CaseId,
      );
      expect(entries).toEqual([expect.objectContaining({ Phone: '+49301000004', DoneAt: null })]);
    } finally {
      await participant.hub.stop();
    }
  });
});
