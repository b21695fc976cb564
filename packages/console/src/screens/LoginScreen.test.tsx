// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT, fakeFetch, fakeHttp, me } from '../testSupport/fakes.js';
import { createConsoleSession } from '../workspace/createConsoleWorkspace.js';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n.js';
import { LoginScreen } from './LoginScreen.js';
import { assertiveText, nestedLiveRegions } from '../testSupport/liveRegions.js';

afterEach(cleanup);

describe('LoginScreen second factor', () => {
  it('should offer a labelled numeric one-time-code field and pass its digits to the login', () => {
    const logins: string[][] = [];
    render(
      <I18nextProvider i18n={createI18n()}>
        <LoginScreen error={null} busy={false} onLogin={(email, password, code) => logins.push([email, password, code])} onPasskeyLogin={() => undefined} />
      </I18nextProvider>,
    );
    const code = screen.getByLabelText('Bestätigungscode');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'geheim' } });
    fireEvent.change(code, { target: { value: '12 34 567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(logins).toEqual([['anna@example.org', 'geheim', '123456']]);
  });
});

describe('LoginScreen focus after a refusal', () => {
  const login = (busy: boolean, error: 'Login.Wrong' | null) => (
    <I18nextProvider i18n={createI18n()}>
      <LoginScreen error={error} busy={busy} onLogin={() => undefined} onPasskeyLogin={() => undefined} />
    </I18nextProvider>
  );

  it('should move the focus to the first empty required field on submitting', () => {
    render(login(false, null));
    const submit = screen.getByRole('button', { name: 'Anmelden' });
    submit.focus();
    fireEvent.click(submit);
    expect(document.activeElement).toBe(screen.getByLabelText(/E-Mail-Adresse/));
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
    submit.focus();
    fireEvent.click(submit);
    expect(document.activeElement).toBe(screen.getByLabelText(/Passwort/));
  });

  it('should read a refused sign-in out once: the message is no alert inside the assertive region', () => {
    const { rerender } = render(login(false, null));
    rerender(login(false, 'Login.Wrong'));
    expect(assertiveText()).toContain('nicht korrekt');
    expect(nestedLiveRegions()).toEqual([]);
  });

  it('should say to add the code when a login sent without one was refused, and only to check the entries when it had one', () => {
    const { rerender } = render(login(false, null));
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    rerender(login(false, 'Login.Wrong'));
    expect(assertiveText()).toBe(
      'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet, geben Sie bitte auch den Bestätigungscode aus Ihrer App ein. Sonst prüfen Sie bitte E-Mail-Adresse und Passwort.',
    );
    fireEvent.change(screen.getByLabelText('Bestätigungscode'), { target: { value: '123456' } });
    // Typing the code changes nothing until it is sent.
    expect(assertiveText()).toContain('Haben Sie die Zwei-Faktor-Anmeldung eingerichtet');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(assertiveText()).toBe('E-Mail-Adresse, Passwort oder Bestätigungscode sind nicht korrekt. Bitte prüfen Sie Ihre Eingaben.');
  });

  it('should move the focus to the e-mail address, the first field marked, when the answer says the credentials are wrong', () => {
    const { rerender } = render(login(true, null));
    screen.getByLabelText('Bestätigungscode').focus();
    rerender(login(false, 'Login.Wrong'));
    expect(document.activeElement).toBe(screen.getByLabelText(/E-Mail-Adresse/));
  });
});

