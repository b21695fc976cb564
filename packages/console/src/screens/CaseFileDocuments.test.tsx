// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { err, httpError, networkError, ok, type CaseDocument, type Call, type MandateApi } from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { CaseFileDocuments } from './CaseFileDocuments.js';

afterEach(cleanup);

const pdf = { ContentType: 'application/pdf', Size: 4, Created: '2026-12-07T09:00:00.000Z' } as const;
const shared: CaseDocument = { ...pdf, Id: 'd-1', FileName: 'Scheidungsurteil.pdf', UploadedBy: 'lawyer', SharedBy: 'Dr. Anna Berger', Note: 'Anbei.' };
const upload: CaseDocument = { ...pdf, Id: 'd-2', FileName: 'Mietvertrag.pdf', UploadedBy: 'client' };
const vollmacht: CaseDocument = { ...pdf, Id: 'd-3', FileName: 'Vollmacht.pdf', UploadedBy: 'system' };

function setup(answers: (() => Call<void>)[] = [() => of(ok(undefined))], withApi = true) {
  const sent: [string, string][] = [];
  const onChanged = vi.fn();
  const api: Pick<MandateApi, 'withdrawSharedDocument'> = {
    withdrawSharedDocument: (caseFileId, documentId) => (sent.push([caseFileId, documentId]), (answers.shift() ?? answers[0]!)()),
  };
  const documents = [shared, upload, vollmacht];
  render(
    <I18nextProvider i18n={createI18n()}>
      <p>
        <button type="button">Vorher</button>
      </p>
      <CaseFileDocuments
        detail={{ CaseId: 'cf-9', Documents: documents }}
        documentUrl={(id, doc) => `http://chat.test/api/lawyer/case-files/${id}/documents/${doc}`}
        {...(withApi ? { api, onChanged } : {})}
      />
    </I18nextProvider>,
  );
  return { sent, onChanged };
}

const opener = () => screen.getByRole('button', { name: '„Scheidungsurteil.pdf“ zurückziehen' });
const open = () => {
  fireEvent.click(opener());
  return screen.getByRole('dialog', { name: '„Scheidungsurteil.pdf“ zurückziehen?' });
};
const confirm = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));

describe('CaseFileDocuments', () => {
  it('should offer „Zurückziehen“ only for what the firm shared, and nothing without the mandate API', () => {
    setup();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('button', { name: '„Scheidungsurteil.pdf“ zurückziehen' }).textContent).toBe('Zurückziehen');
    // The client's upload and the signed Vollmacht are the client's: no button.
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    cleanup();
    setup([], false);
    expect(screen.queryByRole('button', { name: /zurückziehen/ })).toBeNull();
  });

  it('should name who put each document into the file – the signed Vollmacht as the client’s signature, not „automatisch erstellt“', () => {
    setup();
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('bereitgestellt von Dr. Anna Berger');
    expect(items[1]!.textContent).toContain(', von der Mandantin / dem Mandanten)');
    expect(items[2]!.textContent).toContain(', von der Mandantin / dem Mandanten unterschrieben)');
    expect(items[2]!.textContent).not.toContain('automatisch');
  });

  it('should ask in a labelled modal dialog starting on „Abbrechen“, withdraw, and say so in a notice that takes the focus', async () => {
    const { sent, onChanged } = setup();
    const dialog = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^Das Dokument verschwindet aus der Fallakte der Mandantin \/ des Mandanten und wird auf dem Server gelöscht\./,
    );
    // Destructive and final: the focus starts on the harmless choice; the page behind is out of reach.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('button', { name: 'Vorher' })).toBeNull();

    confirm(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([['cf-9', 'd-1']]);
    expect(onChanged).toHaveBeenCalledWith('cf-9');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(
      '„Scheidungsurteil.pdf“ wurde zurückgezogen und gelöscht. Die Mandantin / der Mandant sieht es nicht mehr; der Verlauf der Fallakte nennt es.',
    );
    expect(status.contains(document.activeElement)).toBe(true);
  });

  it('should cancel with Escape, send nothing and give the focus back to the document’s button', async () => {
    const { sent, onChanged } = setup();
    const dialog = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    expect(onChanged).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener());
  });

  it('should say a failed request in the dialog and let the lawyer try again, then show the server’s reason for a refusal', async () => {
    const refusal = httpError(409, 'NotSharedByFirm', 'Dieses Dokument hat Ihre Mandantin oder Ihr Mandant hochgeladen und kann nicht zurückgezogen werden.');
    const { sent, onChanged } = setup([() => of(err(networkError('offline'))), () => of(err(refusal))]);
    const dialog = open();
    confirm(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Das Dokument konnte nicht zurückgezogen werden. Bitte versuchen Sie es erneut.');
    // Still open, with „Zurückziehen“ to try again.
    confirm(dialog);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Dieses Dokument hat Ihre Mandantin oder Ihr Mandant hochgeladen und kann nicht zurückgezogen werden.',
      ),
    );
    // No retry changes that: only „Schließen“ is left, with the focus.
    expect(within(dialog).queryByRole('button', { name: 'Zurückziehen' })).toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Schließen' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(2);
    expect(onChanged).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener());
  });

  it('should say when the document is gone already, read the file again on „Schließen“ and continue at the list’s heading', async () => {
    const { onChanged } = setup([() => of(err(httpError(404, 'NotFound', 'Das Dokument wurde nicht gefunden.')))]);
    const dialog = open();
    confirm(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Das Dokument ist nicht mehr in der Fallakte – vielleicht wurde es schon zurückgezogen.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChanged).toHaveBeenCalledWith('cf-9');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dokumente' }));
  });
});
