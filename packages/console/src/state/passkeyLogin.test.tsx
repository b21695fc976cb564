// @vitest-environment jsdom
// The login with password and passkey: the login screen's button hands e-mail and password on; the
// session asks the server for options, opens the browser's dialog (navigator.credentials mocked) and sends its
// assertion with the login; a cancelled or unsupported dialog and a refused assertion end on the login with a message.
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { LoginScreen } from '../screens/LoginScreen.js';
import { CHAT, fakeFetch, fakeHttp, me } from '../testSupport/fakes.js';
import { createConsoleSession } from '../workspace/createConsoleWorkspace.js';
import { assertedCredential, cancelled, installCredentials, removeCredentials } from '../testSupport/fakeCredentials.js';
import { useSession } from './useSession.js';

afterEach(() => {
  cleanup();
  removeCredentials();
});

const requestOptions = {
  challenge: 'AAEC',
  rpId: 'localhost',
  allowCredentials: [{ id: 'AQID', type: 'public-key', transports: ['usb'] }],
  userVerification: 'preferred',
};

function signedOutSession(routes: Parameters<typeof fakeFetch>[0]) {
  const { fetcher, calls } = fakeFetch({ [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: null }, ...routes });
  const session = createConsoleSession(fakeHttp(fetcher));
  session.start();
  const hook = renderHook(() => useSession(session));
  return { hook, calls };
}

const bodyOf = (calls: { url: string; init: RequestInit | undefined }[], path: string) =>
  JSON.parse(String(calls.find((c) => c.url === `${CHAT}${path}`)?.init?.body)) as Record<string, unknown>;

describe('login with a passkey', () => {
  it('should offer the passkey button on the login screen and hand e-mail and password to it', () => {
    const passkeyLogins: string[][] = [];
    render(
      <I18nextProvider i18n={createI18n()}>
        <LoginScreen error={null} busy={false} onLogin={() => undefined} onPasskeyLogin={(email, password) => passkeyLogins.push([email, password])} />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'geheim' } });
    const button = screen.getByRole('button', { name: 'Mit Passkey oder Sicherheitsschlüssel anmelden' });
    expect(button.getAttribute('aria-describedby')).toBe('login-passkey-help');
    fireEvent.click(button);
    expect(passkeyLogins).toEqual([['anna@example.org', 'geheim']]);
  });

  it('should send the assertion of the browser dialog with the login and sign in', async () => {
    const credentials = installCredentials({ get: assertedCredential });
    const { hook, calls } = signedOutSession({
      [`POST ${CHAT}api/lawyer/login/webauthn/options`]: { status: 200, body: requestOptions },
      [`POST ${CHAT}api/lawyer/login`]: { status: 200, body: me },
    });
    await waitFor(() => expect(hook.result.current.state.status).toBe('signedOut'));
    await act(() => hook.result.current.loginWithPasskey(' anna@example.org ', 'geheim'));
    expect(hook.result.current.state).toEqual({ status: 'signedIn', me });
    expect(bodyOf(calls, 'api/lawyer/login/webauthn/options')).toEqual({ Email: 'anna@example.org' });
    const publicKey = (credentials.get.mock.calls[0] as unknown as [{ publicKey: { rpId: string; allowCredentials: { id: ArrayBuffer }[] } }])[0].publicKey;
    expect(publicKey.rpId).toBe('localhost');
    expect([...new Uint8Array(publicKey.allowCredentials[0]!.id)]).toEqual([1, 2, 3]);
    const login = bodyOf(calls, 'api/lawyer/login');
    expect(login).toMatchObject({ Email: 'anna@example.org', Password: 'geheim' });
    expect(login).not.toHaveProperty('TotpCode');
    expect(login.WebAuthn).toMatchObject({ id: 'AQID', type: 'public-key', response: { clientDataJSON: 'Bg', authenticatorData: 'Bw', signature: 'CA' } });
  });

  it('should stay on the login with a German message when the dialog is cancelled, without trying to log in', async () => {
    installCredentials({
      get: () => {
        throw cancelled();
      },
    });
    const { hook, calls } = signedOutSession({ [`POST ${CHAT}api/lawyer/login/webauthn/options`]: { status: 200, body: requestOptions } });
    await waitFor(() => expect(hook.result.current.state.status).toBe('signedOut'));
    await act(() => hook.result.current.loginWithPasskey('anna@example.org', 'geheim'));
    expect(hook.result.current.state).toEqual({ status: 'signedOut', busy: false, error: 'Passkey.Cancelled' });
    expect(calls.some((c) => c.url === `${CHAT}api/lawyer/login`)).toBe(false);
  });

  it('should say when the browser cannot use passkeys', async () => {
    const { hook } = signedOutSession({ [`POST ${CHAT}api/lawyer/login/webauthn/options`]: { status: 200, body: requestOptions } });
    await waitFor(() => expect(hook.result.current.state.status).toBe('signedOut'));
    await act(() => hook.result.current.loginWithPasskey('anna@example.org', 'geheim'));
    expect(hook.result.current.state).toEqual({ status: 'signedOut', busy: false, error: 'Passkey.Unsupported' });
  });

  it('should answer a refused assertion like any wrong login', async () => {
    installCredentials({ get: assertedCredential });
    const { hook } = signedOutSession({
      [`POST ${CHAT}api/lawyer/login/webauthn/options`]: { status: 200, body: requestOptions },
      [`POST ${CHAT}api/lawyer/login`]: { status: 401, body: { Error: 'NotAuthenticated', Message: 'falsch' } },
    });
    await waitFor(() => expect(hook.result.current.state.status).toBe('signedOut'));
    await act(() => hook.result.current.loginWithPasskey('anna@example.org', 'geheim'));
    expect(hook.result.current.state).toEqual({ status: 'signedOut', busy: false, error: 'Login.Wrong' });
  });

  it('should ask for e-mail and password before opening any dialog', async () => {
    const credentials = installCredentials({ get: assertedCredential });
    const { hook, calls } = signedOutSession({});
    await waitFor(() => expect(hook.result.current.state.status).toBe('signedOut'));
    await act(() => hook.result.current.loginWithPasskey('anna@example.org', ''));
    expect(hook.result.current.state).toEqual({ status: 'signedOut', busy: false, error: 'Login.Missing' });
    expect(credentials.get).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.init?.method === 'POST')).toEqual([]);
  });
});
