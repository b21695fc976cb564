// @vitest-environment jsdom
// What is new from the firm since the client last looked (UnreadMessages / UnreadDocuments of the case read): a badge
// with an accessible name („2 neue Nachrichten“, „1 neues Dokument“) on the overview and on the menu's entries, said
// once after the login in a polite live region; opening „Kontaktieren Sie uns“ or „Dokumente“ marks it seen and its
// badge goes. Only the firm's items count – the server counts them (caseFileUnread.test.ts in the server).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type CaseDetails } from '@rechtschat/core';
import { memoryStorage, renderApp } from '../../testSupport/app.js';
import { caseFileSummary, fakeCaseFileContentApi, signedInCaseFileAuthApi } from '../../testSupport/caseFile.js';

afterEach(cleanup);

const details = (unread: Partial<Pick<CaseDetails, 'UnreadMessages' | 'UnreadDocuments'>>): CaseDetails => ({
  ...caseFileSummary,
  Description: 'Fristlose Kündigung',
  Opponent: null,
  UpdatedAt: caseFileSummary.CreatedAt,
  ...unread,
});

/** The file with `unread` news until a screen is marked seen (as the server does); records what was marked. */
function show(path: string, unread: { UnreadMessages: number; UnreadDocuments: number }) {
  const marked: string[] = [];
  const counts = { ...unread };
  renderApp(`/digitale-fallakte/tok/uebersicht${path}`, {
    caseFileAuthApi: signedInCaseFileAuthApi(),
    caseFileContentApi: fakeCaseFileContentApi({
      getCase: () => of(ok(details(counts))),
      markSeen: (_token, screen) => {
        marked.push(screen);
        if (screen === 'messages') counts.UnreadMessages = 0;
        else counts.UnreadDocuments = 0;
        return of(ok(undefined));
      },
    }),
    storage: memoryStorage(),
  });
  return marked;
}

const openMenu = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Menü öffnen' }, { timeout: 10_000 }));
  return screen.findByRole('navigation', { name: 'Menü der Fallakte' });
};

describe('unread news from the firm', () => {
  it('should show the overview’s badges with a German name for plural and singular', async () => {
    show('', { UnreadMessages: 2, UnreadDocuments: 1 });
    const news = await screen.findByRole('region', { name: 'Neu von Ihrer Kanzlei' }, { timeout: 10_000 });
    expect(within(news).getByRole('link', { name: 'Kontaktieren Sie uns 2 neue Nachrichten' })).toBeTruthy();
    expect(within(news).getByRole('link', { name: 'Dokumente 1 neues Dokument' })).toBeTruthy();
  });

  it('should show no news section and no badge when nothing is new', async () => {
    show('', { UnreadMessages: 0, UnreadDocuments: 0 });
    const menu = await openMenu();
    expect(within(menu).getByRole('link', { name: 'Kontaktieren Sie uns' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Neu von Ihrer Kanzlei' })).toBeNull();
    expect(screen.getByTestId('unread-news').textContent).toBe('');
  });

  it('should announce the news politely once after the login, not again on the next screen', async () => {
    show('', { UnreadMessages: 1, UnreadDocuments: 3 });
    const region = screen.getByTestId('unread-news');
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(region.textContent).toBe('Neu von Ihrer Kanzlei: 1 neue Nachricht und 3 neue Dokumente.'), { timeout: 10_000 });
    // A later read (another screen) says nothing new: the region keeps the one sentence.
    fireEvent.click(screen.getByRole('link', { name: 'Alle Falldaten ansehen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Falldaten' }, { timeout: 10_000 })).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getAllByText('Neu von Ihrer Kanzlei: 1 neue Nachricht und 3 neue Dokumente.')).toHaveLength(1);
  });

  it('should mark „Kontaktieren Sie uns“ seen when it opens and drop its menu badge, keeping the documents’ one', async () => {
    const marked = show('', { UnreadMessages: 2, UnreadDocuments: 1 });
    let menu = await openMenu();
    expect(await within(menu).findByRole('link', { name: 'Kontaktieren Sie uns 2 neue Nachrichten' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('link', { name: 'Kontaktieren Sie uns 2 neue Nachrichten' }));
    await waitFor(() => expect(marked).toEqual(['messages']), { timeout: 10_000 });
    menu = await openMenu();
    expect(await within(menu).findByRole('link', { name: 'Kontaktieren Sie uns' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: /Dokumente.*1 neues Dokument/ })).toBeTruthy();
  });

  it('should mark „Dokumente“ seen when it opens', async () => {
    const marked = show('/dokumente', { UnreadMessages: 0, UnreadDocuments: 1 });
    await waitFor(() => expect(marked).toEqual(['documents']), { timeout: 10_000 });
  });
});
