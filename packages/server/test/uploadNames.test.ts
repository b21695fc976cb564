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

  // Found from outside (2026-12-06): a long name of emoji was cut in the middle of one, leaving half a character (a lone
  // surrogate, stored and listed as „�“), and the line and paragraph separators U+2028/U+2029 – neither control nor
  // format characters – stayed in the name, breaking the line in listings, the console and the PDF protocol.
  it('should cut a long name at a whole character and turn line and paragraph separators into spaces', async () => {
    const long = await upload(PDF_MINI, `a${'😀'.repeat(100)}.pdf`);
    expect(long.status).toBe(200);
    const cut = ((await long.json()) as ChatFileInfo).FileName;
    // 120 UTF-16 units at most, as before: the stem keeps 57 whole emoji (115 units) instead of 57 and a half.
    expect(cut).toBe(`a${'😀'.repeat(57)}.pdf`);
    expect(Buffer.from(cut).toString('utf8')).toBe(cut); // no lone surrogate: it would not survive UTF-8

    const lines = await upload(PDF_MINI, 'Zeile 1\u2028Zeile 2\u2029Ende.pdf');
    expect(((await lines.json()) as ChatFileInfo).FileName).toBe('Zeile 1 Zeile 2 Ende.pdf');
  });
});
