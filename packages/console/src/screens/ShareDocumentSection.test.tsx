// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { err, httpError, networkError, ok, type BlobLike, type CaseDocument, type Call, type MandateApi } from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { ShareDocumentSection } from './ShareDocumentSection.js';
import { forgetCaseFileDrafts } from './firmMessageDrafts.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const shared: CaseDocument = {
  Id: 'd-1',
  FileName: 'Klageentwurf.pdf',
  ContentType: 'application/pdf',
  Size: 4,
  Created: '2026-12-07T09:00:00.000Z',
  UploadedBy: 'lawyer',
  SharedBy: 'Dr. Anna Berger',
};

interface Sent {
  readonly caseFileId: string;
  readonly file: BlobLike;
  readonly fileName: string;
  readonly note: string;
}

function setup(answer: () => Call<CaseDocument>, closed = false, documents: readonly CaseDocument[] = [shared]) {
  const sent: Sent[] = [];
  const onShared = vi.fn();
  const api: Pick<MandateApi, 'shareDocument'> = {
    shareDocument: (caseFileId, file, fileName, note) => (sent.push({ caseFileId, file, fileName, note }), answer()),
  };
  const view = (docs: readonly CaseDocument[]) => (
    <I18nextProvider i18n={createI18n()}>
      <ShareDocumentSection detail={{ CaseId: 'cf-9', Closed: closed, Documents: [...docs] }} api={api} onShared={onShared} />
    </I18nextProvider>
  );
  const { container, rerender } = render(view(documents));
  const pick = (file: File) => fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });
  return { sent, onShared, pick, rerender: (docs: readonly CaseDocument[]) => rerender(view(docs)) };
}

const pdf = (name = 'Klageentwurf.pdf') => new File(['%PDF'], name, { type: 'application/pdf' });
const note = () => screen.getByRole('textbox', { name: 'Notiz zum Dokument (optional)' });

describe('ShareDocumentSection', () => {
  it('should send the chosen file with the note, announce it and reload the file', async () => {
    const { sent, onShared, pick } = setup(() => of(ok(shared)));
    fireEvent.change(note(), { target: { value: 'Bitte bis Freitag lesen.' } });
    pick(pdf());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('„Klageentwurf.pdf“ ist jetzt in der Fallakte der Mandantin / des Mandanten.'));
    expect(sent).toEqual([{ caseFileId: 'cf-9', file: expect.any(File), fileName: 'Klageentwurf.pdf', note: 'Bitte bis Freitag lesen.' }]);
    expect(onShared).toHaveBeenCalledWith('cf-9');
    // The next document starts without the last note.
    expect((note() as HTMLTextAreaElement).value).toBe('');
  });

  it('should give back the half-written note when the lawyer comes back to the file from a chat or after a reload, until the document is sent or the lawyer signs out', async () => {
    setup(() => of(ok(shared)));
    fireEvent.change(note(), { target: { value: 'Bitte bis Freitag' } });
    // Another view or chat shown: the open file's screen goes; back at the file, the note is there.
    cleanup();
    const { sent, pick } = setup(() => of(ok(shared)));
    expect((note() as HTMLTextAreaElement).value).toBe('Bitte bis Freitag');
    pick(pdf());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.note).toBe('Bitte bis Freitag');
    cleanup();
    setup(() => of(ok(shared)));
    expect((note() as HTMLTextAreaElement).value).toBe('');
    // Signing out forgets it.
    fireEvent.change(note(), { target: { value: 'Noch offen' } });
    cleanup();
    forgetCaseFileDrafts();
    setup(() => of(ok(shared)));
    expect((note() as HTMLTextAreaElement).value).toBe('');
  });

  it('should no longer say a document is in the file once it was withdrawn', async () => {
    // Said at once, before the reloaded file lists it …
    const { pick, rerender } = setup(() => of(ok(shared)), false, []);
    pick(pdf());
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('ist jetzt in der Fallakte'));
    rerender([shared]);
    expect(screen.getByRole('status').textContent).toContain('ist jetzt in der Fallakte');
    // … and no more once it has left the file.
    rerender([]);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('should refuse a file of another type before sending it', () => {
    const { sent, pick } = setup(() => of(ok(shared)));
    pick(new File(['<h1>x</h1>'], 'seite.html', { type: 'text/html' }));
    expect(screen.getByRole('alert').textContent).toContain('Dieser Dateityp ist nicht erlaubt.');
    expect(sent).toEqual([]);
  });

  it('should show the server’s reason for a refusal and a general text when no answer came, and reload nothing', async () => {
    const refusal = httpError(409, 'Conflict', 'Das Mandat ist beendet: Die Fallakte nimmt keine neuen Dokumente an.');
    const answers = [of(err(refusal)), of(err(networkError('offline')))];
    const { onShared, pick } = setup(() => answers.shift()!);
    pick(pdf());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das Mandat ist beendet: Die Fallakte nimmt keine neuen Dokumente an.'));
    pick(pdf());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das Dokument konnte nicht bereitgestellt werden. Bitte versuchen Sie es erneut.'));
    expect(onShared).not.toHaveBeenCalled();
  });

  it('should not let a note over 500 characters be sent', () => {
    setup(() => of(ok(shared)));
    fireEvent.change(note(), { target: { value: 'x'.repeat(501) } });
    expect(note().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Die Notiz ist zu lang: höchstens 500 Zeichen.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Datei auswählen und bereitstellen' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('should offer no upload while the mandate is ended', () => {
    setup(() => of(ok(shared)), true);
    expect(screen.queryByRole('button', { name: 'Datei auswählen und bereitstellen' })).toBeNull();
    expect(screen.getByText(/Eröffnen Sie das Mandat wieder, um ein Dokument bereitzustellen\./)).toBeTruthy();
  });
});
