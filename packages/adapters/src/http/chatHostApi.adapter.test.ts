/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of, toArray } from 'rxjs';
import { httpError, networkError, err, ok, type ChatHostApi, type UploadProgress } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { NodeUploadRequest } from '../../test/support/nodeUploadRequest.js';
import { createChatHostApi } from './chatHostApi.adapter.js';

const status = {
  CaseRating: null,
  ParticipantEnteredEmail: true,
  RequestPhoneNumber: false,
  LawyerConnected: true,
  CaseClosed: false,
  Disabled: false,
  SecondLevelEnabled: false,
};

describe('ChatHostApi adapter', () => {
  let server: TestServer;
  let api: ChatHostApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createChatHostApi({ chatUrl: () => of({ _tag: 'Right', right: `${server.baseUrl}/` }) });
  });
  afterEach(() => server.close());

  it('should post the one-time ticket to api/login as { Value }', async () => {
    server.route('POST', '/api/login', (_q, res) => reply(res, 204, ''));
    expect((await firstValueFrom(api.login('ticket-1')))._tag).toBe('Right');
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ Value: 'ticket-1' });
  });

  it('should decode the case status', async () => {
    server.route('GET', '/api/chat/case/c1/status', (_q, res) => reply(res, 200, JSON.stringify(status)));
    expect(await firstValueFrom(api.getCaseStatus('c1'))).toEqual({ _tag: 'Right', right: status });
  });

  it('should reject a message list with an unknown message type as a DecodeError', async () => {
    const message = { Id: 'm1', Message: 'Hallo', Type: 9, Author: null, Created: '2026-11-22T10:00:00Z' };
    server.route('GET', '/api/chat/message/for-case/c1', (_q, res) => reply(res, 200, JSON.stringify([message])));
    const result = await firstValueFrom(api.getMessagesForCase('c1'));
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should send the callback request and surface the server error body', async () => {
    server.route('POST', '/api/chat/ch1/callback', (_q, res) => reply(res, 400, JSON.stringify({ Error: 'InvalidPhone', Message: 'Telefonnummer ungültig.' })));
    const result = await firstValueFrom(api.requestCallback('ch1', { Phone: '+49301234567', Availability: '24.11.2026, 08:00–12:00 Uhr' }));
    expect(result).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 400, code: 'InvalidPhone', message: 'Telefonnummer ungültig.' } });
  });

  it('should fetch the agent image url once per chat and author', async () => {
    server.route('GET', '/api/chat/agent/image/ch1/l1', (_q, res) => reply(res, 200, '/img/l1.png', 'text/plain'));
    const first = await firstValueFrom(api.getAgentImage('ch1', 'l1'));
    const second = await firstValueFrom(api.getAgentImage('ch1', 'l1'));
    expect([first, second]).toEqual([
      { _tag: 'Right', right: '/img/l1.png' },
      { _tag: 'Right', right: '/img/l1.png' },
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it('should upload a file as multipart form data with credentials, report its progress and decode the stored file info', async () => {
    const info = { Id: 'f1', ChatId: 'ch1', FileName: 'foto.jpg', ContentType: 'image/jpeg', Size: 300 * 1024 };
    server.route('POST', '/api/chat/file/ch1', (_q, res) => reply(res, 200, JSON.stringify(info)));
    const request = new NodeUploadRequest();
    const uploading = createChatHostApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)), createUploadRequest: () => request });
    const progress: UploadProgress[] = [];
    const results = await firstValueFrom(
      uploading
        .uploadFile('ch1', new Blob([new Uint8Array(300 * 1024)], { type: 'image/jpeg' }), 'foto.jpg', { onProgress: (p) => progress.push(p) })
        .pipe(toArray()),
    );
    expect(results).toEqual([{ _tag: 'Right', right: info }]);
    expect(request.withCredentials).toBe(true);
    expect(server.requests[0]!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(server.requests[0]!.body).toContain('filename="foto.jpg"');
    // Rising to the whole body, in more than one step.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((p) => p.loaded)).toEqual([...progress.map((p) => p.loaded)].sort((a, b) => a - b));
    expect(progress.at(-1)!.loaded).toBe(progress.at(-1)!.total);
  });

  it('should abort the upload when its signal is aborted, and complete without a result', async () => {
    server.route('POST', '/api/chat/file/ch1', (_q, res) => reply(res, 200, '{}'));
    const request = new NodeUploadRequest();
    const uploading = createChatHostApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)), createUploadRequest: () => request });
    const controller = new AbortController();
    const results = await firstValueFrom(
      uploading
        .uploadFile('ch1', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'gross.pdf', { onProgress: () => controller.abort(), signal: controller.signal })
        .pipe(toArray()),
    );
    expect(results).toEqual([]);
    expect(request.aborted).toBe(true);
    // The body never ended: the server has no complete request.
    expect(server.requests).toHaveLength(0);
  });

  it("should answer a refused upload with the server's error, and a lost connection as a NetworkError", async () => {
    server.route('POST', '/api/chat/file/ch1', (_q, res) => reply(res, 413, JSON.stringify({ Error: 'PayloadTooLarge', Message: 'Die Datei ist zu groß.' })));
    const uploading = createChatHostApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)), createUploadRequest: () => new NodeUploadRequest() });
    expect(await firstValueFrom(uploading.uploadFile('ch1', new Blob(['%PDF']), 'brief.pdf'))).toEqual(
      err(httpError(413, 'PayloadTooLarge', 'Die Datei ist zu groß.')),
    );
    const offline = createChatHostApi({ chatUrl: () => of(ok('http://127.0.0.1:1/')), createUploadRequest: () => new NodeUploadRequest() });
    expect(await firstValueFrom(offline.uploadFile('ch1', new Blob(['%PDF']), 'brief.pdf'))).toEqual(err(networkError('Netzwerkfehler beim Hochladen.')));
  });

  it('should post transcript entries with the progress and read the stored progress back', async () => {
    const progress = { Script: 'offboarding', StepIndex: 4, Status: 'awaiting', Collected: { PhoneNumber: '030 1234567' }, LastEntry: 5 };
    server.route('POST', '/api/chat/transcript/ch1', (_q, res) => reply(res, 204, ''));
    server.route('GET', '/api/chat/case/c1/bot-progress', (_q, res) => reply(res, 200, JSON.stringify({ Progress: progress })));
    const post = {
      Entries: [{ ClientId: 'offboarding-5', Author: 'bot' as const, Message: 'Willkommen zurück.', Created: '2026-11-22T10:00:00.000Z' }],
      Progress: progress as never,
    };
    expect((await firstValueFrom(api.postTranscript('ch1', post)))._tag).toBe('Right');
    expect(JSON.parse(server.requests[0]!.body)).toEqual(post);
    expect(await firstValueFrom(api.getBotProgress('c1'))).toEqual({ _tag: 'Right', right: progress });
  });

  it('should reject an unreadable bot progress as a DecodeError', async () => {
    server.route('GET', '/api/chat/case/c1/bot-progress', (_q, res) => reply(res, 200, JSON.stringify({ Progress: { Script: 'onboarding' } })));
    const result = await firstValueFrom(api.getBotProgress('c1'));
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should pass on a failure to get the chat address without calling the chat host', async () => {
    const offline = createChatHostApi({ chatUrl: () => of(err(networkError('offline'))) });
    expect(await firstValueFrom(offline.getCaseStatus('c1'))).toEqual(err(networkError('offline')));
    expect(server.requests).toHaveLength(0);
  });
});