describe('LoginScreen fields marked invalid', () => {
  const renderWith = (error: 'Login.Missing' | 'Login.Wrong' | 'Login.Locked' | 'Error.Network') =>
    render(
      <I18nextProvider i18n={createI18n()}>
        <LoginScreen error={error} busy={false} onLogin={() => undefined} onPasskeyLogin={() => undefined} />
      </I18nextProvider>,
    );
  const invalid = () =>
    [screen.getByLabelText(/E-Mail-Adresse/), screen.getByLabelText(/Passwort/), screen.getByLabelText('Bestätigungscode')].map(
      (field) => field.getAttribute('aria-invalid') === 'true',
    );

  it('should mark only the required fields still empty when something is missing, never the optional code', () => {
    renderWith('Login.Missing');
    expect(invalid()).toEqual([true, true, false]);
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'geheim' } });
    // The password is there now: only the e-mail address is still missing.
    expect(invalid()).toEqual([true, false, false]);
  });

  it('should tie each marked field to the message that says why, the code field to its hint as well', () => {
    renderWith('Login.Wrong');
    const description = (field: HTMLElement) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' | ');
    const message = assertiveText();
    expect(message).not.toBe('');
    expect(description(screen.getByLabelText(/E-Mail-Adresse/))).toBe(message);
    expect(description(screen.getByLabelText(/Passwort/))).toBe(message);
    expect(description(screen.getByLabelText('Bestätigungscode'))).toMatch(new RegExp(`\\| ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  it('should mark all three after wrong credentials, and none for a lock or a network failure', () => {
    renderWith('Login.Wrong');
    expect(invalid()).toEqual([true, true, true]);
    cleanup();
    renderWith('Login.Locked');
    expect(invalid()).toEqual([false, false, false]);
    cleanup();
    renderWith('Error.Network');
    expect(invalid()).toEqual([false, false, false]);
  });
});

describe('LoginScreen lock', () => {
  const renderLocked = (retryAfterSeconds?: number) =>
    render(
      <I18nextProvider i18n={createI18n()}>
        <LoginScreen error="Login.Locked" retryAfterSeconds={retryAfterSeconds} busy={false} onLogin={() => undefined} onPasskeyLogin={() => undefined} />
      </I18nextProvider>,
    );

  it('should name the wait the server gave, in whole minutes rounded up or in seconds under a minute', () => {
    renderLocked(14 * 60 + 5);
    expect(assertiveText()).toContain('Bitte versuchen Sie es in 15 Minuten erneut.');
    cleanup();
    renderLocked(60);
    expect(assertiveText()).toContain('Bitte versuchen Sie es in 1 Minute erneut.');
    cleanup();
    renderLocked(42);
    expect(assertiveText()).toContain('Bitte versuchen Sie es in 42 Sekunden erneut.');
  });

  it('should fall back to the general lock text when the server named no wait', () => {
    renderLocked(undefined);
    expect(assertiveText()).toContain('Bitte warten Sie einen Moment und versuchen Sie es dann erneut.');
  });
});

describe('LoginScreen recovery code', () => {
  it('should switch to a labelled recovery-code field that keeps letters and the dash, focus it and pass the code to the login', async () => {
    const logins: string[][] = [];
    render(
      <I18nextProvider i18n={createI18n()}>
        <LoginScreen error={null} busy={false} onLogin={(email, password, code) => logins.push([email, password, code])} onPasskeyLogin={() => undefined} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Kein Zugriff auf die Authenticator-App? Wiederherstellungscode verwenden' }));
    const code = screen.getByLabelText('Wiederherstellungscode');
    expect(screen.queryByLabelText('Bestätigungscode')).toBeNull();
    expect(code.getAttribute('inputmode')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'geheim' } });
    fireEvent.change(code, { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(logins).toEqual([['anna@example.org', 'geheim', 'abcde-fghjk']]);
    fireEvent.click(screen.getByRole('button', { name: 'Doch den Code aus der Authenticator-App verwenden' }));
    expect(screen.getByLabelText('Bestätigungscode')).toBeTruthy();
  });
});

describe('lawyer API login with a second factor', () => {
  it('should send TotpCode only when a code was entered', async () => {
    const { fetcher, calls } = fakeFetch({ [`POST ${CHAT}api/lawyer/login`]: { status: 200, body: me } });
    const session = createConsoleSession(fakeHttp(fetcher));
    const settled = () => firstValueFrom(session.state$.pipe(filter((state) => state.status === 'signedIn')));
    session.login('anna@example.org', 'geheim', '123456');
    await settled();
    session.login('anna@example.org', 'geheim', '');
    await settled();
    expect(calls.map((c) => JSON.parse(String(c.init?.body)) as unknown)).toEqual([
      { Email: 'anna@example.org', Password: 'geheim', TotpCode: '123456' },
      { Email: 'anna@example.org', Password: 'geheim' },
    ]);
  });
});
