// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, NEVER, of, Subject, type Observable } from 'rxjs';
import {
  err,
  firmDetailsFromContact,
  ok,
  type CaseFileAuthApi,
  type CaseFileContentApi,
  type KeyValueStorage,
  type Result,
  type UploadEvent,
} from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp, testConfig } from '../testSupport/app.js';
import { caseFileLawyer, caseFileSummary, fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../testSupport/caseFile.js';
import { caseFileLoginMainHtml, siteNameHtml } from '../../appShell.js';
import { caseFileLoginDe } from '../i18n/de-DE/caseFileLogin.js';
import { commonDe } from '../i18n/de-DE/common.js';
import { isCaseFileLoginPath } from '../layout/caseFileLoginPath.js';

afterEach(cleanup);

const authApi = fakeCaseFileAuthApi;
const contentApi = fakeCaseFileContentApi;

const render = (path: string, auth: CaseFileAuthApi, content: CaseFileContentApi = contentApi(), storage: KeyValueStorage = memoryStorage()) =>
  renderApp(path, { caseFileAuthApi: auth, caseFileContentApi: content, storage });

const renderStrict = (path: string, auth: CaseFileAuthApi, content: CaseFileContentApi = contentApi()) =>
  renderApp(path, { caseFileAuthApi: auth, caseFileContentApi: content, storage: memoryStorage() }, undefined, { strictMode: true });

const caseFileDocument = {
  Id: 'd1',
  FileName: 'Vertrag.pdf',
  ContentType: 'application/pdf',
  Size: 1000,
  Created: '2026-11-21T10:00:00Z',
  UploadedBy: 'client' as const,
};

/** Answers after the current task, like the network: a request cancelled by an effect's cleanup never answers. */
const later = <A,>(value: A): Observable<A> => of(value).pipe(delay(0));

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

  it('should name the digitale Fallakte in the header and the title, leading to its own start, not into the chat', async () => {
    render('/digitale-fallakte/tok', authApi());
    expect(await pageHeading()).toBe('Anmelden');
    const banner = screen.getByRole('banner');
    const name = within(banner).getByRole('link', { name: 'Digitale Fallakte' });
    expect(name.getAttribute('href')).toBe('/digitale-fallakte');
    // As the static frame paints it (appShell.ts, with the server's app-shells.json): nothing changes when React takes over.
    const painted = document.createElement('template');
    painted.innerHTML = siteNameHtml('/digitale-fallakte', caseFileLoginDe['CaseFile.ServiceName']);
    const link = painted.content.firstElementChild;
    expect([link?.getAttribute('href'), link?.className, link?.textContent]).toEqual([name.getAttribute('href'), name.className, name.textContent]);
    expect(within(banner).queryByText('Rechtsberatung im Chat')).toBeNull();
    expect(document.title).toBe('Anmelden – Digitale Fallakte');
  });

  it('should name the digitale Fallakte in the title of the signed-in screens as well', async () => {
    render('/digitale-fallakte/tok/uebersicht/verlauf', authApi({ isAuthenticated: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Verlauf');
    await waitFor(() => expect(document.title).toBe('Verlauf – Digitale Fallakte'));
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
      '/digitale-fallakte/zurueckgezogen',
      '/digitale-fallakte/tok/uebersicht',
    ]) {
      expect(isCaseFileLoginPath(path)).toBe(false);
    }
  });

  it('should show the phone number part in front of the PIN and hide the consents when they were given before', async () => {
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Anmelden');
    // The known part of the number is a hint outside the PIN field, which it describes.
    // The number is kept on one line (no-break spaces) and shows the PIN's four places after the visible digits, so
    // "+49 151 ••• 45" does not read as the whole number ending in 45.
    const hint = await screen.findByText(/^Ihre Telefonnummer bei der Kanzlei:/, {}, { timeout: 10_000 });
    expect(hint.textContent).toBe(
      'Ihre Telefonnummer bei der Kanzlei: +49\u00a0151\u00a0•••\u00a045••••. Ihre PIN besteht aus den vier Ziffern am Ende (••••).',
    );
    expect(screen.getByLabelText(/PIN \(letzte vier Ziffern/).getAttribute('aria-describedby')).toContain('pin-prefix');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('should describe the PIN field by the phone number’s start and the digits before the PIN in words, not by its dots', async () => {
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)) }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    const hint = document.getElementById('pin-prefix')!;
    expect(pin.getAttribute('aria-describedby')?.split(' ')).toContain('pin-prefix');
    // What a screen reader takes from the hint: everything not hidden from it.
    const heard = hint.cloneNode(true) as HTMLElement;
    heard.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    expect(heard.textContent).toBe(
      'Ihre Telefonnummer bei der Kanzlei beginnt mit +49 151. Vor ihren letzten vier Ziffern stehen die Ziffern 4 5. Ihre PIN besteht aus diesen letzten vier Ziffern.',
    );
    // Seen: the masked number, as before; the words are for screen readers only.
    expect(
      within(hint)
        .getByText(/^Ihre Telefonnummer bei der Kanzlei:/)
        .getAttribute('aria-hidden'),
    ).toBe('true');
    expect(within(hint).getByText(/beginnt mit/).className).toBe('visually-hidden');
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

  it('should show the PIN form under React StrictMode (development build), where the opening effect runs twice', async () => {
    renderStrict(
      '/digitale-fallakte/tok',
      authApi({
        isAuthenticated: () => later(ok(false)),
        hasConsent: () => later(ok(false)),
        getLoginInformation: () => later(ok({ PhoneNumberPart: '+49 151 ••• 45' })),
        checkToken: () => later(ok(caseFileSummary)),
      }),
    );
    await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    expect(screen.getByText(/\+49 151 ••• 45/)).toBeTruthy();
  });

  it('should let the phone offer the PIN as a one-time code: numeric keyboard, autocomplete one-time-code, paste allowed', async () => {
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)) }));
    const pin = (await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 })) as HTMLInputElement;
    expect(pin.getAttribute('autocomplete')).toBe('one-time-code');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    expect(fireEvent.paste(pin)).toBe(true);
    fireEvent.change(pin, { target: { value: '12 34' } });
    expect(pin.value).toBe('1234');
  });

  it('should keep all four digits of a PIN pasted with spaces: the field has no maxlength that cuts it first', async () => {
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)) }));
    const pin = (await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 })) as HTMLInputElement;
    // A browser applies maxlength to pasted text before any script sees it (" 0123" became " 012"); jsdom does not.
    expect(pin.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(pin, { target: { value: ' 01 23 ' } });
    expect(pin.value).toBe('0123');
    fireEvent.change(pin, { target: { value: '012345' } });
    expect(pin.value).toBe('0123');
  });

  it('should give the PIN field the focus back, its digits selected, after a refused PIN', async () => {
    const login = () => of(err({ _tag: 'HttpError' as const, status: 401, code: 'NotAuthenticated', message: 'Nein' })).pipe(delay(1));
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = (await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 })) as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '9999' } });
    fireEvent.submit(pin.closest('form')!);
    pin.blur();
    await waitFor(() => expect(screen.getByText(/Die Anmeldung ist fehlgeschlagen/)).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(pin));
    expect([pin.selectionStart, pin.selectionEnd]).toEqual([0, 4]);
  });

  it('should not say the refused PIN failed again while the right PIN typed after it is checked', async () => {
    const details = { AttemptsLeft: 4 };
    const answers = [of(err({ _tag: 'HttpError' as const, status: 401, code: 'NotAuthenticated', message: 'Nein', details })), NEVER];
    const login = () => answers.shift() ?? NEVER;
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '9999' } });
    fireEvent.submit(pin.closest('form')!);
    await screen.findByText(/Die Anmeldung ist fehlgeschlagen/);
    fireEvent.change(pin, { target: { value: '0123' } });
    expect(screen.queryByText(/Die Anmeldung ist fehlgeschlagen/)).toBeNull();
    // Everything the assertive region is given from here on: a screen reader reads even a message shown for a moment.
    const region = pin.closest('form')!.querySelector('[aria-live="assertive"]')!;
    const announced: string[] = [];
    const observer = new MutationObserver((records) =>
      announced.push(...records.flatMap((record) => [...record.addedNodes].map((node) => node.textContent ?? ''))),
    );
    observer.observe(region, { subtree: true, childList: true, characterData: true });
    fireEvent.submit(pin.closest('form')!);
    await waitFor(() => expect(pin.closest('form')!.querySelector('button[type="submit"]')?.getAttribute('aria-busy')).toBe('true'));
    observer.disconnect();
    expect(announced.filter((text) => text !== '')).toEqual([]);
  });

  it('should read out the PIN error when Enter in the PIN field sends a PIN that is too short, each time', async () => {
    const login = vi.fn(() => NEVER);
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    pin.focus();
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.submit(pin.closest('form')!);
    // The focus stays in the field, where its description is not read again: the error is an alert as well.
    expect(document.activeElement).toBe(pin);
    const first = screen.getByRole('alert');
    expect(first.textContent).toBe('Die PIN besteht aus den letzten vier Ziffern Ihrer Telefonnummer.');
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    fireEvent.submit(pin.closest('form')!);
    // A new alert for the second try, so it is read out again.
    expect(screen.getByRole('alert')).not.toBe(first);
    fireEvent.change(pin, { target: { value: '123' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(login).not.toHaveBeenCalled();
  });

  it('should say the verdict on a second wrong PIN as well, also when the server answers at once', async () => {
    const refusal = (left: number) =>
      of(err({ _tag: 'HttpError' as const, status: 401, code: 'NotAuthenticated', message: 'Nein', details: { AttemptsLeft: left } }));
    const answers = [refusal(4), refusal(3)];
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login: () => answers.shift() ?? NEVER }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '9999' } });
    fireEvent.submit(pin.closest('form')!);
    await screen.findByText(/Sie haben noch 4 Versuche/);
    fireEvent.change(pin, { target: { value: '8888' } });
    fireEvent.submit(pin.closest('form')!);
    await screen.findByText(/Sie haben noch 3 Versuche/);
  });

  it('should name the attempts left and the lock already after the first wrong PIN (four of five left)', async () => {
    const details = { AttemptsLeft: 4 };
    const login = () => of(err({ _tag: 'HttpError' as const, status: 401, code: 'NotAuthenticated', message: 'Nein', details }));
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '9999' } });
    fireEvent.submit(pin.closest('form')!);
    await waitFor(() =>
      expect(
        screen.getByText(
          'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN. Sie haben noch 4 Versuche, danach wird die Anmeldung für 15 Minuten gesperrt.',
        ),
      ).toBeTruthy(),
    );
  });

  it('should show one time during a lockout – the countdown – and send no PIN until it has run out', async () => {
    const login = vi.fn(() => of(err({ _tag: 'HttpError' as const, status: 429, code: 'Locked', message: 'Gesperrt', retryAfterSeconds: 900 })));
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '1234' } });
    fireEvent.submit(pin.closest('form')!);
    const button = await screen.findByRole('button', { name: 'Gesperrt – noch 15 Minuten' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const alert = screen.getByText(/Die Anmeldung ist vorübergehend gesperrt\./);
    // No fixed „in 15 Minuten“ beside „noch 14:57“: the message points to the countdown.
    expect(alert.textContent).toContain('sobald die angezeigte Wartezeit abgelaufen ist');
    expect(alert.textContent).not.toMatch(/\d/);
    // A sixth PIN – Enter in the field, the right one too – stays in the browser.
    fireEvent.change(pin, { target: { value: '4711' } });
    fireEvent.submit(pin.closest('form')!);
    fireEvent.click(button);
    expect(login).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Die Anmeldung ist vorübergehend gesperrt\./)).toBeTruthy();
    // Typed into again, the field still tells a screen reader about the lock and the time left.
    expect(pin.getAttribute('aria-describedby')?.split(' ')).toEqual(expect.arrayContaining(['pin-server-error', 'casefile-login-submit']));
  });

  it('should show the lock’s time left as „noch 14:39“ without „Min.“ and name it in minutes and seconds, outside any live region', async () => {
    const login = vi.fn(() => of(err({ _tag: 'HttpError' as const, status: 429, code: 'Locked', message: 'Gesperrt', retryAfterSeconds: 879 })));
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '1234' } });
    fireEvent.submit(pin.closest('form')!);
    const button = await screen.findByRole('button', { name: 'Gesperrt – noch 14 Minuten und 39 Sekunden' });
    // On screen as a clock counts down; the words are for screen readers only.
    expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe('Gesperrt – noch 14:39');
    expect(button.textContent).not.toContain('Min.');
    // Read with the PIN field when the client is there, not once a second.
    expect(button.closest('[aria-live]')).toBeNull();
    expect(screen.getByRole('textbox', { name: /PIN/, description: /Gesperrt – noch 14 Minuten und 39 Sekunden/ })).toBe(pin);
  });

  it('should name a lock of hours in hours, minutes and seconds and show it as h:mm:ss', async () => {
    const login = vi.fn(() => of(err({ _tag: 'HttpError' as const, status: 429, code: 'Locked', message: 'Gesperrt', retryAfterSeconds: 3601 })));
    render('/digitale-fallakte/tok', authApi({ hasConsent: () => of(ok(true)), login }));
    const pin = await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
    fireEvent.change(pin, { target: { value: '1234' } });
    fireEvent.submit(pin.closest('form')!);
    const button = await screen.findByRole('button', { name: 'Gesperrt – noch 1 Stunde und 1 Sekunde' });
    expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe('Gesperrt – noch 1:00:01');
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

  it('should mark Impressum and Barrierefreiheit in the signed-in menu as reached from the case file, which a new window keeps', async () => {
    render('/digitale-fallakte/tok/uebersicht', authApi({ isAuthenticated: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Übersicht');
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    // They open in a new window, which has no history state: the origin is in the address.
    const imprint = await screen.findByRole('link', { name: 'Impressum (neues Fenster)' });
    expect([imprint.getAttribute('href'), imprint.getAttribute('target')]).toEqual(['/impressum?von=fallakte', '_blank']);
    expect(screen.getByRole('link', { name: 'Barrierefreiheit (neues Fenster)' }).getAttribute('href')).toBe('/barrierefreiheit?von=fallakte');
  });

  it('should say only that a closed mandate is closed, not that the firm will be in touch', async () => {
    const getCase = () =>
      of(ok({ ...caseFileSummary, Closed: true, Status: 'Abgeschlossen', Description: 'x', Opponent: null, UpdatedAt: caseFileSummary.CreatedAt }));
    render('/digitale-fallakte/tok/uebersicht', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ getCase }));
    await screen.findByText(/Ihr Fall ist abgeschlossen\./, undefined, { timeout: 10_000 });
    expect(screen.queryByText(/Wir melden uns bei Ihnen/)).toBeNull();
  });

  it('should lead "Zurück" up to the overview on a screen opened directly, and show no "Zurück" on the overview', async () => {
    render('/digitale-fallakte/tok/uebersicht/verlauf', authApi({ isAuthenticated: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Verlauf');
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Übersicht'));
    expect(screen.queryByRole('button', { name: 'Zurück' })).toBeNull();
  });

  it('should not announce the generated initials picture as a photo (the name stands beside it), but a real photo', async () => {
    const withImage = (ImageUrl: string) => authApi({ isAuthenticated: () => of(ok(true)), getLawyer: () => of(ok({ ...caseFileLawyer, ImageUrl })) });
    render('/digitale-fallakte/tok/uebersicht/anwalt', withImage('http://localhost:8081/api/chat/agent/avatar/l1.svg'));
    expect(await pageHeading()).toBe('Ihr Anwalt');
    expect(document.querySelector('.casefile-lawyer img')?.getAttribute('alt')).toBe('');
    expect(screen.queryByRole('img', { name: /Foto von/ })).toBeNull();
    cleanup();
    render('/digitale-fallakte/tok/uebersicht/anwalt', withImage('http://localhost:8081/api/chat/agent/photo/l1/p.png'));
    expect(await pageHeading()).toBe('Ihr Anwalt');
    expect(screen.getByRole('img', { name: 'Foto von Markus Hoffmann' })).toBeTruthy();
  });

  it('should make the page behind the open phone menu inert, skip links included, and only while it is open', async () => {
    const skipLink = document.body.insertBefore(document.createElement('a'), document.body.firstChild);
    skipLink.href = '#inhalt';
    try {
      render('/digitale-fallakte/tok/uebersicht', authApi({ isAuthenticated: () => of(ok(true)) }));
      expect(await pageHeading()).toBe('Übersicht');
      fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
      await screen.findByRole('link', { name: 'Verlauf' });
      const behind = [skipLink, document.querySelector('main')!, document.querySelector('header')!, document.querySelector('footer')!];
      expect(behind.map((el) => el.closest('[inert]') !== null)).toEqual([true, true, true, true]);
      expect(document.querySelector('dialog')?.closest('[inert]')).toBeNull();
      fireEvent.click(screen.getByTestId('casefile-menu-backdrop'));
      await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
      expect(document.querySelectorAll('[inert]')).toHaveLength(0);
    } finally {
      skipLink.remove();
    }
  });

  it('should show the end page for an unknown path inside the signed-in file', async () => {
    render('/digitale-fallakte/tok/uebersicht/unbekannt', authApi({ isAuthenticated: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Seite nicht gefunden');
  });
});

describe('footer inside the case file', () => {
  const footerLink = (name: string) => {
    const footer = document.querySelector('footer')!;
    return [...footer.querySelectorAll('a')].find((a) => a.textContent === name)?.getAttribute('href');
  };

  it('should link the case file’s privacy notice and terms on the PIN login, not the chat’s', async () => {
    render('/digitale-fallakte/tok', authApi());
    expect(await pageHeading()).toBe('Anmelden');
    expect(footerLink('Datenschutz')).toBe('/digitale-fallakte/datenschutz');
    expect(footerLink('Nutzungsbedingungen')).toBe('/digitale-fallakte/nutzungsbedingungen');
  });

  it('should link the same pages as the menu on the signed-in screens', async () => {
    render('/digitale-fallakte/tok/uebersicht/verlauf', authApi({ isAuthenticated: () => of(ok(true)) }));
    expect(await pageHeading()).toBe('Verlauf');
    expect(footerLink('Datenschutz')).toBe('/digitale-fallakte/tok/uebersicht/datenschutz');
    expect(footerLink('Nutzungsbedingungen')).toBe('/digitale-fallakte/tok/uebersicht/nutzungsbedingungen');
  });
});

describe('case-file checks that fail without an answer', () => {
  const offline = () => of(err({ _tag: 'NetworkError' as const, message: 'offline' }));

  it('should not send a signed-in client to the login when the session check fails, but offer a retry on the same screen', async () => {
    let answer: () => Observable<Result<boolean>> = offline;
    const storage = memoryStorage();
    render('/digitale-fallakte/tok/uebersicht/verlauf', authApi({ isAuthenticated: () => answer() }), contentApi(), storage);
    await screen.findByText('Ihre Fallakte ist gerade nicht erreichbar', undefined, { timeout: 10_000 });
    expect(await pageHeading()).toBe('Digitale Fallakte');
    expect(storage.get('redirectUrl')).toBeNull();
    answer = () => of(ok(true));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Verlauf'));
  });

  it('should offer a retry on the login page when the token check answers 503, not the landing page', async () => {
    let check: CaseFileAuthApi['checkToken'] = () => of(err({ _tag: 'HttpError' as const, status: 503, code: 'Unavailable', message: 'x' }));
    render('/digitale-fallakte/tok', authApi({ checkToken: (token) => check(token) }));
    await screen.findByText('Ihre Fallakte ist gerade nicht erreichbar', undefined, { timeout: 10_000 });
    expect(await pageHeading()).toBe('Anmelden');
    check = () => of(ok(caseFileSummary));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByLabelText(/PIN \(letzte vier Ziffern/, undefined, { timeout: 10_000 });
  });

  it('should check the session once per token, not again on every step through the menu', async () => {
    const calls: string[] = [];
    render(
      '/digitale-fallakte/tok/uebersicht',
      authApi({
        isAuthenticated: () => {
          calls.push('isAuthenticated');
          return of(ok(true));
        },
        getLawyer: () => {
          calls.push('getLawyer');
          return of(ok(caseFileLawyer));
        },
      }),
    );
    expect(await pageHeading()).toBe('Übersicht');
    for (const entry of ['Verlauf', 'Falldaten', 'Übersicht']) {
      fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
      fireEvent.click(await screen.findByRole('link', { name: entry }));
      await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe(entry));
    }
    fireEvent.click(screen.getByRole('link', { name: /Fragebogen/ }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Fragebogen'));
    expect(calls).toEqual(['isAuthenticated', 'getLawyer']);
  });
});

describe('documents screen', () => {
  it('should show the running upload as a progress bar with its percentage', async () => {
    const events = new Subject<Result<UploadEvent>>();
    const uploadDocument = (): Observable<Result<UploadEvent>> => events;
    render('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ uploadDocument }));
    expect(await pageHeading()).toBe('Dokumente');
    // The choose control comes once the case is known to be open.
    await screen.findByRole('button', { name: 'Datei auswählen und hochladen' });
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    events.next(ok({ _tag: 'Progress', loaded: 3, total: 8 }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('37'));
    expect(screen.getByRole('progressbar', { name: 'Fortschritt des Hochladens' }).getAttribute('aria-valuetext')).toBe('Datei wird hochgeladen: 37 %');
    expect(screen.getByText('Vertrag.pdf wird hochgeladen: 37 %')).toBeTruthy();
  });

  it('should keep an upload running while the person looks at another screen and show it again on return', async () => {
    // The phone's back button (or the header's „Zurück“) during an 8 MB camera photo on a slow network: the page used to
    // own the upload and abort it when it went, and the person came back to a list without the photo and without a word.
    const events = new Subject<Result<UploadEvent>>();
    render('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ uploadDocument: () => events }));
    expect(await pageHeading()).toBe('Dokumente');
    await screen.findByRole('button', { name: 'Datei auswählen und hochladen' });
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'IMG_20261207_081512.jpg', { type: 'image/jpeg' })] } });
    events.next(ok({ _tag: 'Progress', loaded: 2, total: 8 }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25'));
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    await waitFor(async () => expect(await pageHeading()).toBe('Übersicht'));
    expect(events.observed).toBe(true);
    events.next(ok({ _tag: 'Progress', loaded: 6, total: 8 }));
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    fireEvent.click(await screen.findByRole('link', { name: /^Dokumente/ }));
    await waitFor(async () => expect(await pageHeading()).toBe('Dokumente'));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'));
    expect(screen.getByText('IMG_20261207_081512.jpg wird hochgeladen: 75 %', { selector: ':not([aria-live] *)' })).toBeTruthy();
    events.next(ok({ _tag: 'Done', document: { ...caseFileDocument, FileName: 'IMG_20261207_081512.jpg', ContentType: 'image/jpeg' } }));
    expect(await screen.findByRole('link', { name: /IMG_20261207_081512\.jpg/ })).toBeTruthy();
  });

  it('should announce the start of an upload and then each quarter of its progress, not every percent', async () => {
    const events = new Subject<Result<UploadEvent>>();
    render('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ uploadDocument: () => events }));
    expect(await pageHeading()).toBe('Dokumente');
    // The choose control comes once the case is known to be open.
    await screen.findByRole('button', { name: 'Datei auswählen und hochladen' });
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    const status = screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite')!;
    await waitFor(() => expect(status.textContent).toBe('Vertrag.pdf wird hochgeladen.'));
    events.next(ok({ _tag: 'Progress', loaded: 1, total: 8 }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('12'));
    expect(status.textContent).toBe('Vertrag.pdf wird hochgeladen.');
    events.next(ok({ _tag: 'Progress', loaded: 3, total: 8 }));
    await waitFor(() => expect(status.textContent).toBe('Vertrag.pdf wird hochgeladen: 25 %'));
    events.next(ok({ _tag: 'Progress', loaded: 4, total: 8 }));
    await waitFor(() => expect(status.textContent).toBe('Vertrag.pdf wird hochgeladen: 50 %'));
    events.next(ok({ _tag: 'Progress', loaded: 5, total: 8 }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('62'));
    expect(status.textContent).toBe('Vertrag.pdf wird hochgeladen: 50 %');
    // The changing percentage and the progress bar sit outside every live region.
    expect(screen.getByRole('progressbar').closest('[aria-live]')).toBeNull();
    expect(screen.getByText('Vertrag.pdf wird hochgeladen: 62 %').closest('[aria-live]')).toBeNull();
  });

  it('should lead the focus to "Hochladen abbrechen" while a file is sent and back to the choose button when it ends', async () => {
    const events = new Subject<Result<UploadEvent>>();
    render('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ uploadDocument: () => events }));
    expect(await pageHeading()).toBe('Dokumente');
    const choose = screen.getByRole('button', { name: 'Datei auswählen und hochladen' });
    choose.focus();
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    // The choose button is disabled while the file is sent; the focus must not fall to the page top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hochladen abbrechen' })));
    events.next(ok({ _tag: 'Done', document: caseFileDocument }));
    await waitFor(() => expect(document.activeElement).toBe(choose));
  });

  it('should confirm a cancelled upload and list a file the server kept although it was cancelled', async () => {
    let stored: (typeof caseFileDocument)[] = [];
    const events = new Subject<Result<UploadEvent>>();
    render(
      '/digitale-fallakte/tok/uebersicht/dokumente',
      authApi({ isAuthenticated: () => of(ok(true)) }),
      contentApi({ getDocuments: () => of(ok(stored)), uploadDocument: () => events }),
    );
    expect(await pageHeading()).toBe('Dokumente');
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    events.next(ok({ _tag: 'Progress', loaded: 8, total: 8 }));
    // Every byte was sent: the server stores the file before the abort reaches it.
    stored = [caseFileDocument];
    fireEvent.click(await screen.findByRole('button', { name: 'Hochladen abbrechen' }));
    const confirmation = await screen.findByText(/Das Hochladen von Vertrag\.pdf wurde abgebrochen\./);
    expect(confirmation.closest('[aria-live]')?.getAttribute('role')).toBe('status');
    expect(await screen.findByRole('link', { name: /Vertrag\.pdf/ })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Datei auswählen und hochladen' }));
  });

  it('should load the documents under React StrictMode (development build), where the loading effect runs twice', async () => {
    const getDocuments = () => later(ok([caseFileDocument]));
    renderStrict('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => later(ok(true)) }), contentApi({ getDocuments }));
    expect(await pageHeading()).toBe('Dokumente');
    await screen.findByRole('link', { name: /Vertrag\.pdf/ }, { timeout: 10_000 });
  });

  it('should say that the device has no internet connection when an upload gets no answer, like the contact form', async () => {
    const uploadDocument = (): Observable<Result<UploadEvent>> => of(err({ _tag: 'NetworkError' as const, message: 'Netzwerkfehler beim Hochladen.' }));
    render('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ uploadDocument }));
    expect(await pageHeading()).toBe('Dokumente');
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    const error = await screen.findByText(/Ihr Gerät hat gerade keine Internetverbindung\./);
    expect(error.textContent).toBe(
      'Die Datei konnte nicht hochgeladen werden. Ihr Gerät hat gerade keine Internetverbindung. Bitte versuchen Sie es erneut, sobald die Verbindung wieder besteht.',
    );
    expect(error.closest('[aria-live]')?.getAttribute('aria-live')).toBe('assertive');
    // The file can be sent again once the connection is back.
    expect(screen.getByRole('button', { name: 'Datei auswählen und hochladen' }).hasAttribute('disabled')).toBe(false);
  });

  it('should announce a finished upload politely in one status region and an error in one assertive region, neither nested nor as alert twice', async () => {
    let answer: Observable<Result<UploadEvent>> = of(ok({ _tag: 'Done' as const, document: caseFileDocument }));
    const uploadDocument = (): Observable<Result<UploadEvent>> => answer;
    render('/digitale-fallakte/tok/uebersicht/dokumente', authApi({ isAuthenticated: () => of(ok(true)) }), contentApi({ uploadDocument }));
    expect(await pageHeading()).toBe('Dokumente');
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    const success = await screen.findByText('Vertrag.pdf wurde hochgeladen.');
    const status = success.closest('[aria-live]')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(success.closest('[role="alert"]')).toBeNull();

    answer = of(err({ _tag: 'HttpError' as const, status: 413, code: 'TooLarge', message: 'zu groß' }));
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Gross.pdf', { type: 'application/pdf' })] } });
    const error = await screen.findByText(/größer als 10 MB/);
    const assertive = error.closest('[aria-live]')!;
    expect(assertive.getAttribute('aria-live')).toBe('assertive');
    expect(assertive.getAttribute('role')).toBe('alert');
    expect(error.closest('[role="alert"]')).toBe(assertive);
    for (const region of document.querySelectorAll('main [aria-live], main [role="alert"], main [role="status"]')) {
      expect(region.parentElement?.closest('[aria-live], [role="alert"], [role="status"]')).toBeNull();
    }
  });
});

describe('removing an upload', () => {
  const ownUpload = { ...caseFileDocument, Removable: true };
  const renderWithUpload = () => {
    const deleted: string[] = [];
    render(
      '/digitale-fallakte/tok/uebersicht/dokumente',
      authApi({ isAuthenticated: () => of(ok(true)) }),
      contentApi({
        getDocuments: () => of(ok(deleted.length ? [] : [ownUpload])),
        deleteDocument: (_token, id) => {
          deleted.push(id);
          return later(ok(undefined));
        },
      }),
    );
    return deleted;
  };
  const openConfirmation = async () => {
    const remove = await screen.findByRole('button', { name: 'Vertrag.pdf entfernen' }, { timeout: 10_000 });
    remove.focus();
    fireEvent.click(remove);
    return { remove, dialog: screen.getByRole('alertdialog', { name: 'Dokument „Vertrag.pdf“ entfernen?' }) };
  };

  it('should ask first; "Abbrechen" and Escape keep the document and give the focus back to its remove button', async () => {
    const deleted = renderWithUpload();
    const { remove, dialog } = await openConfirmation();
    expect(dialog.getAttribute('aria-describedby')).toBe('document-remove-text');
    expect(screen.getByText(/^Die Kanzlei hat es noch nicht geöffnet\./).id).toBe('document-remove-text');
    // The safe choice comes first, so the browser's showModal focuses it.
    expect(dialog.querySelectorAll('button')[0]?.textContent).toBe('Abbrechen');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);

    fireEvent.keyDown((await openConfirmation()).dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(deleted).toEqual([]);
    expect(screen.getByRole('link', { name: 'Vertrag.pdf herunterladen' })).toBeTruthy();
  });

  it('should remove the document after "Entfernen", say so and lead the focus to the choose button', async () => {
    const deleted = renderWithUpload();
    await openConfirmation();
    fireEvent.click(screen.getByRole('button', { name: 'Entfernen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('„Vertrag.pdf“ wurde entfernt. Der Verlauf vermerkt es.')).toBeTruthy();
    expect(deleted).toEqual(['d1']);
    expect(screen.queryByRole('link', { name: 'Vertrag.pdf herunterladen' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Datei auswählen und hochladen' })));
  });

  // The removal's own state („removing“) reaches the screen as a React transition, the dialog's closing at once: under
  // CPU load the answer of the DELETE can arrive before the transition rendered, and React then renders both states in
  // one go – the screen never sees the removal running. These tests drive each order by hand.
  describe('the focus after "Entfernen", in every order of the answers', () => {
    const choose = () => screen.getByRole('button', { name: 'Datei auswählen und hochladen' });
    const renderControlled = () => {
      const answer = new Subject<Result<void>>();
      const lists = new Subject<Result<readonly (typeof ownUpload)[]>>();
      let reads = 0;
      render(
        '/digitale-fallakte/tok/uebersicht/dokumente',
        authApi({ isAuthenticated: () => of(ok(true)) }),
        contentApi({
          // The first read answers at once, a later one (a reload after a refusal) when the test says.
          getDocuments: () => (reads++ === 0 ? of(ok([ownUpload])) : lists),
          deleteDocument: () => answer,
        }),
      );
      return { answer, lists };
    };
    const confirm = () => screen.getByRole('button', { name: 'Entfernen' });

    it('should lead the focus to the choose button when the removal answers before its running state was rendered', async () => {
      const { answer } = renderControlled();
      await openConfirmation();
      act(() => {
        confirm().click();
        answer.next(ok(undefined));
      });
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Vertrag.pdf herunterladen' })).toBeNull();
      expect(document.activeElement).toBe(choose());
    });

    it('should lead the focus to the choose button when the removal answers after its running state was rendered', async () => {
      const { answer } = renderControlled();
      await openConfirmation();
      fireEvent.click(confirm());
      expect(screen.getByRole('button', { name: 'Vertrag.pdf entfernen' }).getAttribute('aria-busy')).toBe('true');
      act(() => answer.next(ok(undefined)));
      expect(screen.queryByRole('link', { name: 'Vertrag.pdf herunterladen' })).toBeNull();
      expect(document.activeElement).toBe(choose());
    });

    it('should keep the focus on the choose button when the firm opened the document meanwhile and the list is read again', async () => {
      const { answer, lists } = renderControlled();
      await openConfirmation();
      act(() => {
        confirm().click();
        answer.next(err({ _tag: 'HttpError' as const, status: 409, code: 'Conflict', message: 'geöffnet' }));
      });
      act(() => lists.next(ok([{ ...ownUpload, Removable: false }])));
      expect(screen.getByText(/bereits geöffnet/)).toBeTruthy();
      expect(document.activeElement).toBe(choose());
    });
  });
});

describe('sent confirmations opened directly', () => {
  const signedIn = () => authApi({ isAuthenticated: () => of(ok(true)) });
  const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

  it('should not confirm a Vollmacht that was never sent, but show the form to sign it', async () => {
    const person = { FirstName: 'Erika', LastName: 'Muster', Email: 'e@example.org', Phone: '+49 151 ••• 45••••', Street: null, PostalCode: null, City: null };
    render('/digitale-fallakte/tok/uebersicht/vollmacht/versendet', signedIn(), contentApi({ getPerson: () => of(ok(person)) }));
    expect(await heading('Vollmacht')).toBeTruthy();
    expect(screen.queryByText(/ist bei Ihrer Kanzlei eingegangen/)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Vollmacht unterschrieben senden' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('should not confirm a questionnaire that was never sent, but show the questionnaire', async () => {
    render('/digitale-fallakte/tok/fragebogen/versendet', signedIn());
    expect(await heading('Fragebogen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fragebogen gesendet' })).toBeNull();
  });
});

describe('logged-out page opened directly', () => {
  it('should really end a live session before it says so (bookmark, history entry, shared link)', async () => {
    let live = true;
    const calls: string[] = [];
    const api = authApi({
      isAuthenticated: () => later(ok(live)),
      logout: () => {
        calls.push('logout');
        live = false;
        return later(ok(undefined));
      },
    });
    render('/digitale-fallakte/tok/abmelden', api);
    await waitFor(() => expect(screen.getByText(/erfolgreich von Ihrer digitalen Fallakte abgemeldet/)).toBeTruthy(), { timeout: 10_000 });
    expect(calls).toEqual(['logout']);
    expect(live).toBe(false);
  });

  it('should not call the logout when no session is live', async () => {
    const calls: string[] = [];
    render(
      '/digitale-fallakte/tok/abmelden',
      authApi({
        logout: () => {
          calls.push('logout');
          return of(ok(undefined));
        },
      }),
    );
    await waitFor(() => expect(screen.getByText(/erfolgreich von Ihrer digitalen Fallakte abgemeldet/)).toBeTruthy(), { timeout: 10_000 });
    expect(await pageHeading()).toBe('Sie wurden abgemeldet');
    expect(calls).toEqual([]);
  });
});

describe('case-closed page', () => {
  it('should say that the file stays available after the mandate ended and when it is deleted, not that it is gone', async () => {
    render('/digitale-fallakte/fall-abgeschlossen', authApi({}));
    expect(await pageHeading()).toBe('Ihr Fall ist abgeschlossen');
    expect(screen.getByText(/Ihr Mandat ist beendet\. Ihre digitale Fallakte bleibt für Sie einsehbar/)).toBeTruthy();
    expect(
      screen.getByText(/sechs Jahre auf, gerechnet ab dem Ende des Kalenderjahres, in dem Ihr Mandat endete.*Danach wird sie mit allen Unterlagen gelöscht\./),
    ).toBeTruthy();
    expect(screen.queryByText(/nicht mehr zur Verfügung/)).toBeNull();
  });
});

describe('withdrawn case file', () => {
  it('should lead the link of a withdrawn file to its end page, which names the firm to contact', async () => {
    const firm = {
      ...firmDetailsFromContact({ name: 'Berger & Partner Rechtsanwälte', phone: '+49 30 1234567', email: 'kanzlei@berger-partner.example' }),
      Street: 'Musterstraße 12',
      PostalCode: '10115',
      City: 'Berlin',
    };
    const withdrawn = err({ _tag: 'HttpError' as const, status: 410, code: 'CaseFileWithdrawn', message: 'Diese Fallakte wurde zurückgezogen.' });
    renderApp(
      '/digitale-fallakte/tok',
      { caseFileAuthApi: authApi({ checkToken: () => of(withdrawn) }) },
      { ...testConfig, firmName: firm.Name, firmDetails: firm },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Fallakte wurde zurückgezogen' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/Der Link und die PIN gelten nicht mehr\./)).toBeTruthy();
    const contact = screen.getByRole('region', { name: 'So erreichen Sie Ihre Kanzlei' });
    expect(within(contact).getByText('Berger & Partner Rechtsanwälte')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'kanzlei@berger-partner.example' }).getAttribute('href')).toBe('mailto:kanzlei@berger-partner.example');
  });

  it('should point to the firm in general words when no firm details are set', async () => {
    render('/digitale-fallakte/zurueckgezogen', authApi({}));
    expect(await pageHeading()).toBe('Diese Fallakte wurde zurückgezogen');
    expect(screen.getByText('Bei Fragen wenden Sie sich bitte an Ihre Kanzlei.')).toBeTruthy();
  });
});
