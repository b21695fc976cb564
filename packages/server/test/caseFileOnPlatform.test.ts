// The case-file API inside the real web app: the platform's CSRF filter, token-path headers, error handler
// and session store serve it (no private hook, handler or session table of its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCaseFileResult } from '@rechtschat/core';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('case-file API on the platform', () => {
  let app: TestApp;
  let created: CreateCaseFileResult;

  beforeAll(async () => {
    app = await startTestApp();
    created = await createCaseFileAsLawyer(app, await loginLawyerHttp(app));
  });
  afterAll(async () => app?.stop());

  const loginBody = () =>
    JSON.stringify({ LoginData: { Pin: created.Pin, UrlToken: created.Token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true });

  it('should refuse a write the browser marks as cross-site even from the configured origin', async () => {
    const res = await fetch(`${app.webUrl}/api/case-file/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.webOrigin, 'sec-fetch-site': 'cross-site' },
      body: loginBody(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ Error: 'CrossSiteRequest', Message: 'Diese Anfrage wurde aus Sicherheitsgründen abgelehnt.' });
  });

  it('should refuse a write from a foreign origin like every other API', async () => {
    const res = await fetch(`${app.webUrl}/api/case-file/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: loginBody(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ Error: 'Forbidden' });
  });

  it('should send no-referrer, no-store and nosniff on case-file answers', async () => {
    const res = await fetch(`${app.webUrl}/api/case-file/${created.Token}/consent`);
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('should answer malformed JSON and unknown paths with the case-file bodies', async () => {
    const bad = await fetch(`${app.webUrl}/api/case-file/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"LoginData":' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ Error: 'InvalidJson', Message: 'Die Anfrage enthält kein gültiges JSON.' });
    const unknown = await fetch(`${app.webUrl}/api/case-file/${created.Token}/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ Error: 'NotFound', Message: 'Diese Adresse gibt es nicht.' });
  });

  // A body labelled with another charset is refused with 415 before it is read (badInput.test.ts).
  it.each(['application/json', 'application/json; charset=utf-8'])(
    'should refuse a body that is not UTF-8 (%s) with 400 InvalidJson and store nothing',
    async (contentType) => {
      const { client } = await loginCaseFileClient(app, created);
      const personUrl = `${app.webUrl}/api/case-file/${created.Token}/person`;
      expect((await client.put(personUrl, { Street: 'Domkloster 4', PostalCode: '50667', City: 'Köln' })).status).toBe(200);
      const latin1 = Buffer.from('{"City":"M\xfcnster"}', 'latin1');
      const res = await client.raw(personUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: latin1 });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ Error: 'InvalidJson', Message: 'Die Anfrage enthält kein gültiges JSON.' });
      expect((await client.get<{ City: string }>(personUrl)).body.City).toBe('Köln');
      expect((await client.post(`${app.webUrl}/api/case-file/logout`)).status).toBe(204);
    },
  );

  it('should keep the client session in the shared sessions table and end it on logout', async () => {
    const { client, status } = await loginCaseFileClient(app, created);
    expect(status).toBe(204);
    const live = () => app.ctx.db.selectFrom('sessions').select('kind').where('kind', '=', 'casefile').where('subject_id', '=', created.CaseId).execute();
    expect(await live()).toHaveLength(1);
    expect((await client.get(`${app.webUrl}/api/case-file/${created.Token}/case`)).status).toBe(200);
    expect((await client.post(`${app.webUrl}/api/case-file/logout`)).status).toBe(204);
    expect(await live()).toHaveLength(0);
  });
});
