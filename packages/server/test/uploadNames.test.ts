// A chat upload's stored and served name carries the extension of its detected type.
import type { ChatFileInfo, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { PDF_MINI, PNG_1x1 } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('chat upload names', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let ids: StartJoinResult;

  const upload = (content: Buffer, name: string, type = 'application/octet-stream') => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    return participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form });
  };

  beforeAll(async () => {
    app = await startTestApp();
    [participant, lawyer] = await Promise.all([connectParticipant(app), connectLawyer(app)]);
    ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  it.each([
    { name: 'angebot.html', content: PDF_MINI, expected: 'angebot.pdf' },
    { name: 'rechnung.pdf.exe', content: PDF_MINI, expected: 'rechnung.pdf' },
    { name: 'scan', content: PDF_MINI, expected: 'scan.pdf' },
    { name: 'foto.pdf', content: PNG_1x1, expected: 'foto.png' },
  ])('should store $name as $expected, the extension of its content, and serve it under that name', async ({ name, content, expected }) => {
    const response = await upload(content, name);
    expect(response.status).toBe(200);
    const info = (await response.json()) as ChatFileInfo;
    expect(info.FileName).toBe(expected);
    const row = await app.ctx.db.selectFrom('files').select('file_name').where('id', '=', info.Id).executeTakeFirstOrThrow();
    expect(row.file_name).toBe(expected);
    const download = await lawyer.http.raw(`${app.chatUrl}/api/chat/file/${info.Id}`);
    expect(download.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${expected.replace('.', '\\.')}"`));
  });

  it('should serve a name with umlauts under an ASCII fallback and its exact UTF-8 name', async () => {
    const response = await upload(PDF_MINI, 'Kündigung Müller.pdf');
    const info = (await response.json()) as ChatFileInfo;
    expect(info.FileName).toBe('Kündigung Müller.pdf');
    const download = await lawyer.http.raw(`${app.chatUrl}/api/chat/file/${info.Id}`);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="K_ndigung M_ller.pdf"; filename*=UTF-8''K%C3%BCndigung%20M%C3%BCller.pdf`);
  });
});
