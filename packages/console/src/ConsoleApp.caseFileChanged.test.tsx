// @vitest-environment jsdom
// A lawyer reading a client's Fallakte while the client writes a message: the server's CaseFileChanged makes the console
// read the list and the open file again – the new message shows without „Aktualisieren“, the keyboard focus and the
// scroll position stay where the lawyer was, and a polite live region says once what happened.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LawyerCaseFileDetail, LawyerCaseFileSummary } from '@rechtschat/core';
import { ConsoleApp } from './ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, focusedWindow, me, noPreferences } from './testSupport/fakes.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // The tab remembers the open file for a reload: each test starts at the list.
  window.sessionStorage.clear();
});

const ANNOUNCEMENT = 'Die Fallakte wurde soeben von der Mandantin / dem Mandanten aktualisiert.';

const summary = (contacts: number): LawyerCaseFileSummary => ({
  CaseId: 'cf-9',
  CaseNumber: 'RC-2026-0009',
  Title: 'Verkehrsunfall',
  ClientName: 'Erika Musterfrau',
  Created: '2026-11-20T10:00:00.000Z',
  DocumentCount: 0,
  QuestionnaireSubmitted: false,
  ContactCount: contacts,
  PowerOfAttorneySignedAt: null,
  Closed: false,
  ClosedAt: null,
});

const detail = (contacts: LawyerCaseFileDetail['Contacts']): LawyerCaseFileDetail => ({
  CaseId: 'cf-9',
  CaseNumber: 'RC-2026-0009',
  Title: 'Verkehrsunfall',
  Description: 'Auffahrunfall',
  FieldOfLaw: 'Verkehrsrecht',
  FirstName: 'Erika',
  LastName: 'Musterfrau',
  Phone: '+491712223344',
  PhoneDisplay: '+49 171 2223344',
  Email: null,
  Street: null,
  PostalCode: null,
  City: null,
  PersonUpdatedAt: null,
  ChatCaseReference: null,
  Created: '2026-11-20T10:00:00.000Z',
  Documents: [],
  Questionnaire: { Submitted: false, SubmittedAt: null, Answers: {} },
  Contacts: contacts,
  FirmMessages: [],
  PowerOfAttorneySignedAt: null,
  Closed: false,
  ClosedAt: null,
  RetentionUntil: null,
  LoginLockedUntil: null,
});

const newMessage = { Id: 'c-1', Subject: 'Frage zum Unfall', Message: 'Wann melden Sie sich?', Created: '2026-11-22T09:00:00.000Z' };

/** The signed-in console with one case file; `clientWrote()` stores the client's message on the fake server. */
function showConsole() {
  let contacts: LawyerCaseFileDetail['Contacts'] = [];
  let mine = true;
  const hub = fakeConnection();
  const { fetcher, calls } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: me },
    [`GET ${CHAT}api/lawyer/me`]: { status: 200, body: me },
    [`GET ${CHAT}api/lawyer/queue`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/callbacks`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats/finished`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/colleagues`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/case-files`]: () => ({ status: 200, body: mine ? [summary(contacts.length)] : [] }),
    [`GET ${CHAT}api/lawyer/case-files/cf-9`]: () =>
      mine ? { status: 200, body: detail(contacts) } : { status: 404, body: { Error: 'NotFound', Message: 'Die Fallakte wurde nicht gefunden.' } },
  });
  render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} initialPath="/" connect={() => hub.connection} preferences={noPreferences} window={focusedWindow} />);
  const reads = (url: string) => calls.filter((call) => call.url === `${CHAT}${url}`).length;
  return {
    hub,
    reads,
    clientWrote: () => {
      contacts = [newMessage];
    },
    /** The lawyer hands the file over (or withdraws it) in another tab: the server no longer shows it to them. */
    leftElsewhere: () => {
      mine = false;
    },
  };
}

