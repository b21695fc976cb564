/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { networkError, err, type ChatHostApi } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
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

  it('should upload a file as multipart form data and decode the stored file info', async () => {
    const info = { Id: 'f1', ChatId: 'ch1', FileName: 'brief.pdf', ContentType: 'application/pdf', Size: 4 };
    server.route('POST', '/api/chat/file/ch1', (_q, res) => reply(res, 200, JSON.stringify(info)));
    const result = await firstValueFrom(api.uploadFile('ch1', new Blob(['%PDF'], { type: 'application/pdf' }), 'brief.pdf'));
    expect(result).toEqual({ _tag: 'Right', right: info });
    expect(server.requests[0]!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(server.requests[0]!.body).toContain('filename="brief.pdf"');
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
