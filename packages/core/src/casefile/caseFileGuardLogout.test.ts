import { lastValueFrom, of } from 'rxjs';
import { err } from '../result.js';
import { describe, expect, it } from 'vitest';
import { guardCaseFileRoute } from './caseFileGuard.js';
import { endSessionOnLogoutPage, logoutCaseFile, logoutEndState } from './caseFileLogout.js';
import { REDIRECT_KEY, saveRedirectTarget, takeRedirectTarget } from './caseFileRoutes.js';
import { FakeCaseFileAuthApi, MemoryStorage, RecordingLogger, RecordingNavigator } from './caseFileFakes.testSupport.js';

describe('guardCaseFileRoute', () => {
  it('should let an authenticated client through without navigating', async () => {
    const api = new FakeCaseFileAuthApi();
    api.authenticated = true;
    const navigator = new RecordingNavigator();
    const storage = new MemoryStorage();
    expect(await lastValueFrom(guardCaseFileRoute({ api, storage, navigator }, 'tok', 'uebersicht/verlauf'))).toEqual({ status: 'allowed' });
    expect(navigator.visits).toEqual([]);
    expect(storage.values.size).toBe(0);
  });

  it('should save the remaining path and redirect an unauthenticated client to the login of that token', async () => {
    const api = new FakeCaseFileAuthApi();
    const navigator = new RecordingNavigator();
    const storage = new MemoryStorage();
    expect(await lastValueFrom(guardCaseFileRoute({ api, storage, navigator }, 'tok', '/uebersicht/verlauf'))).toEqual({ status: 'login' });
    expect(storage.get(REDIRECT_KEY)).toBe('/digitale-fallakte/tok/uebersicht/verlauf');
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/tok', options: { replace: true } }]);
  });

  it('should treat 401 and 403 as signed out', async () => {
    for (const status of [401, 403]) {
      const api = new FakeCaseFileAuthApi();
      api.isAuthenticated = () => of(err({ _tag: 'HttpError' as const, status, code: 'NotAuthenticated', message: 'x' }));
      const navigator = new RecordingNavigator();
      expect(await lastValueFrom(guardCaseFileRoute({ api, storage: new MemoryStorage(), navigator }, 'tok', 'uebersicht'))).toEqual({ status: 'login' });
      expect(navigator.lastPath).toBe('/digitale-fallakte/tok');
    }
  });

  it('should not send a signed-in client to the login when the check fails without an answer (network, 5xx)', async () => {
    for (const error of [
      { _tag: 'NetworkError', message: 'offline' },
      { _tag: 'HttpError', status: 503, code: 'Unavailable', message: 'x' },
    ] as const) {
      const api = new FakeCaseFileAuthApi();
      api.isAuthenticated = () => of(err(error));
      const navigator = new RecordingNavigator();
      const storage = new MemoryStorage();
      expect(await lastValueFrom(guardCaseFileRoute({ api, storage, navigator }, 'tok', 'uebersicht/verlauf'))).toEqual({ status: 'failed', error });
      expect(navigator.visits).toEqual([]);
      expect(storage.values.size).toBe(0);
    }
  });
});

describe('redirect target', () => {
  it('should ignore a stored target outside the token case file', () => {
    const storage = new MemoryStorage();
    storage.set(REDIRECT_KEY, 'https://evil.example/phish');
    expect(takeRedirectTarget(storage, 'tok')).toBe('/digitale-fallakte/tok/uebersicht');
    storage.set(REDIRECT_KEY, '/digitale-fallakte/tok/../other/uebersicht');
    expect(takeRedirectTarget(storage, 'tok')).toBe('/digitale-fallakte/tok/uebersicht');
    expect(storage.get(REDIRECT_KEY)).toBeNull();
  });

  it('should not store an empty remaining path', () => {
    const storage = new MemoryStorage();
    saveRedirectTarget(storage, 'tok', '/');
    expect(storage.values.size).toBe(0);
  });
});

