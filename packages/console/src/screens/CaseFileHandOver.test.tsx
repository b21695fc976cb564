// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { err, httpError, ok, type Call, type Colleague, type HandedOverCaseFile, type MandateApi } from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { CaseFileHandOver, HandedOverNotice, HandOverReceived } from './CaseFileHandOver.js';

afterEach(cleanup);

const detail = { CaseId: 'cf-9', CaseNumber: 'FA-2026-ABC234' };
const handedOver: HandedOverCaseFile = {
  CaseId: 'cf-9',
  CaseNumber: 'FA-2026-ABC234',
  LawyerId: 'l-2',
  LawyerName: 'Markus Weber',
  HandedOverAt: '2026-12-07T10:15:00.000Z',
};
const markus: Colleague = {
  Id: 'l-2',
  Name: 'Markus Weber',
  Email: 'markus@kanzlei.example',
  Gender: 'male',
  ImageUrl: 'https://chat.example/a.svg',
  Role: 'lawyer',
  Phone: '',
  LastActive: null,
};

function setup(answer: () => Call<HandedOverCaseFile> = () => of(ok(handedOver))) {
  const sent: [string, string, string][] = [];
  const onHandedOver = vi.fn();
  const api: Pick<MandateApi, 'colleagues' | 'handOver'> = {
    colleagues: () => of(ok([markus])),
    handOver: (id, to, note) => (sent.push([id, to, note]), answer()),
  };
  render(
    <I18nextProvider i18n={createI18n()}>
      <CaseFileHandOver detail={detail} api={api} onHandedOver={onHandedOver} />
    </I18nextProvider>,
  );
  return { sent, onHandedOver };
}

const opener = () => screen.getByRole('button', { name: 'Fallakte übergeben' });
const open = () => {
  fireEvent.click(opener());
  return screen.getByRole('dialog', { name: 'Fallakte FA-2026-ABC234 übergeben' });
};
const colleagueField = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: /Kollegin oder Kollege/ });

describe('CaseFileHandOver', () => {
  it('should offer the active colleagues in a labelled dialog, start in the choice and send it with the note', async () => {
    const { sent, onHandedOver } = setup();
    const dialog = open();
    expect(document.activeElement).toBe(colleagueField(dialog));
    expect(within(dialog).getByRole('option', { name: 'Markus Weber' })).toBeTruthy();
    fireEvent.change(colleagueField(dialog), { target: { value: 'l-2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Notiz/ }), { target: { value: ' Frist am Freitag ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergeben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([['cf-9', 'l-2', 'Frist am Freitag']]);
    expect(onHandedOver).toHaveBeenCalledWith(handedOver);
  });

  it('should ask for a colleague beside the choice, with the focus there, without asking the server', async () => {
    const { sent } = setup();
    const dialog = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergeben' }));
    await waitFor(() => expect(within(dialog).getByText('Bitte wählen Sie, wer die Fallakte übernimmt.')).toBeTruthy());
    expect(document.activeElement).toBe(colleagueField(dialog));
    expect(sent).toEqual([]);
  });

  it('should say in German when the colleague can no longer take the file, and leave only „Schließen“ for a file that is gone', async () => {
    const answers = [err(httpError(400, 'UnknownColleague', 'x')), err(httpError(404, 'NotFound', 'x'))];
    setup(() => of(answers.shift() ?? ok(handedOver)));
    const dialog = open();
    fireEvent.change(colleagueField(dialog), { target: { value: 'l-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergeben' }));
    await waitFor(() => expect(within(dialog).getByText(/ihr Konto ist nicht mehr aktiv/)).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergeben' }));
    await waitFor(() => expect(within(dialog).getByText(/Sie wurde inzwischen übergeben oder zurückgezogen/)).toBeTruthy());
    expect(within(dialog).queryByRole('button', { name: 'Übergeben' })).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Schließen' }));
  });

  it('should close on Escape and give the focus back to the button it came from', async () => {
    const { sent } = setup();
    const dialog = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener());
    expect(sent).toEqual([]);
  });

  it('should announce the hand-over in the list and show the colleague who it came from, when and the note', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <HandedOverNotice handedOver={handedOver} />
        <HandOverReceived detail={{ HandedOver: { From: 'Dr. Anna Berger', At: '2026-12-07T10:15:00.000Z', Note: 'Frist am Freitag' } }} />
      </I18nextProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Fallakte FA-2026-ABC234 an Markus Weber übergeben.');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText(/^Übergeben von Dr\. Anna Berger am 07\.12\.2026/)).toBeTruthy();
    expect(screen.getByText('Notiz: Frist am Freitag')).toBeTruthy();
  });
});