async function openCaseFile() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Fallakten (1)' }, { timeout: 5000 }));
  fireEvent.click(await screen.findByRole('button', { name: 'Fallakte öffnen: Verkehrsunfall – Erika Musterfrau' }));
  expect(await screen.findByRole('heading', { name: 'Fallakte Verkehrsunfall (Az. RC-2026-0009)' })).toBeTruthy();
  expect(screen.getByText('Noch keine Nachrichten.')).toBeTruthy();
}

const announcements = () =>
  screen
    .getAllByRole('status')
    .map((region) => region.textContent ?? '')
    .filter((text) => text.includes(ANNOUNCEMENT));

describe('ConsoleApp: a case file the client changes while the lawyer reads it', () => {
  it('should re-read the open file and the list when its client changed it, keep focus and scroll position, and announce it once', async () => {
    const { hub, reads, clientWrote } = showConsole();
    await openCaseFile();
    const refresh = screen.getByRole('button', { name: 'Aktualisieren' });
    refresh.focus();
    // jsdom has no scrollIntoView: a stub records whether the console would have moved the page.
    const scrolled = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrolled, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView'));
    const scrolledTo = vi.spyOn(window, 'scrollTo');
    const [detailReads, listReads] = [reads('api/lawyer/case-files/cf-9'), reads('api/lawyer/case-files')];

    clientWrote();
    await act(async () => hub.emit('CaseFileChanged', 'cf-9'));

    expect(await screen.findByText('Frage zum Unfall (22.11.2026, 10:00)')).toBeTruthy();
    expect(reads('api/lawyer/case-files/cf-9')).toBe(detailReads + 1);
    await waitFor(() => expect(reads('api/lawyer/case-files')).toBe(listReads + 1));
    expect(document.activeElement).toBe(refresh);
    expect(scrolled).not.toHaveBeenCalled();
    expect(scrolledTo).not.toHaveBeenCalled();
    expect(announcements()).toEqual([ANNOUNCEMENT]);
    // „Aktualisieren“ stays for the lawyer's own re-read, which is no news to announce.
    expect(screen.getByRole('button', { name: 'Aktualisieren' })).toBe(refresh);
  });

  it('should leave the open file alone when another of the lawyer’s files changed, and re-read only the list', async () => {
    const { hub, reads } = showConsole();
    await openCaseFile();
    const [detailReads, listReads] = [reads('api/lawyer/case-files/cf-9'), reads('api/lawyer/case-files')];

    await act(async () => hub.emit('CaseFileChanged', 'cf-other'));

    await waitFor(() => expect(reads('api/lawyer/case-files')).toBe(listReads + 1));
    expect(reads('api/lawyer/case-files/cf-9')).toBe(detailReads);
    expect(announcements()).toEqual([]);
  });

  it('should close the open file, drop it from the list and say so, focused, when it was handed over in another tab', async () => {
    const { hub, leftElsewhere } = showConsole();
    await openCaseFile();
    screen.getByRole('button', { name: 'Aktualisieren' }).focus();

    leftElsewhere();
    await act(async () => hub.emit('CaseFileChanged', 'cf-9'));

    const notice =
      'Die Fallakte RC-2026-0009 ist Ihnen nicht mehr zugeordnet: Sie wurde inzwischen übergeben oder zurückgezogen, zum Beispiel in einem anderen Fenster oder auf einem anderen Gerät.';
    expect(await screen.findByRole('heading', { name: 'Ihre digitalen Fallakten' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fallakte Verkehrsunfall (Az. RC-2026-0009)' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fallakte öffnen: Verkehrsunfall – Erika Musterfrau' })).toBeNull());
    const status = screen.getAllByRole('status').find((region) => region.textContent === notice);
    expect(status).toBeTruthy();
    expect(status?.contains(document.activeElement)).toBe(true);
    // No error line: the file left, nothing failed.
    expect(screen.queryByText(/konnten nicht geladen werden/)).toBeNull();
  });
});
