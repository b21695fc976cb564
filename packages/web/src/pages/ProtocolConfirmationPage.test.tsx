// @vitest-environment jsdom
// The protocol mail's confirmation page /protokoll/bestaetigen#<token>: what the link sends where, sent only by the
// button, the outcome in German – and for a used, expired or broken link what to do instead; an expired one is renewed
// by a new mail to the address it went to.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { of, Subject } from 'rxjs';
import { err, httpError, networkError, ok, type ProtocolConfirmed } from '@rechtschat/core';
import { fakeProductApi, renderApp } from '../testSupport/app.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const TOKEN = 'kZ3vQ9xw_T1mYc8NnR2bLp5sJ0aHdE7fGuWqXo4iVtA';
const info = { Reference: 'RC-7K3M9Q2T', Email: 'erika@beispiel.de', ExpiresAt: '2026-06-03T08:00:00.000Z' };
const confirmed: ProtocolConfirmed = { Reference: 'RC-7K3M9Q2T', Email: 'erika@beispiel.de', AlreadySent: false };

/** Opens the page as the mail's link does: the token after '#'. */
function openLink(fragment: string, patch: Parameters<typeof fakeProductApi>[0]) {
  window.history.replaceState(null, '', `/protokoll/bestaetigen${fragment}`);
  return renderApp('/protokoll/bestaetigen', { productApi: fakeProductApi(patch) });
}

