// @vitest-environment jsdom
// The profile's passkeys: the list with Berlin dates, adding one after the password and the browser's
// dialog (navigator.credentials mocked), the German messages for a cancelled or unsupported dialog and a wrong
// password, and removing one only after the confirmation.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { err, httpError, ok, type LawyerAccountApi, type Passkey } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { later } from '../testSupport/fakes.js';
import { createI18n } from '../i18n/i18n.js';
import { cancelled, createdCredential, installCredentials, removeCredentials } from '../testSupport/fakeCredentials.js';
import { PasskeySection } from './PasskeySection.js';
import { findAssertiveText } from '../testSupport/liveRegions.js';

afterEach(() => {
  cleanup();
  removeCredentials();
});

const yubikey: Passkey = { Id: 'pk-1', Name: 'YubiKey Büro', CreatedAt: '2026-01-15T08:05:00.000Z', LastUsedAt: '2026-07-15T10:17:00.000Z' };
const laptop: Passkey = { Id: 'pk-2', Name: 'Laptop', CreatedAt: '2026-02-01T12:00:00.000Z', LastUsedAt: null };

const creationOptions = {
  challenge: 'AAEC',
  rp: { id: 'localhost', name: 'Rechtschat Anwaltskonsole' },
  user: { id: 'bGF3LTE', name: 'anna@example.org', displayName: 'Anna' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [],
};

function fakeApi(over: Partial<LawyerAccountApi> = {}, list: Passkey[] = [yubikey, laptop]) {
  const api = {
    passkeys: vi.fn(() => later(ok(list))),
    passkeyRegistrationOptions: vi.fn(() => later(ok(creationOptions))),
    registerPasskey: vi.fn((_response: unknown, name: string) =>
      later(ok({ Id: 'pk-3', Name: name, CreatedAt: '2026-03-01T09:00:00.000Z', LastUsedAt: null })),
    ),
    removePasskey: vi.fn(() => later(ok(undefined))),
    ...over,
  } as unknown as LawyerAccountApi;
  return api;
}

function show(api: LawyerAccountApi) {
  const onSessionExpired = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <PasskeySection api={api} onSessionExpired={onSessionExpired} />
    </I18nextProvider>,
  );
  return { onSessionExpired };
}

const openForm = async () => fireEvent.click(await screen.findByRole('button', { name: 'Passkey oder Sicherheitsschlüssel hinzufügen' }));
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));

