// @vitest-environment jsdom
// Document downloads and the Vollmacht PDF are real links. A plain click first checks the session (the cheap
// "signed in?" call, not the file): after the session ended the page shows the session alert with the way back
// through the login instead of letting the browser save or show the server's raw 401 answer; while the session is
// live the browser opens the link as usual, and a modified click (new tab) is never held up.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { defer, of } from 'rxjs';
import { ok, REDIRECT_KEY, type CaseDocument, type KeyValueStorage } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi, personOnFile } from '../testSupport/caseFile.js';

const SESSION_ENDED = /Ihre Sitzung ist abgelaufen\. Bitte melden Sie sich erneut an\./;

const lease: CaseDocument = {
  Id: 'd1',
  FileName: 'Mietvertrag.pdf',
  ContentType: 'application/pdf',
  Size: 1200,
  Created: '2026-11-20T10:00:00.000Z',
  UploadedBy: 'client',
};

const person = personOnFile;

/** Every click on a link as the browser would act on it: whether the page held it back. */
let clicks: { href: string; prevented: boolean }[] = [];
const record = (event: MouseEvent) => {
  const link = (event.target as Element).closest('a');
  if (!link) return;
  clicks.push({ href: link.getAttribute('href') ?? '', prevented: event.defaultPrevented });
  // jsdom cannot navigate or download; the test only needs to know what the browser would have done.
  event.preventDefault();
};

beforeEach(() => {
  clicks = [];
  window.addEventListener('click', record);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  window.removeEventListener('click', record);
  cleanup();
  vi.restoreAllMocks();
});

/** Signed in while the page opens; `session.live = false` ends it on the "server". */
function openFile(path: string, storage: KeyValueStorage) {
  const session = { live: true, checks: 0 };
  const auth = fakeCaseFileAuthApi({
    isAuthenticated: () =>
      defer(() => {
        session.checks += 1;
        return of(ok(session.live));
      }),
    hasConsent: () => of(ok(true)),
  });
  const content = fakeCaseFileContentApi({ getDocuments: () => of(ok([lease])), getPerson: () => of(ok(person)) });
  renderApp(`/digitale-fallakte/tok/${path}`, { caseFileAuthApi: auth, caseFileContentApi: content, storage });
  return session;
}

const documentLink = () => screen.findByRole('link', { name: 'Mietvertrag.pdf herunterladen' }, { timeout: 10_000 });
const pdfLink = () => screen.findByRole('link', { name: /Vollmacht als PDF/ }, { timeout: 10_000 });

describe('file links after the session ended', () => {
  it('should show the session alert instead of downloading a document, and lead back to Dokumente through the login', async () => {
    const storage = memoryStorage();
    const session = openFile('uebersicht/dokumente', storage);
    const link = await documentLink();
    session.live = false; // logged out in another tab
    fireEvent.click(link);

    const alert = await screen.findByText(SESSION_ENDED, undefined, { timeout: 10_000 });
    expect(alert.closest('[aria-live="assertive"]')).not.toBeNull();
    expect(clicks).toEqual([{ href: '/api/case-file/tok/documents/d1', prevented: true }]);
    const login = screen.getByRole('link', { name: 'Erneut anmelden' });
    expect(login.getAttribute('href')).toBe('/digitale-fallakte/tok');
    fireEvent.click(login);
    expect(storage.get(REDIRECT_KEY)).toBe('/digitale-fallakte/tok/uebersicht/dokumente');
  });

  it('should show the session alert instead of opening the Vollmacht PDF, say the input is kept, and lead back to the Vollmacht', async () => {
    const storage = memoryStorage();
    const session = openFile('uebersicht/vollmacht', storage);
    const link = await pdfLink();
    session.live = false;
    fireEvent.click(link);

    await screen.findByText(/Ihre Sitzung ist abgelaufen\. Bitte melden Sie sich erneut an\. Ihre Eingaben bleiben/, undefined, { timeout: 10_000 });
    expect(clicks).toEqual([{ href: '/api/case-file/tok/power-of-attorney', prevented: true }]);
    fireEvent.click(screen.getByRole('link', { name: 'Erneut anmelden' }));
    expect(storage.get(REDIRECT_KEY)).toBe('/digitale-fallakte/tok/uebersicht/vollmacht');
  });
});

describe('file links while the session is live', () => {
  it('should let the browser download the document after one check, without loading the file to check', async () => {
    const session = openFile('uebersicht/dokumente', memoryStorage());
    const link = await documentLink();
    const before = session.checks;
    fireEvent.click(link);

    expect(session.checks).toBe(before + 1);
    // The checked click was held back and given to the browser again, unchanged.
    expect(clicks).toEqual([
      { href: '/api/case-file/tok/documents/d1', prevented: false },
      { href: '/api/case-file/tok/documents/d1', prevented: true },
    ]);
    expect(link.getAttribute('download')).toBe('Mietvertrag.pdf');
    expect(screen.queryByText(SESSION_ENDED)).toBeNull();
  });

  it('should open the Vollmacht PDF in a new tab after the check', async () => {
    openFile('uebersicht/vollmacht', memoryStorage());
    const link = await pdfLink();
    fireEvent.click(link);
    expect(clicks.map((c) => c.prevented)).toEqual([false, true]);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('should leave a modified click (new tab, new window) to the browser without asking first', async () => {
    const session = openFile('uebersicht/dokumente', memoryStorage());
    const link = await documentLink();
    const before = session.checks;
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { shiftKey: true });
    expect(session.checks).toBe(before);
    expect(clicks.map((c) => c.prevented)).toEqual([false, false]);
  });

  it('should hide the session alert again once a later click finds the session live (signed in in another tab)', async () => {
    const session = openFile('uebersicht/dokumente', memoryStorage());
    const link = await documentLink();
    session.live = false;
    fireEvent.click(link);
    await screen.findByText(SESSION_ENDED, undefined, { timeout: 10_000 });
    session.live = true;
    fireEvent.click(link);
    expect(screen.queryByText(SESSION_ENDED)).toBeNull();
    expect(await pageHeading()).toBe('Dokumente');
  });
});
