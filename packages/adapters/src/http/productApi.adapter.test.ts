/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, VirtualTimeScheduler } from 'rxjs';
import type { ProductApi } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { CLASSIFY_TIMEOUT_MS, createProductApi } from './productApi.adapter.js';

describe('ProductApi adapter', () => {
  let server: TestServer;
  let api: ProductApi;
  let scheduler: VirtualTimeScheduler;

  beforeEach(async () => {
    server = await startTestServer();
    scheduler = new VirtualTimeScheduler();
    api = createProductApi({ baseUrl: server.baseUrl, scheduler });
  });
  afterEach(() => server.close());

  it('should decode the public settings', async () => {
    server.route('GET', '/api/dl/public-settings', (_q, res) =>
      reply(
        res,
        200,
        JSON.stringify({
          SentryDsn: '',
          SentryProject: 'p',
          VersionTag: 'v1',
          Environment: 'test',
          FirmName: 'Kanzlei Muster',
          ImprintUrl: 'https://kanzlei-muster.example/impressum',
        }),
      ),
    );
    const result = await firstValueFrom(api.getPublicSettings());
    expect(result).toEqual({
      _tag: 'Right',
      right: {
        SentryDsn: '',
        SentryProject: 'p',
        VersionTag: 'v1',
        Environment: 'test',
        FirmName: 'Kanzlei Muster',
        ImprintUrl: 'https://kanzlei-muster.example/impressum',
      },
    });
  });

  it('should answer a DecodeError when a response does not match its codec', async () => {
    server.route('GET', '/api/dl/public-settings', (_q, res) => reply(res, 200, JSON.stringify({ SentryDsn: 42 })));
    const result = await firstValueFrom(api.getPublicSettings());
    expect(result._tag).toBe('Left');
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should answer a DecodeError for a body that is not JSON', async () => {
    server.route('GET', '/api/service-hours', (_q, res) => reply(res, 200, '<html>', 'text/html'));
    const result = await firstValueFrom(api.getServiceHours());
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should turn an { Error, Message } body into an HttpError with that code and message', async () => {
    server.route('POST', '/api/authentication/customer', (_q, res) =>
      reply(res, 403, JSON.stringify({ Error: 'OutsideServiceHours', Message: 'Außerhalb der Servicezeiten.' })),
    );
    const result = await firstValueFrom(api.loginCustomer({ InsuranceNumber: 'MTIz', AgreedPrivacy: true, AgreedTermsOfService: true }));
    expect(result).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 403, code: 'OutsideServiceHours', message: 'Außerhalb der Servicezeiten.' } });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ InsuranceNumber: 'MTIz', AgreedPrivacy: true, AgreedTermsOfService: true });
  });

  it('should still answer an HttpError when the error body is not the expected shape', async () => {
    server.route('POST', '/api/chat/rating', (_q, res) => reply(res, 500, 'kaputt', 'text/plain'));
    const result = await firstValueFrom(api.saveRating({ CaseId: 'c1', Stars: 5 }));
    expect(result._tag === 'Left' && result.left).toMatchObject({ _tag: 'HttpError', status: 500, code: 'Http500' });
  });

  it('should ask the who-am-I probe for the current user and decode a signed-in participant', async () => {
    const user = { Id: 'p1', Role: 'participant', Name: null, CaseId: 'c1', OpenChatCaseId: null };
    server.route('GET', '/api/authentication/whoami', (_q, res) => reply(res, 200, JSON.stringify(user)));
    expect(await firstValueFrom(api.getCurrentUser())).toEqual({ _tag: 'Right', right: user });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/authentication/whoami']);
  });

  it('should read the probe\'s 200 null as "nobody signed in"', async () => {
    server.route('GET', '/api/authentication/whoami', (_q, res) => reply(res, 200, 'null'));
    expect(await firstValueFrom(api.getCurrentUser())).toEqual({ _tag: 'Right', right: null });
  });

  it('should still map a 401 of the current-user call to "nobody signed in"', async () => {
    server.route('GET', '/api/authentication/whoami', (_q, res) =>
      reply(res, 401, JSON.stringify({ Error: 'NotAuthenticated', Message: 'Nicht angemeldet.' })),
    );
    expect(await firstValueFrom(api.getCurrentUser())).toEqual({ _tag: 'Right', right: null });
  });

  it('should answer a DecodeError for a current user that is neither a user nor null', async () => {
    server.route('GET', '/api/authentication/whoami', (_q, res) => reply(res, 200, JSON.stringify({ Id: 'p1' })));
    const result = await firstValueFrom(api.getCurrentUser());
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should answer a NetworkError when the server cannot be reached', async () => {
    const unreachable = createProductApi({ baseUrl: server.baseUrl });
    await server.close();
    const result = await firstValueFrom(unreachable.getServiceHours());
    expect(result._tag === 'Left' && result.left._tag).toBe('NetworkError');
  });

  it('should fetch the chat address once, add the trailing slash and share the in-flight request', async () => {
    server.route('GET', '/api/chat/url', (_q, res) => setImmediate(() => reply(res, 200, 'http://chat.example.test', 'text/plain')));
    const [first, second] = await Promise.all([firstValueFrom(api.getChatUrl()), firstValueFrom(api.getChatUrl())]);
    const third = await firstValueFrom(api.getChatUrl());
    expect([first, second, third]).toEqual(Array(3).fill({ _tag: 'Right', right: 'http://chat.example.test/' }));
    expect(server.requests.filter((r) => r.url === '/api/chat/url')).toHaveLength(1);
  });

  it('should refuse a chat address that is no http(s) address, such as an HTML fallback page', async () => {
    server.route('GET', '/api/chat/url', (_q, res) => reply(res, 200, '<html>', 'text/html'));
    const result = await firstValueFrom(api.getChatUrl());
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });

  it('should retry the chat address after a failed attempt instead of caching the failure', async () => {
    let calls = 0;
    server.route('GET', '/api/chat/url', (_q, res) => (++calls === 1 ? reply(res, 503, '') : reply(res, 200, 'http://chat.example.test/', 'text/plain')));
    expect((await firstValueFrom(api.getChatUrl()))._tag).toBe('Left');
    expect(await firstValueFrom(api.getChatUrl())).toEqual({ _tag: 'Right', right: 'http://chat.example.test/' });
  });

  it('should send the text to classify as { Value } and decode the field of law', async () => {
    server.route('POST', '/api/chat/field-of-law/classify', (_q, res) => reply(res, 200, JSON.stringify({ FieldOfLaw: 7, FieldOfLawLongName: 'Mietrecht' })));
    expect(await firstValueFrom(api.classify('Mein Vermieter erhöht die Miete.'))).toEqual({
      _tag: 'Right',
      right: { FieldOfLaw: 7, FieldOfLawLongName: 'Mietrecht' },
    });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ Value: 'Mein Vermieter erhöht die Miete.' });
  });

  it('should classify with the web session: the cookie goes along (same origin), since the server answers only a signed-in person', async () => {
    server.route('POST', '/api/chat/field-of-law/classify', (_q, res) => reply(res, 200, JSON.stringify({ FieldOfLaw: 7, FieldOfLawLongName: 'Mietrecht' })));
    const inits: (RequestInit | undefined)[] = [];
    const spied = createProductApi({ baseUrl: server.baseUrl, scheduler, fetch: (input, init) => (inits.push(init), globalThis.fetch(input, init)) });
    expect((await firstValueFrom(spied.classify('Mein Vermieter erhöht die Miete.')))._tag).toBe('Right');
    expect(inits.map((init) => init?.credentials)).toEqual(['same-origin']);
  });

  it('should answer a Timeout error and abort the request when classification takes 10 s', async () => {
    const aborted = new Promise<void>((resolve) => server.route('POST', '/api/chat/field-of-law/classify', (_q, res) => res.on('close', () => resolve())));
    const result = firstValueFrom(api.classify('Hilfe beim Arbeitsvertrag, bitte.'));
    await waitFor(() => server.requests.length === 1);
    scheduler.flush();
    expect(scheduler.now()).toBe(CLASSIFY_TIMEOUT_MS);
    expect((await result)._tag === 'Left' && (await result)).toMatchObject({ left: { _tag: 'Timeout' } });
    await aborted;
  });

  it('should post the protocol e-mail to the case path with an encoded case id, and read 204 as sent', async () => {
    server.route('POST', '/api/chat/protocol/a%2Fb', (_q, res) => reply(res, 204, ''));
    expect(await firstValueFrom(api.sendProtocol('a/b', 'max@example.de'))).toEqual({ _tag: 'Right', right: 'sent' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ Value: 'max@example.de' });
  });

  it('should read 202 as a confirmation mail sent first, and a 202 without its body as a decode error', async () => {
    let body = JSON.stringify({ ConfirmationPending: true, ExpiresAt: '2026-06-03T08:00:00.000Z' });
    server.route('POST', '/api/chat/protocol/case-1', (_q, res) => reply(res, 202, body, 'application/json'));
    expect(await firstValueFrom(api.sendProtocol('case-1', 'max@example.de'))).toEqual({ _tag: 'Right', right: 'confirmationPending' });
    body = '{}';
    expect(await firstValueFrom(api.sendProtocol('case-1', 'max@example.de'))).toMatchObject({ _tag: 'Left', left: { _tag: 'DecodeError' } });
  });

  it('should send the confirmation link’s token in the body to inspect, confirm and renew it', async () => {
    const info = { Reference: 'RC-7K3M9Q2T', Email: 'max@example.de', ExpiresAt: '2026-06-03T08:00:00.000Z' };
    server.route('POST', '/api/chat/protocol-confirmation/inspect', (_q, res) => reply(res, 200, JSON.stringify(info), 'application/json'));
    server.route('POST', '/api/chat/protocol-confirmation/confirm', (_q, res) =>
      reply(res, 409, JSON.stringify({ Error: 'ProtocolLinkUsed', Message: 'Bereits verwendet.' }), 'application/json'),
    );
    server.route('POST', '/api/chat/protocol-confirmation/renew', (_q, res) => reply(res, 200, JSON.stringify(info), 'application/json'));
    expect(await firstValueFrom(api.inspectProtocolConfirmation('geheim'))).toEqual({ _tag: 'Right', right: info });
    expect(await firstValueFrom(api.confirmProtocolMail('geheim'))).toMatchObject({
      _tag: 'Left',
      left: { _tag: 'HttpError', status: 409, code: 'ProtocolLinkUsed' },
    });
    expect(await firstValueFrom(api.renewProtocolConfirmation('geheim'))).toEqual({ _tag: 'Right', right: info });
    expect(server.requests.map((r) => [r.url, JSON.parse(r.body)])).toEqual([
      ['/api/chat/protocol-confirmation/inspect', { Token: 'geheim' }],
      ['/api/chat/protocol-confirmation/confirm', { Token: 'geheim' }],
      ['/api/chat/protocol-confirmation/renew', { Token: 'geheim' }],
    ]);
  });

  it('should download the protocol by reference and post a second-level phone by link parameter', async () => {
    server.route('GET', '/api/chat/protocol/by-reference/RC-1A2B3C4D', (_q, res) => reply(res, 200, '%PDF-1.7', 'application/pdf'));
    server.route('POST', '/api/chat/secondLevel/param/Vertrag_42', (_q, res) => reply(res, 204, ''));
    const pdf = await firstValueFrom(api.downloadProtocol('RC-1A2B3C4D'));
    expect(pdf._tag === 'Right' && pdf.right.type).toBe('application/pdf');
    expect((await firstValueFrom(api.saveSecondLevelPhoneByParam('Vertrag_42', '030 1234567')))._tag).toBe('Right');
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ Value: '030 1234567' });
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