describe('logoutCaseFile', () => {
  function setup() {
    const api = new FakeCaseFileAuthApi();
    api.authenticated = true;
    const navigator = new RecordingNavigator();
    const logger = new RecordingLogger();
    const order: string[] = [];
    const deps = {
      api,
      navigator,
      logger,
      clearLoginData: () => order.push('clearLoginData'),
      closeMenu: () => order.push('closeMenu'),
    };
    return { api, navigator, logger, order, deps };
  }

  it('should log out, clear data, close the menu, fetch a fresh token and show the logged-out page in that order', async () => {
    const { api, navigator, order, deps } = setup();
    await lastValueFrom(logoutCaseFile(deps, 'tok'), { defaultValue: undefined });
    expect(api.calls).toEqual(['logout', 'isAuthenticated:tok']);
    expect(order).toEqual(['clearLoginData', 'closeMenu']);
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/tok/abmelden', options: { replace: true, state: logoutEndState('tok') } }]);
    expect(logoutEndState('tok')).toMatchObject({ Endstate: 'Logout', ButtonRedirectUrl: '/digitale-fallakte/tok' });
  });

  it('should still clear local state and show the logged-out page when the logout call fails', async () => {
    const { api, navigator, logger, order, deps } = setup();
    api.logoutFailure = { _tag: 'NetworkError', message: 'offline' };
    await lastValueFrom(logoutCaseFile(deps, 'tok'), { defaultValue: undefined });
    expect(order).toEqual(['clearLoginData', 'closeMenu']);
    expect(navigator.lastPath).toBe('/digitale-fallakte/tok/abmelden');
    expect(logger.entries).toEqual([{ level: 'warn', message: 'Abmelden der Fallakte fehlgeschlagen' }]);
  });
});

describe('endSessionOnLogoutPage', () => {
  function setup(authenticated: boolean) {
    const api = new FakeCaseFileAuthApi();
    api.authenticated = authenticated;
    const navigator = new RecordingNavigator();
    const order: string[] = [];
    const deps = { api, navigator, logger: new RecordingLogger(), clearLoginData: () => order.push('clearLoginData'), closeMenu: () => undefined };
    return { api, navigator, order, deps };
  }

  it('should really log out when the logged-out page is opened directly with a live session', async () => {
    const { api, navigator, order, deps } = setup(true);
    await lastValueFrom(endSessionOnLogoutPage(deps, 'tok'), { defaultValue: undefined });
    expect(api.calls).toEqual(['isAuthenticated:tok', 'logout', 'isAuthenticated:tok']);
    expect(api.authenticated).toBe(false);
    expect(order).toEqual(['clearLoginData']);
    expect(navigator.visits).toEqual([{ path: '/digitale-fallakte/tok/abmelden', options: { replace: true, state: logoutEndState('tok') } }]);
  });

  it('should do nothing more when the logged-out page is opened without a live session, however often', async () => {
    const { api, navigator, deps } = setup(false);
    await lastValueFrom(endSessionOnLogoutPage(deps, 'tok'), { defaultValue: undefined });
    await lastValueFrom(endSessionOnLogoutPage(deps, 'tok'), { defaultValue: undefined });
    expect(api.calls).toEqual(['isAuthenticated:tok', 'isAuthenticated:tok']);
    expect(navigator.visits).toEqual([]);
  });

  it('should still log out when it cannot tell whether the session is live', async () => {
    const { api, deps } = setup(true);
    api.isAuthenticated = (token?: string) => {
      api.calls.push(`isAuthenticated:${token ?? ''}`);
      return of(err({ _tag: 'NetworkError' as const, message: 'offline' }));
    };
    await lastValueFrom(endSessionOnLogoutPage(deps, 'tok'), { defaultValue: undefined });
    expect(api.calls).toContain('logout');
  });
});
