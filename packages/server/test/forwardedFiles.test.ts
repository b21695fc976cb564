// Files after a forward (found from outside, 2026-11-27): when the participant lets the files go on to the colleague
// ("Ja" to the file-forwarding question), the lawyer the chat was forwarded to opens them; "Nein" keeps every file of
// the case so far from all lawyers, also files of a chat before an earlier forward; a lawyer outside the case never.
import type { ChatFileInfo, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { PNG_1x1 } from './support/samples.js';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';

describe('chat files after a forward', () => {
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  let stranger: Participant;

  beforeAll(async () => {
    app = await startTestApp();
    // A third lawyer, outside the case until the second forward.
    const lena = await createLawyer(app.ctx.db, app.ctx.clock, {
      email: 'lena@test.example',
      name: 'Lena Schulz',
      gender: 'female',
      password: LAWYER_PASSWORD,
      phone: '+49301234567',
    });
    app.lawyers.push({ id: lena.id, email: 'lena@test.example', password: LAWYER_PASSWORD, name: 'Lena Schulz' });
    [anna, markus, stranger] = await Promise.all([connectLawyer(app, 0), connectLawyer(app, 1), connectLawyer(app, 2)]);
  });

  afterAll(async () => {
    await Promise.all([anna, markus, stranger].map((p) => p?.hub.stop()));
    await app?.stop();
  });

  async function upload(who: Participant, chatId: string, name: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), name);
    const response = await who.http.raw(`${app.chatUrl}/api/chat/file/${chatId}`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    return ((await response.json()) as ChatFileInfo).Id;
  }

  /** A chat Anna accepted, with the client's photo in it, then forwarded to Markus, who accepts. */
  async function forwardedWithPhoto(): Promise<{ client: Participant; ids: StartJoinResult; fileId: string; newChatId: string }> {
    const client = await connectParticipant(app);
    const ids = await startChat(client);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    const fileId = await upload(client, ids.ChatId, 'foto.png');
    const forwarded = await anna.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, app.lawyers[1]?.id);
    await markus.hub.connection.invoke('AcceptChat', forwarded.ChatId);
    return { client, ids, fileId, newChatId: forwarded.ChatId };
  }

  const status = async (who: Participant, fileId: string) => (await who.http.get(`${app.chatUrl}/api/chat/file/${fileId}`)).status;

  it('should let the colleague open the files the client let go on, and no lawyer outside the case', async () => {
    const { client, fileId } = await forwardedWithPhoto();
    try {
      expect(await status(markus, fileId)).toBe(200);
      expect(await status(anna, fileId)).toBe(200);
      expect(await status(stranger, fileId)).toBe(404);
    } finally {
      await client.hub.stop();
    }
  });

  it('should keep a file the client sends the colleague after the forward from the lawyer who forwarded the chat', async () => {
    const { client, fileId, newChatId } = await forwardedWithPhoto();
    try {
      const afterForward = await upload(client, newChatId, 'nur-fuer-markus.png');
      expect(await status(markus, afterForward)).toBe(200);
      expect(await status(anna, afterForward)).toBe(404);
      // What came before the forward stays Anna's to read.
      expect(await status(anna, fileId)).toBe(200);
    } finally {
      await client.hub.stop();
    }
  });

  it('should keep the files from every lawyer once the client says no, also those of a chat before an earlier forward', async () => {
    const { client, ids, fileId, newChatId } = await forwardedWithPhoto();
    try {
      const later = await upload(client, newChatId, 'zweites-foto.png');
      // Markus forwards on; the question comes for the chat Markus leaves, and "Nein" covers everything sent so far.
      const third = await markus.hub.connection.invoke<StartJoinResult>('ForwardChat', newChatId, app.lawyers[2]?.id);
      expect((await client.http.put(`${app.chatUrl}/api/chat/file/revoke-file-forwarding/${newChatId}`)).status).toBeLessThan(300);
      await stranger.hub.connection.invoke('AcceptChat', third.ChatId);
      for (const lawyer of [anna, markus, stranger]) {
        expect(await status(lawyer, fileId)).toBe(404);
        expect(await status(lawyer, later)).toBe(404);
      }
      expect(await status(client, fileId)).toBe(200);
      expect(ids.CaseId).toBe(third.CaseId);
    } finally {
      await client.hub.stop();
    }
  });
});
