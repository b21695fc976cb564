/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type Call, type LawyerAccountApi, type LawyerProfile, type LawyerSessionApi, type MandateApi } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createLawyerAccountApi, createLawyerSessionApi, createMandateApi } from './lawyerAccountApi.adapter.js';

const me: LawyerProfile = {
  Id: 'law-1',
  Name: 'Dr. Anna Berger',
  Email: 'anna@example.org',
  Gender: 'female',
  ImageUrl: 'http://chat.test/a.svg',
  Role: 'lawyer',
  Phone: '+49 30 1234567',
};

describe('lawyer account adapters', () => {
  let server: TestServer;
  let session: LawyerSessionApi;
  let account: LawyerAccountApi;
  let mandates: MandateApi;

  beforeEach(async () => {
    server = await startTestServer();
    const options = { chatUrl: () => of(ok(`${server.baseUrl}/`)) };
    session = createLawyerSessionApi(options);
    account = createLawyerAccountApi(options);
    mandates = createMandateApi(options);
  });
  afterEach(() => server.close());

  it('should log in with the body as given and decode the profile', async () => {
    server.route('POST', '/api/lawyer/login', (_q, res) => reply(res, 200, JSON.stringify({ ...me, RecoveryCodesLeft: 2 })));
    const result = await firstValueFrom(session.login({ Email: 'anna@example.org', Password: 'geheim', TotpCode: '123456' }));
    expect(result).toEqual(ok({ ...me, RecoveryCodesLeft: 2 }));
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ Email: 'anna@example.org', Password: 'geheim', TotpCode: '123456' });
  });

  it('should answer the enrolment that a 403 MfaEnrolmentRequired carries, and keep other refusals', async () => {
    const enrolment = { Error: 'MfaEnrolmentRequired', Message: 'Bitte einrichten', EnrolmentToken: 'tok', Secret: 'S', OtpauthUri: 'otpauth://x' };
    server.route('POST', '/api/lawyer/login', (_q, res) => reply(res, 403, JSON.stringify(enrolment)));
    expect(await firstValueFrom(session.login({ Email: 'a', Password: 'b' }))).toEqual(ok(enrolment));
    server.route('POST', '/api/lawyer/login', (_q, res) =>
      reply(res, 401, JSON.stringify({ Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' })),
    );
    const refused = await firstValueFrom(session.login({ Email: 'a', Password: 'b' }));
    expect(refused._tag === 'Left' && refused.left).toEqual({ _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'Bitte melden Sie sich an.' });
    server.route('POST', '/api/lawyer/login', (_q, res) => reply(res, 403, JSON.stringify({ Error: 'MfaEnrolmentRequired', Message: 'ohne Token' })));
    const malformed = await firstValueFrom(session.login({ Email: 'a', Password: 'b' }));
    expect(malformed._tag === 'Left' && malformed.left._tag).toBe('HttpError');
  });

  it('should probe the session, null without one, and log out', async () => {
    server.route('GET', '/api/lawyer/whoami', (_q, res) => reply(res, 200, 'null'));
    server.route('POST', '/api/lawyer/logout', (_q, res) => reply(res, 204, ''));
    expect(await firstValueFrom(session.whoAmI())).toEqual(ok(null));
    expect(await firstValueFrom(session.logout())).toEqual(ok(undefined));
  });

  it('should send the passkey login options and the enrolment to their addresses', async () => {
    server.route('POST', '/api/lawyer/login/webauthn/options', (_q, res) => reply(res, 200, JSON.stringify({ challenge: 'c' })));
    server.route('POST', '/api/lawyer/login/totp-enrolment', (_q, res) => reply(res, 200, JSON.stringify({ ...me, RecoveryCodes: ['A'] })));
    expect(await firstValueFrom(session.passkeyLoginOptions('anna@example.org'))).toEqual(ok({ challenge: 'c' }));
    expect(await firstValueFrom(session.completeEnrolment('tok', '123456'))).toEqual(ok({ ...me, RecoveryCodes: ['A'] }));
    expect(server.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ Email: 'anna@example.org' }, { EnrolmentToken: 'tok', Code: '123456' }]);
  });

  it('should reach every account call at its address with its body', async () => {
    const answers: Record<string, string> = {
      'POST /api/lawyer/me/password': '',
      'GET /api/lawyer/sessions': JSON.stringify([{ Id: 's', CreatedAt: 'c', LastSeenAt: 'l', Current: true }]),
      'DELETE /api/lawyer/sessions/s%2F1': '',
      'POST /api/lawyer/sessions/end-others': JSON.stringify({ Ended: 2 }),
      'GET /api/lawyer/totp': JSON.stringify({ Enabled: true, Required: false, RecoveryCodesLeft: 3 }),
      'POST /api/lawyer/totp/setup': JSON.stringify({ Secret: 'S', OtpauthUri: 'otpauth://x' }),
      'POST /api/lawyer/totp/confirm': JSON.stringify({ RecoveryCodes: ['A'] }),
      'POST /api/lawyer/totp/disable': '',
      'POST /api/lawyer/totp/recovery-codes': JSON.stringify({ RecoveryCodes: ['B'] }),
      'GET /api/lawyer/webauthn/credentials': JSON.stringify([{ Id: 'pk', Name: 'Key', CreatedAt: 'c', LastUsedAt: null }]),
      'POST /api/lawyer/webauthn/registration/options': JSON.stringify({ challenge: 'c' }),
      'POST /api/lawyer/webauthn/registration': JSON.stringify({ Id: 'pk', Name: 'Key', CreatedAt: 'c', LastUsedAt: null }),
      'DELETE /api/lawyer/webauthn/credentials/pk': '',
      'POST /api/lawyer/case-files/cf-1/close': JSON.stringify({}),
      'POST /api/lawyer/case-files/cf-1/reopen': JSON.stringify({}),
      'POST /api/lawyer/case-files/cf%2F2/new-link': JSON.stringify({
        CaseId: 'cf/2',
        CaseNumber: 'FA-2026-ABC123',
        Url: 'http://web.test/digitale-fallakte/t',
        Token: 't',
        Pin: '6789',
      }),
      'POST /api/lawyer/case-files/cf-3/withdraw': JSON.stringify({ CaseId: 'cf-3', CaseNumber: 'FA-2026-DEF456', WithdrawnAt: '2026-12-07T10:15:00.000Z' }),
      'DELETE /api/lawyer/case-files/cf-4/documents/d%2F1': '',
    };
    for (const [route, body] of Object.entries(answers)) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      server.route(method, path, (_q, res) => reply(res, body === '' ? 204 : 200, body));
    }
    const calls: Call<unknown>[] = [
      account.changePassword('alt', 'neu'),
      account.sessions(),
      account.endSession('s/1'),
      account.endOtherSessions(),
      account.totpStatus(),
      account.totpSetup({ CurrentPassword: 'pw' }),
      account.totpConfirm('123456'),
      account.totpDisable('123456'),
      account.renewRecoveryCodes({ Code: '123456' }),
      account.passkeys(),
      account.passkeyRegistrationOptions({ CurrentPassword: 'pw' }),
      account.registerPasskey({ id: 'x' }, 'Key'),
      account.removePasskey('pk', { CurrentPassword: 'pw' }),
    ];
    for (const call of calls) expect((await firstValueFrom(call))._tag).toBe('Right');
    // The case file's answer must be a whole case file: an empty object is refused.
    expect((await firstValueFrom(mandates.endMandate('cf-1')))._tag).toBe('Left');
    expect((await firstValueFrom(mandates.reopenMandate('cf-1')))._tag).toBe('Left');
    expect(await firstValueFrom(mandates.newLink('cf/2'))).toEqual(
      ok({ CaseId: 'cf/2', CaseNumber: 'FA-2026-ABC123', Url: 'http://web.test/digitale-fallakte/t', Token: 't', Pin: '6789' }),
    );
    expect(await firstValueFrom(mandates.withdraw('cf-3', 'Falscher Chat'))).toEqual(
      ok({ CaseId: 'cf-3', CaseNumber: 'FA-2026-DEF456', WithdrawnAt: '2026-12-07T10:15:00.000Z' }),
    );
    // Taking back a shared document: DELETE on the document, nothing sent, nothing answered (204).
    expect(await firstValueFrom(mandates.withdrawSharedDocument('cf-4', 'd/1'))).toEqual(ok(undefined));
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(Object.keys(answers));
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ CurrentPassword: 'alt', NewPassword: 'neu' });
    expect(JSON.parse(server.requests[11]?.body ?? '')).toEqual({ Response: { id: 'x' }, Name: 'Key' });
    expect(JSON.parse(server.requests[12]?.body ?? '')).toEqual({ CurrentPassword: 'pw' });
    expect(JSON.parse(server.requests.at(-2)?.body ?? '')).toEqual({ Reason: 'Falscher Chat' });
    expect(server.requests.at(-1)?.body).toBe('');
  });
});
