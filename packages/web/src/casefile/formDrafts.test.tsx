// @vitest-environment jsdom
// Unsent input of the case-file forms survives a reload (a remount with the same tab storage), is forgotten after a
// successful save and on logout – a shared device must not show the previous person's input.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { of } from 'rxjs';
import { CASE_FILE_DRAFT_FORMS, caseFileDraftKey, ok, type CaseFileContentApi, type KeyValueStorage, type PersonInfo } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../test/app-test-support.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../test/caseFile-test-support.js';

afterEach(cleanup);

const signedIn = fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) });

const person: PersonInfo = {
  FirstName: 'Erika',
  LastName: 'Muster',
  Email: 'erika@example.org',
  Phone: '+49 151 ••• 45••••',
  Street: 'Hauptstr. 1',
  PostalCode: '50667',
  City: 'Köln',
};

const content = (patch: Partial<CaseFileContentApi> = {}) =>
  fakeCaseFileContentApi({
    getPerson: () => of(ok(person)),
    updatePerson: (_token, update) => of(ok({ ...person, Email: update.Email ?? person.Email })),
    sendContact: () => of(ok(undefined)),
    getQuestionnaire: () => of(ok({ Submitted: false, Answers: { Occupation: 'Angestellte' } })),
    submitQuestionnaire: (_token, answers) => of(ok({ Submitted: true, Answers: answers })),
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

  it('should forget the Fragebogen input when it is cancelled', async () => {
    const storage = memoryStorage();
    await open('fragebogen', storage, 'Fragebogen');
    fireEvent.change(await findField(/^Beruf/), { target: { value: 'Lehrerin' } });
    expect(storage.get(caseFileDraftKey('tok', 'questionnaire'))).not.toBeNull();
    await click('Abbrechen');
    await screen.findByRole('heading', { level: 1, name: 'Fragebogen abgebrochen' }, { timeout: 10_000 });
    expect(storage.get(caseFileDraftKey('tok', 'questionnaire'))).toBeNull();
  });

  it('should forget every draft of the file on logout and put focus on the logged-out page’s heading', async () => {
    const storage = memoryStorage();
    await open('uebersicht/kontakt', storage, 'Kontaktieren Sie uns');
    type(/^Betreff/, 'Rückfrage');
    storage.set(caseFileDraftKey('tok', 'questionnaire'), JSON.stringify({ occupation: 'Lehrerin' }));
    storage.set(caseFileDraftKey('tok', 'person'), JSON.stringify({ email: 'neu@example.org' }));
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
