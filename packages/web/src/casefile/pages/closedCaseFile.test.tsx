// @vitest-environment jsdom
// A closed case file (the lawyer ended the mandate): the Vollmacht, documents and questionnaire screens offer no form
// any more – the server would refuse it with 409 – but say why and keep what is there readable.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { of } from 'rxjs';
import { err, ok, powerOfAttorneySigned, type CaseFileContentApi, type HistoryEntry } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { caseFileSummary, fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

afterEach(cleanup);

const authApi = fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) });
const closedCase = { ...caseFileSummary, Closed: true, Status: 'Abgeschlossen', Description: '', Opponent: null, UpdatedAt: caseFileSummary.CreatedAt };
const person = { FirstName: 'Erika', LastName: 'Muster', Email: null, Phone: '+49 151 ••• 45••••', Street: null, PostalCode: null, City: 'Köln' };
const signedEntry: HistoryEntry = { Id: 'h1', Created: '2026-11-20T10:00:00Z', Kind: 'PowerOfAttorneySigned', Title: 'Vollmacht unterschrieben', Text: 'Köln' };

function open(path: string, patch: Partial<CaseFileContentApi>) {
  renderApp(`/digitale-fallakte/tok${path}`, {
    caseFileAuthApi: authApi,
    caseFileContentApi: fakeCaseFileContentApi({ getCase: () => of(ok(closedCase)), getPerson: () => of(ok(person)), ...patch }),
    storage: memoryStorage(),
  });
}

