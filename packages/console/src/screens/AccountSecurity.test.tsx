// @vitest-environment jsdom
// The profile's account security: password change with field-bound, announced errors; the
// device list (browser and system, Berlin times, shortened address, "Dieses Gerät") with signing out one or all others;
// the second factor under LAWYER_MFA=optional.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { err, httpError, ok, type DeviceSession, type LawyerAccountApi, type TotpStatus } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { later } from '../testSupport/fakes.js';
import { createI18n } from '../i18n/i18n.js';
import { AccountSecurity } from './AccountSecurity.js';
import { findAssertiveText } from '../testSupport/liveRegions.js';

afterEach(cleanup);

const devices: DeviceSession[] = [
  // 08:05 UTC in winter: 09:05 in Berlin.
  {
    Id: 'cur',
    CreatedAt: '2026-01-15T08:05:00.000Z',
    LastSeenAt: '2026-01-15T09:00:00.000Z',
    Current: true,
    Browser: 'Safari',
    System: 'iPhone',
    Network: '192.0.2.x',
  },
  {
    Id: 'oth',
    CreatedAt: '2026-01-14T07:30:00.000Z',
    LastSeenAt: '2026-01-14T08:00:00.000Z',
    Current: false,
    Browser: 'Chrome',
    System: 'Windows',
    Network: '2001:db8:85a3::/48',
  },
];

const CODES = [
  'ABCDE-FGHJK',
  'LMNPQ-RSTUV',
  'WXYZ2-34567',
  '89ABC-DEFGH',
  'JKLMN-PQRST',
  'UVWXY-Z2345',
  '6789A-BCDEF',
  'GHJKL-MNPQR',
  'STUVW-XYZ23',
  '45678-9ABCD',
];

