// @vitest-environment jsdom
// „Nachricht an Mandant/in schreiben“ in the open case file, and the firm's messages in the file's list of messages.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { err, httpError, ok, type Call, type FirmMessage, type FirmMessageRequest, type LawyerCaseFileDetail, type MandateApi } from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { FirmMessageItem, FirmMessageSection } from './FirmMessageSection.js';
import { forgetCaseFileDrafts } from './firmMessageDrafts.js';
import { messagesNewestFirst } from './caseFileMessages.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const stored: FirmMessage = {
  Kind: 'FirmMessage',
  Id: 'm-1',
  Subject: 'Fehlende Unterlagen',
  Text: 'Bitte senden Sie uns den Mietvertrag.',
  // 09:30 UTC in winter: 10:30 in Berlin.
  Created: '2026-12-07T09:30:00.000Z',
  By: 'Dr. Anna Berger',
};

function setup(answer: () => Call<FirmMessage>) {
  const sent: FirmMessageRequest[] = [];
  const onSent = vi.fn();
  const api: Pick<MandateApi, 'writeToClient'> = { writeToClient: (_id, request) => (sent.push(request), answer()) };
  render(
    <I18nextProvider i18n={createI18n()}>
      <FirmMessageSection caseFileId="cf-9" api={api} onSent={onSent} />
    </I18nextProvider>,
  );
  return { sent, onSent };
}

const form = () => screen.getByRole('form', { name: 'Nachricht an Mandant/in schreiben' });
const subject = () => within(form()).getByRole<HTMLInputElement>('textbox', { name: /Betreff/ });
const text = () => within(form()).getByRole<HTMLTextAreaElement>('textbox', { name: /Nachricht/ });
const send = () => fireEvent.click(within(form()).getByRole('button', { name: 'Nachricht senden' }));

describe('FirmMessageSection', () => {
  it('should send subject and text, say so politely, empty the form, keep the keyboard on the subject and reload the file', async () => {
    const { sent, onSent } = setup(() => of(ok(stored)));
    fireEvent.change(subject(), { target: { value: 'Fehlende Unterlagen' } });
    fireEvent.change(text(), { target: { value: 'Bitte senden Sie uns den Mietvertrag.' } });
    send();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Ihre Nachricht „Fehlende Unterlagen“ ist gesendet. Sie steht unten bei den Nachrichten.'),
    );
    expect(sent).toEqual([{ Subject: 'Fehlende Unterlagen', Text: 'Bitte senden Sie uns den Mietvertrag.' }]);
    expect(onSent).toHaveBeenCalledWith('cf-9');
    expect(subject().value).toBe('');
    expect(text().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(subject()));
  });

  it('should give back what was typed when the lawyer comes back to the file from a chat or after a reload, until it is sent or the lawyer signs out', async () => {
    setup(() => of(ok(stored)));
    fireEvent.change(subject(), { target: { value: 'Fehlende Unterlagen' } });
    fireEvent.change(text(), { target: { value: 'Bitte senden Sie uns den' } });
    // Another view or chat shown: the open file's screen goes; back at the file, the half-written message is there.
    cleanup();
    const { sent } = setup(() => of(ok(stored)));
    expect(subject().value).toBe('Fehlende Unterlagen');
    expect(text().value).toBe('Bitte senden Sie uns den');
    fireEvent.change(text(), { target: { value: 'Bitte senden Sie uns den Mietvertrag.' } });
    send();
    await waitFor(() => expect(sent).toHaveLength(1));
    cleanup();
    setup(() => of(ok(stored)));
    expect(subject().value).toBe('');
    expect(text().value).toBe('');
    // Signing out forgets every file's draft.
    fireEvent.change(subject(), { target: { value: 'Noch eine Frage' } });
    cleanup();
    forgetCaseFileDrafts();
    setup(() => of(ok(stored)));
    expect(subject().value).toBe('');
  });

  it('should name what is missing in German at the field, move the focus there and send nothing', () => {
    const { sent } = setup(() => of(ok(stored)));
    send();
    expect(subject().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte geben Sie einen Betreff an.')).toBeTruthy();
    expect(screen.getByText('Bitte schreiben Sie eine Nachricht.')).toBeTruthy();
    expect(document.activeElement).toBe(subject());
    fireEvent.change(subject(), { target: { value: 'Unterlagen' } });
    send();
    expect(document.activeElement).toBe(text());
    expect(sent).toEqual([]);
  });

  it('should say a too long subject or text while typing', () => {
    setup(() => of(ok(stored)));
    fireEvent.change(subject(), { target: { value: 's'.repeat(201) } });
    fireEvent.change(text(), { target: { value: 't'.repeat(5001) } });
    expect(screen.getByText('Der Betreff ist zu lang: höchstens 200 Zeichen.')).toBeTruthy();
    expect(screen.getByText('Die Nachricht ist zu lang: höchstens 5000 Zeichen.')).toBeTruthy();
  });

  it('should show the server’s German reason for a refusal and keep the input', async () => {
    setup(() => of(err(httpError(400, 'BadRequest', 'Bitte geben Sie einen Betreff an.'))));
    fireEvent.change(subject(), { target: { value: 'Unterlagen' } });
    fireEvent.change(text(), { target: { value: 'Bitte senden.' } });
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Bitte geben Sie einen Betreff an.'));
    expect(text().value).toBe('Bitte senden.');
  });
});

describe('the firm’s messages among the client’s', () => {
  it('should list both newest first and name the lawyer and the Berlin time of the firm’s message', () => {
    const detail: Pick<LawyerCaseFileDetail, 'Contacts' | 'FirmMessages'> = {
      Contacts: [
        { Id: 'c-2', Subject: 'Später', Message: 'x', Created: '2026-12-08T08:00:00.000Z' },
        { Id: 'c-1', Subject: 'Früher', Message: 'y', Created: '2026-12-06T08:00:00.000Z' },
      ],
      FirmMessages: [stored],
    };
    expect(messagesNewestFirst(detail).map((entry) => (entry.kind === 'client' ? entry.contact.Id : entry.message.Id))).toEqual(['c-2', 'm-1', 'c-1']);
    render(
      <I18nextProvider i18n={createI18n()}>
        <FirmMessageItem message={stored} />
      </I18nextProvider>,
    );
    expect(screen.getByText('Nachricht von Dr. Anna Berger an die Mandantin / den Mandanten, 07.12.2026, 10:30')).toBeTruthy();
    expect(screen.getByText('Bitte senden Sie uns den Mietvertrag.')).toBeTruthy();
  });
});