describe('PasskeySection', () => {
  it('should list the keys with when they were added and last used in Berlin time', async () => {
    show(fakeApi());
    const list = await screen.findByRole('list', { name: 'Passkeys und Sicherheitsschlüssel' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('YubiKey Büro');
    // 08:05 UTC in winter is 09:05 in Berlin, 10:17 UTC in summer 12:17.
    expect(items[0]?.textContent).toContain('Hinzugefügt am 15.01.2026, 09:05 · zuletzt verwendet am 15.07.2026, 12:17');
    expect(items[1]?.textContent).toContain('noch nicht verwendet');
    expect(within(items[1]!).getByRole('button', { name: '„Laptop“ entfernen' })).toBeTruthy();
  });

  it('should add a key after the password: options, the browser dialog, then the registration under the given name', async () => {
    const credentials = installCredentials({ create: createdCredential });
    const api = fakeApi();
    show(api);
    await openForm();
    const name = screen.getByLabelText('Name des Schlüssels', { exact: false, selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((name as HTMLInputElement).value).toBe('Sicherheitsschlüssel');
    fill('Name des Schlüssels', 'YubiKey Zuhause');
    fill('Ihr aktuelles Passwort', 'Sehr-geheim-1');
    submit();
    await screen.findByText('„YubiKey Zuhause“ ist hinzugefügt. Sie können sich jetzt damit anmelden.');
    expect(api.passkeyRegistrationOptions).toHaveBeenCalledWith({ CurrentPassword: 'Sehr-geheim-1' });
    expect(credentials.create).toHaveBeenCalledTimes(1);
    const publicKey = (credentials.create.mock.calls[0] as unknown as [{ publicKey: { challenge: ArrayBuffer; rp: { id: string } } }])[0].publicKey;
    expect([...new Uint8Array(publicKey.challenge)]).toEqual([0, 1, 2]);
    expect(publicKey.rp.id).toBe('localhost');
    expect(api.registerPasskey).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'AQID',
        rawId: 'AQID',
        type: 'public-key',
        response: expect.objectContaining({ clientDataJSON: 'BA', attestationObject: 'BQ', transports: ['usb'] }),
      }),
      'YubiKey Zuhause',
    );
    expect(api.passkeys).toHaveBeenCalledTimes(2);
  });

  it('should ask for the password before anything is sent', async () => {
    const api = fakeApi();
    show(api);
    await openForm();
    submit();
    const message = await screen.findByText('Bitte geben Sie Ihr aktuelles Passwort ein.');
    expect(message.closest('[aria-live="assertive"]')).not.toBeNull();
    expect(api.passkeyRegistrationOptions).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Ihr aktuelles Passwort', { exact: false, selector: 'input' })));
  });

  it('should say so when the password is wrong, without opening the browser dialog', async () => {
    const credentials = installCredentials({ create: createdCredential });
    show(fakeApi({ passkeyRegistrationOptions: vi.fn(() => later(err(httpError(400, 'CurrentPasswordWrong', 'falsch')))) }));
    await openForm();
    fill('Ihr aktuelles Passwort', 'falsch');
    submit();
    await screen.findByText('Das Passwort ist nicht korrekt.');
    expect(credentials.create).not.toHaveBeenCalled();
  });

  it('should explain a cancelled browser dialog in German and register nothing', async () => {
    installCredentials({
      create: () => {
        throw cancelled();
      },
    });
    const api = fakeApi();
    show(api);
    await openForm();
    fill('Ihr aktuelles Passwort', 'Sehr-geheim-1');
    submit();
    await screen.findByText(/Der Dialog für den Passkey oder Sicherheitsschlüssel wurde abgebrochen oder hat zu lange gedauert/);
    expect(api.registerPasskey).not.toHaveBeenCalled();
  });

  it('should explain a browser without WebAuthn', async () => {
    const api = fakeApi();
    show(api);
    await openForm();
    fill('Ihr aktuelles Passwort', 'Sehr-geheim-1');
    submit();
    await screen.findByText(/Dieser Browser unterstützt keine Passkeys oder Sicherheitsschlüssel/);
    expect(api.registerPasskey).not.toHaveBeenCalled();
  });

  it('should remove a key only after the confirmation, and say when it is the last required factor', async () => {
    const api = fakeApi({ removePasskey: vi.fn(() => later(err(httpError(409, 'Conflict', 'letzter Faktor')))) });
    show(api);
    fireEvent.click(await screen.findByRole('button', { name: '„YubiKey Büro“ entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passkey oder Sicherheitsschlüssel entfernen?' });
    expect(dialog.textContent).toContain('„YubiKey Büro“ kann danach nicht mehr zur Anmeldung verwendet werden.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.removePasskey).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '„YubiKey Büro“ entfernen' }));
    const again = await screen.findByRole('dialog');
    // Without the password nothing is sent.
    fireEvent.click(within(again).getByRole('button', { name: 'Entfernen' }));
    expect(await findAssertiveText(again)).toContain('Bitte geben Sie Ihr aktuelles Passwort ein.');
    expect(api.removePasskey).not.toHaveBeenCalled();
    fireEvent.change(within(again).getByLabelText('Ihr aktuelles Passwort', { exact: false, selector: 'input' }), { target: { value: 'Mein-Passwort-1' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Entfernen' }));
    await screen.findByText(/Dies ist Ihr einziger zweiter Faktor/);
    expect(api.removePasskey).toHaveBeenCalledWith('pk-1', { CurrentPassword: 'Mein-Passwort-1' });
  });

  it('should keep the dialog open with the message when the password is wrong', async () => {
    const api = fakeApi({ removePasskey: vi.fn(() => later(err(httpError(400, 'CurrentPasswordWrong', 'falsch')))) });
    show(api);
    fireEvent.click(await screen.findByRole('button', { name: '„Laptop“ entfernen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Ihr aktuelles Passwort', { exact: false, selector: 'input' }), { target: { value: 'Falsch-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(await findAssertiveText(dialog)).toContain('Das Passwort ist nicht korrekt.');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(api.passkeys).toHaveBeenCalledTimes(1);
  });

  it('should announce a removed key and read the list again', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(await screen.findByRole('button', { name: '„Laptop“ entfernen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Ihr aktuelles Passwort', { exact: false, selector: 'input' }), { target: { value: 'Mein-Passwort-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    const notice = await screen.findByText('„Laptop“ ist entfernt.');
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
    expect(api.removePasskey).toHaveBeenCalledWith('pk-2', { CurrentPassword: 'Mein-Passwort-1' });
    await waitFor(() => expect(api.passkeys).toHaveBeenCalledTimes(2));
  });
});
