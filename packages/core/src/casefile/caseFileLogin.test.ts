import { Subject, VirtualTimeScheduler, firstValueFrom, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, httpError, ok, type Result } from '../result.js';
import { CaseFileLogin } from './caseFileLogin.js';
import { REDIRECT_KEY } from './caseFileRoutes.js';
import { FakeCaseFileAuthApi, MemoryStorage, RecordingLogger, RecordingNavigator, summary } from './caseFileFakes.testSupport.js';

function setup(currentPath = '/digitale-fallakte/tok') {
  const api = new FakeCaseFileAuthApi();
  const storage = new MemoryStorage();
  const navigator = new RecordingNavigator();
  const logger = new RecordingLogger();
  const scheduler = new VirtualTimeScheduler();
  const login = new CaseFileLogin({ api, storage, navigator, logger, scheduler }, 'tok', currentPath);
  return { api, storage, navigator, logger, login, scheduler };
}

/** Runs the virtual clock up to `ms` (scheduler time since its start). */
function advanceTo(scheduler: VirtualTimeScheduler, ms: number): void {
  scheduler.maxFrames = ms;
  scheduler.flush();
}

const validForm = { pin: '1234', agreedPrivacyWithLawyer: true, agreedTermsOfService: true };

describe('CaseFileLogin.open', () => {
  it('should go straight to the overview when already authenticated for the token', () => {
    const { api, navigator, login } = setup();
    api.authenticated = true;
    login.open();
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/tok/uebersicht', options: { replace: true } }]);
  });

  it('should go to the overview when authenticated even if the token check of the same opening fails', () => {
    const { api, navigator, login } = setup();
    api.authenticated = true;
    api.tokenValid = false;
    login.open();
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/tok/uebersicht', options: { replace: true } }]);
  });

  it('should ask authentication, consent, login information and the token check at once, not one after the other', () => {
    const { api, login } = setup();
    const held = new Subject<Result<boolean>>();
    api.isAuthenticated = (token?: string) => {
      api.calls.push(`isAuthenticated:${token ?? ''}`);
      return held;
    };
    login.open();
    expect(api.calls.slice().sort()).toEqual(['checkToken:tok', 'getLoginInformation:tok', 'hasConsent:tok', 'isAuthenticated:tok']);
    held.next(ok(false));
    held.complete();
  });

  it('should load again when opened after dispose (React StrictMode mounts, disposes and opens the same screen)', () => {
    const { api, login } = setup();
    const replies: Subject<Result<boolean>>[] = [];
    api.hasConsent = () => {
      const held = new Subject<Result<boolean>>();
      replies.push(held);
      return held;
    };
    const opened: boolean[] = [];
    login.opened$.subscribe((value) => opened.push(value));
    login.open();
    login.dispose();
    expect(replies[0]!.observed).toBe(false);
    login.open();
    expect(replies[1]!.observed).toBe(true);
    replies[1]!.next(ok(false));
    replies[1]!.complete();
    expect(opened).toEqual([false, true]);
    expect(login.consentPreset).toBe(false);
  });

  it('should report the form as opened only once the consent is known', () => {
    const { api, login } = setup();
    const consent = new Subject<Result<boolean>>();
    api.hasConsent = () => consent;
    const opened: boolean[] = [];
    login.opened$.subscribe((value) => opened.push(value));
    login.open();
    expect(opened).toEqual([false]);
    consent.next(ok(true));
    consent.complete();
    expect(opened).toEqual([false, true]);
  });

  it('should load the phone number part and show consent boxes when no consent was given', async () => {
    const { login, navigator } = setup();
    login.open();
    expect(await firstValueFrom(login.phoneNumberPart$)).toBe('0171 23**');
    expect(await firstValueFrom(login.consentHidden$)).toBe(false);
    expect(await firstValueFrom(login.loading$)).toBe(false);
    expect(navigator.visits).toEqual([]);
  });

  it('should hide the consent boxes and preset them true when consent was given earlier', async () => {
    const { api, login } = setup();
    api.consent = true;
    login.open();
    expect(await firstValueFrom(login.consentHidden$)).toBe(true);
    expect(login.submit({ pin: '1234', agreedPrivacyWithLawyer: false, agreedTermsOfService: false })).toEqual({ ok: true });
    expect(api.logins[0]).toMatchObject({ AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true });
  });

  it('should send the client to the landing page, which says the link is not valid, when the token is unknown', () => {
    const { api, navigator, logger, login } = setup();
    api.tokenValid = false;
    login.open();
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte?link=ungueltig', options: { replace: true } }]);
    expect(logger.entries.map((e) => e.level)).toEqual(['warn']);
  });

  it('should send the client to the end page of a withdrawn case file when the token check answers 410', () => {
    const { api, navigator, login } = setup();
    api.checkToken = (token: string) => {
      api.calls.push(`checkToken:${token}`);
      return of(err(httpError(410, 'CaseFileWithdrawn', 'Diese Fallakte wurde zurückgezogen.')));
    };
    login.open();
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/zurueckgezogen', options: { replace: true } }]);
  });
});

