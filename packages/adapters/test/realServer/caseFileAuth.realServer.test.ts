/// <reference types="node" />
// The case-file login adapter against the real product server (child process) with the seeded demo
// case file. The tests follow the login screen in order: look up, fail, log in, read, log out.
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseFileAuthApi } from '@rechtschat/core';
import { createCaseFileAuthApi } from '../../src/http/caseFileAuthApi.adapter.js';
import { createCookieJarFetch } from '../support/cookieJarFetch.js';
import { startProductServer, type ProductServer } from '../support/productServer.js';

/** A PIN of the same length that is certainly not the demo PIN. */
function wrongPin(pin: string): string {
  return [...pin].map((digit) => String((Number(digit) + 1) % 10)).join('');
}

describe('case-file auth adapter against the real product server', () => {
  let server: ProductServer;
  let api: CaseFileAuthApi;
  let token = '';

  beforeAll(async () => {
    server = await startProductServer();
    token = server.demo.caseFile.token;
    api = createCaseFileAuthApi({ baseUrl: server.webUrl, fetch: createCookieJarFetch(server.webUrl).fetch });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('should decode the login information with the masked phone number part', async () => {
    expect(await firstValueFrom(api.getLoginInformation(token))).toEqual({ _tag: 'Right', right: { PhoneNumberPart: server.demo.caseFile.phoneNumberPart } });
  });

  it('should answer an unknown token with a NotFound error value and the German message', async () => {
    const missing = await firstValueFrom(api.getLoginInformation('unbekanntesToken0000000000'));
    expect(missing).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 404, code: 'NotFound', message: 'Die Fallakte wurde nicht gefunden.' } });
  });

  it('should check the token and learn only that the link is valid while nobody is signed in', async () => {
    const check = await firstValueFrom(api.checkToken(token));
    expect(check).toEqual({ _tag: 'Right', right: { Valid: true } });
    expect(await firstValueFrom(api.isAuthenticated(token))).toEqual({ _tag: 'Right', right: false });
    expect(await firstValueFrom(api.hasConsent(token))).toEqual({ _tag: 'Right', right: false });
  });

  it('should refuse a wrong PIN with an error value and stay signed out', async () => {
    const refused = await firstValueFrom(
      api.login({ LoginData: { UrlToken: token, Pin: wrongPin(server.demo.caseFile.pin) }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true }),
    );
    expect(refused).toEqual({
      _tag: 'Left',
      left: {
        _tag: 'HttpError',
        status: 401,
        code: 'NotAuthenticated',
        message: 'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN. Noch 4 Versuche, danach wird die Anmeldung vorübergehend gesperrt.',
        details: { AttemptsLeft: 4 },
      },
    });
    expect(await firstValueFrom(api.isAuthenticated(token))).toEqual({ _tag: 'Right', right: false });
  });

  it('should sign in with the right PIN, record the consent and read the lawyer', async () => {
    const login = await firstValueFrom(
      api.login({ LoginData: { UrlToken: token, Pin: server.demo.caseFile.pin }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true }),
    );
    expect(login).toEqual({ _tag: 'Right', right: undefined });
    expect(await firstValueFrom(api.isAuthenticated(token))).toEqual({ _tag: 'Right', right: true });
    expect(await firstValueFrom(api.isAuthenticated())).toEqual({ _tag: 'Right', right: true });
    expect(await firstValueFrom(api.hasConsent(token))).toEqual({ _tag: 'Right', right: true });
    expect(await firstValueFrom(api.getLawyer(token))).toEqual({
      _tag: 'Right',
      right: {
        Name: 'Dr. Anna Berger',
        Gender: 'female',
        Email: server.demo.lawyer.email,
        Phone: expect.any(String),
        ImageUrl: expect.stringContaining(server.chatUrl),
      },
    });
  });

  it('should sign out so that the lawyer is no longer readable', async () => {
    expect(await firstValueFrom(api.logout())).toEqual({ _tag: 'Right', right: undefined });
    expect(await firstValueFrom(api.isAuthenticated(token))).toEqual({ _tag: 'Right', right: false });
    const lawyer = await firstValueFrom(api.getLawyer(token));
    expect(lawyer._tag === 'Left' && lawyer.left).toMatchObject({ _tag: 'HttpError', status: 401 });
  });
});
