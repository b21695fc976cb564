// The lawyer's profile: name and gender (drive the client's wording) and the photo clients see as
// their lawyer's 35×35 picture; only the lawyer changes it, uploads are checked by content.
import type { LawyerProfile, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedChat, type Participant } from './support/flows.js';
import { PDF_MINI, PNG_1x1 } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const local = (url: string) => url.replace('localhost', '127.0.0.1');

describe('lawyer profile', () => {
  let app: TestApp;
  let lawyer: Participant;
  let participant: Participant;
  let ids: StartJoinResult;

  const uploadPhoto = (bytes: Buffer, name = 'foto.png', who: Participant = lawyer) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return who.http.raw(`${app.chatUrl}/api/lawyer/me/photo`, { method: 'PUT', body: form });
  };

  beforeAll(async () => {
    app = await startTestApp();
    ({ lawyer, participant, ids } = await acceptedChat(app));
  });

  afterAll(async () => {
    await Promise.all([lawyer?.hub.stop(), participant?.hub.stop()]);
    await app?.stop();
  });

  it('should change name and gender and refuse an empty name or an unknown gender', async () => {
    const updated = await lawyer.http.put<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`, { Name: '  Dr. Anna Berger-Klein ', Gender: 'female' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ Name: 'Dr. Anna Berger-Klein', Gender: 'female' });
    expect((await lawyer.http.get<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`)).body.Name).toBe('Dr. Anna Berger-Klein');
    expect((await lawyer.http.put(`${app.chatUrl}/api/lawyer/me`, { Name: ' ', Gender: 'female' })).status).toBe(400);
    expect((await lawyer.http.put(`${app.chatUrl}/api/lawyer/me`, { Name: 'Anna', Gender: 'divers' })).status).toBe(400);
  });

  it('should let the lawyer remove their phone number again with an empty field, as the set-up left it optional', async () => {
    const set = await lawyer.http.put<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`, { Name: 'Dr. Anna Berger', Gender: 'female', Phone: '030 7654321' });
    expect(set.body.Phone).toBe('+49 30 7654321');
    const cleared = await lawyer.http.put<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`, { Name: 'Dr. Anna Berger', Gender: 'female', Phone: '  ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.Phone).toBe('');
    expect((await lawyer.http.put(`${app.chatUrl}/api/lawyer/me`, { Name: 'Dr. Anna Berger', Gender: 'female', Phone: 'abc' })).status).toBe(400);
  });

  it("should show an uploaded photo to the client as the lawyer's picture, and replace it on a new upload", async () => {
    const first = await uploadPhoto(PNG_1x1);
    expect(first.status).toBe(200);
    const profile = (await first.json()) as LawyerProfile;
    expect(profile.ImageUrl).toMatch(/\/api\/chat\/agent\/photo\/[^/]+\/[A-Za-z0-9_-]+$/);
    const seenByClient = await participant.http.get<string>(`${app.chatUrl}/api/chat/agent/image/${ids.ChatId}/${profile.Id}`);
    expect(seenByClient.text).toBe(profile.ImageUrl);
    const image = await fetch(local(profile.ImageUrl));
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1x1)).toBe(true);

    const second = (await (await uploadPhoto(PNG_1x1, 'neu.png')).json()) as LawyerProfile;
    expect(second.ImageUrl).not.toBe(profile.ImageUrl);
    expect((await fetch(local(profile.ImageUrl))).status).toBe(404);
    expect((await fetch(local(second.ImageUrl))).status).toBe(200);
  });

  it('should refuse a photo that is not an image by content, and one over 1 MB', async () => {
    expect((await uploadPhoto(PDF_MINI, 'foto.png')).status).toBe(415);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(1024 * 1024)]);
    expect((await uploadPhoto(big)).status).toBe(413);
  });

  it('should refuse a cut-off multipart body with 400 and keep the photo', async () => {
    const before = (await lawyer.http.get<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`)).body.ImageUrl;
    const body = '--xx\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\n\r\n\x89PNG';
    const response = await lawyer.http.raw(`${app.chatUrl}/api/lawyer/me/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'multipart/form-data; boundary=xx' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ Error: 'BadRequest' });
    expect((await lawyer.http.get<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`)).body.ImageUrl).toBe(before);
  });

  it('should go back to the initials avatar when the photo is removed', async () => {
    const removed = await lawyer.http.request<LawyerProfile>('DELETE', `${app.chatUrl}/api/lawyer/me/photo`);
    expect(removed.status).toBe(200);
    expect(removed.body.ImageUrl).toMatch(/\/api\/chat\/agent\/avatar\/[^/]+\.svg$/);
  });

  it('should refuse profile changes without a lawyer session', async () => {
    expect((await participant.http.put(`${app.chatUrl}/api/lawyer/me`, { Name: 'Eindringling', Gender: 'male' })).status).toBe(401);
    expect((await uploadPhoto(PNG_1x1, 'x.png', participant)).status).toBe(401);
    expect((await participant.http.request('DELETE', `${app.chatUrl}/api/lawyer/me/photo`)).status).toBe(401);
  });
});
