// @vitest-environment jsdom
// Zwei-Faktor-Anmeldung einrichten: the console's answer to the login's MfaEnrolmentRequired.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from '../ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, me, focusedWindow, noPreferences } from '../testSupport/fakes.js';
import { groupedSecret } from './MfaEnrolmentScreen.js';
import { assertiveText, findAssertiveText, nestedLiveRegions } from '../testSupport/liveRegions.js';

afterEach(cleanup);

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `ABCD${i + 2}-FGHJK`);
const enrolment = {
  Error: 'MfaEnrolmentRequired',
  Message: 'Die Zwei-Faktor-Anmeldung ist vorgeschrieben. Bitte richten Sie sie jetzt mit Ihrer Authenticator-App ein.',
  EnrolmentToken: 'token-1',
  Secret: secret,
  OtpauthUri: `otpauth://totp/Rechtschat%3Aanna%40example.org?secret=${secret}&issuer=Rechtschat&algorithm=SHA1&digits=6&period=30`,
};

function setUp(enrolAnswer: { status: number; body: unknown }[]) {
  let signedIn = false;
  const { fetcher, calls } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/whoami`]: () => ({ status: 200, body: signedIn ? me : null }),
    [`POST ${CHAT}api/lawyer/login`]: { status: 403, body: enrolment },
    [`POST ${CHAT}api/lawyer/login/totp-enrolment`]: () => {
      const answer = enrolAnswer.shift() ?? { status: 500, body: {} };
      signedIn = answer.status === 200;
      return answer;
    },
    [`GET ${CHAT}api/lawyer/queue`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/callbacks`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/case-files`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/colleagues`]: { status: 200, body: [] },
  });
  render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} connect={() => fakeConnection().connection} preferences={noPreferences} window={focusedWindow} />);
  return { calls };
}

async function logIn() {
  fireEvent.change(await screen.findByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
  fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'richtig' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  return screen.findByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' });
}

describe('MfaEnrolmentScreen', () => {
  it('should group the secret in fours', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupedSecret(secret)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  });

  it('should show the QR code and the labelled secret, focus its heading, refuse a wrong code in German and then sign in', async () => {
    const { calls } = setUp([
      { status: 400, body: { Error: 'BadRequest', Message: 'Der Code ist nicht korrekt.' } },
      { status: 200, body: { ...me, RecoveryCodes: recoveryCodes } },
    ]);
    const heading = await logIn();
    // Focus moves in the screen's effect, which may run just after the heading is found.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('form', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeTruthy();

    const qr = await screen.findByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' });
    const svg = decodeURIComponent(qr.getAttribute('src')?.replace(/^data:image\/svg\+xml;charset=utf-8,/, '') ?? '');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');

    const shown = screen.getByLabelText('Schlüssel für die manuelle Eingabe');
    expect((shown as HTMLInputElement).value).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(shown.hasAttribute('readonly')).toBe(true);

    const code = screen.getByLabelText(/Sechsstelliger Code aus der App/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    fireEvent.click(screen.getByRole('button', { name: 'Einrichten und anmelden' }));
    expect(await findAssertiveText()).toBe('Bitte geben Sie den sechsstelligen Code aus Ihrer Authenticator-App ein.');
    expect(calls.some((c) => c.url.endsWith('totp-enrolment'))).toBe(false);

    fireEvent.change(code, { target: { value: '12 34 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einrichten und anmelden' }));
    await waitFor(() => expect(assertiveText()).toContain('Der Code ist nicht korrekt. Bitte geben Sie den aktuellen sechsstelligen Code'));
    expect(nestedLiveRegions()).toEqual([]);

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einrichten und anmelden' }));
    expect(await screen.findByText('Angemeldet als Dr. Anna Berger')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeNull();
    // The new factor's recovery codes are shown once, before the console is used.
    const dialog = await screen.findByRole('dialog', { name: 'Wiederherstellungscodes' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ich habe die Wiederherstellungscodes sicher gespeichert.' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.url.endsWith('api/lawyer/login/totp-enrolment')).map((c) => JSON.parse(String(c.init?.body)) as unknown);
    expect(sent).toEqual([
      { EnrolmentToken: 'token-1', Code: '123456' },
      { EnrolmentToken: 'token-1', Code: '654321' },
    ]);
  });

  it('should return to the login with "Abbrechen" and, with a German notice, when the enrolment expired', async () => {
    setUp([{ status: 401, body: { Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich erneut an.' } }]);
    await logIn();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(assertiveText()).toBe('');

    await logIn();
    fireEvent.change(screen.getByLabelText(/Sechsstelliger Code aus der App/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einrichten und anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeTruthy();
    expect(assertiveText()).toContain('Die Einrichtung der Zwei-Faktor-Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.');
  });
});
