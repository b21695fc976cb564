import fs from 'node:fs';
import path from 'node:path';
import type { ChatFileInfo, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/domain/retention.js';
import { connectParticipant, startChat, type Participant } from './helpers/flows.js';
import { PDF_MINI } from './helpers/samples.js';
import { startTestApp, type TestApp } from './helpers/testApp.js';

describe('retention job', () => {
  let now = new Date('2026-11-23T10:00:00Z');
  const clock = { now: () => now };
  let app: TestApp;
  let participant: Participant;
  let ids: StartJoinResult;
  let storedFile: string;

  beforeAll(async () => {
    app = await startTestApp({ clock });
    participant = await connectParticipant(app);
    ids = await startChat(participant);
    await participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Aufzubewahren', 'retention-0001');
    const form = new FormData();
    form.append('file', new Blob([PDF_MINI]), 'a.pdf');
    const info = (await (await participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form })).json()) as ChatFileInfo;
    const row = await app.ctx.db.selectFrom('files').select('storage_name').where('id', '=', info.Id).executeTakeFirstOrThrow();
    storedFile = path.join(app.ctx.uploadDir, row.storage_name);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await app?.stop();
  });

  it('should keep a case until its retention date', async () => {
    now = new Date('2036-11-20T10:00:00Z');
    expect(await purgeExpired(app.ctx.db, clock, app.ctx.uploadDir)).toEqual({ cases: 0, files: 0 });
    expect(fs.existsSync(storedFile)).toBe(true);
  });

  it('should delete the case, its messages and its files on disk ten years later', async () => {
    now = new Date('2036-11-24T10:00:00Z');
    expect(await purgeExpired(app.ctx.db, clock, app.ctx.uploadDir)).toEqual({ cases: 1, files: 1 });
    expect(fs.existsSync(storedFile)).toBe(false);
    expect(await app.ctx.db.selectFrom('messages').selectAll().where('case_id', '=', ids.CaseId).execute()).toEqual([]);
    expect(await app.ctx.db.selectFrom('cases').selectAll().where('id', '=', ids.CaseId).execute()).toEqual([]);
    expect(await app.ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});