describe('protocol confirmation page (/protokoll/bestaetigen)', () => {
  it('should say where the protocol goes, send it only on the button and confirm it in German, with the token gone from the address', async () => {
    const inspect = vi.fn(() => of(ok(info)));
    const confirm = vi.fn(() => of(ok(confirmed)));
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: inspect, confirmProtocolMail: confirm });

    expect(await screen.findByRole('heading', { level: 1, name: 'Chatprotokoll per E-Mail' })).toBeTruthy();
    expect(await screen.findByText('erika@beispiel.de')).toBeTruthy();
    expect(screen.getByText(/Protokoll Ihrer Beratung \(Aktenzeichen RC-7K3M9Q2T\) per E-Mail angefordert/)).toBeTruthy();
    expect(screen.getByText('Der Link gilt bis 3. Juni 2026 um 10:00 Uhr und nur einmal.')).toBeTruthy();
    expect(inspect).toHaveBeenCalledWith(TOKEN);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/protokoll/bestaetigen');
    // Opening the link sends nothing: only the button does.
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Protokoll jetzt senden' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(TOKEN);
    const done = await screen.findByText('Vielen Dank, Ihre Adresse ist bestätigt');
    expect(screen.getByText(/Das Protokoll ist an erika@beispiel\.de unterwegs\./)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Protokoll jetzt senden' })).toBeNull();
  });

  it('should ask again after a reload of a link opened but not yet confirmed, though the token left the address bar', async () => {
    const inspect = vi.fn(() => of(ok(info)));
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: inspect });
    expect(await screen.findByText('erika@beispiel.de')).toBeTruthy();
    expect(window.location.hash).toBe('');

    // The phone reloads the tab it had put in the background: the address is /protokoll/bestaetigen, no '#'.
    cleanup();
    const confirm = vi.fn(() => of(ok(confirmed)));
    renderApp('/protokoll/bestaetigen', { productApi: fakeProductApi({ inspectProtocolConfirmation: inspect, confirmProtocolMail: confirm }) });
    expect(await screen.findByText('erika@beispiel.de')).toBeTruthy();
    expect(screen.queryByText('Dieser Link ist ungültig')).toBeNull();
    expect(inspect).toHaveBeenLastCalledWith(TOKEN);
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll jetzt senden' }));
    expect(confirm).toHaveBeenCalledWith(TOKEN);
  });

  it('should show the confirmation again after a reload of a link just confirmed, not „Dieser Link ist ungültig“, and take a new link opened in the tab', async () => {
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: () => of(ok(info)), confirmProtocolMail: () => of(ok(confirmed)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Protokoll jetzt senden' }));
    expect(await screen.findByText('Vielen Dank, Ihre Adresse ist bestätigt')).toBeTruthy();

    cleanup();
    const inspect = vi.fn(() => of(err(httpError(409, 'ProtocolLinkUsed', 'Server-Text'))));
    renderApp('/protokoll/bestaetigen', { productApi: fakeProductApi({ inspectProtocolConfirmation: inspect }) });
    expect(await screen.findByText('Vielen Dank, Ihre Adresse ist bestätigt')).toBeTruthy();
    expect(screen.getByText(/Das Protokoll ist an erika@beispiel\.de unterwegs\./)).toBeTruthy();
    expect(screen.queryByText('Dieser Link ist ungültig')).toBeNull();
    expect(inspect).not.toHaveBeenCalled();

    // The next mail's link, opened in the same tab, is its own.
    cleanup();
    const next = 'pQ8wX2_nV5cR7tY1uI3oP9aS4dF6gH0jK2lZ5xC8vBn';
    const inspectNext = vi.fn(() => of(ok(info)));
    openLink(`#${next}`, { inspectProtocolConfirmation: inspectNext });
    expect(await screen.findByRole('button', { name: 'Protokoll jetzt senden' })).toBeTruthy();
    expect(inspectNext).toHaveBeenCalledWith(next);
  });

  it('should ask the server again when the confirmed link is opened from the mail once more, and say it was used', async () => {
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: () => of(ok(info)), confirmProtocolMail: () => of(ok(confirmed)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Protokoll jetzt senden' }));
    expect(await screen.findByText('Vielen Dank, Ihre Adresse ist bestätigt')).toBeTruthy();

    cleanup();
    const inspect = vi.fn(() => of(err(httpError(409, 'ProtocolLinkUsed', 'Server-Text'))));
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: inspect });
    expect(await screen.findByText('Dieser Link wurde bereits verwendet')).toBeTruthy();
    expect(inspect).toHaveBeenCalledWith(TOKEN);
  });

  it.each([
    ['ProtocolLinkInvalid', 404, 'Dieser Link ist ungültig', true],
    ['ProtocolLinkUsed', 409, 'Dieser Link wurde bereits verwendet', false],
  ] as const)('should explain a refused link (%s) in German and say what to do, without a button to send', async (code, status, title, download) => {
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: () => of(err(httpError(status, code, 'Server-Text'))) });
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Protokoll jetzt senden' })).toBeNull();
    const link = screen.queryByRole('link', { name: 'Zum Protokoll-Download' });
    expect(link?.getAttribute('href') ?? null).toBe(download ? '/protokoll' : null);
    if (code === 'ProtocolLinkUsed') expect(screen.getByText(/Bitte sehen Sie in Ihrem Postfach nach/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Neuen Bestätigungslink senden' })).toBeNull();
  });

  it('should offer a new link for an expired one, send it to the same address on the button and say where and until when, in German', async () => {
    const renew = vi.fn(() => of(ok({ ...info, ExpiresAt: '2026-06-07T08:00:00.000Z' })));
    openLink(`#${TOKEN}`, {
      inspectProtocolConfirmation: () => of(err(httpError(410, 'ProtocolLinkExpired', 'Server-Text'))),
      renewProtocolConfirmation: renew,
    });
    expect(await screen.findByText('Dieser Link ist abgelaufen')).toBeTruthy();
    expect(screen.getByText(/an die E-Mail-Adresse senden, an die dieser Link ging/)).toBeTruthy();
    // The download stays the other way; nothing is sent before the button.
    expect(screen.getByRole('link', { name: 'Zum Protokoll-Download' }).getAttribute('href')).toBe('/protokoll');
    expect(renew).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Neuen Bestätigungslink senden' }));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(renew).toHaveBeenCalledWith(TOKEN);
    const sent = await screen.findByText('Ein neuer Link ist unterwegs');
    expect(
      screen.getByText(
        'Wir haben einen neuen Bestätigungslink an erika@beispiel.de gesendet. Er gilt bis 7. Juni 2026 um 10:00 Uhr. Bitte öffnen Sie den Link aus der neuen E-Mail und sehen Sie auch im Spam-Ordner nach. Dieser Link hier gilt nicht mehr.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.contains(sent)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Neuen Bestätigungslink senden' })).toBeNull();
  });

  it('should say in the status region that the new link is on its way, and keep the button after a lost or too frequent try', async () => {
    const answer = new Subject<ReturnType<typeof ok<typeof info>> | ReturnType<typeof err>>();
    const renew = vi
      .fn()
      .mockReturnValueOnce(of(err(networkError('weg'))))
      .mockReturnValueOnce(of(err(httpError(429, 'TooManyRequests', 'Zu viele Anfragen.'))))
      .mockReturnValueOnce(answer);
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: () => of(err(httpError(410, 'ProtocolLinkExpired', 'x'))), renewProtocolConfirmation: renew });
    const button = () => screen.getByRole('button', { name: 'Neuen Bestätigungslink senden' });
    fireEvent.click(await screen.findByRole('button', { name: 'Neuen Bestätigungslink senden' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Das hat gerade nicht geklappt/);
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toMatch(/Zu viele Versuche in kurzer Zeit/);
    fireEvent.click(button());
    expect(screen.getByRole('status').textContent).toBe('Ein neuer Link wird gesendet …');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    answer.next(ok(info));
    expect(await screen.findByText('Ein neuer Link ist unterwegs')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(renew).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['ProtocolLinkRenewalLimit', 409, /Ein weiterer ist nicht möglich/, true],
    ['ProtocolAlreadySent', 409, /wurde bereits per E-Mail gesendet/, false],
  ] as const)('should explain a renewal refused for good (%s) without the button again', async (code, status, text, download) => {
    openLink(`#${TOKEN}`, {
      inspectProtocolConfirmation: () => of(err(httpError(410, 'ProtocolLinkExpired', 'x'))),
      renewProtocolConfirmation: () => of(err(httpError(status, code, 'Server-Text'))),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Neuen Bestätigungslink senden' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(text);
    expect(screen.queryByRole('button', { name: 'Neuen Bestätigungslink senden' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zum Protokoll-Download' }) !== null).toBe(download);
  });

  it('should call the link invalid when the renewal finds it unknown or used (replaced meanwhile)', async () => {
    openLink(`#${TOKEN}`, {
      inspectProtocolConfirmation: () => of(err(httpError(410, 'ProtocolLinkExpired', 'x'))),
      renewProtocolConfirmation: () => of(err(httpError(404, 'ProtocolLinkInvalid', 'Server-Text'))),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Neuen Bestätigungslink senden' }));
    expect(await screen.findByText('Dieser Link ist ungültig')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Neuen Bestätigungslink senden' })).toBeNull();
  });

  it('should offer the new link too when the link expired between the check and the press of „Protokoll jetzt senden“', async () => {
    openLink(`#${TOKEN}`, {
      inspectProtocolConfirmation: () => of(ok(info)),
      confirmProtocolMail: () => of(err(httpError(410, 'ProtocolLinkExpired', 'x'))),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Protokoll jetzt senden' }));
    expect(await screen.findByText('Dieser Link ist abgelaufen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neuen Bestätigungslink senden' })).toBeTruthy();
  });

  it('should call a link without its token invalid without asking the server', async () => {
    const inspect = vi.fn(() => of(ok(info)));
    openLink('', { inspectProtocolConfirmation: inspect });
    expect(await screen.findByText('Dieser Link ist ungültig')).toBeTruthy();
    expect(inspect).not.toHaveBeenCalled();
  });

  it('should keep the button after a send the network lost, and send on the next press', async () => {
    const confirm = vi
      .fn()
      .mockReturnValueOnce(of(err(networkError('weg'))))
      .mockReturnValueOnce(of(ok({ ...confirmed, AlreadySent: true })));
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: () => of(ok(info)), confirmProtocolMail: confirm });
    fireEvent.click(await screen.findByRole('button', { name: 'Protokoll jetzt senden' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Das hat gerade nicht geklappt/);
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll jetzt senden' }));
    expect(await screen.findByText(/wurde bereits per E-Mail gesendet/)).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('should offer to check the link again when the check itself failed', async () => {
    const inspect = vi
      .fn()
      .mockReturnValueOnce(of(err(networkError('weg'))))
      .mockReturnValueOnce(of(ok(info)));
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: inspect });
    fireEvent.click(await screen.findByRole('button', { name: 'Erneut prüfen' }));
    expect(await screen.findByRole('button', { name: 'Protokoll jetzt senden' })).toBeTruthy();
    expect(inspect).toHaveBeenCalledTimes(2);
  });

  it('should keep „E-Mail“ of the heading on one line, with the heading’s name and the document title unchanged', async () => {
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: () => of(ok(info)) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Chatprotokoll per E-Mail' });
    // „E-“ alone at a line's end at 360 px before: the short compound is one unbreakable span, the longer one may break.
    expect([...heading.querySelectorAll('.page-heading__keep')].map((span) => span.textContent)).toEqual(['E-Mail']);
    expect(heading.textContent).toBe('Chatprotokoll per E-Mail');
    await waitFor(() => expect(document.title).toBe('Chatprotokoll per E-Mail – Rechtsberatung im Chat'));
  });
});
