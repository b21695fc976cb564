// @vitest-environment jsdom
// The Fallakte shows what the firm adds while it is open, without a reload: the screens read their data again when the
// page is shown again, the window regains the focus, the device is back online and every minute while shown – never
// while hidden –, replace it in place (no spinner, the form's input and the focus stay), keep the last data when a
// read fails and announce new firm items politely. Page, focus and network are driven by the test, the minute by a
// virtual clock.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { BehaviorSubject, VirtualTimeScheduler, of, type Observable } from 'rxjs';
import { err, ok, type CaseDocument, type ContactThread, type HistoryEntry, type ReadOptions, type Result, type WindowPort } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { caseFileSummary, fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

afterEach(cleanup);

const signedIn = fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) });
const openCase = { ...caseFileSummary, Closed: false, Description: '', Opponent: null, UpdatedAt: caseFileSummary.CreatedAt };
const offline = { _tag: 'NetworkError' as const, message: 'offline' };
const ended = { _tag: 'HttpError' as const, status: 401, code: 'NotAuthenticated', message: 'abgelaufen' };

const own: CaseDocument = {
  Id: 'c1',
  FileName: 'Mietvertrag.pdf',
  ContentType: 'application/pdf',
  Size: 2048,
  Created: '2026-12-01T09:00:00Z',
  UploadedBy: 'client',
  Removable: true,
};
const shared: CaseDocument = {
  ...own,
  Id: 'f1',
  FileName: 'Klageentwurf.pdf',
  Created: '2026-12-07T09:05:00Z',
  UploadedBy: 'lawyer',
  SharedBy: 'Dr. Anna Berger',
  Removable: false,
};
const question: ContactThread = { Id: 't1', Subject: 'Frist', Message: 'Bis wann muss ich antworten?', Created: '2026-12-02T09:00:00Z', Reply: null };
const answered: ContactThread = { ...question, Reply: { Text: 'Bis zum 15. Dezember.', By: 'Dr. Anna Berger', Created: '2026-12-03T09:00:00Z' } };
const created: HistoryEntry = { Id: 'h1', Created: '2026-12-01T09:00:00Z', Kind: 'Created', Title: 'Fallakte angelegt', Text: '' };
const closedEntry: HistoryEntry = { Id: 'h2', Created: '2026-12-08T09:00:00Z', Kind: 'MandateEnded', Title: 'Mandat beendet', Text: '' };

/** The page as the test drives it: shown, focused, online, and the virtual clock of the minute. */
function device() {
  const visible$ = new BehaviorSubject(true);
  const focused$ = new BehaviorSubject(true);
  const online$ = new BehaviorSubject(true);
  const scheduler = new VirtualTimeScheduler();
  const windowPort: WindowPort = {
    visible$,
    focused$,
    isFocused: () => focused$.value,
    getTitle: () => '',
    setTitle: () => undefined,
    playNotificationSound: () => undefined,
  };
  return {
    overrides: { windowPort, network: { online$ }, caseFileRefreshScheduler: scheduler, storage: memoryStorage(), caseFileAuthApi: signedIn },
    hide: () => act(() => visible$.next(false)),
    show: () => act(() => visible$.next(true)),
    refocus: () => act(() => (focused$.next(false), focused$.next(true))),
    goOffline: () => act(() => online$.next(false)),
    goOnline: () => act(() => online$.next(true)),
    /** Lets `ms` of virtual time pass (what is due runs, nothing waits). */
    pass: (ms: number) =>
      act(() => {
        const until = scheduler.frame + ms;
        scheduler.maxFrames = until;
        scheduler.flush();
        scheduler.frame = until;
      }),
  };
}

/** A read that answers what `answer` holds at the moment it is made, and counts the background reads. */
function answering<A>(first: Result<A>) {
  const reads = { answer: first, background: 0 };
  const read = (_token: string, options?: ReadOptions): Observable<Result<A>> => {
    if (options?.background) reads.background += 1;
    return of(reads.answer);
  };
  return { reads, read };
}

const newsRegion = () => screen.getByTestId('firm-news');
const spinner = () => screen.queryByRole('progressbar');

