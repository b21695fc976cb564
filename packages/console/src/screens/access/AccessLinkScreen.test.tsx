// @vitest-environment jsdom
// The public page behind set-up, invitation and password-reset links: the token from the fragment, in the body only.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { of } from 'rxjs';
import { err, httpError, networkError, ok, type AccountLinkApi, type AccountLinkInfo } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { LoginRouteScreen } from '../LoginScreen.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.js';
import { AccessLinkScreen } from './AccessLinkScreen.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const TOKEN = 'einmal-token-0123456789abcdef';
const invitation: AccountLinkInfo = { Purpose: 'invitation', Email: 'neu@example.org', Name: null, Role: 'lawyer', ExpiresAt: '2026-11-25T09:00:00.000Z' };
const invalid = err(httpError(404, 'NotFound', 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.'));

/** The address the router shows, as the browser's address bar (and its history entry) would. */
let shownAddress = '';
function AddressBar() {
  const { pathname, hash } = useLocation();
  shownAddress = `${pathname}${hash}`;
  return null;
}

function setUp(over: Partial<AccountLinkApi> = {}, hash = `#${TOKEN}`) {
  const api: AccountLinkApi = {
    inspect: vi.fn(() => of(ok(invitation))),
    complete: vi.fn(() => of(ok({ Email: 'neu@example.org' }))),
    ...over,
  };
  render(
    <I18nextProvider i18n={createI18n()}>
      <MemoryRouter initialEntries={[`/zugang${hash}`]}>
        <AddressBar />
        <Routes>
          <Route path="zugang" element={<AccessLinkScreen api={api} />} />
          <Route path="/" element={<LoginRouteScreen error={null} busy={false} onLogin={() => undefined} onPasskeyLogin={() => undefined} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return api;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AccessLinkScreen', () => {
  it('should take name, salutation, phone and password for an invitation, then send the person to the login', async () => {
    const api = setUp();
    expect(await screen.findByText(/Sie wurden in die Anwaltskonsole eingeladen/)).toBeTruthy();
    expect(api.inspect).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByText('Konto: neu@example.org, gültig bis 25.11.2026, 10:00')).toBeTruthy();
    // The policy is shown before the first attempt.
    expect(screen.getByText(/Mindestens 8 Zeichen, wir empfehlen 15 oder mehr/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie Ihren Namen ein.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Ihr Name/));
    type(/Ihr Name/, ' Clara Vogt ');
    type(/Telefonnummer/, '+49 30 1234567');
    type(/^Passwort\s*\*?$/, 'Lange Sätze sind gute Passwörter');
    type(/Passwort wiederholen/, 'Lange Sätze sind gute Passwörter!');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die beiden neuen Passwörter stimmen nicht überein.')).toBeTruthy();
    type(/Passwort wiederholen/, 'Lange Sätze sind gute Passwörter');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Ihr Zugang ist eingerichtet\. Bitte melden Sie sich jetzt mit neu@example\.org/)).toBeTruthy();
    expect(screen.getByText(/führt die Anmeldung Sie durch die Einrichtung/)).toBeTruthy();
    expect(api.complete).toHaveBeenCalledWith({
      Token: TOKEN,
      Password: 'Lange Sätze sind gute Passwörter',
      Name: 'Clara Vogt',
      Gender: 'other',
      Phone: '+49 30 1234567',
    });
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/');
    // The login knows the new account's address and starts at the password.
    fireEvent.click(screen.getByRole('link', { name: 'Zur Anmeldung' }));
    expect((await screen.findByLabelText(/E-Mail-Adresse/)).getAttribute('value')).toBe('neu@example.org');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Passwort/));
  });

  it('should put every label above its field and the name’s explanation under it, so nothing is cut on a 320 px phone', async () => {
    setUp();
    expect(await screen.findByText(/Sie wurden in die Anwaltskonsole eingeladen/)).toBeTruthy();
    // A resting MUI label lies in the field on one line, cut with "…" when too long: these stand above from the start.
    const labels = [...document.querySelectorAll('form .MuiInputLabel-root')];
    expect(labels.map((label) => label.textContent?.replace(/\s*\*$/, ''))).toEqual([
      'Ihr Name',
      'Anrede',
      'Telefonnummer (freiwillig)',
      'Passwort',
      'Passwort wiederholen',
    ]);
    expect(labels.map((label) => label.getAttribute('data-shrink'))).toEqual(['true', 'true', 'true', 'true', 'true']);
    const name = screen.getByLabelText(/Ihr Name/);
    const described = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('So sehen Mandantinnen und Mandanten Ihren Namen.');
  });

  it('should mark every field found wrong at once, each naming its own message, and focus the first', async () => {
    const api = setUp();
    expect(await screen.findByText(/Sie wurden in die Anwaltskonsole eingeladen/)).toBeTruthy();
    type(/Passwort wiederholen/, 'etwas');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const name = await screen.findByLabelText(/Ihr Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const password = screen.getByLabelText(/^Passwort\s*\*?$/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const message = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(message(name)).toBe('Bitte geben Sie Ihren Namen ein.');
    expect(message(password)).toBe('Bitte geben Sie ein Passwort ein.');
    // The repetition is no mismatch of a password not yet typed; the phone is optional.
    expect(screen.getByLabelText(/Passwort wiederholen/).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText(/Telefonnummer/).getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(name);
    // Fixing one leaves the other marked on the next attempt, and the focus goes to it.
    type(/Ihr Name/, 'Clara Vogt');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(api.complete).not.toHaveBeenCalled();
  });

  it('should ask only for the new password on a password-reset link', async () => {
    const api = setUp({ inspect: vi.fn(() => of(ok({ ...invitation, Purpose: 'passwordReset' as const, Name: 'Bernd Roth' }))) });
    expect(await screen.findByText('Bitte legen Sie ein neues Passwort fest.')).toBeTruthy();
    expect(screen.queryByLabelText(/Ihr Name/)).toBeNull();
    type(/^Passwort\s*\*?$/, 'Lange Sätze sind gute Passwörter');
    type(/Passwort wiederholen/, 'Lange Sätze sind gute Passwörter');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.complete).toHaveBeenCalledWith({ Token: TOKEN, Password: 'Lange Sätze sind gute Passwörter' }));
    // A new password, not a new account.
    expect(
      await screen.findByText('Ihr neues Passwort ist gespeichert. Bitte melden Sie sich jetzt mit neu@example.org und dem neuen Passwort an.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Ihr Zugang ist eingerichtet/)).toBeNull();
  });

  it("should keep the salutation of a set-up link's account unless the person chooses one", async () => {
    const api = setUp({ inspect: vi.fn(() => of(ok({ ...invitation, Purpose: 'setup' as const, Name: 'Dr. Anna Berger', Role: 'admin' as const }))) });
    expect(await screen.findByText(/Richten Sie den Zugang der Administration ein/)).toBeTruthy();
    expect((screen.getByLabelText(/Ihr Name/) as HTMLInputElement).value).toBe('Dr. Anna Berger');
    type(/^Passwort\s*\*?$/, 'Lange Sätze sind gute Passwörter');
    type(/Passwort wiederholen/, 'Lange Sätze sind gute Passwörter');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.complete).toHaveBeenCalledWith({ Token: TOKEN, Password: 'Lange Sätze sind gute Passwörter', Name: 'Dr. Anna Berger' }));
  });

  it("should put the server's refusal of the password beside the password field", async () => {
    setUp({ complete: vi.fn(() => of(err(httpError(400, 'PasswordCommon', 'Dieses Passwort ist zu verbreitet und leicht zu erraten.')))) });
    await screen.findByLabelText(/Ihr Name/);
    type(/Ihr Name/, 'Clara Vogt');
    type(/^Passwort\s*\*?$/, 'passwort123');
    type(/Passwort wiederholen/, 'passwort123');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieses Passwort ist zu verbreitet und leicht zu erraten.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Passwort\s*\*?$/));
  });

  it('should say in German that a used or expired link no longer works', async () => {
    setUp({ inspect: vi.fn(() => of(invalid)) });
    expect(await screen.findByText(/Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet\. Bitte fragen Sie die Administration/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    // No dead end: the page leads on to the console (the login, or the workspace when signed in already).
    expect(screen.getByRole('link', { name: 'Zur Anwaltskonsole' }).getAttribute('href')).toBe('/');
  });

  it('should say so when the link was used up while the form was open', async () => {
    setUp({ complete: vi.fn(() => of(invalid)) });
    await screen.findByLabelText(/Ihr Name/);
    type(/Ihr Name/, 'Clara Vogt');
    type(/^Passwort\s*\*?$/, 'Lange Sätze sind gute Passwörter');
    type(/Passwort wiederholen/, 'Lange Sätze sind gute Passwörter');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('should take the token out of the address (and so out of the history), keep it in the tab for a reload and forget it once used', async () => {
    const api = setUp();
    expect(await screen.findByText(/Sie wurden in die Anwaltskonsole eingeladen/)).toBeTruthy();
    await waitFor(() => expect(shownAddress).toBe('/zugang'));
    expect(api.inspect).toHaveBeenCalledTimes(1);
    // A reload: the address has no token any more, the tab still has it.
    cleanup();
    const reloaded = setUp({}, '');
    expect(await screen.findByText(/Sie wurden in die Anwaltskonsole eingeladen/)).toBeTruthy();
    expect(reloaded.inspect).toHaveBeenCalledWith(TOKEN);
    type(/Ihr Name/, 'Clara Vogt');
    type(/^Passwort\s*\*?$/, 'Lange Sätze sind gute Passwörter');
    type(/Passwort wiederholen/, 'Lange Sätze sind gute Passwörter');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Ihr Zugang ist eingerichtet/)).toBeTruthy();
    expect(reloaded.complete).toHaveBeenCalledWith(expect.objectContaining({ Token: TOKEN }));
    // Used: a later visit without a link finds nothing to set up.
    cleanup();
    const later = setUp({}, '');
    expect(await screen.findByText(/Dieser Link ist unvollständig/)).toBeTruthy();
    expect(later.inspect).not.toHaveBeenCalled();
  });

  it('should forget a token the server does not know, but keep it after a network error for the next try', async () => {
    setUp({ inspect: vi.fn(() => of(invalid)) });
    expect(await screen.findByText(/Dieser Link ist ungültig/)).toBeTruthy();
    await waitFor(() => expect(sessionStorage.length).toBe(0));
    cleanup();
    setUp({ inspect: vi.fn(() => of(err(networkError('offline')))) });
    expect(await screen.findByText('Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.')).toBeTruthy();
    cleanup();
    const again = setUp({}, '');
    expect(await screen.findByText(/Sie wurden in die Anwaltskonsole eingeladen/)).toBeTruthy();
    expect(again.inspect).toHaveBeenCalledWith(TOKEN);
  });

  it('should not call the server for a link without its token', async () => {
    const api = setUp({}, '');
    expect(await screen.findByText(/Dieser Link ist unvollständig/)).toBeTruthy();
    expect(api.inspect).not.toHaveBeenCalled();
  });
});
