// @vitest-environment jsdom
// Unsent input of the case-file forms survives a reload (a remount with the same tab storage), is forgotten after a
// successful save and on logout – a shared device must not show the previous person's input.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { of } from 'rxjs';
import { CASE_FILE_DRAFT_FORMS, caseFileDraftKey, ok, type CaseFileContentApi, type KeyValueStorage } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi, personOnFile, signedInCaseFileAuthApi } from '../testSupport/caseFile.js';
import { drawStroke, fakeCanvas } from '../testSupport/canvas.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const signedIn = signedInCaseFileAuthApi();

const person = personOnFile;

const content = (patch: Partial<CaseFileContentApi> = {}) =>
  fakeCaseFileContentApi({
    getPerson: () => of(ok(person)),
    updatePerson: (_token, update) => of(ok({ ...person, Email: update.Email ?? person.Email })),
    sendContact: () => of(ok(undefined)),
    getQuestionnaire: () => of(ok({ Submitted: false, Answers: { Occupation: 'Angestellte' } })),
    submitQuestionnaire: (_token, answers) => of(ok({ Submitted: true, Answers: answers })),
    signPowerOfAttorney: () =>
      of(ok({ Id: 'd1', FileName: 'Vollmacht.pdf', ContentType: 'application/pdf', Size: 1, Created: '', UploadedBy: 'system' as const })),
    ...patch,
  });

async function open(path: string, storage: KeyValueStorage, heading: string, patch: Partial<CaseFileContentApi> = {}) {
  renderApp(`/digitale-fallakte/tok/${path}`, { caseFileAuthApi: signedIn, caseFileContentApi: content(patch), storage });
  expect(await pageHeading()).toBe(heading);
}

/** Unmounts the app and renders it again on the same tab storage, as a reload does. */
async function reload(path: string, storage: KeyValueStorage, heading: string) {
  cleanup();
  await open(path, storage, heading);
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const findField = async (label: RegExp) => (await screen.findByLabelText(label, undefined, { timeout: 10_000 })) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const click = async (name: string): Promise<void> => void fireEvent.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));

