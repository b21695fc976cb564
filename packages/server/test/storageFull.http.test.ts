// A full disk while an upload is stored (M4): the write fails halfway with ENOSPC. The partial file must go – an orphan
// without a row keeps the disk full – and the client hears 507 StorageFull in German instead of a generic 500; the
// operator sees the cause logged as an error. The disk is not filled for real: the store's writeFile
// (storageFileSystem) is replaced by one that writes half the bytes under a chosen folder and then fails as a full
// disk does.
import fs from 'node:fs';
import { writeFile as realWriteFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LawyerProfile, StartJoinResult } from '@rechtschat/core';
import { storageFileSystem, storageFullMessage } from '../src/platform/files/storeFile.js';
import { signatureDataUrl, startHarness, type Harness } from './casefile/harness.js';
import { createTestDb } from './casefile/testDb.js';
import { acceptedChat, type Participant } from './support/flows.js';
import { PDF_MINI, PNG_1x1 } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const disk = { fullUnder: null as string | null };

const fullDiskWrite: typeof realWriteFile = async (file, data, options) => {
  if (disk.fullUnder !== null && typeof file === 'string' && file.startsWith(disk.fullUnder) && data instanceof Uint8Array) {
    await realWriteFile(file, data.subarray(0, Math.ceil(data.byteLength / 2)), options);
    throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }
  return realWriteFile(file, data, options);
};

beforeAll(() => {
  storageFileSystem.writeFile = fullDiskWrite;
});
afterAll(() => {
  storageFileSystem.writeFile = realWriteFile;
});

const storageFull = { Error: 'StorageFull', Message: storageFullMessage };

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

afterEach(() => {
  disk.fullUnder = null;
});

describe('a full disk while the chat stores an upload', () => {
  let app: TestApp;
  let lawyer: Participant;
  let participant: Participant;
  let ids: StartJoinResult;
  const logged: { level: number; msg: string; code?: string; err?: { code?: string } }[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });
    app = await startTestApp({ logger });
    ({ lawyer, participant, ids } = await acceptedChat(app));
  });
  afterAll(async () => {
    await Promise.all([lawyer?.hub.stop(), participant?.hub.stop()]);
    await app?.stop();
  });

  it('should answer a chat upload with 507 StorageFull, keep no partial file and log the cause as an error', async () => {
    const uploads = path.join(app.dataDir, 'uploads');
    disk.fullUnder = uploads;
    const form = new FormData();
    form.append('file', new Blob([PDF_MINI], { type: 'application/pdf' }), 'Vertrag.pdf');
    const response = await participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form });
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual(storageFull);
    expect(filesUnder(uploads)).toEqual([]);
    expect(logged.find((entry) => entry.code === 'StorageFull')).toMatchObject({ level: 50, err: { code: 'ENOSPC' } });

    disk.fullUnder = null;
    const again = new FormData();
    again.append('file', new Blob([PDF_MINI], { type: 'application/pdf' }), 'Vertrag.pdf');
    expect((await participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: again })).status).toBe(200);
    expect(filesUnder(uploads)).toHaveLength(1);
  });

  it('should answer a lawyer photo with 507 StorageFull, keep no partial file and keep the old photo', async () => {
    const photos = path.join(app.dataDir, 'uploads', 'lawyer-photos');
    const before = (await lawyer.http.get<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`)).body.ImageUrl;
    disk.fullUnder = photos;
    const form = new FormData();
    form.append('file', new Blob([PNG_1x1]), 'foto.png');
    const response = await lawyer.http.raw(`${app.chatUrl}/api/lawyer/me/photo`, { method: 'PUT', body: form });
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual(storageFull);
    expect(filesUnder(photos)).toEqual([]);
    expect((await lawyer.http.get<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`)).body.ImageUrl).toBe(before);
  });
});

describe('a full disk while the case file stores a document', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, await createTestDb('sqlite'));
  });
  afterAll(async () => h.close());

  const pdf = () => {
    const form = new FormData();
    form.append('file', new Blob([PDF_MINI], { type: 'application/pdf' }), 'Mietvertrag.pdf');
    return form;
  };

  it('should answer an upload and the signed Vollmacht with 507 StorageFull, leave no file, row or history entry, and work again once there is room', async () => {
    const file = await h.newCaseFile();
    const cookie = (await h.login(file)).cookie ?? '';
    const url = (suffix: string) => `/api/case-file/${file.token}/${suffix}`;
    const folder = path.join(h.t.dir, 'casefiles', file.caseId);
    disk.fullUnder = path.join(h.t.dir, 'casefiles');

    const upload = await h.call('POST', url('documents'), { cookie, body: pdf() });
    expect(upload.status).toBe(507);
    expect(await upload.json()).toEqual(storageFull);
    const signing = await h.call('POST', url('power-of-attorney'), { cookie, json: { SignatureImage: signatureDataUrl, Place: 'Köln' } });
    expect(signing.status).toBe(507);
    expect(await signing.json()).toEqual(storageFull);
    expect(filesUnder(folder)).toEqual([]);
    expect(await (await h.call('GET', url('documents'), { cookie })).json()).toEqual([]);
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as { Kind: string }[];
    expect(history.filter((e) => e.Kind === 'DocumentUploaded' || e.Kind === 'PowerOfAttorneySigned')).toEqual([]);

    disk.fullUnder = null;
    expect((await h.call('POST', url('documents'), { cookie, body: pdf() })).status).toBe(201);
    // The reservation of the failed signing was given back: the client can sign now.
    expect((await h.call('POST', url('power-of-attorney'), { cookie, json: { SignatureImage: signatureDataUrl, Place: 'Köln' } })).status).toBe(201);
    expect(filesUnder(folder)).toHaveLength(2);
  });
});
