// @vitest-environment jsdom
// The protocol mail's confirmation page /protokoll/bestaetigen#<token>: what the link sends where, sent only by the
// button, the outcome in German – and for a used, expired or broken link what to do instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { of } from 'rxjs';
import { err, httpError, networkError, ok, type ProtocolConfirmed } from '@rechtschat/core';
import { fakeProductApi, renderApp } from '../testSupport/app.js';

afterEach(cleanup);

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

    expect(await screen.findByRole('heading', { level: 1, name: 'Chat-Protokoll per E-Mail' })).toBeTruthy();
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

  it.each([
    ['ProtocolLinkExpired', 410, 'Dieser Link ist abgelaufen', true],
    ['ProtocolLinkInvalid', 404, 'Dieser Link ist ungültig', true],
    ['ProtocolLinkUsed', 409, 'Dieser Link wurde bereits verwendet', false],
  ] as const)('should explain a refused link (%s) in German and say what to do, without a button to send', async (code, status, title, download) => {
    openLink(`#${TOKEN}`, { inspectProtocolConfirmation: () => of(err(httpError(status, code, 'Server-Text'))) });
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Protokoll jetzt senden' })).toBeNull();
    const link = screen.queryByRole('link', { name: 'Zum Protokoll-Download' });
    expect(link?.getAttribute('href') ?? null).toBe(download ? '/protokoll' : null);
    if (code === 'ProtocolLinkUsed') expect(screen.getByText(/Bitte sehen Sie in Ihrem Postfach nach/)).toBeTruthy();
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
});