describe('case-file form drafts', () => {
  it('should keep the Kontakt input across a reload and forget it once the message was sent', async () => {
    const storage = memoryStorage();
    await open('uebersicht/kontakt', storage, 'Kontaktieren Sie uns');
    type(/^Betreff/, 'Rückfrage');
    type(/^Ihre Nachricht/, 'Muss ich die Miete weiter zahlen?');
    await reload('uebersicht/kontakt', storage, 'Kontaktieren Sie uns');
    expect(field(/^Betreff/).value).toBe('Rückfrage');
    expect(field(/^Ihre Nachricht/).value).toBe('Muss ich die Miete weiter zahlen?');

    await click('Nachricht senden');
    await screen.findByText(/Ihre Nachricht wurde gesendet\./);
    expect(storage.get(caseFileDraftKey('tok', 'contact'))).toBeNull();
    await reload('uebersicht/kontakt', storage, 'Kontaktieren Sie uns');
    expect(field(/^Betreff/).value).toBe('');
  });

  it('should reopen the Persönliche Daten edit form with the typed values after a reload and forget them once saved', async () => {
    const storage = memoryStorage();
    await open('uebersicht/persoenlich', storage, 'Persönliche Daten');
    await click('Angaben ändern');
    type(/^E-Mail-Adresse/, 'neu@example.org');
    await reload('uebersicht/persoenlich', storage, 'Persönliche Daten');
    expect((await findField(/^E-Mail-Adresse/)).value).toBe('neu@example.org');
    expect(field(/^Ort/).value).toBe('Köln');

    await click('Speichern');
    await screen.findByText('Ihre Angaben wurden gespeichert.');
    expect(storage.get(caseFileDraftKey('tok', 'person'))).toBeNull();
    await reload('uebersicht/persoenlich', storage, 'Persönliche Daten');
    await screen.findByRole('button', { name: 'Angaben ändern' }, { timeout: 10_000 });
    expect(screen.queryByLabelText(/^E-Mail-Adresse/)).toBeNull();
  });

  it('should forget the Persönliche Daten input when the edit form is cancelled', async () => {
    const storage = memoryStorage();
    await open('uebersicht/persoenlich', storage, 'Persönliche Daten');
    await click('Angaben ändern');
    type(/^E-Mail-Adresse/, 'neu@example.org');
    expect(storage.get(caseFileDraftKey('tok', 'person'))).not.toBeNull();
    await click('Abbrechen');
    expect(storage.get(caseFileDraftKey('tok', 'person'))).toBeNull();
  });

  it('should keep a partly filled Fragebogen across a reload over the stored answers and forget it once sent', async () => {
    const storage = memoryStorage();
    await open('fragebogen', storage, 'Fragebogen');
    expect((await findField(/^Beruf/)).value).toBe('Angestellte');
    type(/^Beruf/, 'Lehrerin');
    type(/^Was ist passiert\?/, 'Der Vermieter hat fristlos gekündigt.');
    await reload('fragebogen', storage, 'Fragebogen');
    expect((await findField(/^Beruf/)).value).toBe('Lehrerin');
    expect(field(/^Was ist passiert\?/).value).toBe('Der Vermieter hat fristlos gekündigt.');

    type(/^Geburtsdatum/, '1980-05-01');
    fireEvent.click(screen.getByRole('radio', { name: 'Nein' }));
    fireEvent.click(screen.getByRole('radio', { name: 'per E-Mail' }));
    await click('Fragebogen senden');
    await screen.findByRole('heading', { level: 1, name: 'Fragebogen gesendet' }, { timeout: 10_000 });
    expect(storage.get(caseFileDraftKey('tok', 'questionnaire'))).toBeNull();
  });

  it('should ask before "Abbrechen" deletes typed Fragebogen input, keep it on "Weiter ausfüllen" and forget it once confirmed', async () => {
    const storage = memoryStorage();
    await open('fragebogen', storage, 'Fragebogen');
    fireEvent.change(await findField(/^Beruf/), { target: { value: 'Lehrerin' } });
    expect(storage.get(caseFileDraftKey('tok', 'questionnaire'))).not.toBeNull();
    await click('Abbrechen');
    const dialog = await screen.findByRole('alertdialog', { name: 'Fragebogen wirklich abbrechen?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('questionnaire-cancel-text');
    await click('Weiter ausfüllen');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(field(/^Beruf/).value).toBe('Lehrerin');
    expect(storage.get(caseFileDraftKey('tok', 'questionnaire'))).not.toBeNull();

    await click('Abbrechen');
    await click('Eingaben löschen und abbrechen');
    await screen.findByRole('heading', { level: 1, name: 'Fragebogen abgebrochen' }, { timeout: 10_000 });
    expect(storage.get(caseFileDraftKey('tok', 'questionnaire'))).toBeNull();
  });

  it('should cancel an untouched Fragebogen at once, with nothing to confirm', async () => {
    await open('fragebogen', memoryStorage(), 'Fragebogen');
    await findField(/^Beruf/);
    await click('Abbrechen');
    await screen.findByRole('heading', { level: 1, name: 'Fragebogen abgebrochen' }, { timeout: 10_000 });
  });

  it('should keep a typed Vollmacht signature and the place across a reload and forget them once sent', async () => {
    fakeCanvas();
    const storage = memoryStorage();
    await open('uebersicht/vollmacht', storage, 'Vollmacht');
    type(/^Oder Namen eintippen/, 'Erika Muster');
    type(/^Ort/, 'Berlin');
    expect(storage.get(caseFileDraftKey('tok', 'signature'))).not.toContain('4711');
    await reload('uebersicht/vollmacht', storage, 'Vollmacht');
    expect((await findField(/^Oder Namen eintippen/)).value).toBe('Erika Muster');
    expect(field(/^Ort/).value).toBe('Berlin');

    await click('Vollmacht unterschrieben senden');
    await screen.findByRole('heading', { level: 1, name: 'Vollmacht gesendet' }, { timeout: 10_000 });
    expect(storage.get(caseFileDraftKey('tok', 'signature'))).toBeNull();
  });

  it('should keep the drawn Vollmacht signature across a reload and forget it when the pad is cleared', async () => {
    const canvas = fakeCanvas(340, { width: 340, height: 180 });
    const storage = memoryStorage();
    await open('uebersicht/vollmacht', storage, 'Vollmacht');
    drawStroke(await screen.findByTestId('signature-pad', undefined, { timeout: 10_000 }), 12);
    expect(JSON.parse(storage.get(caseFileDraftKey('tok', 'signature')) ?? '{}')).toMatchObject({ place: 'Köln', typedName: '', drawnPoints: '12' });
    await reload('uebersicht/vollmacht', storage, 'Vollmacht');
    await waitFor(() => expect(canvas.drawnImages).toMatchObject([{ x: 0, y: 0, width: 340, height: 180 }]));

    await click('Unterschrift löschen');
    expect(storage.get(caseFileDraftKey('tok', 'signature'))).toBeNull();
  });

  it('should forget every draft of the file on logout and put focus on the logged-out page’s heading', async () => {
    const storage = memoryStorage();
    await open('uebersicht/kontakt', storage, 'Kontaktieren Sie uns');
    type(/^Betreff/, 'Rückfrage');
    storage.set(caseFileDraftKey('tok', 'questionnaire'), JSON.stringify({ occupation: 'Lehrerin' }));
    storage.set(caseFileDraftKey('tok', 'person'), JSON.stringify({ email: 'neu@example.org' }));
    storage.set(caseFileDraftKey('tok', 'signature'), JSON.stringify({ place: 'Berlin', typedName: 'Erika Muster', drawing: '', drawnPoints: '0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    await click('Abmelden');
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Sie wurden abgemeldet'), { timeout: 10_000 });
    for (const form of CASE_FILE_DRAFT_FORMS) expect(storage.get(caseFileDraftKey('tok', form))).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('h1')));
  });
});

describe('focus after the PIN login', () => {
  it('should move focus to the heading of the page the login opens', async () => {
    let session = false;
    const auth = fakeCaseFileAuthApi({
      isAuthenticated: () => of(ok(session)),
      hasConsent: () => of(ok(true)),
      login: () => {
        session = true;
        return of(ok(undefined));
      },
    });
    renderApp('/digitale-fallakte/tok', { caseFileAuthApi: auth, caseFileContentApi: content(), storage: memoryStorage() });
    const pin = await findField(/PIN \(letzte vier Ziffern/);
    fireEvent.change(pin, { target: { value: '4711' } });
    fireEvent.submit(pin.closest('form')!);
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Übersicht'), { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('h1')));
    expect(document.activeElement?.closest('main')?.id).toBe('inhalt');
  });
});
