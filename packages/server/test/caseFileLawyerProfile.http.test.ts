// The client's Fallakte shows the lawyer as the lawyer's profile is now: a new photo, phone number, name or salutation
// reaches the case files the lawyer already holds – the old photo is deleted on a new upload, so a copy taken when
// the file was created showed a broken picture, and an old phone number sent clients to a line that no longer works.
import type { CaseFileLawyer, LawyerProfile } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { PNG_1x1 } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const local = (url: string) => url.replace('localhost', '127.0.0.1');

describe("the lawyer in the client's Fallakte after a profile change", () => {
  let app: TestApp;
  let lawyer: CookieClient;
  let colleague: CookieClient;

  const uploadPhoto = (who: CookieClient) => {
    const form = new FormData();
    form.append('file', new Blob([PNG_1x1]), 'foto.png');
    return who.raw(`${app.chatUrl}/api/lawyer/me/photo`, { method: 'PUT', body: form });
  };

  beforeAll(async () => {
    app = await startTestApp();
    [lawyer, colleague] = await Promise.all([loginLawyerHttp(app, 0), loginLawyerHttp(app, 1)]);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should show the current photo, phone number, name and salutation in a case file created before the change', async () => {
    expect((await uploadPhoto(lawyer)).status).toBe(200);
    const created = await createCaseFileAsLawyer(app, lawyer);
    const colleagueFile = await createCaseFileAsLawyer(app, colleague);
    const { client } = await loginCaseFileClient(app, created);
    const { client: colleagueClient } = await loginCaseFileClient(app, colleagueFile);
    const before = await client.get<CaseFileLawyer>(`${app.webUrl}/api/case-file/${created.Token}/lawyer`);
    const colleagueBefore = await colleagueClient.get<CaseFileLawyer>(`${app.webUrl}/api/case-file/${colleagueFile.Token}/lawyer`);

    const photo = (await (await uploadPhoto(lawyer)).json()) as LawyerProfile;
    const profile = await lawyer.put<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`, { Name: 'Dr. Anna Neumann', Gender: 'female', Phone: '030 5556667' });
    expect(profile.status).toBe(200);

    const after = await client.get<CaseFileLawyer>(`${app.webUrl}/api/case-file/${created.Token}/lawyer`);
    expect(after.body).toMatchObject({ Name: 'Dr. Anna Neumann', Gender: 'female', Phone: '+49 30 5556667', ImageUrl: photo.ImageUrl });
    expect(after.body.ImageUrl).not.toBe(before.body.ImageUrl);
    expect((await fetch(local(after.body.ImageUrl))).status).toBe(200);
    // Another lawyer's files keep their own lawyer.
    const colleagueAfter = await colleagueClient.get<CaseFileLawyer>(`${app.webUrl}/api/case-file/${colleagueFile.Token}/lawyer`);
    expect(colleagueAfter.body).toEqual(colleagueBefore.body);
  });

  it('should show the initials avatar again, not a deleted photo, once the lawyer removed the photo', async () => {
    expect((await uploadPhoto(lawyer)).status).toBe(200);
    const created = await createCaseFileAsLawyer(app, lawyer);
    const removed = await lawyer.request<LawyerProfile>('DELETE', `${app.chatUrl}/api/lawyer/me/photo`);
    expect(removed.status).toBe(200);
    const { client } = await loginCaseFileClient(app, created);
    const seen = await client.get<CaseFileLawyer>(`${app.webUrl}/api/case-file/${created.Token}/lawyer`);
    expect(seen.body.ImageUrl).toBe(removed.body.ImageUrl);
    expect((await fetch(local(seen.body.ImageUrl))).status).toBe(200);
  });
});
