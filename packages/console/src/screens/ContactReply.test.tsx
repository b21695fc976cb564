// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { err, httpError, ok, type Call, type LawyerCaseFileContact, type MandateApi } from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { ContactReply } from './ContactReply.js';
import { forgetCaseFileDrafts } from './firmMessageDrafts.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const message: LawyerCaseFileContact = { Id: 'c-1', Subject: 'Termin', Message: 'Wann ist der Termin?', Created: '2026-12-07T09:00:00.000Z' };
const answered: LawyerCaseFileContact = {
  ...message,
  // 09:30 UTC in winter: 10:30 in Berlin.
  Reply: { Text: 'Am Montag um 10 Uhr.', Created: '2026-12-07T09:30:00.000Z', By: 'Dr. Anna Berger' },
};

function setup(contact: LawyerCaseFileContact, answer?: () => Call<LawyerCaseFileContact>) {
  const sent: string[] = [];
  const onReplied = vi.fn();
  const api: Pick<MandateApi, 'replyToContact'> | undefined = answer && { replyToContact: (_id, _contactId, text) => (sent.push(text), answer()) };
  render(
    <I18nextProvider i18n={createI18n()}>
      <ContactReply caseFileId="cf-9" contact={contact} {...(api ? { api } : {})} onReplied={onReplied} />
    </I18nextProvider>,
  );
  return { sent, onReplied };
}

const openForm = () => fireEvent.click(screen.getByRole('button', { name: 'Auf „Termin“ antworten' }));
const field = () => screen.getByRole('textbox', { name: 'Ihre Antwort an die Mandantin / den Mandanten' });

describe('ContactReply', () => {
  it('should send the answer, show it with the lawyer and the Berlin time, move the focus to it and reload the file', async () => {
    const { sent, onReplied } = setup(message, () => of(ok(answered)));
    openForm();
    expect(document.activeElement).toBe(field());
    fireEvent.change(field(), { target: { value: 'Am Montag um 10 Uhr.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Antwort senden' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Ihre Antwort ist gesendet.'));
    expect(sent).toEqual(['Am Montag um 10 Uhr.']);
    expect(onReplied).toHaveBeenCalledWith('cf-9');
    const shown = screen.getByText('Antwort von Dr. Anna Berger am 07.12.2026, 10:30:').parentElement as HTMLElement;
    expect(shown.textContent).toContain('Am Montag um 10 Uhr.');
    expect(document.activeElement).toBe(shown);
    expect(screen.queryByRole('button', { name: 'Auf „Termin“ antworten' })).toBeNull();
  });

  it('should give back the half-written answer when the lawyer comes back to the file from a chat or after a reload, until it is sent or the lawyer signs out', async () => {
    setup(message, () => of(ok(answered)));
    openForm();
    fireEvent.change(field(), { target: { value: 'Am Montag' } });
    // Another view or chat shown: the open file's screen goes; back at the file, the form is open with the answer.
    cleanup();
    const { sent } = setup(message, () => of(ok(answered)));
    expect((field() as HTMLTextAreaElement).value).toBe('Am Montag');
    // Back at the file, not at this message: the focus is not taken.
    expect(document.activeElement).toBe(document.body);
    fireEvent.change(field(), { target: { value: 'Am Montag um 10 Uhr.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Antwort senden' }));
    await waitFor(() => expect(sent).toEqual(['Am Montag um 10 Uhr.']));
    cleanup();
    setup(message, () => of(ok(answered)));
    expect(screen.getByRole('button', { name: 'Auf „Termin“ antworten' })).toBeTruthy();
    // Signing out forgets it.
    openForm();
    fireEvent.change(field(), { target: { value: 'Noch offen' } });
    cleanup();
    forgetCaseFileDrafts();
    setup(message, () => of(ok(answered)));
    expect(screen.getByRole('button', { name: 'Auf „Termin“ antworten' })).toBeTruthy();
  });

  it('should not send an empty answer, and show the server’s reason for a refusal', async () => {
    const { sent } = setup(message, () => of(err(httpError(409, 'Conflict', 'Diese Nachricht ist bereits beantwortet. Bitte laden Sie die Fallakte neu.'))));
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(screen.getByRole('alert').textContent).toBe('Bitte schreiben Sie eine Antwort.');
    expect(sent).toEqual([]);
    fireEvent.change(field(), { target: { value: 'Gern.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Antwort senden' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Diese Nachricht ist bereits beantwortet. Bitte laden Sie die Fallakte neu.'));
    expect((field() as HTMLTextAreaElement).value).toBe('Gern.');
  });

  it('should return the focus to „Antworten“ when the lawyer cancels, and discard the answer – also after a reload', () => {
    setup(message, () => of(ok(answered)));
    openForm();
    fireEvent.change(field(), { target: { value: 'Doch nicht' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Auf „Termin“ antworten' }));
    openForm();
    expect((field() as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    cleanup();
    setup(message, () => of(ok(answered)));
    expect(screen.getByRole('button', { name: 'Auf „Termin“ antworten' })).toBeTruthy();
  });

  it('should show a given answer, and offer none without the api', () => {
    setup(answered);
    expect(screen.getByText('Am Montag um 10 Uhr.')).toBeTruthy();
    cleanup();
    setup(message);
    expect(screen.queryByRole('button', { name: 'Auf „Termin“ antworten' })).toBeNull();
  });
});