describe('CaseFileLogin.open when a read fails without an answer', () => {
  const failures = {
    'a dropped connection': { _tag: 'NetworkError', message: 'offline' },
    'a 502': { _tag: 'HttpError', status: 502, code: 'BadGateway', message: 'Bad Gateway' },
    'a timeout': { _tag: 'Timeout', message: 'zu langsam' },
  } as const;

  for (const [name, failure] of Object.entries(failures)) {
    it(`should stay on the login URL and offer a retry after ${name} of the token check`, async () => {
      const { api, navigator, login } = setup();
      api.checkToken = () => of(err(failure));
      login.open();
      expect(navigator.visits).toEqual([]);
      expect(await firstValueFrom(login.openFailed$)).toBe(true);
      expect(await firstValueFrom(login.opened$)).toBe(false);
      api.checkToken = () => of(ok(summary));
      login.open();
      expect(await firstValueFrom(login.openFailed$)).toBe(false);
      expect(await firstValueFrom(login.opened$)).toBe(true);
      expect(navigator.visits).toEqual([]);
    });

    it(`should not take ${name} of the session check for "not signed in"`, async () => {
      const { api, navigator, login } = setup();
      api.isAuthenticated = () => of(err(failure));
      login.open();
      expect(navigator.visits).toEqual([]);
      expect(await firstValueFrom(login.openFailed$)).toBe(true);
    });
  }

  it('should show the PIN form when the session check answers 401', async () => {
    const { api, login } = setup();
    api.isAuthenticated = () => of(err({ _tag: 'HttpError' as const, status: 401, code: 'NotAuthenticated', message: 'x' }));
    login.open();
    expect(await firstValueFrom(login.openFailed$)).toBe(false);
    expect(await firstValueFrom(login.opened$)).toBe(true);
  });

  it('should open the saved target, not the overview, when the session is still alive (another tab kept it) and forget it', () => {
    const { api, storage, navigator, login } = setup();
    api.authenticated = true;
    storage.set(REDIRECT_KEY, '/digitale-fallakte/tok/uebersicht/kontakt');
    login.open();
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/tok/uebersicht/kontakt', options: { replace: true } }]);
    expect(storage.get(REDIRECT_KEY)).toBeNull();
  });
});

