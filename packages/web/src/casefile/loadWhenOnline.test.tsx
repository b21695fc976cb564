// @vitest-environment jsdom
// A case-file screen that failed to load while the phone was offline loads again by itself once the browser reports
// the network back (the „online“ event), so the person need not find „Erneut versuchen“.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { of, type Observable } from 'rxjs';
import { err, ok, type CaseDocument, type PersonInfo, type Result } from '@rechtschat/core';
import { memoryStorage, renderApp } from '../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../testSupport/caseFile.js';

afterEach(cleanup);

const signedIn = fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) });
const offline = () => of(err({ _tag: 'NetworkError' as const, message: 'offline' }));
const person: PersonInfo = { FirstName: 'Erika', LastName: 'Muster', Email: null, Phone: '+49 151 ••• 45••••', Street: null, PostalCode: null, City: null };

/**
 * The browser reports the network back. The screen listens from an effect that runs after the failure is painted, so
 * the effects are flushed first: dispatched at once, the event could come before the listener under a loaded CI machine.
 */
async function backOnline(): Promise<void> {
  await act(async () => {});
  act(() => void window.dispatchEvent(new Event('online')));
}

describe('case-file screens after the network comes back', () => {
  it('should load the personal data again on „online“ after a failed load', async () => {
    let answer: () => Observable<Result<PersonInfo>> = offline;
    renderApp('/digitale-fallakte/tok/uebersicht/persoenlich', {
      caseFileAuthApi: signedIn,
      caseFileContentApi: fakeCaseFileContentApi({ getPerson: () => answer() }),
      storage: memoryStorage(),
    });
    await screen.findByText('Die Daten konnten nicht geladen werden. Bitte prüfen Sie Ihre Verbindung.');
    answer = () => of(ok(person));
    await backOnline();
    expect(await screen.findByText('Muster', { exact: false })).toBeTruthy();
    expect(screen.queryByText('Die Daten konnten nicht geladen werden. Bitte prüfen Sie Ihre Verbindung.')).toBeNull();
  });

  it('should load the documents again on „online“ after a failed load', async () => {
    let answer: () => Observable<Result<readonly CaseDocument[]>> = offline;
    renderApp('/digitale-fallakte/tok/uebersicht/dokumente', {
      caseFileAuthApi: signedIn,
      caseFileContentApi: fakeCaseFileContentApi({ getDocuments: () => answer() }),
      storage: memoryStorage(),
    });
    await screen.findByText('Die Daten konnten nicht geladen werden. Bitte prüfen Sie Ihre Verbindung.');
    answer = () => of(ok([]));
    await backOnline();
    await screen.findByText('Es sind noch keine Dokumente vorhanden.');
  });

  it('should say that the device is offline when the contact message could not be sent for that, and that the text is kept', async () => {
    renderApp('/digitale-fallakte/tok/uebersicht/kontakt', {
      caseFileAuthApi: signedIn,
      caseFileContentApi: fakeCaseFileContentApi({ sendContact: offline }),
      storage: memoryStorage(),
    });
    const subject = await screen.findByLabelText(/^Betreff/);
    fireEvent.change(subject, { target: { value: 'Frage' } });
    fireEvent.change(screen.getByLabelText(/^Ihre Nachricht/), { target: { value: 'Wann höre ich von Ihnen?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await screen.findByText('Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.');
    expect(screen.getByText('Ihr Gerät hat gerade keine Internetverbindung. Ihre Eingaben bleiben hier erhalten.', { exact: false })).toBeTruthy();
  });

  it("should show a failed send of the Fragebogen right above „Fragebogen senden“, not a phone screen above it at the form's top", async () => {
    renderApp('/digitale-fallakte/tok/fragebogen', {
      caseFileAuthApi: signedIn,
      caseFileContentApi: fakeCaseFileContentApi({
        getQuestionnaire: () =>
          of(
            ok({
              Submitted: false,
              Answers: { BirthDate: '1980-05-01', LegalInsurance: false, Description: 'Der Vermieter hat fristlos gekündigt.', PreferredContact: 'email' },
            }),
          ),
        submitQuestionnaire: offline,
      }),
      storage: memoryStorage(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fragebogen senden' }, { timeout: 10_000 }));
    const failure = (await screen.findByText('Der Fragebogen konnte nicht gesendet werden. Bitte versuchen Sie es erneut.')).closest('[role="alert"]');
    expect(failure?.textContent).toContain('Ihre Eingaben bleiben hier erhalten.');
    // After the last question, before the button: in view where the person tapped.
    const lastChoice = screen.getByRole('radio', { name: 'per Post' });
    const send = screen.getByRole('button', { name: 'Fragebogen senden' });
    expect(failure?.compareDocumentPosition(lastChoice)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    expect(failure?.compareDocumentPosition(send)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});