describe('the Fallakte while it is open', () => {
  it('should show a document the firm shared when the page is shown again, without a spinner, and say so politely', async () => {
    const d = device();
    const documents = answering<readonly CaseDocument[]>(ok([own]));
    renderApp('/digitale-fallakte/tok/uebersicht/dokumente', {
      ...d.overrides,
      caseFileContentApi: fakeCaseFileContentApi({ getCase: () => of(ok(openCase)), getDocuments: documents.read }),
    });
    expect(await pageHeading()).toBe('Dokumente');
    const ownLink = await screen.findByRole('link', { name: 'Mietvertrag.pdf herunterladen' }, { timeout: 10_000 });
    ownLink.focus();
    // Let React run the effects of that render (the page's subscription to being shown) before the page is hidden: on a
    // loaded machine the list could render before they ran, and the hide and show went unseen.
    await act(async () => undefined);
    documents.reads.answer = ok([shared, own]);
    d.hide();
    d.show();
    expect(screen.getByRole('region', { name: 'Von Ihrer Kanzlei' }).textContent).toContain('Klageentwurf.pdf');
    expect(spinner()).toBeNull();
    // The client's own document is the same element, and keeps the focus.
    expect(ownLink.isConnected).toBe(true);
    expect(document.activeElement).toBe(ownLink);
    expect(newsRegion().getAttribute('aria-live')).toBe('polite');
    expect(newsRegion().textContent).toBe('Neu von Ihrer Kanzlei: 1 Dokument.');
  });

  it('should read nothing while the page is hidden, and every minute while it is shown', async () => {
    const d = device();
    const documents = answering<readonly CaseDocument[]>(ok([own]));
    renderApp('/digitale-fallakte/tok/uebersicht/dokumente', {
      ...d.overrides,
      caseFileContentApi: fakeCaseFileContentApi({ getCase: () => of(ok(openCase)), getDocuments: documents.read }),
    });
    await screen.findByRole('link', { name: 'Mietvertrag.pdf herunterladen' }, { timeout: 10_000 });
    d.pass(59_000);
    expect(documents.reads.background).toBe(0);
    d.pass(1_000);
    expect(documents.reads.background).toBe(1);
    d.hide();
    d.pass(10 * 60_000);
    expect(documents.reads.background).toBe(1);
    d.show();
    expect(documents.reads.background).toBe(2);
    d.pass(60_000);
    expect(documents.reads.background).toBe(3);
    // Offline: nothing is read until the device is back online, which reads at once.
    d.goOffline();
    d.pass(5 * 60_000);
    expect(documents.reads.background).toBe(3);
    d.goOnline();
    expect(documents.reads.background).toBe(4);
  });

  it('should show the firm’s answer when the window regains the focus, keeping the typed message and the focus in the form', async () => {
    const d = device();
    const contacts = answering<readonly ContactThread[]>(ok([question]));
    renderApp('/digitale-fallakte/tok/uebersicht/kontakt', { ...d.overrides, caseFileContentApi: fakeCaseFileContentApi({ getContacts: contacts.read }) });
    await screen.findByText('Noch keine Antwort', { exact: false }, { timeout: 10_000 });
    const subject = screen.getByLabelText(/^Betreff/) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'Noch eine Frage' } });
    subject.focus();
    contacts.reads.answer = ok([answered]);
    d.refocus();
    expect(screen.getByText('Bis zum 15. Dezember.')).toBeTruthy();
    expect(subject.value).toBe('Noch eine Frage');
    expect(document.activeElement).toBe(subject);
    expect(newsRegion().textContent).toBe('Ihre Kanzlei hat geantwortet.');
  });

  it('should keep the last history and say nothing when a background read fails', async () => {
    const d = device();
    const history = answering<readonly HistoryEntry[]>(ok([created]));
    renderApp('/digitale-fallakte/tok/uebersicht/verlauf', { ...d.overrides, caseFileContentApi: fakeCaseFileContentApi({ getHistory: history.read }) });
    await screen.findByText('Fallakte angelegt', {}, { timeout: 10_000 });
    history.reads.answer = err(offline);
    d.pass(60_000);
    expect(history.reads.background).toBe(1);
    expect(screen.getByText('Fallakte angelegt')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(newsRegion().textContent).toBe('');
    // Back online, the firm's new entry arrives.
    history.reads.answer = ok([closedEntry, created]);
    d.goOffline();
    d.pass(5_000);
    d.goOnline();
    expect(screen.getByText('Mandat beendet')).toBeTruthy();
    expect(newsRegion().textContent).toBe('Neu im Verlauf: 1 Eintrag Ihrer Kanzlei.');
  });

  it('should say on the overview that the firm ended the mandate', async () => {
    const d = device();
    const details = answering(ok({ ...openCase }));
    renderApp('/digitale-fallakte/tok/uebersicht', { ...d.overrides, caseFileContentApi: fakeCaseFileContentApi({ getCase: details.read }) });
    await screen.findByText('Kündigung', {}, { timeout: 10_000 });
    details.reads.answer = ok({ ...openCase, Closed: true, Status: 'Mandat beendet' });
    d.hide();
    d.show();
    expect(newsRegion().textContent).toBe('Ihre Kanzlei hat das Mandat beendet.');
    expect(spinner()).toBeNull();
  });

  it('should take the upload away on Dokumente when the firm ended the mandate meanwhile, say why and move the focus left on it', async () => {
    const d = device();
    const details = answering(ok({ ...openCase }));
    renderApp('/digitale-fallakte/tok/uebersicht/dokumente', {
      ...d.overrides,
      caseFileContentApi: fakeCaseFileContentApi({ getCase: details.read, getDocuments: () => of(ok([own])) }),
    });
    const choose = await screen.findByRole('button', { name: 'Datei auswählen und hochladen' }, { timeout: 10_000 });
    choose.focus();
    details.reads.answer = ok({ ...openCase, Closed: true, Status: 'Mandat beendet' });
    d.refocus();
    expect(details.reads.background).toBe(1);
    expect(screen.queryByRole('button', { name: 'Datei auswählen und hochladen' })).toBeNull();
    expect(document.getElementById('document-file')).toBeNull();
    const notice = screen.getByText(/Neue Dokumente können Sie nicht mehr hochladen/);
    expect(notice.closest('[tabindex="-1"]')).toBe(document.activeElement);
    expect(newsRegion().textContent).toBe('Ihre Kanzlei hat das Mandat beendet.');
    // Announced once, politely: the notice itself is no second, assertive announcement.
    expect(notice.closest('[role="alert"]')).toBeNull();
    // The documents stay to read and download, without a spinner.
    expect(screen.getByRole('link', { name: 'Mietvertrag.pdf herunterladen' })).toBeTruthy();
    expect(spinner()).toBeNull();
  });

  it('should turn the questionnaire form into the read-only state when the firm ended the mandate meanwhile, and say so', async () => {
    const d = device();
    const details = answering(ok({ ...openCase }));
    const unsent = { Submitted: false, SubmittedAt: null, Answers: {} };
    renderApp('/digitale-fallakte/tok/fragebogen', {
      ...d.overrides,
      caseFileContentApi: fakeCaseFileContentApi({ getCase: details.read, getQuestionnaire: () => of(ok(unsent)) }),
    });
    expect(await screen.findByRole('button', { name: 'Fragebogen senden' }, { timeout: 10_000 })).toBeTruthy();
    details.reads.answer = ok({ ...openCase, Closed: true, Status: 'Mandat beendet' });
    d.refocus();
    expect(details.reads.background).toBe(1);
    expect(screen.queryByRole('button', { name: 'Fragebogen senden' })).toBeNull();
    expect(screen.getByText(/Den Fragebogen können Sie nicht mehr ausfüllen/).closest('[role="alert"]')).toBeNull();
    expect(newsRegion().textContent).toBe('Ihre Kanzlei hat das Mandat beendet.');
    expect(spinner()).toBeNull();
  });

  it('should replace the Vollmacht form by the closed notice when the firm ended the mandate meanwhile, and say so once', async () => {
    const d = device();
    const details = answering(ok({ ...openCase }));
    const person = { FirstName: 'Erika', LastName: 'Muster', Email: 'e@example.org', Phone: '+49 151 ••• 45••••', Street: null, PostalCode: null, City: null };
    const personReads = answering(ok(person));
    renderApp('/digitale-fallakte/tok/uebersicht/vollmacht', {
      ...d.overrides,
      caseFileContentApi: fakeCaseFileContentApi({ getCase: details.read, getPerson: personReads.read }),
    });
    expect(await screen.findByRole('button', { name: 'Vollmacht unterschrieben senden' }, { timeout: 10_000 })).toBeTruthy();
    details.reads.answer = ok({ ...openCase, Closed: true, Status: 'Mandat beendet' });
    d.refocus();
    // Every read of the page is a background one: none keeps an idle session alive.
    expect(details.reads.background).toBe(1);
    expect(personReads.reads.background).toBe(1);
    expect(screen.queryByRole('button', { name: 'Vollmacht unterschrieben senden' })).toBeNull();
    expect(screen.getByRole('link', { name: /Kontakt/ })).toBeTruthy();
    expect(newsRegion().textContent).toBe('Ihre Kanzlei hat das Mandat beendet.');
    expect(spinner()).toBeNull();
  });

  it('should show the ended session when a background read is refused with 401', async () => {
    const d = device();
    const history = answering<readonly HistoryEntry[]>(ok([created]));
    renderApp('/digitale-fallakte/tok/uebersicht/verlauf', { ...d.overrides, caseFileContentApi: fakeCaseFileContentApi({ getHistory: history.read }) });
    await screen.findByText('Fallakte angelegt', {}, { timeout: 10_000 });
    history.reads.answer = err(ended);
    d.hide();
    d.show();
    expect(screen.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeTruthy();
    expect(screen.queryByText('Fallakte angelegt')).toBeNull();
  });
});