describe('CaseFileLogin.submit', () => {
  it('should not send a form whose PIN is not exactly four digits or whose consents are missing', () => {
    const { api, login } = setup();
    login.open();
    expect(login.submit({ pin: '12a4', agreedPrivacyWithLawyer: false, agreedTermsOfService: false })).toEqual({
      ok: false,
      errors: ['Error.PinHint', 'Error.Privacy', 'Error.TermsOfService'],
    });
    expect(login.submit({ ...validForm, pin: '12345' })).toEqual({ ok: false, errors: ['Error.PinHint'] });
    expect(api.logins).toEqual([]);
  });

  it('should send the login payload with the token and navigate to the overview by default', () => {
    const { api, navigator, login } = setup();
    login.open();
    login.submit(validForm);
    expect(api.logins).toEqual([
      {
        LoginData: { Pin: '1234', UrlToken: 'tok', AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true },
        AgreedPrivacyWithLawyer: true,
        AgreedTermsOfService: true,
      },
    ]);
    expect(navigator.lastPath).toBe('/digitale-fallakte/tok/uebersicht');
  });

  it('should replace the login in the history after signing in, so the back button from the overview leaves the case file', () => {
    const { navigator, login } = setup();
    login.open();
    login.submit(validForm);
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/tok/uebersicht', options: { replace: true } }]);
  });

  it('should use the stored redirect target once and remove it', () => {
    const { storage, navigator, login } = setup();
    storage.set(REDIRECT_KEY, '/digitale-fallakte/tok/uebersicht/dokumente');
    login.submit(validForm);
    expect(navigator.lastPath).toBe('/digitale-fallakte/tok/uebersicht/dokumente');
    expect(storage.get(REDIRECT_KEY)).toBeNull();
  });

  it('should go to the second URL segment when the login page was opened on a deeper path', () => {
    const { navigator, login } = setup('/digitale-fallakte/tok/fragebogen');
    login.submit(validForm);
    expect(navigator.lastPath).toBe('/digitale-fallakte/tok/fragebogen');
  });

  it('should mark the PIN invalid with Error.NotAuthenticated and stop loading when the server rejects it', async () => {
    const { api, navigator, login } = setup();
    api.loginFailure = { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'PIN falsch' };
    login.submit(validForm);
    expect(await firstValueFrom(login.pinInvalid$)).toBe(true);
    expect(await firstValueFrom(login.errorKey$)).toBe('Error.NotAuthenticated');
    expect(await firstValueFrom(login.loading$)).toBe(false);
    expect(navigator.visits).toEqual([]);
  });

  it('should show the locked message key when the server answers 429', async () => {
    const { api, login } = setup();
    api.loginFailure = { _tag: 'HttpError', status: 429, code: 'Locked', message: 'Zu viele Versuche' };
    login.submit(validForm);
    expect(await firstValueFrom(login.errorKey$)).toBe('Error.Locked');
  });

  it('should tell the per-address limit apart from a locked file, with its wait counted down', async () => {
    const { api, login } = setup();
    api.loginFailure = { _tag: 'HttpError', status: 429, code: 'AddressLimited', message: 'Zu viele Anmeldeversuche', details: { LockedForSeconds: 300 } };
    login.submit(validForm);
    expect(await firstValueFrom(login.errorKey$)).toBe('Error.AddressLimited');
    expect(await firstValueFrom(login.lockSecondsLeft$)).toBe(300);
  });

  it('should count the Retry-After wait of a lockout down and send nothing meanwhile – a sixth PIN, right or wrong, stays in the browser', async () => {
    const { api, login, scheduler } = setup();
    api.loginFailure = { _tag: 'HttpError', status: 429, code: 'Locked', message: 'Gesperrt', retryAfterSeconds: 61 };
    login.submit(validForm);
    expect(await firstValueFrom(login.lockSecondsLeft$)).toBe(61);
    advanceTo(scheduler, 1000);
    expect(await firstValueFrom(login.lockSecondsLeft$)).toBe(60);
    api.loginFailure = { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'PIN falsch' };
    expect(login.submit(validForm)).toEqual({ ok: true });
    expect(api.logins).toHaveLength(1);
    advanceTo(scheduler, 61_000);
    // Run out: the message goes, the button is free, and the next wrong PIN would lock again at once.
    expect(await firstValueFrom(login.lockSecondsLeft$)).toBeNull();
    expect(await firstValueFrom(login.errorKey$)).toBeNull();
    expect(await firstValueFrom(login.attemptsLeft$)).toBe(0);
    login.submit(validForm);
    expect(api.logins).toHaveLength(2);
    expect(await firstValueFrom(login.errorKey$)).toBe('Error.NotAuthenticated');
  });

  it('should pass on the attempts left that the server names, and take the lock length from the body', async () => {
    const { api, login } = setup();
    api.loginFailure = { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'PIN falsch', details: { AttemptsLeft: 3 } };
    login.submit(validForm);
    expect(await firstValueFrom(login.attemptsLeft$)).toBe(3);
    api.loginFailure = {
      _tag: 'HttpError',
      status: 429,
      code: 'Locked',
      message: 'Gesperrt',
      details: { LockedUntil: '2026-06-01T09:15:00.000Z', LockedForSeconds: 900 },
    };
    login.submit(validForm);
    expect(await firstValueFrom(login.attemptsLeft$)).toBeNull();
    expect(await firstValueFrom(login.lockSecondsLeft$)).toBe(900);
  });

  it('should count the minutes down from what a reloaded page learns, e.g. 11 after four of 15 minutes', async () => {
    const { api, login, scheduler } = setup();
    api.getLoginInformation = () => of(ok({ PhoneNumberPart: '+49 151 ••• 45', LockedUntil: '2026-06-01T09:15:00.000Z', LockedForSeconds: 660 }));
    login.open();
    advanceTo(scheduler, 60_000);
    login.dispose();
  });

  it('should open locked with its countdown when the login information says the file is locked (a reload)', async () => {
    const { api, login } = setup();
    api.getLoginInformation = () => of(ok({ PhoneNumberPart: '+49 151 ••• 45', LockedUntil: '2026-06-01T09:15:00.000Z', LockedForSeconds: 300 }));
    login.open();
    expect(await firstValueFrom(login.errorKey$)).toBe('Error.Locked');
    expect(await firstValueFrom(login.lockSecondsLeft$)).toBe(300);
    login.dispose();
  });

  it('should send no PIN while the lock of the fifth wrong one counts down, not even the right one, and again once it ran out', async () => {
    const { api, login, scheduler } = setup();
    api.loginFailure = { _tag: 'HttpError', status: 429, code: 'Locked', message: 'Gesperrt', details: { LockedForSeconds: 900 } };
    login.submit(validForm);
    expect(api.logins).toHaveLength(1);
    for (const at of [3_000, 60_000, 899_000]) {
      advanceTo(scheduler, at);
      expect(login.submit({ ...validForm, pin: '4711' })).toEqual({ ok: true });
    }
    expect(api.logins).toHaveLength(1);
    expect(await firstValueFrom(login.errorKey$)).toBe('Error.Locked');
    advanceTo(scheduler, 900_000);
    expect(await firstValueFrom(login.lockSecondsLeft$)).toBeNull();
    login.submit(validForm);
    expect(api.logins).toHaveLength(2);
    login.dispose();
  });

  it('should keep loading while the login call runs and ignore a second submit meanwhile', async () => {
    const { api, login, navigator } = setup();
    const pending = new Subject<Result<void>>();
    let calls = 0;
    api.login = () => {
      calls += 1;
      return pending;
    };
    login.submit(validForm);
    login.submit(validForm);
    expect(await firstValueFrom(login.loading$)).toBe(true);
    expect(calls).toBe(1);
    pending.next(err({ _tag: 'NetworkError', message: 'offline' }));
    expect(await firstValueFrom(login.loading$)).toBe(false);
    expect(await firstValueFrom(login.errorKey$)).toBe('Error.NotAuthenticated');
    expect(navigator.visits).toEqual([]);
  });

  it('should stop listening after dispose', () => {
    const { api, login, navigator } = setup();
    const pending = new Subject<Result<void>>();
    api.login = () => pending;
    login.submit(validForm);
    login.dispose();
    pending.next(ok(undefined));
    expect(navigator.visits).toEqual([]);
  });
});
