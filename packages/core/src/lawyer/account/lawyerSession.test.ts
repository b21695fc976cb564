import { NEVER, Subject, of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { LawyerSessionApi, PasskeyDialogs } from '../../ports/lawyerAccount.js';
import { err, httpError, networkError, ok } from '../../result.js';
import type { MfaEnrolment } from '../../wire/index.js';
import { ME } from '../lawyerFakes.testSupport.js';
import type { SessionTabMessage } from '../../session/sessionTabs.js';
import { createLawyerSession } from './lawyerSession.js';

const enrolment: MfaEnrolment = { Error: 'MfaEnrolmentRequired', Message: 'Bitte einrichten', EnrolmentToken: 'tok', Secret: 'S', OtpauthUri: 'otpauth://x' };

function fakeApi(over: Partial<LawyerSessionApi> = {}): LawyerSessionApi {
  return {
    whoAmI: vi.fn(() => of(ok(null))),
    login: vi.fn(() => of(ok(ME))),
    passkeyLoginOptions: vi.fn(() => of(ok({ challenge: 'c' }))),
    completeEnrolment: vi.fn(() => of(ok({ ...ME, RecoveryCodes: ['A', 'B'] }))),
    logout: vi.fn(() => of(ok(undefined))),
    ...over,
  };
}

const dialogs = (outcome: ReturnType<PasskeyDialogs['authenticate']>): PasskeyDialogs => ({ create: () => NEVER, authenticate: vi.fn(() => outcome) });
const noDialogs = dialogs(NEVER);

describe('LawyerSession', () => {
  it('should resume a session the server still knows, and show the login without one or when the probe fails', () => {
    const resumed = createLawyerSession({ api: fakeApi({ whoAmI: () => of(ok(ME)) }), passkeys: noDialogs });
    expect(resumed.snapshot()).toEqual({ status: 'checking' });
    resumed.start();
    expect(resumed.snapshot()).toEqual({ status: 'signedIn', me: ME });
    const none = createLawyerSession({ api: fakeApi({ whoAmI: () => of(err(networkError('weg'))) }), passkeys: noDialogs });
    none.start();
    expect(none.snapshot()).toEqual({ status: 'signedOut', problem: null, busy: false });
  });

  it('should ask for e-mail and password, send the trimmed address and a code only when given', () => {
    const api = fakeApi();
    const session = createLawyerSession({ api, passkeys: noDialogs });
    session.login(' ', 'x');
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: 'Missing', busy: false });
    session.login(' anna@example.org ', 'geheim', ' 123456 ');
    session.login('anna@example.org', 'geheim');
    expect(api.login).toHaveBeenNthCalledWith(1, { Email: 'anna@example.org', Password: 'geheim', TotpCode: '123456' });
    expect(api.login).toHaveBeenNthCalledWith(2, { Email: 'anna@example.org', Password: 'geheim' });
    expect(session.snapshot()).toEqual({ status: 'signedIn', me: ME });
  });

  it.each([
    [httpError(401, 'NotAuthenticated', 'x'), 'Wrong'],
    [httpError(400, 'BadRequest', 'x'), 'Wrong'],
    [httpError(429, 'TooManyRequests', 'x'), 'Locked'],
    [networkError('offline'), 'Network'],
    [httpError(500, 'Error', 'x'), 'Generic'],
  ] as const)('should name a refused login (%o) as %s', (error, problem) => {
    const session = createLawyerSession({ api: fakeApi({ login: () => of(err(error)) }), passkeys: noDialogs });
    session.login('anna@example.org', 'geheim');
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem, busy: false });
  });

  it('should tell how many recovery codes are left after a login with one, until the notice is read', () => {
    const session = createLawyerSession({ api: fakeApi({ login: () => of(ok({ ...ME, RecoveryCodesLeft: 3 })) }), passkeys: noDialogs });
    session.login('anna@example.org', 'geheim', 'ABCDE-FGHJK');
    expect(session.snapshot()).toEqual({ status: 'signedIn', me: ME, recoveryCodesLeft: 3 });
    session.dismissRecoveryNotice();
    expect(session.snapshot()).toEqual({ status: 'signedIn', me: ME });
  });

  it('should enrol the second factor with the first code and show the recovery codes once', () => {
    const api = fakeApi({ login: () => of(ok(enrolment)) });
    const session = createLawyerSession({ api, passkeys: noDialogs });
    session.enrol('123456');
    expect(api.completeEnrolment).not.toHaveBeenCalled();
    session.login('anna@example.org', 'geheim');
    expect(session.snapshot()).toEqual({ status: 'enrolment', enrolment, problem: null, busy: false });
    session.enrol('12');
    expect(session.snapshot()).toMatchObject({ status: 'enrolment', problem: 'CodeMissing' });
    session.enrol(' 123456 ');
    expect(api.completeEnrolment).toHaveBeenCalledWith('tok', '123456');
    expect(session.snapshot()).toEqual({ status: 'signedIn', me: ME, recoveryCodes: ['A', 'B'] });
  });

  it('should keep the enrolment after a wrong code and return to the login when it expired or is cancelled', () => {
    const answers = [err(httpError(400, 'BadRequest', 'x')), err(httpError(429, 'Locked', 'x')), err(httpError(401, 'NotAuthenticated', 'x'))];
    const session = createLawyerSession({
      api: fakeApi({ login: () => of(ok(enrolment)), completeEnrolment: () => of(answers.shift()!) }),
      passkeys: noDialogs,
    });
    session.login('anna@example.org', 'geheim');
    session.enrol('123456');
    expect(session.snapshot()).toMatchObject({ status: 'enrolment', problem: 'WrongCode' });
    session.enrol('123456');
    expect(session.snapshot()).toMatchObject({ status: 'enrolment', problem: 'Locked' });
    session.enrol('123456');
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: 'EnrolmentExpired', busy: false });
    session.login('anna@example.org', 'geheim');
    session.cancelEnrolment();
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: null, busy: false });
  });

  it('should sign in with a passkey: options for the address, the dialog, then the login with its assertion', () => {
    const api = fakeApi();
    const passkeys = dialogs(of({ ok: true, response: { id: 'AQID' } }));
    const session = createLawyerSession({ api, passkeys });
    session.loginWithPasskey(' anna@example.org ', 'geheim');
    expect(api.passkeyLoginOptions).toHaveBeenCalledWith('anna@example.org');
    expect(passkeys.authenticate).toHaveBeenCalledWith({ challenge: 'c' });
    expect(api.login).toHaveBeenCalledWith({ Email: 'anna@example.org', Password: 'geheim', WebAuthn: { id: 'AQID' } });
    expect(session.snapshot()).toEqual({ status: 'signedIn', me: ME });
  });

  it('should carry the Retry-After of a locked account so the console can name the wait', () => {
    const locked = { ...httpError(429, 'Locked', 'x'), retryAfterSeconds: 840 };
    const session = createLawyerSession({ api: fakeApi({ login: () => of(err(locked)) }), passkeys: noDialogs });
    session.login('anna@example.org', 'falsch');
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: 'Locked', busy: false, retryAfterSeconds: 840 });
    const enrolling = createLawyerSession({
      api: fakeApi({ login: () => of(ok(enrolment)), completeEnrolment: () => of(err({ ...locked, retryAfterSeconds: 30 })) }),
      passkeys: noDialogs,
    });
    enrolling.login('anna@example.org', 'geheim');
    enrolling.enrol('123456');
    expect(enrolling.snapshot()).toMatchObject({ status: 'enrolment', problem: 'Locked', retryAfterSeconds: 30 });
    const wrong = createLawyerSession({ api: fakeApi({ login: () => of(err(httpError(401, 'NotAuthenticated', 'x'))) }), passkeys: noDialogs });
    wrong.login('anna@example.org', 'falsch');
    expect(wrong.snapshot()).toEqual({ status: 'signedOut', problem: 'Wrong', busy: false });
  });

  it('should stay on the login when the options are refused, the dialog fails or the credentials are missing', () => {
    const refused = createLawyerSession({ api: fakeApi({ passkeyLoginOptions: () => of(err(httpError(429, 'x', 'x'))) }), passkeys: noDialogs });
    refused.loginWithPasskey('anna@example.org', 'geheim');
    expect(refused.snapshot()).toEqual({ status: 'signedOut', problem: 'Locked', busy: false });
    const api = fakeApi();
    const cancelled = createLawyerSession({ api, passkeys: dialogs(of({ ok: false, failure: 'Cancelled' })) });
    cancelled.loginWithPasskey('anna@example.org', 'geheim');
    expect(cancelled.snapshot()).toEqual({ status: 'signedOut', problem: 'Cancelled', busy: false });
    cancelled.loginWithPasskey('anna@example.org', '');
    expect(cancelled.snapshot()).toEqual({ status: 'signedOut', problem: 'Missing', busy: false });
    expect(api.login).not.toHaveBeenCalled();
  });

  it('should be busy while the server answers, and stop listening when disposed', () => {
    const session = createLawyerSession({ api: fakeApi({ login: () => NEVER }), passkeys: noDialogs });
    session.login('anna@example.org', 'geheim');
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: null, busy: true });
    session.dispose();
  });

  it('should sign out on logout whatever the server says, and after an expired session ask to log in again', () => {
    const session = createLawyerSession({ api: fakeApi({ whoAmI: () => of(ok(ME)), logout: () => of(err(networkError('x'))) }), passkeys: noDialogs });
    session.start();
    session.logout();
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: null, busy: false });
    session.dismissRecoveryNotice();
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: null, busy: false });
    session.expire();
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: 'Expired', busy: false });
  });

  it('should sign out with the reason after an idle logout, so the login can say why', () => {
    const api = fakeApi({ whoAmI: () => of(ok(ME)) });
    const session = createLawyerSession({ api, passkeys: noDialogs });
    session.start();
    session.logout('Idle');
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(session.snapshot()).toEqual({ status: 'signedOut', problem: 'Idle', busy: false });
  });

  describe('with other tabs of the browser (one shared session)', () => {
    function otherTabs() {
      const heard = new Subject<SessionTabMessage>();
      const posted: SessionTabMessage[] = [];
      return { heard, posted, tabs: { messages$: heard.asObservable(), post: (message: SessionTabMessage) => void posted.push(message) } };
    }

    it('should tell the other tabs of every sign-out with its reason, before the logout request goes out', () => {
      const { tabs, posted } = otherTabs();
      // How many announcements had gone out when each logout request was made.
      const announcedBefore: number[] = [];
      const api = fakeApi({
        whoAmI: () => of(ok(ME)),
        logout: vi.fn(() => {
          announcedBefore.push(posted.length);
          return of(ok(undefined));
        }),
      });
      const session = createLawyerSession({ api, passkeys: noDialogs, tabs });
      session.start();
      session.logout();
      session.login('anna@example.org', 'geheim');
      session.logout('Idle');
      session.login('anna@example.org', 'geheim');
      session.logout('Absolute');
      expect(posted).toEqual([
        { type: 'signedOut', reason: 'logout' },
        { type: 'signedOut', reason: 'idle' },
        { type: 'signedOut', reason: 'absolute' },
      ]);
      expect(announcedBefore).toEqual([1, 2, 3]);
      expect(session.snapshot()).toEqual({ status: 'signedOut', problem: 'Absolute', busy: false });
    });

    it('should go to the login with the other tab’s reason when it signed out, without a logout request of its own', () => {
      for (const [reason, problem] of [
        ['idle', 'Idle'],
        ['absolute', 'Absolute'],
        ['logout', 'SignedOutElsewhere'],
      ] as const) {
        const { tabs, heard, posted } = otherTabs();
        const api = fakeApi({ whoAmI: () => of(ok(ME)) });
        const session = createLawyerSession({ api, passkeys: noDialogs, tabs });
        session.start();
        heard.next({ type: 'signedOut', reason });
        expect(session.snapshot()).toEqual({ status: 'signedOut', problem, busy: false });
        expect(api.logout).not.toHaveBeenCalled();
        expect(posted).toEqual([]);
        session.dispose();
      }
    });

    it('should leave a login in progress alone when another tab signs out, and stop listening once disposed', () => {
      const { tabs, heard } = otherTabs();
      const session = createLawyerSession({ api: fakeApi(), passkeys: noDialogs, tabs });
      session.start();
      heard.next({ type: 'signedOut', reason: 'logout' });
      expect(session.snapshot()).toEqual({ status: 'signedOut', problem: null, busy: false });
      session.dispose();
      expect(heard.observed).toBe(false);
    });
  });
});
