// @vitest-environment jsdom
// Signing in with a recovery code: the console sends the code as typed in place of the TOTP code and then
// tells the lawyer how many codes are left and what to do next.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from '../ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, me, focusedWindow, noPreferences } from '../testSupport/fakes.js';

afterEach(cleanup);

function setUp(recoveryCodesLeft: number) {
  const { fetcher, calls } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: null },
    [`POST ${CHAT}api/lawyer/login`]: { status: 200, body: { ...me, RecoveryCodesLeft: recoveryCodesLeft } },
    [`GET ${CHAT}api/lawyer/queue`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/callbacks`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/case-files`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/colleagues`]: { status: 200, body: [] },
  });
  render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} connect={() => fakeConnection().connection} preferences={noPreferences} window={focusedWindow} />);
  return { calls };
}

async function logInWithRecoveryCode(code: string) {
  fireEvent.change(await screen.findByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
  fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'richtig' } });
  fireEvent.click(screen.getByRole('button', { name: /Wiederherstellungscode verwenden/ }));
  fireEvent.change(screen.getByLabelText('Wiederherstellungscode'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('login with a recovery code', () => {
  it('should send the recovery code as the second factor and announce how many codes are left until dismissed', async () => {
    const { calls } = setUp(4);
    await logInWithRecoveryCode('ABCDE-FGHJK');
    const notice = (await screen.findByText(/Es bleiben noch 4 unbenutzte Codes\./)).closest('[role="status"]');
    expect(notice?.textContent).toContain('neue Wiederherstellungscodes');
    expect(screen.getByText('Angemeldet als Dr. Anna Berger')).toBeTruthy();
    const sent = calls.filter((c) => c.url.endsWith('api/lawyer/login')).map((c) => JSON.parse(String(c.init?.body)) as unknown);
    expect(sent).toEqual([{ Email: 'anna@example.org', Password: 'richtig', TotpCode: 'ABCDE-FGHJK' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Hinweis schließen' }));
    await waitFor(() => expect(screen.queryByText(/Wiederherstellungscode angemeldet/)).toBeNull());
  });

  it('should say when the last code was used', async () => {
    setUp(0);
    await logInWithRecoveryCode('abcde fghjk');
    expect(await screen.findByText(/mit Ihrem letzten Wiederherstellungscode angemeldet/)).toBeTruthy();
  });
});
