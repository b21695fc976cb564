import type { ChatFileInfo, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { HTML_AS_PDF, PDF_MINI, PNG_1x1, SVG_WITH_SCRIPT } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('chat uploads', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let ids: StartJoinResult;

  const upload = (who: Participant, content: Buffer, name: string, type = 'application/pdf') => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    return who.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form });
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

  it('should store a PDF, announce it as a file message and serve it as an inert attachment', async () => {
    const response = await upload(participant, PDF_MINI, '../../Mietvertrag\u202Eexe.pdf');
    expect(response.status).toBe(200);
    const info = (await response.json()) as ChatFileInfo;
    expect(info).toMatchObject({ ContentType: 'application/pdf', Size: PDF_MINI.length, FileName: 'Mietvertragexe.pdf' });
    const message = await waitUntil(() => lawyer.hub.messages.find((m) => m.Type === 4), 'file message at lawyer');
    expect(message).toMatchObject({ FileId: info.Id, FileName: 'Mietvertragexe.pdf' });
    const download = await lawyer.http.raw(`${app.chatUrl}/api/chat/file/${info.Id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Mietvertragexe.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF_MINI)).toBe(true);
  });

  it('should refuse a request with a second file instead of storing only the first, and store neither', async () => {
    const filesBefore = await app.ctx.db.selectFrom('files').select('id').where('chat_id', '=', ids.ChatId).execute();
    const form = new FormData();
    form.append('file', new Blob([PDF_MINI], { type: 'application/pdf' }), 'erste.pdf');
    form.append('file2', new Blob([PDF_MINI], { type: 'application/pdf' }), 'zweite.pdf');
    const response = await participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ Error: 'BadRequest', Message: 'Bitte laden Sie jeweils nur eine Datei hoch.' });
    expect(await app.ctx.db.selectFrom('files').select('id').where('chat_id', '=', ids.ChatId).execute()).toEqual(filesBefore);
  });

  it('should refuse a file above the size limit with 413', async () => {
    const response = await upload(participant, Buffer.concat([PDF_MINI, Buffer.alloc(70 * 1024)]), 'gross.pdf');
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ Error: 'PayloadTooLarge' });
  });

  it.each([
    ['HTML named .pdf', HTML_AS_PDF, 'rechnung.pdf'],
    ['SVG with script', SVG_WITH_SCRIPT, 'bild.svg'],
  ])('should refuse %s by its content with 415', async (_label, content, name) => {
    const response = await upload(participant, content, name);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ Error: 'UnsupportedMediaType' });
  });

  it.each([
    [
      'cut off in the middle of the file',
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
    ],
    ['without a boundary', 'multipart/form-data', 'kein multipart'],
  ])('should refuse a multipart body %s with 400 and store nothing', async (_label, contentType, body) => {
    const before = await app.ctx.db
      .selectFrom('files')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ Error: 'BadRequest', Message: 'Die Datei konnte nicht gelesen werden. Bitte laden Sie sie erneut hoch.' });
    const after = await app.ctx.db
      .selectFrom('files')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('should stop lawyer access after the participant revokes file forwarding', async () => {
    const info = (await (await upload(participant, PNG_1x1, 'foto.png', 'image/png')).json()) as ChatFileInfo;
    expect((await lawyer.http.get(`${app.chatUrl}/api/chat/file/${info.Id}`)).status).toBe(200);
    expect((await participant.http.put(`${app.chatUrl}/api/chat/file/revoke-file-forwarding/${ids.ChatId}`)).status).toBe(204);
    expect((await lawyer.http.get(`${app.chatUrl}/api/chat/file/${info.Id}`)).status).toBe(404);
    expect((await participant.http.get(`${app.chatUrl}/api/chat/file/${info.Id}`)).status).toBe(200);
  });

  it('should keep uploads out of the web root', async () => {
    const stored = await app.ctx.db.selectFrom('files').select('storage_name').executeTakeFirstOrThrow();
    expect((await participant.http.get(`${app.webUrl}/uploads/${stored.storage_name}`)).status).toBe(404);
    expect((await participant.http.get(`${app.chatUrl}/uploads/${stored.storage_name}`)).status).toBe(404);
  });
});
