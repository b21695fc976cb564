/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, toArray } from 'rxjs';
import type { CaseFileContentApi, Result, UploadEvent } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createCaseFileContentApi, type UploadRequest } from './caseFileContentApi.adapter.js';

const doc = { Id: 'd1', FileName: 'Vertrag.pdf', ContentType: 'application/pdf', Size: 12, Created: '2026-11-23T10:00:00.000Z', UploadedBy: 'client' };

/** Records what the adapter does with the request and lets the test play the browser's events. */
class FakeUploadRequest implements UploadRequest {
  method = '';
  url = '';
  sent: FormData | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  responseText = '';
  readonly headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  readonly upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
}

const file = { name: 'Vertrag.pdf', size: 12, type: 'application/pdf', arrayBuffer: () => Promise.resolve(new ArrayBuffer(12)) };

describe('CaseFileContentApi adapter', () => {
  let server: TestServer;
  let api: CaseFileContentApi;
  let request: FakeUploadRequest;

  beforeEach(async () => {
    server = await startTestServer();
    request = new FakeUploadRequest();
    api = createCaseFileContentApi({ baseUrl: server.baseUrl, createUploadRequest: () => request, toBlob: () => new Blob(['%PDF-1.4 abc']) });
  });
  afterEach(() => server.close());

  it('should read the history and documents of the token and decode them', async () => {
    const entry = { Id: 'h1', Created: '2026-11-23T10:00:00.000Z', Kind: 'Created', Title: 'Fallakte angelegt', Text: '' };
    server.route('GET', '/api/case-file/t%2B1/history', (_q, res) => reply(res, 200, JSON.stringify([entry])));
    server.route('GET', '/api/case-file/tok/documents', (_q, res) => reply(res, 200, JSON.stringify([doc])));
    expect(await firstValueFrom(api.getHistory('t+1'))).toEqual({ _tag: 'Right', right: [entry] });
    expect(await firstValueFrom(api.getDocuments('tok'))).toEqual({ _tag: 'Right', right: [doc] });
  });

  it('should mark the reads of the live refresh with X-Fallakte-Refresh, and only those', async () => {
    const seen: (string | string[] | undefined)[] = [];
    server.route('GET', '/api/case-file/tok/contact', (q, res) => {
      seen.push(q.headers['x-fallakte-refresh']);
      reply(res, 200, '[]');
    });
    const person = { FirstName: 'Erika', LastName: 'Muster', Email: 'e@example.org', Phone: '+49 151 ••• 45••••', Street: null, PostalCode: null, City: null };
    server.route('GET', '/api/case-file/tok/person', (q, res) => {
      seen.push(q.headers['x-fallakte-refresh']);
      reply(res, 200, JSON.stringify(person));
    });
    await firstValueFrom(api.getContacts('tok', { background: true }));
    await firstValueFrom(api.getContacts('tok'));
    await firstValueFrom(api.getPerson('tok', { background: true }));
    await firstValueFrom(api.getPerson('tok'));
    expect(seen).toEqual(['background', undefined, 'background', undefined]);
  });

  it('should mark a screen seen with PUT {token}/seen/{screen}', async () => {
    const marked: string[] = [];
    for (const screen of ['messages', 'documents'] as const) {
      server.route('PUT', `/api/case-file/tok/seen/${screen}`, (_q, res) => (marked.push(screen), reply(res, 204, '')));
      expect(await firstValueFrom(api.markSeen('tok', screen))).toEqual({ _tag: 'Right', right: undefined });
    }
    expect(marked).toEqual(['messages', 'documents']);
  });

  it('should refuse a document list with a wrong shape as a DecodeError', async () => {
    server.route('GET', '/api/case-file/tok/documents', (_q, res) => reply(res, 200, JSON.stringify([{ ...doc, UploadedBy: 'hacker' }])));
    const result = await firstValueFrom(api.getDocuments('tok'));
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should post contact messages, questionnaire answers and the signature as JSON', async () => {
    server.route('POST', '/api/case-file/tok/contact', (_q, res) => {
      res.writeHead(204);
      res.end();
    });
    server.route('POST', '/api/case-file/tok/questionnaire', (_q, res) => reply(res, 200, JSON.stringify({ Submitted: true, Answers: { A: 'b' } })));
    server.route('POST', '/api/case-file/tok/power-of-attorney', (_q, res) => reply(res, 201, JSON.stringify({ ...doc, UploadedBy: 'system' })));
    expect((await firstValueFrom(api.sendContact('tok', { Subject: 'S', Message: 'M' })))._tag).toBe('Right');
    expect(await firstValueFrom(api.submitQuestionnaire('tok', { A: 'b' }))).toEqual({ _tag: 'Right', right: { Submitted: true, Answers: { A: 'b' } } });
    expect((await firstValueFrom(api.signPowerOfAttorney('tok', { SignatureImage: 'data:image/png;base64,AA', Place: 'Berlin' })))._tag).toBe('Right');
    expect(server.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { Subject: 'S', Message: 'M' },
      { Answers: { A: 'b' } },
      { SignatureImage: 'data:image/png;base64,AA', Place: 'Berlin' },
    ]);
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('should carry the Retry-After seconds of a 429 in the error', async () => {
    server.route('GET', '/api/case-file/tok/case', (_q, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '900' });
      res.end(JSON.stringify({ Error: 'Locked', Message: 'Gesperrt' }));
    });
    const result = await firstValueFrom(api.getCase('tok'));
    expect(result._tag === 'Left' && result.left).toEqual({ _tag: 'HttpError', status: 429, code: 'Locked', message: 'Gesperrt', retryAfterSeconds: 900 });
  });

  it("should keep an error body's fields besides Error and Message as details (a refused login's AttemptsLeft)", async () => {
    server.route('GET', '/api/case-file/tok/case', (_q, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ Error: 'NotAuthenticated', Message: 'PIN falsch', AttemptsLeft: 2 }));
    });
    const result = await firstValueFrom(api.getCase('tok'));
    expect(result._tag === 'Left' && result.left).toEqual({
      _tag: 'HttpError',
      status: 401,
      code: 'NotAuthenticated',
      message: 'PIN falsch',
      details: { AttemptsLeft: 2 },
    });
  });

  it('should upload one multipart file with credentials, report progress and end with the stored document', async () => {
    const events: Promise<Result<UploadEvent>[]> = firstValueFrom(api.uploadDocument('tok', file).pipe(toArray()));
    expect(request).toMatchObject({ method: 'POST', url: `${server.baseUrl}/api/case-file/tok/documents`, withCredentials: true });
    expect((request.sent?.get('file') as File).name).toBe('Vertrag.pdf');
    request.upload.onprogress?.({ loaded: 6, total: 12, lengthComputable: true });
    request.status = 201;
    request.responseText = JSON.stringify(doc);
    request.onload?.();
    expect(await events).toEqual([
      { _tag: 'Right', right: { _tag: 'Progress', loaded: 6, total: 12 } },
      { _tag: 'Right', right: { _tag: 'Done', document: doc } },
    ]);
  });

  it('should turn a refused upload into the server error', async () => {
    const events = firstValueFrom(api.uploadDocument('tok', file).pipe(toArray()));
    request.status = 415;
    request.responseText = JSON.stringify({ Error: 'UnsupportedFileType', Message: 'Dateityp nicht erlaubt.' });
    request.onload?.();
    expect(await events).toEqual([{ _tag: 'Left', left: { _tag: 'HttpError', status: 415, code: 'UnsupportedFileType', message: 'Dateityp nicht erlaubt.' } }]);
  });

  it('should abort the request when the subscriber leaves', () => {
    const subscription = api.uploadDocument('tok', file).subscribe();
    subscription.unsubscribe();
    expect(request.aborted).toBe(true);
  });

  it('should build same-origin addresses for downloads and the Vollmacht', () => {
    expect(api.documentUrl('t/1', 'd 1')).toBe(`${server.baseUrl}/api/case-file/t%2F1/documents/d%201`);
    expect(api.powerOfAttorneyUrl('tok')).toBe(`${server.baseUrl}/api/case-file/tok/power-of-attorney`);
  });
});