describe('closed case file', () => {
  /** The drawer's to-do entries as a screen reader reads them, e.g. „Vollmacht – Status: erledigt“. */
  async function menuToDos(): Promise<string[]> {
    fireEvent.click(await screen.findByRole('button', { name: 'Menü öffnen' }, { timeout: 10_000 }));
    const menu = await screen.findByRole('list', { name: 'Menü der Fallakte' });
    // The states arrive with questionnaire and history.
    await waitFor(() => expect(within(menu).getByRole('link', { name: /^Vollmacht/ }).textContent).not.toBe('Vollmacht'));
    return ['Fragebogen', 'Vollmacht', 'Dokumente'].map((name) => within(menu).getByRole('link', { name: new RegExp(`^${name}`) }).textContent ?? '');
  }

  it('should mark no to-do as „offen“ in the menu of a closed file (nothing can be done any more), but keep „erledigt“', async () => {
    open('/uebersicht/verlauf', { getHistory: () => of(ok([signedEntry])), getQuestionnaire: () => of(ok({ Submitted: false, Answers: {} })) });
    expect(await menuToDos()).toEqual(['Fragebogen', 'Vollmacht – Status: erledigt', 'Dokumente']);
  });

  it('should still mark the open to-dos as „offen“ in the menu while the mandate runs', async () => {
    open('/uebersicht/verlauf', { getCase: () => of(ok({ ...closedCase, Closed: false, Status: 'In Bearbeitung' })), getHistory: () => of(ok([signedEntry])) });
    expect(await menuToDos()).toEqual(['Fragebogen – Status: offen', 'Vollmacht – Status: erledigt', 'Dokumente – Status: offen']);
  });

  it('should show the Vollmacht page of a closed file without the signing form, with a note and the way to „Kontakt“', async () => {
    open('/uebersicht/vollmacht', {});
    expect(await pageHeading()).toBe('Vollmacht');
    expect(await screen.findByText(/Ihr Fall ist abgeschlossen\. Eine Vollmacht können Sie nicht mehr unterschreiben\./, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kontaktieren Sie uns' }).getAttribute('href')).toBe('/digitale-fallakte/tok/uebersicht/kontakt');
    expect(screen.queryByRole('button', { name: 'Vollmacht unterschrieben senden' })).toBeNull();
    expect(screen.queryByLabelText(/^Ort/)).toBeNull();
  });

  it('should keep the signed Vollmacht reachable under Dokumente on a closed file', async () => {
    expect(powerOfAttorneySigned([signedEntry])).toBe(true);
    open('/uebersicht/vollmacht', { getHistory: () => of(ok([signedEntry])) });
    expect(await screen.findByText(/Sie haben die Vollmacht bereits unterschrieben/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Dokumenten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vollmacht unterschrieben senden' })).toBeNull();
  });

  it('should list the documents of a closed file without the upload control and say why', async () => {
    const doc = {
      Id: 'd1',
      FileName: 'Kündigung.pdf',
      ContentType: 'application/pdf',
      Size: 2048,
      Created: '2026-11-20T10:00:00Z',
      UploadedBy: 'client' as const,
    };
    open('/uebersicht/dokumente', { getDocuments: () => of(ok([doc])) });
    expect(await pageHeading()).toBe('Dokumente');
    expect(await screen.findByText(/Neue Dokumente können Sie nicht mehr hochladen/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Kündigung.pdf herunterladen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Datei auswählen und hochladen' })).toBeNull();
    expect(document.getElementById('document-file')).toBeNull();
  });

  it('should still offer the upload control while the file is open', async () => {
    open('/uebersicht/dokumente', { getCase: () => of(ok({ ...closedCase, Closed: false, Status: 'Offen' })) });
    expect(await screen.findByRole('button', { name: 'Datei auswählen und hochladen' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/Neue Dokumente können Sie nicht mehr hochladen/)).toBeNull();
  });

  it('should say that the case is closed, not „bitte erneut versuchen“, when the mandate ended while the documents page was open, and then show the file closed', async () => {
    let current = { ...closedCase, Closed: false, Status: 'In Bearbeitung' };
    const getCase = vi.fn(() => of(ok(current)));
    const refused = err({ _tag: 'HttpError' as const, status: 409, code: 'Conflict', message: 'Ihr Fall ist abgeschlossen.' });
    open('/uebersicht/dokumente', { getCase, uploadDocument: () => of(refused) });
    const choose = await screen.findByRole('button', { name: 'Datei auswählen und hochladen' }, { timeout: 10_000 });
    // The lawyer ends the mandate now; the page still offers the upload.
    current = { ...current, Closed: true, Status: 'Abgeschlossen' };
    expect(choose).toBeTruthy();
    const input = document.getElementById('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' })] } });
    const error = await screen.findByText(/Die Datei wurde nicht hochgeladen: Ihr Fall ist inzwischen abgeschlossen/);
    expect(error.closest('[aria-live]')?.getAttribute('aria-live')).toBe('assertive');
    expect(screen.queryByText(/Bitte versuchen Sie es erneut/)).toBeNull();
    // The server's refusal says the file is closed: the page now shows it so, without the upload control.
    expect(await screen.findByText(/Neue Dokumente können Sie nicht mehr hochladen/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Datei auswählen und hochladen' })).toBeNull();
  });

  it('should show the sent questionnaire of a closed file read-only, without a send button', async () => {
    const Answers = {
      BirthDate: '1980-05-17',
      Occupation: 'Lehrerin',
      MaritalStatus: 'married',
      LegalInsurance: true,
      InsuranceCompany: 'ARAG',
      InsuranceNumber: 'RS-2024/1187',
      Opponent: null,
      IncidentDate: null,
      Description: 'Seit März ist das Schlafzimmer feucht, der Vermieter reagiert nicht.',
      PreferredContact: 'email',
    };
    open('/fragebogen', { getQuestionnaire: () => of(ok({ Submitted: true, Answers })) });
    expect(await pageHeading()).toBe('Fragebogen');
    expect(await screen.findByText(/Den Fragebogen können Sie nicht mehr senden/, {}, { timeout: 10_000 })).toBeTruthy();
    const answer = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(answer('Geburtsdatum')).toBe('17. Mai 1980');
    expect(answer('Familienstand')).toBe('verheiratet');
    expect(answer('Name der Versicherung')).toBe('ARAG');
    expect(answer('Gegenseite (Name oder Firma)')).toBe('keine Angabe');
    expect(answer('Wie sollen wir Sie am liebsten erreichen?')).toBe('per E-Mail');
    expect(screen.queryByRole('button', { name: 'Fragebogen senden' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('should say on a closed file that no questionnaire was sent, without a form', async () => {
    open('/fragebogen', {});
    expect(
      await screen.findByText(/Den Fragebogen können Sie nicht mehr ausfüllen\. Sie hatten keine Angaben gesendet\./, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fragebogen senden' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
