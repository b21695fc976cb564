// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { err, httpError, ok, type Call, type CreateCaseFileResult, type MandateApi, type Result } from '@rechtschat/core';
import { of, Subject } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { CaseFileLinkSection, LoginLockNotice } from './CaseFileLinkSection.js';

afterEach(cleanup);

// 10:15 UTC is 11:15 in Berlin (winter time).
const LOCKED_UNTIL = '2026-12-07T10:15:00.000Z';
const BEFORE = Date.parse('2026-12-07T09:50:00.000Z');
const renewed: CreateCaseFileResult = { CaseId: 'cf-9', CaseNumber: 'FA-2026-ABC123', Url: 'http://web.test/digitale-fallakte/neu', Token: 'neu', Pin: '6789' };

function setup(answer: () => Call<CreateCaseFileResult>, lockedUntil: string | null = LOCKED_UNTIL) {
  const calls: string[] = [];
  const onChanged = vi.fn();
  const copyText = vi.fn(async (_text: string) => undefined);
  const api: Pick<MandateApi, 'newLink'> = { newLink: (id) => (calls.push(id), answer()) };
  render(
    <I18nextProvider i18n={createI18n()}>
      <CaseFileLinkSection detail={{ CaseId: 'cf-9', LoginLockedUntil: lockedUntil }} api={api} onChanged={onChanged} copyText={copyText} now={() => BEFORE} />
    </I18nextProvider>,
  );
  return { calls, onChanged, copyText };
}

const newLinkButton = () => screen.getByRole('button', { name: 'Neuen Link erstellen' });

describe('CaseFileLinkSection', () => {
  it('should show the lock with its end in Berlin time', () => {
    setup(() => of(ok(renewed)));
    expect(screen.getByTestId('casefile-login-lock').textContent).toBe(
      'Die Anmeldung zu dieser Fallakte ist nach mehreren falschen PINs bis 07.12.2026, 11:15 Uhr gesperrt. Hat Ihre Mandantin oder Ihr Mandant die PIN nicht selbst falsch eingegeben, hat vermutlich jemand anderes den Link: Erstellen Sie dann einen neuen Link.',
    );
  });

  it('should ask first, saying what follows, and send nothing when cancelled', async () => {
    const { calls } = setup(() => of(ok(renewed)));
    fireEvent.click(newLinkButton());
    const dialog = screen.getByRole('dialog', { name: 'Neuen Link erstellen?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/Der bisherige Link funktioniert danach nicht mehr/).textContent).toContain('wird abgemeldet');
    expect(within(dialog).getByText(/Die PIN bleibt unverändert/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(newLinkButton());
    expect(calls).toEqual([]);
  });

  it('should show the new link once with copy buttons, focus its notice, reload the file, and hide it when handed over', async () => {
    const { calls, onChanged, copyText } = setup(() => of(ok(renewed)));
    fireEvent.click(newLinkButton());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Neuen Link erstellen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual(['cf-9']);
    expect(onChanged).toHaveBeenCalledWith('cf-9');
    expect(screen.getByTestId('casefile-new-link').textContent).toBe(renewed.Url);
    expect(screen.getByTestId('casefile-new-pin').textContent).toBe('6789');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Der neue Link ist erstellt, der bisherige gilt nicht mehr.'));
    fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' }));
    await waitFor(() => expect(screen.getByText('Der Link ist in der Zwischenablage.')).toBeTruthy());
    expect(copyText).toHaveBeenCalledWith(renewed.Url);
    fireEvent.click(screen.getByRole('button', { name: 'Link weitergegeben' }));
    expect(screen.queryByTestId('casefile-new-link')).toBeNull();
    expect(document.activeElement).toBe(newLinkButton());
  });

  it('should keep the focus on the section heading while the request runs, with the button disabled', async () => {
    const answer = new Subject<Result<CreateCaseFileResult>>();
    setup(() => answer);
    fireEvent.click(newLinkButton());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Neuen Link erstellen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Zugang zur Fallakte' }));
    expect((screen.getByRole('button', { name: 'Neuer Link wird erstellt …' }) as HTMLButtonElement).disabled).toBe(true);
    answer.next(ok(renewed));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Der neue Link ist erstellt'));
  });

  it('should announce a failure, keep the focus on the button and reload nothing', async () => {
    const { onChanged } = setup(() => of(err(httpError(500, 'InternalError', 'x'))));
    fireEvent.click(newLinkButton());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Neuen Link erstellen' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
        'Der neue Link konnte nicht erstellt werden. Der bisherige Link gilt weiter. Bitte versuchen Sie es erneut.',
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(newLinkButton()));
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.queryByTestId('casefile-new-link')).toBeNull();
  });
});

describe('LoginLockNotice', () => {
  it('should say the login is not locked when there is no lock or it has run out', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <LoginLockNotice detail={{ CaseId: 'cf-9', LoginLockedUntil: LOCKED_UNTIL }} now={() => Date.parse(LOCKED_UNTIL) + 1} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('casefile-login-lock').textContent).toBe('Die Anmeldung mit Link und PIN ist nicht gesperrt.');
  });
});
