// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { err, httpError, ok, type Call, type MandateApi, type WithdrawnCaseFile } from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { CaseFileWithdrawal, WithdrawnNotice } from './CaseFileWithdrawal.js';

afterEach(cleanup);

const detail = { CaseId: 'cf-9', CaseNumber: 'FA-2026-ABC234' };
const withdrawn: WithdrawnCaseFile = { CaseId: 'cf-9', CaseNumber: 'FA-2026-ABC234', WithdrawnAt: '2026-12-07T10:15:00.000Z' };

function setup(answer: () => Call<WithdrawnCaseFile> = () => of(ok(withdrawn))) {
  const reasons: string[] = [];
  const onWithdrawn = vi.fn();
  const api: Pick<MandateApi, 'withdraw'> = { withdraw: (_id, reason) => (reasons.push(reason), answer()) };
  render(
    <I18nextProvider i18n={createI18n()}>
      <CaseFileWithdrawal detail={detail} api={api} onWithdrawn={onWithdrawn} />
    </I18nextProvider>,
  );
  return { reasons, onWithdrawn };
}

const opener = () => screen.getByRole('button', { name: 'Fallakte zurückziehen' });
const open = () => {
  fireEvent.click(opener());
  return screen.getByRole('dialog', { name: 'Fallakte FA-2026-ABC234 zurückziehen?' });
};
const reasonField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Grund' });

describe('CaseFileWithdrawal', () => {
  it('should say when a file can be withdrawn, ask for the reason in a labelled dialog and send it', async () => {
    const { reasons, onWithdrawn } = setup();
    expect(screen.getByText(/solange sich Ihre Mandantin oder Ihr Mandant noch nie angemeldet hat/)).toBeTruthy();
    const dialog = open();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^Link und PIN gelten danach nicht mehr\./);
    // The reason is what the lawyer has to give: the focus starts there.
    expect(document.activeElement).toBe(reasonField(dialog));
    fireEvent.change(reasonField(dialog), { target: { value: ' Aus dem falschen Chat angelegt ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reasons).toEqual(['Aus dem falschen Chat angelegt']);
    expect(onWithdrawn).toHaveBeenCalledWith(withdrawn);
  });

  it('should refuse an empty reason beside the field, with the focus there, without asking the server', () => {
    const { reasons } = setup();
    const dialog = open();
    fireEvent.submit(reasonField(dialog).closest('form')!);
    const field = reasonField(dialog);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Bitte geben Sie kurz an, warum die Fallakte zurückgezogen wird.');
    expect(document.activeElement).toBe(field);
    expect(reasons).toEqual([]);
  });

  it('should explain in German that a file the client has signed in to stays, and leave only „Schließen“', async () => {
    const { onWithdrawn } = setup(() => of(err(httpError(409, 'CaseFileInUse', 'Diese Fallakte kann nicht mehr zurückgezogen werden …'))));
    const dialog = open();
    fireEvent.change(reasonField(dialog), { target: { value: 'Doppelt angelegt' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    expect(
      await within(dialog).findByText(
        'Diese Fallakte kann nicht mehr zurückgezogen werden: Ihre Mandantin oder Ihr Mandant hat sich bereits angemeldet und konnte sie nutzen. Sie bleibt deshalb erhalten. Kommt das Mandat nicht zustande, beenden Sie es bitte mit „Mandat beenden“.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Zurückziehen' })).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Schließen' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onWithdrawn).not.toHaveBeenCalled();
  });

  it('should cancel with Escape, send nothing and give the focus back to the button', async () => {
    const { reasons } = setup();
    const dialog = open();
    fireEvent.change(reasonField(dialog), { target: { value: 'Doppelt' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reasons).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(opener()));
    // Opened again, the dialog starts afresh.
    expect((reasonField(open()) as HTMLInputElement).value).toBe('');
  });
});

describe('WithdrawnNotice', () => {
  it('should say which file was withdrawn, as a status that takes the focus', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <WithdrawnNotice withdrawn={withdrawn} />
      </I18nextProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Die Fallakte FA-2026-ABC234 wurde zurückgezogen. Link und PIN gelten nicht mehr.');
    expect(status.contains(document.activeElement)).toBe(true);
  });
});
