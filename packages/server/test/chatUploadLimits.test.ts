// Chat uploads cannot fill the disk: files go only into a chat a lawyer holds (the chat offers the upload only then),
// one consultation holds at most MAX_CHAT_FILES_PER_CASE files – decided together with the insert, so a burst of
// parallel uploads cannot pass it – and one address sends at most 30 a minute. Over real HTTP, on SQLite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const MAX_FILES = 4;

/** A PDF of some 60 KB (the test app's MAX_UPLOAD_BYTES is 64 KiB), so the uploads of a burst overlap. */
const pdf = Buffer.concat([PDF_MINI, Buffer.alloc(60 * 1024, 0x20)]);

function upload(app: TestApp, who: Participant, chatId: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), name);
  return who.http.raw(`${app.chatUrl}/api/chat/file/${chatId}`, { method: 'POST', body: form });
}

const storedFiles = (app: TestApp) => {
  const dir = path.join(app.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

const fileMessages = async (app: TestApp, who: Participant, caseId: string) =>
  (await who.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${caseId}`)).body.filter((m) => m.Type === 4);

describe.each(['sqlite', 'postgres'] as const)('chat upload limits (%s)', (engine) => {
  const running = engineAppWithLawyer(engine, { env: { MAX_CHAT_FILES_PER_CASE: String(MAX_FILES) } });

  async function waitingChat(): Promise<{ participant: Participant; ids: StartJoinResult }> {
    const participant = await connectParticipant(running.app);
    running.keep(participant);
    return { participant, ids: await startChat(participant) };
  }

  it('should take no file into a chat that waits for a lawyer, and store nothing of it', async () => {
    const { participant, ids } = await waitingChat();
    const before = storedFiles(running.app);
    const refused = await upload(running.app, participant, ids.ChatId, 'Kündigung.pdf');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      Error: 'Conflict',
      Message: 'Dateien können Sie senden, sobald eine Anwältin oder ein Anwalt den Chat übernommen hat.',
    });
    expect(storedFiles(running.app)).toBe(before);
    expect(await fileMessages(running.app, participant, ids.CaseId)).toEqual([]);

    await running.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    expect((await upload(running.app, participant, ids.ChatId, 'Kündigung.pdf')).status).toBe(200);
    await running.lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
  });

  it('should store no more files per consultation than the limit when both sides upload in parallel', async () => {
    const { participant, ids } = await waitingChat();
    await running.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    expect((await upload(running.app, participant, ids.ChatId, 'Mietvertrag.pdf')).status).toBe(200);
    expect((await upload(running.app, running.lawyer, ids.ChatId, 'Musterschreiben.pdf')).status).toBe(200);
    const before = storedFiles(running.app);

    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => upload(running.app, i % 2 === 0 ? participant : running.lawyer, ids.ChatId, `Beleg ${i}.pdf`)),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_FILES - 2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10 - (MAX_FILES - 2));
    const refused = await burst.find((r) => r.status === 409)?.json();
    expect(refused).toEqual({
      Error: 'Conflict',
      Message: 'In dieser Beratung wurden so viele Dateien gesendet, wie möglich sind. Bitte senden Sie weitere Unterlagen per E-Mail oder Post.',
    });
    // Refused uploads leave neither bytes, nor a row, nor a message behind.
    expect(storedFiles(running.app) - before).toBe(MAX_FILES - 2);
    expect(await fileMessages(running.app, participant, ids.CaseId)).toHaveLength(MAX_FILES);
    expect((await upload(running.app, participant, ids.ChatId, 'Noch einer.pdf')).status).toBe(409);
    await running.lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
  });
});

describe('chat upload limit per address', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;

  beforeAll(async () => {
    app = await startTestApp({ env: { MAX_CHAT_FILES_PER_CASE: '1000' } });
    [participant, lawyer] = await Promise.all([connectParticipant(app), connectLawyer(app, 0)]);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  it('should take thirty uploads a minute from one address, then answer 429 with Retry-After', async () => {
    const ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    for (let i = 0; i < 30; i++) expect((await upload(app, i % 3 === 0 ? lawyer : participant, ids.ChatId, `Seite ${i}.pdf`)).status).toBe(200);
    const limited = await upload(app, participant, ids.ChatId, 'Seite 30.pdf');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fileMessages(app, participant, ids.CaseId)).toHaveLength(30);
  });
});
