// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { NEVER, of, Subject, type Observable } from 'rxjs';
import { err, ok, type CaseFileAuthApi, type CaseFileContentApi, type KeyValueStorage, type Result, type UploadEvent } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../test/app-test-support.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../test/caseFile-test-support.js';
import { caseFileLoginMainHtml } from '../../appShell.js';
import { caseFileLoginDe } from '../i18n/de-DE/caseFileLogin.js';
import { commonDe } from '../i18n/de-DE/common.js';
import { isCaseFileLoginPath } from '../layout/caseFileLoginPath.js';

afterEach(cleanup);

const authApi = fakeCaseFileAuthApi;
const contentApi = fakeCaseFileContentApi;

const render = (path: string, auth: CaseFileAuthApi, content: CaseFileContentApi = contentApi(), storage: KeyValueStorage = memoryStorage()) =>
  renderApp(path, { caseFileAuthApi: auth, caseFileContentApi: content, storage });

describe('case-file login page', () => {
  it('should render, while the login is prepared, exactly the login top of the static frame (nothing moves when React takes over)', async () => {
    render(
      '/digitale-fallakte/tok',
      authApi({ isAuthenticated: () => NEVER, hasConsent: () => NEVER, getLoginInformation: () => NEVER, checkToken: () => NEVER }),
    );
    const shell = caseFileLoginMainHtml({
      title: caseFileLoginDe['CaseFile.Login.Title'],
      intro: caseFileLoginDe['CaseFile.Login.Intro'],
      loading: commonDe['App.Loading'],
    });
    await waitFor(() => expect(document.querySelector('main')?.innerHTML).toBe(shell), { timeout: 10_000 });
  });

  it('should give the static login top to token links only, not to the pages of the area', () => {
    expect(isCaseFileLoginPath('/digitale-fallakte/5XFr0u4dRvPSemPnyHW7ScFo_eJEnh-PO6R0tIQbAnQ')).toBe(true);
    expect(isCaseFileLoginPath('/digitale-fallakte/tok/')).toBe(true);
    for (const path of [
      '/digitale-fallakte',
      '/digitale-fallakte/',
      '/digitale-fallakte/datenschutz',
      '/digitale-fallakte/nutzungsbedingungen',
      '/digitale-fallakte/fall-abgeschlossen',
      '/digitale-fallakte/tok/uebersicht',
    ]) {
      expect(isCaseFileLoginPath(path)).toBe(false);
    }
  });

  it('should show the phone number part in front of the PIN and hide the consents when they were given before', async () => {
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Anmelden');
    await waitFor(() => expect(screen.getByText('+49 151 ••• 45')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('should show the form only once it is known whether the consents were given, so no box appears and vanishes', async () => {
    const consent = new Subject<Result<boolean>>();
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => consent }));
    expect(await pageHeading()).toBe('Anmelden');
    await screen.findByRole('progressbar', { name: 'Wird geladen …' }, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText(/PIN \(letzte vier Ziffern/)).toBeNull();
    consent.next(ok(true));
    consent.complete();
    await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('should name the waiting time of a lockout in whole minutes', async () => {
    const login = () => of(err({ _tag: 'HttpError' as const, status: 429, code: 'Locked', message: 'Gesperrt', retryAfterSeconds: 61 }));
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '1234' } });
    fireEvent.submit(pin.closest('form')!);
    await waitFor(() => expect(screen.getByText(/Bitte versuchen Sie es in 2 Minuten erneut\./)).toBeTruthy());
  });
});

describe('case-file guard and shell', () => {
  it('should keep a deep link and open the login of the token when not signed in', async () => {
    const storage = memoryStorage();
    render('/digitale-fallakte/tok/uebersicht/verlauf', authApi(), contentApi(), storage);
    expect(await pageHeading()).toBe('Anmelden');
    expect(storage.get('redirectUrl')).toBe('/digitale-fallakte/tok/uebersicht/verlauf');
  });

  it('should show the overview with the lawyer and name the menu entry by the lawyer’s gender', async () => {
    render('/digitale-fallakte/tok/uebersicht', authApi({ isAuthenticated: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Übersicht');
    await waitFor(() => expect(screen.getByText('Markus Hoffmann')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ihr Anwalt' })).toBeTruthy());
  });

  it('should show the end page for an unknown path inside the signed-in file', async () => {
    render('/digitale-fallakte/tok/uebersicht/unbekannt', authApi({ isAuthenticated: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Seite nicht gefunden');
  });
});

describe('documents screen', () => {
  it('should show the running upload as a progress bar with its percentage', async () => {
    const events = new Subject<Result<UploadEvent>>();
    const uploadDocument = (): Observable<Result<UploadEvent>> => events;
    render('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ uploadDocument }));
    expect(await pageHeading()).toBe('Dokumente');
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    events.next(ok({ _tag: 'Progress', loaded: 4, total: 8 }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Vertrag.pdf wird hochgeladen: 50 %')).toBeTruthy();
  });
});
