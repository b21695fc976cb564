/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import type { CaseFileAuthApi } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createCaseFileAuthApi } from './caseFileAuthApi.adapter.js';

describe('CaseFileAuthApi adapter', () => {
  let server: TestServer;
  let api: CaseFileAuthApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createCaseFileAuthApi({ baseUrl: server.baseUrl });
  });
  afterEach(() => server.close());

  it('should ask whether a token is authenticated through the query string and unwrap { Value }', async () => {
    server.route('GET', '/api/case-file/authenticated?token=t%2B1', (_q, res) => reply(res, 200, JSON.stringify({ Value: true })));
    expect(await firstValueFrom(api.isAuthenticated('t+1'))).toEqual({ _tag: 'Right', right: true });
  });

  it('should read consent and login information per token', async () => {
    server.route('GET', '/api/case-file/tok/consent', (_q, res) => reply(res, 200, JSON.stringify({ Value: false })));
    server.route('GET', '/api/case-file/tok/login-information', (_q, res) => reply(res, 200, JSON.stringify({ PhoneNumberPart: '+49 151 ••••' })));
    expect(await firstValueFrom(api.hasConsent('tok'))).toEqual({ _tag: 'Right', right: false });
    expect(await firstValueFrom(api.getLoginInformation('tok'))).toEqual({ _tag: 'Right', right: { PhoneNumberPart: '+49 151 ••••' } });
  });

  it('should report a wrong PIN as HttpError NotAuthenticated', async () => {
    server.route('POST', '/api/case-file/login', (_q, res) =>
      reply(res, 401, JSON.stringify({ Error: 'NotAuthenticated', Message: 'Die PIN ist nicht korrekt.' })),
    );
    const payload = { LoginData: { Pin: '1234', UrlToken: 'tok' }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true };
    const result = await firstValueFrom(api.login(payload));
    expect(result._tag === 'Left' && result.left).toMatchObject({ _tag: 'HttpError', status: 401, code: 'NotAuthenticated' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(payload);
  });

  it('should answer a 404 of the token check as an HttpError', async () => {
    const result = await firstValueFrom(api.checkToken('unknown'));
    expect(result._tag === 'Left' && result.left).toMatchObject({ _tag: 'HttpError', status: 404 });
  });

  it('should reject a lawyer with an unknown gender as a DecodeError', async () => {
    server.route('GET', '/api/case-file/tok/lawyer', (_q, res) =>
      reply(res, 200, JSON.stringify({ Name: 'Dr. Roth', Gender: 'x', ImageUrl: '', Email: 'r@k.de', Phone: '030' })),
    );
    const result = await firstValueFrom(api.getLawyer('tok'));
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });
});
