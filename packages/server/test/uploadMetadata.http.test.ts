// Upload metadata stripping through the real endpoints: a phone photo with GPS position, author and camera model is stored and
// served without them (case file, chat, lawyer photo); the recorded size is that of the stripped file, and a
// broken JPEG is refused with a German message and nothing stored.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ChatFileInfo, LawyerProfile, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedCaseFile } from '../src/features/casefile/service.js';
import { startHarness, type Harness } from './casefile/harness.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { phoneJpeg, plantedMetadataIn, sosOffset } from './support/jpegFactory.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const form = (name: string, bytes: Buffer) => {
  const body = new FormData();
  body.append('file', new Blob([bytes], { type: 'image/jpeg' }), name);
  return body;
};

const imageData = (jpeg: Buffer) => jpeg.subarray(sosOffset(jpeg));

describe('case-file upload of a phone photo', () => {
  let h: Harness;
  let file: CreatedCaseFile;
  let cookie: string;
  const url = (suffix: string) => `/api/case-file/${file.token}/${suffix}`;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    file = await h.newCaseFile();
    cookie = (await h.login(file)).cookie ?? '';
  });

  it('should store and serve the JPEG without GPS, author and camera fields, keeping the picture upright', async () => {
    const photo = phoneJpeg({ orientation: 6 });
    const res = await h.call('POST', url('documents'), { cookie, body: form('Bescheid.jpg', photo) });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { Id: string; Size: number; ContentType: string };
    const download = Buffer.from(await (await h.call('GET', url(`documents/${doc.Id}`), { cookie })).arrayBuffer());
    expect(plantedMetadataIn(download)).toEqual([]);
    expect(download.includes(Buffer.from('Exif\0\0MM\0*', 'latin1'))).toBe(true); // the Orientation-only Exif
    expect(imageData(download).equals(imageData(photo))).toBe(true);
    expect(doc).toMatchObject({ ContentType: 'image/jpeg', Size: download.length });
    expect(doc.Size).toBeLessThan(photo.length);
  });

  it('should refuse a truncated JPEG with 400 InvalidUpload and a German message, and store nothing', async () => {
    const res = await h.call('POST', url('documents'), { cookie, body: form('Bescheid.jpg', phoneJpeg().subarray(0, 400)) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Error: 'InvalidUpload', Message: expect.stringContaining('beschädigt') });
    expect(await readdir(path.join(h.t.dir, 'casefiles', file.caseId)).catch(() => [])).toEqual([]);
    expect(await (await h.call('GET', url('documents'), { cookie })).json()).toEqual([]);
  });
});

describe('chat upload and lawyer photo of a phone photo', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let ids: StartJoinResult;

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

  const uploadToChat = (bytes: Buffer) =>
    participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form('Brief.jpg', bytes) });

  it('should give the lawyer the chat photo without GPS, author and camera fields', async () => {
    const photo = phoneJpeg();
    const response = await uploadToChat(photo);
    expect(response.status).toBe(200);
    const info = (await response.json()) as ChatFileInfo;
    const download = Buffer.from(await (await lawyer.http.raw(`${app.chatUrl}/api/chat/file/${info.Id}`)).arrayBuffer());
    expect(plantedMetadataIn(download)).toEqual([]);
    expect(imageData(download).equals(imageData(photo))).toBe(true);
    expect(info).toMatchObject({ ContentType: 'image/jpeg', Size: download.length });
  });

  it('should refuse a truncated chat photo with 400 and a German message', async () => {
    const response = await uploadToChat(phoneJpeg().subarray(0, 400));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ Message: expect.stringContaining('beschädigt') });
  });

  it("should show clients the lawyer's photo without its metadata", async () => {
    const body = form('portrait.jpg', phoneJpeg());
    const response = await lawyer.http.raw(`${app.chatUrl}/api/lawyer/me/photo`, { method: 'PUT', body });
    expect(response.status).toBe(200);
    const profile = (await response.json()) as LawyerProfile;
    const image = Buffer.from(await (await fetch(profile.ImageUrl.replace('localhost', '127.0.0.1'))).arrayBuffer());
    expect(image.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(plantedMetadataIn(image)).toEqual([]);
  });
});