function fakeApi(over: Partial<LawyerAccountApi> = {}, totp: TotpStatus = { Enabled: false, Required: false, RecoveryCodesLeft: 0 }) {
  const api: LawyerAccountApi = {
    changePassword: vi.fn(() => later(ok(undefined))),
    sessions: vi.fn(() => later(ok(devices))),
    endSession: vi.fn(() => later(ok(undefined))),
    endOtherSessions: vi.fn(() => later(ok({ Ended: 1 }))),
    totpStatus: vi.fn(() => later(ok(totp))),
    totpSetup: vi.fn(() => later(ok({ Secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', OtpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }))),
    totpConfirm: vi.fn(() => later(ok({ RecoveryCodes: CODES }))),
    renewRecoveryCodes: vi.fn(() => later(ok({ RecoveryCodes: CODES }))),
    totpDisable: vi.fn(() => later(ok(undefined))),
    passkeys: vi.fn(() => later(ok([]))),
    passkeyRegistrationOptions: vi.fn(() => later(ok({}))),
    registerPasskey: vi.fn(() => later(err(httpError(400, 'BadRequest', 'nicht erwartet')))),
    removePasskey: vi.fn(() => later(ok(undefined))),
    ...over,
  };
  return api;
}

function show(api: LawyerAccountApi) {
  const onSessionsEnded = vi.fn();
  const onSessionExpired = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <AccountSecurity api={api} email="anna@example.org" onSessionsEnded={onSessionsEnded} onSessionExpired={onSessionExpired} />
    </I18nextProvider>,
  );
  return { onSessionsEnded, onSessionExpired };
}

/** The text of the element's aria-describedby targets, as a screen reader reads it after the label. */
const description = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
const submitPassword = () => fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));

describe('Passwort ändern', () => {
  it('should offer the password manager hints and change the password', async () => {
    const api = fakeApi();
    const { onSessionsEnded } = show(api);
    const current = screen.getByLabelText('Aktuelles Passwort', { exact: false, selector: 'input' });
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(current.getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Neues Passwort', { exact: false, selector: 'input#password-new' }).getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText(/wir empfehlen 15 oder mehr/)).toBeTruthy();
    fill('Aktuelles Passwort', 'Sehr-geheimes-Passwort-1');
    fireEvent.change(document.getElementById('password-new')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    fireEvent.change(document.getElementById('password-repeat')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    submitPassword();
    expect(await screen.findByText('Ihr Passwort wurde geändert. Alle anderen Anmeldungen wurden beendet.')).toBeTruthy();
    expect(api.changePassword).toHaveBeenCalledWith('Sehr-geheimes-Passwort-1', 'wolken ziehen langsam vorbei');
    expect(onSessionsEnded).toHaveBeenCalled();
    expect((document.getElementById('password-current') as HTMLInputElement).value).toBe('');
  });

  it('should bind a mismatch to the repeat field without asking the server', async () => {
    const api = fakeApi();
    show(api);
    fill('Aktuelles Passwort', 'alt');
    fireEvent.change(document.getElementById('password-new')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    fireEvent.change(document.getElementById('password-repeat')!, { target: { value: 'wolken ziehen schnell vorbei' } });
    submitPassword();
    const repeat = document.getElementById('password-repeat')!;
    await waitFor(() => expect(repeat.getAttribute('aria-invalid')).toBe('true'));
    expect(description(repeat)).toBe('Die beiden neuen Passwörter stimmen nicht überein.');
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it.each([
    ['CurrentPasswordWrong', 'password-current', 'Das aktuelle Passwort ist nicht korrekt.'],
    [
      'PasswordCommon',
      'password-new',
      'Dieses Passwort ist leicht zu erraten: Es ist weit verbreitet oder enthält ein naheliegendes Wort wie „Kanzlei“ oder „Rechtsanwalt“. Bitte wählen Sie ein anderes.',
    ],
    ['PasswordContainsPersonalData', 'password-new', 'Das neue Passwort darf weder Ihren Namen noch Ihre E-Mail-Adresse enthalten.'],
  ])('should bind the server answer %s to its field and announce it', async (code, fieldId, text) => {
    show(fakeApi({ changePassword: () => later(err(httpError(400, code, 'Server-Text'))) }));
    fill('Aktuelles Passwort', 'alt-passwort');
    fireEvent.change(document.getElementById('password-new')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    fireEvent.change(document.getElementById('password-repeat')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    submitPassword();
    const field = document.getElementById(fieldId)!;
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(description(field)).toBe(text);
    const live = document.querySelector('[aria-live="assertive"]')!;
    expect(live.textContent).toContain(text);
  });

  it('should say that the account waits after too many wrong current passwords', async () => {
    show(fakeApi({ changePassword: () => later(err(httpError(429, 'Locked', 'x'))) }));
    fill('Aktuelles Passwort', 'alt-passwort');
    fireEvent.change(document.getElementById('password-new')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    fireEvent.change(document.getElementById('password-repeat')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    submitPassword();
    expect(await findAssertiveText()).toContain('Zu viele falsche Eingaben des aktuellen Passworts.');
  });

  it('should name the wait the server gave when the current password is locked', async () => {
    show(fakeApi({ changePassword: () => later(err({ ...httpError(429, 'Locked', 'x'), retryAfterSeconds: 600 })) }));
    fill('Aktuelles Passwort', 'alt-passwort');
    fireEvent.change(document.getElementById('password-new')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    fireEvent.change(document.getElementById('password-repeat')!, { target: { value: 'wolken ziehen langsam vorbei' } });
    submitPassword();
    expect(await findAssertiveText()).toBe('Zu viele falsche Eingaben des aktuellen Passworts. Bitte versuchen Sie es in 10 Minuten erneut.');
  });
});

describe('Angemeldete Geräte', () => {
  it('should list the sessions by browser and system in Berlin time with the shortened address, mark this one and sign out the others', async () => {
    const api = fakeApi();
    const { onSessionsEnded } = show(api);
    const list = await screen.findByRole('list', { name: 'Angemeldete Geräte' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Safari auf dem iPhone');
    expect(items[0]!.textContent).toContain('Angemeldet seit 15.01.2026, 09:05, zuletzt aktiv 15.01.2026, 10:00 · IP 192.0.2.x');
    expect(items[0]!.textContent).toContain('Dieses Gerät');
    expect(items[1]!.textContent).toContain('Chrome unter Windows');
    expect(items[1]!.textContent).toContain('IP 2001:db8:85a3::/48');
    expect(items[1]!.textContent).not.toContain('Dieses Gerät');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Chrome unter Windows, angemeldet seit 14.01.2026, 08:30, abmelden' }));
    expect(await screen.findByText('Die Anmeldung wurde beendet.')).toBeTruthy();
    expect(api.endSession).toHaveBeenCalledWith('oth');
    fireEvent.click(screen.getByRole('button', { name: 'Alle anderen abmelden' }));
    expect(await screen.findByText('1 andere Anmeldung wurde beendet.')).toBeTruthy();
    expect(onSessionsEnded).toHaveBeenCalledTimes(2);
  });

  it('should call a browser or system it does not know by what it knows, else "Unbekannter Browser"', async () => {
    const at = { CreatedAt: '2026-01-14T07:30:00.000Z', LastSeenAt: '2026-01-14T08:00:00.000Z', Current: false };
    const sessions: DeviceSession[] = [
      { Id: 'a', ...at, Browser: 'Firefox', System: 'Linux' },
      { Id: 'b', ...at, Browser: 'Firefox' },
      { Id: 'c', ...at, System: 'Android' },
      { Id: 'd', ...at, Browser: 'Netscape', System: 'BeOS' },
      { Id: 'e', ...at, Browser: 'constructor', System: 'toString' },
      { Id: 'f', ...at },
    ];
    show(fakeApi({ sessions: () => later(ok(sessions)) }));
    const list = await screen.findByRole('list', { name: 'Angemeldete Geräte' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(names).toEqual([
      'Firefox unter Linux',
      'Firefox',
      'Unbekannter Browser auf einem Android-Gerät',
      'Unbekannter Browser',
      'Unbekannter Browser',
      'Unbekannter Browser',
    ]);
    // Without an address the row shows the times only.
    expect(within(list).getAllByRole('listitem')[5]!.textContent).not.toContain('IP');
  });

  it('should go to the login when the session itself is gone', async () => {
    const { onSessionExpired } = show(fakeApi({ sessions: () => later(err(httpError(401, 'NotAuthenticated', 'x'))) }));
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalled());
  });
});

describe('Zwei-Faktor-Anmeldung', () => {
  it('should set up the second factor with the QR code, the secret and a first code', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }));
    // The password first: a session alone does not set up another authenticator.
    fireEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect(await findAssertiveText()).toContain('Bitte geben Sie Ihr aktuelles Passwort ein.');
    expect(api.totpSetup).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Ihr aktuelles Passwort', { exact: false, selector: 'input' }), { target: { value: 'Mein-Passwort-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByDisplayValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(api.totpSetup).toHaveBeenCalledWith({ CurrentPassword: 'Mein-Passwort-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Einrichtung bestätigen' }));
    expect(await findAssertiveText()).toContain('Bitte geben Sie den sechsstelligen Code');
    fireEvent.change(screen.getByLabelText('Sechsstelliger Code aus der App', { exact: false, selector: 'input' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einrichtung bestätigen' }));
    expect(await screen.findByText('Die Zwei-Faktor-Anmeldung ist jetzt eingerichtet.')).toBeTruthy();
    expect(api.totpConfirm).toHaveBeenCalledWith('123456');
    // The recovery codes of the new factor are shown once, in a dialog that needs the confirmation to close.
    const dialog = await screen.findByRole('dialog', { name: 'Wiederherstellungscodes' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ich habe die Wiederherstellungscodes sicher gespeichert.' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The form that opened the dialog is gone: the keyboard focus stays in the section instead of falling to the page.
    await waitFor(() => expect(document.activeElement?.closest('section')?.getAttribute('aria-labelledby')).toBe('second-factor-heading'));
    expect(document.activeElement?.tagName).toBe('BUTTON');
  });

  it('should move the keyboard focus to each new step: the password, then the key to type into the app', async () => {
    show(fakeApi());
    const setUp = await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' });
    setUp.focus();
    fireEvent.click(setUp);
    const password = await screen.findByLabelText('Ihr aktuelles Passwort', { exact: false, selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(password));
    fireEvent.change(password, { target: { value: 'Mein-Passwort-1' } });
    fireEvent.submit(password);
    const key = await screen.findByDisplayValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // The password field is gone; the browser would have dropped the focus to the page's start.
    await waitFor(() => expect(document.activeElement).toBe(key));
  });

  it('should give the keyboard focus back to the button that opened the form when the lawyer cancels', async () => {
    show(fakeApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('second-factor-password'));
    // The field with the focus goes with the form; the browser would drop the focus to the page's start.
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' })));
  });

  it('should put the keyboard focus into the code field when renewing the recovery codes', async () => {
    show(fakeApi({}, { Enabled: true, Required: true, RecoveryCodesLeft: 3 }));
    const renew = await screen.findByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' });
    renew.focus();
    fireEvent.click(renew);
    const code = await screen.findByLabelText('Sechsstelliger Code aus der App', { exact: false, selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('should keep asking for the password when it is wrong, without showing a secret', async () => {
    const api = fakeApi({ totpSetup: vi.fn(() => later(err(httpError(400, 'CurrentPasswordWrong', 'falsch')))) });
    show(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }));
    fireEvent.change(await screen.findByLabelText('Ihr aktuelles Passwort', { exact: false, selector: 'input' }), { target: { value: 'Falsch-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await findAssertiveText()).toContain('Das Passwort ist nicht korrekt.');
    expect(screen.queryByDisplayValue(/JBSW/)).toBeNull();
  });

  it('should show how many recovery codes are unused and renew them with a current code', async () => {
    const api = fakeApi({}, { Enabled: true, Required: true, RecoveryCodesLeft: 3 });
    show(api);
    expect(await screen.findByText('Sie haben noch 3 unbenutzte Wiederherstellungscodes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }).at(-1)!);
    expect(await findAssertiveText()).toContain('oder Ihr Passwort ein');
    expect(api.renewRecoveryCodes).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Sechsstelliger Code aus der App', { exact: false, selector: 'input' }), { target: { value: '123456' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }).at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'Wiederherstellungscodes' })).toBeTruthy();
    expect(api.renewRecoveryCodes).toHaveBeenCalledWith({ Code: '123456' });
    expect(screen.getByText('Neue Wiederherstellungscodes sind erzeugt, die bisherigen gelten nicht mehr.')).toBeTruthy();
  });

  it('should renew the recovery codes with the password when the authenticator is gone, and name a wrong password', async () => {
    const renew = vi
      .fn<LawyerAccountApi['renewRecoveryCodes']>()
      .mockReturnValueOnce(later(err(httpError(400, 'CurrentPasswordWrong', 'x'))))
      .mockReturnValueOnce(later(ok({ RecoveryCodes: CODES })));
    show(fakeApi({ renewRecoveryCodes: renew }, { Enabled: true, Required: true, RecoveryCodesLeft: 0 }));
    expect(await screen.findByText('Sie haben keine unbenutzten Wiederherstellungscodes mehr. Bitte erzeugen Sie neue.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }));
    fill('Oder Ihr aktuelles Passwort', 'falsch');
    fireEvent.click(screen.getAllByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }).at(-1)!);
    expect(await findAssertiveText()).toBe('Das Passwort ist nicht korrekt.');
    fill('Oder Ihr aktuelles Passwort', 'richtig');
    fireEvent.click(screen.getAllByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }).at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'Wiederherstellungscodes' })).toBeTruthy();
    expect(renew.mock.calls).toEqual([[{ CurrentPassword: 'falsch' }], [{ CurrentPassword: 'richtig' }]]);
  });

  it('should switch it off with a current code when it is optional', async () => {
    const api = fakeApi({}, { Enabled: true, Required: false, RecoveryCodesLeft: 10 });
    show(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung ausschalten' }));
    fireEvent.change(screen.getByLabelText('Sechsstelliger Code aus der App', { exact: false, selector: 'input' }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung ausschalten' }));
    expect(await screen.findByText('Die Zwei-Faktor-Anmeldung ist ausgeschaltet.')).toBeTruthy();
    expect(api.totpDisable).toHaveBeenCalledWith('654321');
  });

  it('should offer no switching off when the firm requires it, and say why', async () => {
    show(fakeApi({}, { Enabled: true, Required: true, RecoveryCodesLeft: 10 }));
    expect(await screen.findByText(/in Ihrer Kanzlei vorgeschrieben/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zwei-Faktor-Anmeldung ausschalten' })).toBeNull();
  });
});
